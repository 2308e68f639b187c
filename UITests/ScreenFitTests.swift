import Foundation
import Testing
import PuppyServer
import TestSupport

/// What the REPL draws fits the terminal it is drawn on: no line wraps, and a screen of results keeps
/// its heading and its footer in view.
@Suite(.serialized) struct ScreensThatFit {
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
