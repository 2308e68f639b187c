import Foundation
import Testing
import TestSupport

/// One-shot commands whose output cannot be written, through the built binary: a full disk
/// (`/dev/full`) is exit 1 and one line naming it; a reader that quits (`| head -1`) ends the command
/// at once and quietly.
@Suite struct OutputWriteErrorRuns {
    /// `recipes ARGUMENTS > /dev/full` through a shell: its status and what it said.
    private func intoFullDisk(_ arguments: [String], input: String = "", home: URL) throws -> ProcessResult {
        let command = ([BinaryRunner.url(of: "recipes").path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try BinaryRunner.run("/bin/sh", ["-c", "\(command) > /dev/full"], input: input,
                                    environment: BinaryRunner.environment(home: home))
    }

    @Test func everyOneShotCommandSaysSoWhenTheDiskIsFull() throws {
        try TemporaryDirectory.withSync { folder in
            let page = folder.appendingPathComponent("soup.html")
            try Data(#"""
            <html><head><script type="application/ld+json">{"@type":"Recipe","name":"Onion Soup",
            "recipeIngredient":["4 onions","1 litre stock"],"recipeInstructions":["Simmer."]}</script></head><body></body></html>
            """#.utf8).write(to: page)
            let runs: [(arguments: [String], input: String)] = [
                (["ingredients", "--json"], "2 eggs\n1 cup milk\n"),
                (["ingredients"], "2 eggs\n"),
                (["catalog", "build", page.path], ""),
                (["read", page.path, "--json"], ""),
                (["search", "garlic", "--json", "--count", "3"], ""),
                (["list", "--json"], ""),
            ]
            for run in runs {
                let result = try intoFullDisk(run.arguments, input: run.input, home: folder)
                #expect(result.status == 1, "\(run.arguments)")
                let lines = result.errors.split(separator: "\n")
                #expect(lines.count == 1, "\(run.arguments): \(result.errors)")
                #expect(result.errors.contains("no space left on device"), "\(run.arguments): \(result.errors)")
            }
        }
    }

    /// `yes` never ends: only a `recipes` that stops when `head` has gone lets the pipeline finish.
    @Test func aReaderThatQuitsEndsTheIngredientsCommandAtOnceAndQuietly() throws {
        try TemporaryDirectory.withSync { folder in
            let recipes = BinaryRunner.url(of: "recipes").path
            let script = "yes '2 large eggs, beaten' | '\(recipes)' ingredients --json 2>\(folder.path)/errors | head -1; "
                + "echo \"status ${PIPESTATUS[1]}\""
            let result = try BinaryRunner.run("/bin/bash", ["-c", script], environment: BinaryRunner.environment(home: folder),
                                              timeout: .seconds(30))
            #expect(!result.timedOut, "recipes kept reading after its reader had quit")
            #expect(result.output.hasPrefix("{"))
            #expect(result.output.contains("status 1"))
            let errors = try String(contentsOf: folder.appendingPathComponent("errors"), encoding: .utf8)
            #expect(errors.isEmpty)
        }
    }
}
