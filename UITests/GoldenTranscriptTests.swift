import Foundation
import Testing
import PuppyServer
import TestSupport

/// The whole program's output in each mode, compared line by line with a transcript kept beside this
/// file. Run with `RECIPEBOOK_RECORD_GOLDEN=1` to write the transcripts anew (then read the diff).
@Suite(.serialized) struct GoldenTranscripts {
    /// Runs `recipes` against the sample catalog and returns stdout and stderr, the server's address
    /// written as `http://SERVER`.
    func transcript(_ arguments: [String], input: String = "") async throws -> (output: String, errors: String, status: Int32) {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                let result = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "--no-prefetch"] + arguments,
                                                  input: input, environment: BinaryRunner.environment(home: home, extra: ["COLUMNS": "100"]))
                let origin = server.baseURL.absoluteString.hasSuffix("/") ? String(server.baseURL.absoluteString.dropLast())
                    : server.baseURL.absoluteString
                return (result.output.replacingOccurrences(of: origin, with: "http://SERVER"),
                        result.errors.replacingOccurrences(of: origin, with: "http://SERVER"), result.status)
            }
        }
    }

    func compare(_ text: String, with name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
        if ProcessInfo.processInfo.environment["RECIPEBOOK_RECORD_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let actual = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, (want, got)) in zip(expected, actual).enumerated() where want != got {
            Issue.record("\(name):\(number + 1): expected\n\(want)\ngot\n\(got)", sourceLocation: sourceLocation)
            return
        }
        #expect(expected.count == actual.count, "\(name): \(expected.count) lines expected, got \(actual.count)", sourceLocation: sourceLocation)
    }

    @Test func theREPLThroughAPipe() async throws {
        let input = ["garlic", "n", "n", "p", "3", "filter lactose-free", "filter all", "unobtainium", "b", "0", ":frobnicate",
                     "o 99", "?", "q"].joined(separator: "\n") + "\n"
        let run = try await transcript([], input: input)
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        try compare(run.output, with: "repl-pipe.txt")
    }

    @Test func aOneShotSearchAsText() async throws {
        let run = try await transcript(["search", "garlic", "--count", "4", "--page", "2"])
        #expect(run.status == 0)
        try compare(run.output + "--- stderr\n" + run.errors, with: "oneshot-text.txt")
    }

    @Test func aOneShotSearchAsJSON() async throws {
        let run = try await transcript(["search", "garlic, onions", "--count", "3", "--json"])
        #expect(run.status == 0)
        try compare(run.output + "--- stderr\n" + run.errors, with: "oneshot-json.txt")
    }
}
