import Foundation
import Testing
import PuppyServer
import TestSupport
import PuppyCatalog

/// What the REPL draws fits the terminal it is drawn on: no line wraps, and a screen of results keeps
/// its heading and its footer in view.
@Suite(.serialized) struct ScreensThatFit {
    /// The rows whose line the terminal wrapped from the row above: none, where every line fits.
    static func wrapped(_ screen: ScreenEmulator) -> Int {
        screen.screen.count - screen.lines.count
    }

    @Test(arguments: zip([24, 20], [80, 50]))
    func aScreenOfResultsShowsItsHeadingEveryRecipeAndItsFooter(rows: Int, columns: Int) async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString], home: home,
                                                                 rows: UInt16(rows), columns: UInt16(columns))
                var screen = ScreenEmulator(rows: rows, columns: columns)
                screen.feed(terminal.bytes)
                #expect(screen.screen.contains { $0.hasPrefix("RecipeBook · type ingredients (onions, garlic)") }, "\(screen.screen)")
                #expect(Self.wrapped(screen) == 0, "the greeting wraps: \(screen.screen)")

                #expect(terminal.enter("onions, garlic", expecting: "Recipes 1–") != nil)
                screen = ScreenEmulator(rows: rows, columns: columns)
                screen.feed(terminal.bytes)
                let shown = screen.screen
                #expect(shown.contains("Recipes with onions, garlic"), "the heading scrolled away: \(shown)")
                let footer = try #require(shown.firstIndex { $0.hasPrefix("Recipes 1–") }, "\(shown)")
                #expect(shown[footer].contains("n next"), "\(shown[footer])")
                #expect(footer == rows - 2 && shown[rows - 1].hasPrefix("recipes>"), "\(shown)")
                #expect(Self.wrapped(screen) == 0, "a line wraps: \(shown)")
                // Every recipe the footer counts is on the screen.
                let range = shown[footer].dropFirst("Recipes 1–".count).prefix { $0.isNumber }
                let last = try #require(Int(range))
                #expect(last >= 3)
                for number in 1...last {
                    #expect(shown.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(number). ") }, "recipe \(number) is not on the screen: \(shown)")
                }

                // Help fits, or opens in the pager with its first line at the top.
                let mark = terminal.bytes.count
                terminal.type("?\r")
                #expect(terminal.waitFor("Commands", after: mark))
                #expect(terminal.waitFor("--", after: mark))
                screen = ScreenEmulator(rows: rows, columns: columns)
                screen.feed(terminal.bytes)
                #expect(screen.screen.first?.hasPrefix("Commands") == true, "\(screen.screen)")
                terminal.type("q")
                #expect(terminal.waitForPrompt(after: "--", from: mark))
                #expect(terminal.quit() == 0)
            }
        }
    }

    /// A search for many ingredients on a slow server: the spinner's line, wider than the terminal, is
    /// cut to its width, so that going back to its start redraws it in place and nothing is left.
    @Test func aSpinnerWiderThanTheTerminalLeavesNothingBehind() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled(), configuration: .init(latency: .milliseconds(700))) { server in
            try await TemporaryDirectory.with { home in
                let rows = 24
                let columns = 50
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString], home: home,
                                                                 rows: UInt16(rows), columns: UInt16(columns))
                let mark = terminal.bytes.count
                terminal.type("onions, garlic, carrots, celery, potatoes, tomatoes, peppers, basil, oregano\r")
                #expect(terminal.waitForPrompt(after: "Searching", from: mark), "the spinner turned")
                var screen = ScreenEmulator(rows: rows, columns: columns)
                screen.feed(terminal.bytes)
                let left = screen.screen.filter { $0.contains("Searching") }
                #expect(left.isEmpty, "spinner text left on the screen: \(left)")
                #expect(terminal.quit() == 0)
            }
        }
    }
}

/// A line longer than the terminal is wide, typed at the prompt.
@Suite struct LongInputLines {
    @Test func theScrolledOffPartIsMarkedAndTheWholeLineStaysOnceEntered() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let (rows, columns) = (20, 50)
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString, "--color", "never"], home: home,
                                                                 rows: UInt16(rows), columns: UInt16(columns))
                let line = "onions, garlic, carrots, celery, potatoes, tomatoes, peppers, basil, oregano, thyme"
                var mark = terminal.bytes.count
                terminal.type(line)
                #expect(terminal.waitFor("thyme", after: mark))
                var screen = ScreenEmulator(rows: rows, columns: columns)
                screen.feed(terminal.bytes)
                let typing = try #require(screen.screen.last { $0.hasPrefix("recipes> ") }, "\(screen.screen)")
                #expect(typing.hasPrefix("recipes> <"), "the part scrolled off is not marked: \(typing)")
                #expect(typing.hasSuffix("thyme"))
                // Back to the start: the end is scrolled off now, and marked.
                mark = terminal.bytes.count
                terminal.type(TerminalKeys.home)
                #expect(terminal.waitFor(">", after: mark))
                screen = ScreenEmulator(rows: rows, columns: columns)
                screen.feed(terminal.bytes)
                let atStart = try #require(screen.screen.last { $0.hasPrefix("recipes> ") })
                #expect(atStart.hasPrefix("recipes> onions") && atStart.hasSuffix(">"), "\(atStart)")

                mark = terminal.bytes.count
                terminal.type("\r")
                #expect(terminal.waitForPrompt(after: "thyme", from: mark))
                screen = ScreenEmulator(rows: rows, columns: columns)
                screen.feed(terminal.bytes)
                #expect(screen.lines.contains("recipes> " + line), "the line entered is not whole on the screen: \(screen.lines)")
                #expect(terminal.quit() == 0)
            }
        }
    }
}
