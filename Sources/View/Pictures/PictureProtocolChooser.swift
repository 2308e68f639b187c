/// Which picture protocol to use, from the environment, whether stdout is a terminal, what the
/// terminal answered to the probe, and `--pictures`. Pure.
enum PictureProtocolChooser {
    /// Whether asking the terminal can change the answer: on a terminal, pictures wanted, and not
    /// behind a multiplexer (tmux and screen answer for themselves and swallow kitty's query).
    static func shouldProbe(environment: [String: String], stdoutIsTTY: Bool, choice: PictureChoice) -> Bool {
        choice != .never && stdoutIsTTY && environment["TERM"] != "dumb" && !multiplexed(environment)
    }

    static func choose(environment: [String: String], stdoutIsTTY: Bool, answers: TerminalAnswers?, choice: PictureChoice) -> PictureProtocol {
        guard choice != .never, stdoutIsTTY, environment["TERM"] != "dumb" else { return .linkOnly }
        let term = environment["TERM"] ?? ""
        let colourTerm = (environment["COLORTERM"] ?? "").lowercased()
        let trueColour = colourTerm == "truecolor" || colourTerm == "24bit"
        if multiplexed(environment) {
            return .halfBlocks(trueColour ? .trueColour : .xterm256)
        }
        if answers?.kittyGraphics == true { return .kitty }
        let program = environment["TERM_PROGRAM"] ?? ""
        let version = answers?.version ?? ""
        if program == "iTerm.app" || program == "WezTerm" || version.hasPrefix("iTerm2") || version.hasPrefix("WezTerm") {
            return .iTerm2
        }
        if let answers, answers.sixel {
            return .sixel(colours: min(256, max(2, answers.colourRegisters ?? 256)))
        }
        if trueColour { return .halfBlocks(.trueColour) }
        if term.contains("256color") || choice == .always { return .halfBlocks(.xterm256) }
        return .linkOnly
    }

    /// tmux or GNU screen between us and the terminal.
    static func multiplexed(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return !(environment["TMUX"] ?? "").isEmpty || !(environment["STY"] ?? "").isEmpty
            || term.hasPrefix("screen") || term.hasPrefix("tmux")
    }
}
