import Foundation
import Testing
import PuppyServer
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
