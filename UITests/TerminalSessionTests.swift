import Foundation
import Testing
import PuppyServer
import PuppyCatalog
import TestSupport

/// The interactive mode on a pseudo-terminal: the line editor, history, completion and colours.
@Suite(.serialized) struct TerminalSessions {
    @Test func theLineEditorHistoryCompletionAndColours() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let environment = BinaryRunner.environment(home: home)
                let terminal = try PseudoTerminalProcess("recipes", ["--api", server.apiURL.absoluteString], environment: environment)
                #expect(terminal.waitFor("recipes> "))
                #expect(terminal.transcript.contains("\u{1B}[1mRecipeBook"), "colour on a terminal")

                // Typo, cursor left, delete, retype: "garlix" becomes "garlic".
                var mark = terminal.bytes.count
                terminal.type("garlix")
                terminal.type(TerminalKeys.backspace)
                terminal.type("c")
                terminal.type(TerminalKeys.home)
                terminal.type(TerminalKeys.control("k"))
                terminal.type("oniins")
                terminal.type(TerminalKeys.left + TerminalKeys.left)
                terminal.type(TerminalKeys.backspace)
                terminal.type("o")
                terminal.type(TerminalKeys.end)
                terminal.type(TerminalKeys.enter)
                #expect(terminal.waitForPrompt(after: "Recipes with onions", from: mark))

                // Ctrl-U, Ctrl-W and Ctrl-C throw text away; Ctrl-A / Ctrl-E move.
                mark = terminal.bytes.count
                terminal.type("nonsense words")
                terminal.type(TerminalKeys.control("w"))
                terminal.type(TerminalKeys.control("u"))
                terminal.type("eggs")
                terminal.type(TerminalKeys.control("a"))
                terminal.type("butter, ")
                terminal.type(TerminalKeys.control("e"))
                terminal.type(TerminalKeys.enter)
                #expect(terminal.waitForPrompt(after: "Recipes with butter, eggs", from: mark))
                mark = terminal.bytes.count
                terminal.type("something to drop")
                terminal.type(TerminalKeys.control("c"))
                #expect(terminal.waitForPrompt(after: "^C", from: mark))

                // History: up twice brings back the first search.
                mark = terminal.bytes.count
                terminal.type(TerminalKeys.up + TerminalKeys.up + TerminalKeys.enter)
                #expect(terminal.waitForPrompt(after: "Recipes with onions", from: mark))

                // Tab completes a command name.
                mark = terminal.bytes.count
                terminal.type("favs")
                terminal.type(TerminalKeys.tab)
                terminal.type(TerminalKeys.enter)
                #expect(terminal.waitForPrompt(after: "No favorites yet.", from: mark))

                // A favorite saved while the prompt waits is reported above the prompt, which is drawn again.
                mark = terminal.bytes.count
                terminal.type("garlic\r")
                #expect(terminal.waitForPrompt(after: "Recipes with garlic", from: mark))
                mark = terminal.bytes.count
                terminal.type("fav 2\r")
                let saved = terminal.position(of: "★ Saved", after: mark)
                #expect(saved != nil)
                #expect(terminal.waitFor("recipes> ", after: saved ?? mark))

                // Ctrl-D on an empty line leaves.
                terminal.type(TerminalKeys.control("d"))
                #expect(terminal.finish() == 0)
                #expect(terminal.transcript.contains("\u{1B}[1;30;43mLACTOSE\u{1B}[0m"), "the badge is coloured")

                // History survives to the next run.
                let history = try String(contentsOf: home.appendingPathComponent(".local/state/recipebook/history"), encoding: .utf8)
                #expect(history.contains("onions"))
                #expect(history.contains("butter, eggs"))
                let again = try PseudoTerminalProcess("recipes", ["--api", server.apiURL.absoluteString], environment: environment)
                #expect(again.waitFor("recipes> "))
                mark = again.bytes.count
                again.type(TerminalKeys.up + TerminalKeys.up + TerminalKeys.enter)
                #expect(again.waitFor("Recipes with", after: mark))
                again.type("quit\r")
                #expect(again.finish() == 0)
            }
        }
    }

    @Test func aLongPageIsPagedOnASmallTerminal() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess("recipes", ["--api", server.apiURL.absoluteString],
                                                         environment: BinaryRunner.environment(home: home), rows: 10, columns: 60)
                #expect(terminal.waitFor("recipes> "))
                terminal.type("garlic\r")
                #expect(terminal.waitFor("Recipes with garlic"))
                var mark = terminal.bytes.count
                terminal.type("o 1\r")
                #expect(terminal.waitFor("-- more", after: mark))
                mark = terminal.bytes.count
                terminal.type(" ")
                #expect(terminal.waitFor("-- more", after: mark))
                mark = terminal.bytes.count
                terminal.type("q")
                #expect(terminal.waitFor("recipes> ", after: mark))
                #expect(!terminal.transcript.contains("References"), "q stopped the pager before the end")
                terminal.type("quit\r")
                #expect(terminal.finish() == 0)
            }
        }
    }

    @Test func noColorIsHonouredOnATerminal() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let environment = BinaryRunner.environment(home: home, extra: ["NO_COLOR": "1"])
                let terminal = try PseudoTerminalProcess("recipes", ["--api", server.apiURL.absoluteString], environment: environment)
                #expect(terminal.waitFor("recipes> "))
                terminal.type("milk\r")
                #expect(terminal.waitFor("Recipes with milk"))
                terminal.type("quit\r")
                #expect(terminal.finish() == 0)
                #expect(!terminal.transcript.contains("\u{1B}[1m"))
                #expect(!terminal.transcript.contains("\u{1B}[1;30;43m"))
                #expect(terminal.transcript.contains("LACTOSE"))
            }
        }
    }
}

@Suite struct SlowServers {
    @Test func aSlowRequestShowsASpinnerThatIsClearedAfterwards() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled(), configuration: .init(latency: .milliseconds(700))) { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess("recipes", ["--api", server.apiURL.absoluteString, "--no-prefetch"],
                                                         environment: BinaryRunner.environment(home: home))
                #expect(terminal.waitFor("recipes> "))
                let mark = terminal.bytes.count
                terminal.type("garlic\r")
                #expect(terminal.waitForPrompt(after: "Recipes with garlic", from: mark))
                let shown = String(decoding: terminal.bytes[mark...], as: UTF8.self)
                #expect(shown.contains("Searching garlic…"), "the spinner names what it waits for")
                let lastFrame = try #require(shown.range(of: "Searching garlic…", options: .backwards))
                let screen = try #require(shown.range(of: "Recipes with garlic"))
                let wipe = try #require(shown.range(of: "\r\u{1B}[K", range: lastFrame.upperBound..<shown.endIndex),
                                        "the spinner is wiped")
                #expect(wipe.upperBound <= screen.lowerBound, "before the screen is written")
                terminal.type("quit\r")
                #expect(terminal.finish() == 0)
            }
        }
    }
}

@Suite struct Resuming {
    @Test func theLastSearchIsOfferedAtTheNextStartAndRRunsIt() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                let environment = BinaryRunner.environment(home: home)
                let first = try PseudoTerminalProcess("recipes", ["--api", server.apiURL.absoluteString], environment: environment)
                #expect(first.waitFor("recipes> "))
                first.type("garlic, onions\r")
                #expect(first.waitFor("Recipes with garlic, onions"))
                first.type("3\r")
                first.type("quit\r")
                #expect(first.finish() == 0, "\(first.transcript)")

                let again = try PseudoTerminalProcess("recipes", ["--api", server.apiURL.absoluteString], environment: environment)
                let hint = try #require(again.position(of: "Last time you searched for garlic, onions. r runs it again."))
                #expect(again.waitFor("recipes> ", after: hint), "the prompt is drawn again below the hint")
                let start = String(decoding: again.bytes[..<hint], as: UTF8.self)
                #expect(start.contains("recipes> "), "the first prompt came before the session was built")
                let afterPrompt = start.components(separatedBy: "recipes> ").last ?? ""
                #expect(afterPrompt.hasPrefix("\u{1B}[0m\u{1B}[K\r\u{1B}[K") || afterPrompt.hasPrefix("\u{1B}[K\r\u{1B}[K"),
                        "the hint replaces the prompt's line instead of following the prompt: \(afterPrompt.debugDescription)")
                let mark = again.bytes.count
                again.type("r\r")
                #expect(again.waitForPrompt(after: "Recipes with garlic, onions", from: mark))
                again.type("quit\r")
                #expect(again.finish() == 0)
            }
        }
    }
}
