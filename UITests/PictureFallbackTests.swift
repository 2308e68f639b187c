import Foundation
import Testing
import PuppyServer
import TestSupport

/// Which way `recipes` draws a picture, chosen by what the terminal is: a pseudo-terminal that answers
/// no query, with TERM and COLORTERM set as a terminal would set them; and a pipe.
@Suite struct PictureFallbacks {
    /// Runs `garlic` and `pic 1` on a pseudo-terminal with `environment`, and returns what was written
    /// after `pic 1`.
    func pictureOutput(_ environment: [String: String]) async throws -> String {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString], home: home, extra: environment)
                #expect(terminal.enter("garlic", expecting: "Recipes 1–10") != nil)
                let mark = terminal.bytes.count
                terminal.type("pic 1\r")
                // The line is accepted (a new line), the picture or message is written, the prompt returns.
                let accepted = try #require(terminal.position(of: "\r\n", after: mark))
                let end = try #require(terminal.position(of: "recipes> ", after: accepted))
                let output = String(decoding: terminal.bytes[accepted..<end], as: UTF8.self)
                #expect(terminal.quit() == 0)
                return output
            }
        }
    }

    @Test func a256ColourTerminalGetsHalfBlocksIn256Colours() async throws {
        let output = try await pictureOutput(["TERM": "xterm-256color"])
        #expect(output.contains("▀"))
        #expect(output.contains("\u{1B}[38;5;"))
        #expect(!output.contains("\u{1B}[38;2;"))
    }

    @Test func aTruecolourTerminalGetsHalfBlocksIn24BitColour() async throws {
        let output = try await pictureOutput(["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        #expect(output.contains("▀"))
        #expect(output.contains("\u{1B}[38;2;"))
    }

    /// NO_COLOR: pictures are colour, so none is drawn (its link is given), however well the terminal
    /// draws them.
    @Test func noColorDrawsNoPicture() async throws {
        let output = try await pictureOutput(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"])
        #expect(!output.contains("▀"))
        #expect(!output.contains("\u{1B}[38;"))
        #expect(output.contains("http://127.0.0.1:"), "\(output)")
    }

    @Test func aDumbTerminalGetsTheLinkOnly() async throws {
        let output = try await pictureOutput(["TERM": "dumb"])
        #expect(!output.contains("▀"))
        #expect(!output.contains("\u{1B}["))
        #expect(output.contains("No picture can be drawn here; it is at http://127.0.0.1:"))
    }

    /// The first picture asks the terminal what it can draw and reads its answers; keys typed before
    /// the answers arrive are the person's, and reach the prompt.
    @Test func keysTypedWhileTheTerminalIsAskedReachThePrompt() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString], home: home,
                                                                 extra: ["TERM": "xterm-256color"])
                #expect(terminal.enter("garlic", expecting: "Recipes 1–10") != nil)
                let mark = terminal.bytes.count
                terminal.type("pic 1\r")
                #expect(terminal.waitFor("\u{1B}[c", after: mark), "the terminal is asked for its attributes")
                // Typed while the probe waits, then the terminal's answer (a VT220 with sixel).
                terminal.type("quit\r")
                terminal.type("\u{1B}[?62;4c")
                #expect(terminal.finish() == 0, "quit reached the prompt")
            }
        }
    }

    @Test func aPipeNeverGetsPictureBytes() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                let result = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "--pictures", "always"],
                                                  input: "garlic\npic 1\n2\nquit\n",
                                                  environment: BinaryRunner.environment(home: home, extra: ["TERM": "xterm-256color",
                                                                                                              "COLORTERM": "truecolor"]))
                #expect(result.status == 0)
                #expect(!result.output.contains("\u{1B}"))
                #expect(result.output.contains("No picture can be drawn here"))
            }
        }
    }
}
