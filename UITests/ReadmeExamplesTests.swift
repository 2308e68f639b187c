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

/// The README's short session, typed as a person would on an 80-column terminal of 24 rows, and read
/// back off the screen: its main screen for the prompt's lines, the pager's pages for the recipe read.
@Suite struct ReadmeSession {
    /// The block after "A short session", as segments: the lines before the first prompt, then each
    /// command with the lines it shows.
    static func segments() -> [(command: String?, lines: [String])] {
        guard let block = ReadmeExamples.blocks.first(where: { $0.lead.contains("A short session") }) else { return [] }
        var segments: [(command: String?, lines: [String])] = [(nil, [])]
        for line in block.lines {
            if line.hasPrefix("recipes> ") {
                segments.append((String(line.dropFirst("recipes> ".count)), [line]))
            } else {
                segments[segments.count - 1].lines.append(line)
            }
        }
        return segments
    }

    /// The lines read so far followed by a page: the last page is the last screenful, so it may begin
    /// with lines already read; a page's empty rows at its foot are none of the text's.
    static func joined(_ read: [String], _ page: some Collection<String>) -> [String] {
        var read = read
        var page = Array(page)
        while read.last?.isEmpty == true { read.removeLast() }
        while page.last?.isEmpty == true { page.removeLast() }
        for start in 0...read.count where page.starts(with: read[start...]) {
            return read + page.dropFirst(read.count - start)
        }
        return read + page
    }

    @Test func theShortSessionIsWhatTheTerminalShows() throws {
        let segments = Self.segments()
        #expect(segments.count == 5, "the README's short session was not found")
        try TemporaryDirectory.withSync { home in
            let terminal = try PseudoTerminalProcess.recipes(["--pictures", "never", "--color", "never"], home: home, rows: 24, columns: 80)
            var pages: [String] = []
            for segment in segments.dropFirst() {
                guard let command = segment.command else { continue }
                let mark = terminal.bytes.count
                switch command {
                case "o 1":
                    terminal.type("o 1\r")
                    #expect(terminal.waitFor("-- ", after: mark))
                    // Page by page to the end, each page's rows but the status line.
                    for _ in 0..<10 {
                        let before = terminal.bytes.count
                        var screen = ScreenEmulator(rows: 24, columns: 80)
                        screen.feed(terminal.bytes)
                        pages = Self.joined(pages, screen.screen.dropLast())
                        if screen.screen.last?.hasPrefix("-- end") == true { break }
                        terminal.type(" ")
                        _ = terminal.waitFor("-- ", after: before)
                    }
                    let closing = terminal.bytes.count
                    terminal.type("q")
                    #expect(terminal.waitForPrompt(after: "\u{1B}[?1049l", from: closing))
                case "fav 1":
                    #expect(terminal.enter(command, expecting: "readable offline") != nil)
                case "q":
                    terminal.type("q\r")
                    #expect(terminal.finish() == 0)
                default:
                    #expect(terminal.enter(command, expecting: "Recipes 1–") != nil)
                }
            }
            // The main screen and what scrolled off it.
            var main = ScreenEmulator(rows: 24, columns: 80)
            main.feed(terminal.bytes)
            let shown = main.scrolledOff + main.screen
            while pages.last?.isEmpty == true { pages.removeLast() }
            for (index, segment) in segments.enumerated() {
                var expected = segment.lines
                while expected.last?.isEmpty == true { expected.removeLast() }
                if segment.command == "o 1" {
                    #expect(ReadmeExamples.matches(Array(expected.dropFirst()), pages),
                            "README's `o 1`:\n\(expected.joined(separator: "\n"))\nthe pager showed:\n\(pages.joined(separator: "\n"))")
                    expected = Array(expected.prefix(1))
                }
                // From the segment's first line to the next prompt (or the end).
                let start = index == 0 ? 0 : (shown.firstIndex { $0.trimmingTrailingSpaces == expected[0].trimmingTrailingSpaces } ?? shown.count)
                let end = shown[min(start + 1, shown.count)...].firstIndex { $0.hasPrefix("recipes> ") } ?? shown.count
                var actual = Array(shown[start..<end])
                while actual.last?.isEmpty == true { actual.removeLast() }
                #expect(ReadmeExamples.matches(expected, actual),
                        "README's session, \(segment.command ?? "start"):\n\(expected.joined(separator: "\n"))\nthe terminal showed:\n\(actual.joined(separator: "\n"))")
            }
        }
    }
}
