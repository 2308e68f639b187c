import Foundation
import Testing
import PuppyServer
import PuppyCatalog
import TestSupport

/// Reading a page on a terminal: `$PAGER` in the foreground, and the built-in pager catching the `q`
/// that closes it.
@Suite struct Paging {
    @Test func aPagerThatReadsTheTerminalGetsItAndGivesItBack() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                // Like less or more: reads the page from stdin and the keys from the terminal.
                let pager = "cat >/dev/null; printf 'PAGER READY\\n'; IFS= read -r line </dev/tty; printf 'PAGER GOT %s\\n' \"$line\""
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString], home: home, extra: ["PAGER": pager])
                #expect(terminal.enter("garlic", expecting: "Recipes with garlic") != nil)
                var mark = terminal.bytes.count
                terminal.type("o 1\r")
                #expect(terminal.waitFor("PAGER READY", after: mark))
                mark = terminal.bytes.count
                terminal.type("hello\r")
                #expect(terminal.waitFor("PAGER GOT hello", after: mark), "the pager could read the terminal")
                #expect(terminal.waitFor("recipes> ", after: mark), "and the prompt came back")
                #expect(terminal.enter("2", expecting: "Ingredients:") != nil, "the line editor has the terminal again")
                #expect(terminal.quit() == 0)
            }
        }
    }

    @Test func aShortPageStillOpensInThePagerSoItsQDoesNotQuit() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString], home: home, rows: 200)
                #expect(terminal.enter("garlic", expecting: "Recipes with garlic") != nil)
                var mark = terminal.bytes.count
                terminal.type("o 1\r")
                #expect(terminal.waitFor("-- end · ", after: mark))
                mark = terminal.bytes.count
                terminal.type("q")
                #expect(terminal.waitFor("recipes> ", after: mark), "q closed the page, not the program")
                #expect(terminal.enter("3", expecting: "Ingredients:") != nil)
                #expect(terminal.quit() == 0)
            }
        }
    }

    @Test func theRecipeCardAndTheWholePageAreOneKeyApart() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString, "--color", "never"], home: home,
                                                                 rows: 200)
                #expect(terminal.enter("garlic", expecting: "Recipes with garlic") != nil)
                var mark = terminal.bytes.count
                terminal.type("o 1\r")
                #expect(terminal.waitFor("-- end · p: whole page · ", after: mark))
                let card = String(decoding: terminal.bytes[mark...], as: UTF8.self)
                #expect(card.contains("\r\nMethod\r\n  1. "), "the card has numbered steps")
                #expect(!card.contains("References"), "and none of the site around them")
                mark = terminal.bytes.count
                terminal.type("p")
                #expect(terminal.waitFor("r: recipe card · q, space or enter: close --", after: mark))
                #expect(String(decoding: terminal.bytes[mark...], as: UTF8.self).contains("References"), "the whole page")
                mark = terminal.bytes.count
                terminal.type("r")
                #expect(terminal.waitFor("-- end · p: whole page · ", after: mark), "back to the card")
                mark = terminal.bytes.count
                terminal.type("q")
                #expect(terminal.waitFor("recipes> ", after: mark))
                #expect(terminal.quit() == 0)
            }
        }
    }
}

/// Paging through a long page on a terminal of any width from 40 columns: every line is drawn, none is
/// pushed away by a status line that wraps, and paging back works.
@Suite struct PagingEveryLine {
    /// The page's lines with text in them: those after the line saying where the page came from.
    static func pageLines(_ output: String) -> [String] {
        let lines = output.components(separatedBy: "\n")
        guard let source = lines.firstIndex(where: { $0.hasPrefix("(read online") }) else { return [] }
        return lines.dropFirst(source + 1).filter { line in line.contains { !$0.isWhitespace } }
    }

    @Test(arguments: [(80, 24), (50, 24), (40, 12)])
    func everyLineOfAPageIsShownWhilePagingThrough(columns: Int, rows: Int) async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let arguments = ["--api", server.apiURL.absoluteString, "--color", "never"]
                // The page as a pipe gets it: whole, laid out at the same width.
                let piped = try BinaryRunner.run("recipes", arguments, input: "\"moussaka\"\no 1 page\n",
                                                 environment: BinaryRunner.environment(home: home, extra: ["COLUMNS": "\(columns)"]))
                let expected = Self.pageLines(piped.output)
                #expect(expected.count > rows * 2, "a page of \(expected.count) lines, several screens")
                guard let first = expected.first else { return }

                let terminal = try PseudoTerminalProcess.recipes(arguments, home: home, rows: UInt16(rows), columns: UInt16(columns))
                #expect(terminal.enter("\"moussaka\"", expecting: "Moussaka") != nil)
                var mark = terminal.bytes.count
                terminal.type("o 1 page\r")
                #expect(terminal.waitFor("-- ", after: mark))
                // What the screen shows each time the pager waits for a key.
                var seen = Set<String>()
                func look() {
                    var screen = ScreenEmulator(rows: rows, columns: columns)
                    screen.feed(terminal.bytes)
                    seen.formUnion(screen.lines)
                }
                for _ in 0..<60 {
                    _ = terminal.waitFor(" --", after: mark)
                    look()
                    if String(decoding: terminal.bytes[mark...], as: UTF8.self).contains("-- end") { break }
                    mark = terminal.bytes.count
                    terminal.type(" ")
                }
                let trimmed = { (line: String) in line.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
                let missing = expected.map(trimmed).filter { !seen.contains($0) }
                #expect(missing.isEmpty, "never on the screen at \(columns) columns: \(missing.prefix(5))")

                // b goes back a page: the first lines are drawn again.
                mark = terminal.bytes.count
                terminal.type("g")
                #expect(terminal.waitFor(first, after: mark), "g goes back to the top")
                mark = terminal.bytes.count
                terminal.type("x")
                #expect(terminal.waitFor("q/Esc close", after: mark), "a key it does not know shows the keys")
                mark = terminal.bytes.count
                terminal.type("q")
                #expect(terminal.waitFor("recipes> ", after: mark))
                #expect(terminal.quit() == 0)
            }
        }
    }
}
