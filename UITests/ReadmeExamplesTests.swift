import Foundation
import Testing
import TestSupport

/// The README's examples, run as written through the built binary, so the two cannot drift apart:
///
/// - in a `sh` block, a line starting `$ ` is a command and the lines after it (to the next `$ ` or the
///   block's end) what it prints; a line `...` (alone, indented or not) stands for any number of lines;
/// - in a `sh` block of the README's one-shot examples "on the bundled catalog", every `recipes` line is
///   run and must succeed (exit 0).
@Suite struct ReadmeExamples {
    static let readme: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// A fenced block: its language and lines, and the line of the README it starts on.
    struct Block {
        let language: String
        let lines: [String]
        let line: Int
        /// The paragraph just before the block.
        let lead: String
    }

    static let blocks: [Block] = {
        var blocks: [Block] = []
        var current: (language: String, lines: [String], line: Int, lead: String)?
        // The paragraph being read, and the last one finished.
        var paragraph: [String] = []
        var lastParagraph: [String] = []
        for (index, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append(Block(language: open.language, lines: open.lines, line: open.line, lead: open.lead))
                    current = nil
                    lastParagraph = []
                } else {
                    current = (String(line.dropFirst(3)), [], index + 1, (paragraph.isEmpty ? lastParagraph : paragraph).joined(separator: " "))
                }
                paragraph = []
            } else if current != nil {
                current?.lines.append(line)
            } else if line.isEmpty {
                if !paragraph.isEmpty { lastParagraph = paragraph }
                paragraph = []
            } else {
                paragraph.append(line)
            }
        }
        return blocks
    }()

    /// The commands of every `sh` block with `$ ` lines, each with what it prints.
    static let transcripts: [(command: String, expected: [String], line: Int)] = blocks.filter { $0.language == "sh" }.flatMap { block in
        var found: [(command: String, expected: [String], line: Int)] = []
        for (offset, line) in block.lines.enumerated() {
            if line.hasPrefix("$ ") {
                found.append((String(line.dropFirst(2)), [], block.line + offset + 1))
            } else if !found.isEmpty {
                found[found.count - 1].expected.append(line)
            }
        }
        return found
    }

    /// Runs a README command line in sh, `recipes` (and `swift run recipes`) being the built binary.
    static func run(_ command: String, home: URL) throws -> ProcessResult {
        let line = command.replacingOccurrences(of: "swift run recipes", with: "recipes")
        var environment = BinaryRunner.environment(home: home)
        environment["PATH"] = BinaryRunner.buildFolder.path + ":/usr/bin:/bin"
        return try BinaryRunner.run("/bin/sh", ["-c", line], environment: environment, timeout: .seconds(120))
    }

    /// Whether `actual` is `expected`, a `...` line in `expected` standing for any number of lines.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first.trimmingCharacters(in: .whitespaces) == "..." {
            let rest = Array(expected.dropFirst())
            return (0...actual.count).contains { matches(rest, Array(actual.dropFirst($0))) }
        }
        guard let line = actual.first, line.trimmingTrailingSpaces == first.trimmingTrailingSpaces else { return false }
        return matches(Array(expected.dropFirst()), Array(actual.dropFirst()))
    }

    @Test func everyCommandWithItsOutputPrintsThatOutput() throws {
        #expect(Self.transcripts.count >= 3, "the README's transcripts were not found")
        for transcript in Self.transcripts {
            try TemporaryDirectory.withSync { home in
                let result = try Self.run(transcript.command, home: home)
                var expected = transcript.expected
                while expected.last?.isEmpty == true { expected.removeLast() }
                var actual = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                while actual.last?.isEmpty == true { actual.removeLast() }
                #expect(Self.matches(expected, actual),
                        "README.md:\(transcript.line): `\(transcript.command)` printed\n\(result.output)\(result.errors)\nnot\n\(expected.joined(separator: "\n"))")
            }
        }
    }

    @Test func everyOneShotExampleOnTheBundledCatalogSucceeds() throws {
        let examples = Self.blocks.filter { $0.language == "sh" && $0.lead.contains("on the bundled catalog") }
        #expect(!examples.isEmpty, "the README's one-shot examples were not found")
        for block in examples {
            for (offset, line) in block.lines.enumerated() where line.hasPrefix("recipes ") {
                let command = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? line
                try TemporaryDirectory.withSync { home in
                    let result = try Self.run(command, home: home)
                    #expect(result.status == 0, "README.md:\(block.line + offset + 1): `\(command)` exited \(result.status): \(result.errors)")
                }
            }
        }
    }
}

private extension String {
    var trimmingTrailingSpaces: Substring {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return text
    }
}
