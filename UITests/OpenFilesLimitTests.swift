import Foundation
import Testing
import TestSupport

/// Started with few open files allowed, `recipes` raises its own soft limit when it may, and otherwise
/// says in one line what it needs, before anything can fail for a reason it would not name.
@Suite struct OpenFilesLimit {
    /// `recipes` run by `sh` after `ulimit` with `limit`.
    func run(limit: String, _ arguments: [String], input: String = "", in folder: URL) throws -> ProcessResult {
        try BinaryRunner.run("/bin/sh", ["-c", "ulimit \(limit) && exec \"$0\" \"$@\"", BinaryRunner.url(of: "recipes").path] + arguments,
                             input: input, environment: BinaryRunner.environment(home: folder))
    }

    @Test(arguments: [[], ["search", "garlic"], ["favorites"]])
    func aHardLimitTooLowIsOneLineAndExitOne(arguments: [String]) throws {
        try TemporaryDirectory.withSync { folder in
            let result = try run(limit: "-n 8", arguments, input: "quit\n", in: folder)
            #expect(result.status == 1, "\(result.errors)")
            #expect(result.errors == "recipes: it needs at least 64 open files and may open only 8 (ulimit -n); "
                    + "raise the limit and start it again\n")
            #expect(result.output.isEmpty)
        }
    }

    @Test func aLowSoftLimitIsRaisedAndTheSessionWorks() throws {
        try TemporaryDirectory.withSync { folder in
            let result = try run(limit: "-S -n 9", ["search", "garlic", "--count", "3"], in: folder)
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.hasPrefix("1. "), "\(result.output)")
            let session = try run(limit: "-S -n 9", [], input: "garlic\nquit\n", in: folder)
            #expect(session.status == 0, "\(session.errors)")
            #expect(session.output.contains("Recipes with garlic"))
        }
    }
}
