import Services
import Testing
@testable import View
import ServiceSupport

private let kitty = TerminalAnswers(kittyGraphics: true, deviceAttributes: [62])
private let xterm = TerminalAnswers(deviceAttributes: [63, 1, 2, 4, 6, 9, 15, 16, 22, 28], version: "XTerm(379)", colourRegisters: 16)
private let plain = TerminalAnswers(deviceAttributes: [62, 1, 6, 22])
private let iterm = TerminalAnswers(deviceAttributes: [62, 4], version: "iTerm2 3.5.0")

@Suite("Picture protocol choice")
struct PictureProtocolChooserTests {
    @Test(arguments: [
        // Pictures never go where stdout is not a terminal, to a dumb terminal, or with --pictures never.
        (["TERM": "xterm-kitty"], false, kitty, PictureChoice.always, PictureProtocol.linkOnly),
        (["TERM": "dumb"], true, kitty, .always, .linkOnly),
        (["TERM": "xterm-kitty"], true, kitty, .never, .linkOnly),
        // What the terminal answers, best first.
        (["TERM": "xterm-kitty"], true, kitty, .auto, .kitty),
        (["TERM": "xterm-256color"], true, kitty, .auto, .kitty),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], true, plain, .auto, .iTerm2),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], true, plain, .auto, .iTerm2),
        (["TERM": "xterm-256color"], true, iterm, .auto, .iTerm2),
        (["TERM": "xterm"], true, xterm, .auto, .sixel(colours: 16)),
        (["TERM": "xterm"], true, TerminalAnswers(deviceAttributes: [62, 4]), .auto, .sixel(colours: 256)),
        (["TERM": "xterm"], true, TerminalAnswers(deviceAttributes: [62, 4], colourRegisters: 4096), .auto, .sixel(colours: 256)),
        // $TERM alone does not make kitty: the terminal has to answer.
        (["TERM": "xterm-kitty", "COLORTERM": "truecolor"], true, plain, .auto, .halfBlocks(.trueColour)),
        (["TERM": "xterm-kitty"], true, nil, .auto, .linkOnly),
        // Half blocks by colour depth, else only the link (unless asked for).
        (["TERM": "xterm-256color", "COLORTERM": "24bit"], true, plain, .auto, .halfBlocks(.trueColour)),
        (["TERM": "xterm-256color"], true, plain, .auto, .halfBlocks(.xterm256)),
        (["TERM": "xterm"], true, plain, .auto, .linkOnly),
        (["TERM": "xterm"], true, plain, .always, .halfBlocks(.xterm256)),
        (["TERM": "linux"], true, nil, .always, .halfBlocks(.xterm256)),
        // Inside tmux or screen: half blocks, whatever the outer terminal answered.
        (["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0"], true, kitty, .auto, .halfBlocks(.xterm256)),
        (["TERM": "tmux-256color", "COLORTERM": "truecolor"], true, xterm, .auto, .halfBlocks(.trueColour)),
        (["TERM": "xterm-256color", "STY": "1234.pts-0.host"], true, nil, .auto, .halfBlocks(.xterm256)),
    ] as [([String: String], Bool, TerminalAnswers?, PictureChoice, PictureProtocol)])
    func theBestProtocolTheTerminalSpeaks(environment: [String: String], isTTY: Bool, answers: TerminalAnswers?, choice: PictureChoice,
                                          expected: PictureProtocol) {
        #expect(PictureProtocolChooser.choose(environment: environment, stdoutIsTTY: isTTY, answers: answers, choice: choice) == expected)
    }

    @Test(arguments: [
        (["TERM": "xterm"], true, PictureChoice.auto, true),
        (["TERM": "xterm"], true, .always, true),
        (["TERM": "xterm"], true, .never, false),
        (["TERM": "xterm"], false, .always, false),
        (["TERM": "dumb"], true, .auto, false),
        (["TERM": "screen"], true, .auto, false),
        (["TERM": "xterm", "TMUX": "x"], true, .auto, false),
    ])
    func theTerminalIsAskedOnlyWhenTheAnswerMatters(environment: [String: String], isTTY: Bool, choice: PictureChoice, probes: Bool) {
        #expect(PictureProtocolChooser.shouldProbe(environment: environment, stdoutIsTTY: isTTY, choice: choice) == probes)
    }

    @Test func theTerminalIsProbedOncePerSession() throws {
        let probes = Locked(0)
        let pictures = TerminalPictures(environment: ["TERM": "xterm"], stdoutIsTTY: true, choice: .auto,
                                        probe: { probes.withLock { $0 += 1 }; return xterm }, cellSize: { CellSize(width: 6, height: 13) })
        let picture = try #require(TestPictures.quadrants())
        #expect(pictures.render(picture, columns: 4, rows: 2).hasPrefix("\u{1B}P0;1;0q\"1;1;24;24"))
        #expect(pictures.render(picture, columns: 4, rows: 2).hasPrefix("\u{1B}P"))
        #expect(pictures.drawsPictures)
        #expect(probes.withLock { $0 } == 1)

        let piped = TerminalPictures(environment: ["TERM": "xterm"], stdoutIsTTY: false, choice: .always,
                                     probe: { probes.withLock { $0 += 1 }; return xterm }, cellSize: { nil })
        #expect(piped.render(picture, columns: 4, rows: 2).isEmpty)
        #expect(!piped.drawsPictures)
        #expect(probes.withLock { $0 } == 1)
    }
}
