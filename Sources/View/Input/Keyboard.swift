/// The keyboard side of the terminal: the bytes typed, and the mode they are read in. The line editor
/// reads through it, so tests can type scripted bytes.
@MainActor
protocol Keyboard: AnyObject {
    /// What was typed since the last read (at most a buffer's worth); `[]` when `timeout` milliseconds
    /// pass with nothing (−1 waits for ever); nil at the end of input.
    func read(timeout milliseconds: Int32) async -> [UInt8]?
    /// Raw mode, Ctrl-C sending a signal (`signals`, while a command runs) or a key (while editing).
    func enterRawMode(signals: Bool)
    /// Gives the terminal back in the mode it was found in.
    func restoreMode()
    /// Stops RecipeBook as a shell job (Ctrl-Z) with the terminal as it was found, and takes it again
    /// when RecipeBook goes on.
    func suspend()
    /// True once after RecipeBook went on from being stopped (by Ctrl-Z or SIGTSTP from anywhere).
    func takeResumed() -> Bool
}

extension Keyboard {
    func suspend() {}
    func takeResumed() -> Bool { false }
}

/// The real keyboard: standard input, in raw mode while RecipeBook runs.
@MainActor
final class TerminalKeyboard: Keyboard {
    private let bytes: TerminalBytes
    private var rawMode = RawMode()
    /// Puts the terminal back as it was found when a signal ends the process.
    private let restorer: TerminalRestorer?

    init(typedAhead: TypedAhead, restorer: TerminalRestorer? = nil) {
        bytes = TerminalBytes(typedAhead: typedAhead)
        self.restorer = restorer
    }

    func read(timeout milliseconds: Int32) async -> [UInt8]? {
        await bytes.read(timeout: milliseconds)
    }

    func enterRawMode(signals: Bool) {
        if let restorer {
            restorer.changingMode { rawMode.enter(signals: signals) }
        } else {
            rawMode.enter(signals: signals)
        }
        if rawMode.active { restorer?.remember(rawMode.found) }
    }

    func restoreMode() {
        rawMode.leave()
    }

    func suspend() {
        restorer?.suspend()
    }

    func takeResumed() -> Bool {
        restorer?.takeResumed() ?? false
    }
}
