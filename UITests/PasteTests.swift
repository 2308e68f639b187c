import Foundation
import Testing
import PuppyServer
import PuppyCatalog
import TestSupport

/// Long pastes at the interactive prompt, on a pseudo-terminal.
@Suite(.serialized) struct LongPastes {
    /// 10,000 characters of `garlic, ` pasted, then Enter: the answer (the line is too long to run)
    /// and the next prompt come within the usual wait. A Ctrl-C inside a paste still clears the line.
    @Test func aTenThousandCharacterPasteIsAnsweredAtOnce() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess("recipes", ["--api", server.apiURL.absoluteString],
                                                         environment: BinaryRunner.environment(home: home))
                #expect(terminal.waitFor("recipes> "))

                var mark = terminal.bytes.count
                let paste = String(repeating: "garlic, ", count: 1_250)
                let start = ContinuousClock.now
                // The terminal takes a paste only as fast as the program reads it, so it is written
                // from a thread of its own while this one waits for the answer.
                Thread { terminal.type(paste + "\r") }.start()
                let answered = terminal.waitForPrompt(after: "longer than 4096 characters", from: mark)
                // Measured, not asserted.
                print("paste: 10,000 characters \(answered ? "answered" : "not answered") after \(ContinuousClock.now - start)")
                #expect(answered)

                mark = terminal.bytes.count
                Thread { terminal.type(String(repeating: "x", count: 5_000) + "\u{03}garlic\r") }.start()
                #expect(terminal.waitForPrompt(after: "Recipes with garlic", from: mark))
                let clearedAfterThePaste = String(decoding: terminal.bytes[mark...], as: UTF8.self).contains("xxxx\u{1B}[K^C")
                #expect(clearedAfterThePaste, "the pasted text shows, then ^C")

                terminal.type("quit\r")
                #expect(terminal.finish() == 0)
            }
        }
    }
}
