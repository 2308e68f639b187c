import Foundation
import TerminalKit
import Glibc

/// Where typed lines come from.
@MainActor
protocol LineReading: AnyObject {
    /// The next line, or nil at the end of input.
    func readLine(prompt: String) async -> String?
    /// One key for the pager, waiting at most `milliseconds` for it; `end` when keys cannot be read
    /// (not a terminal, or end of input).
    func readKey(waitingAtMost milliseconds: Int32) async -> KeyWait
    /// Gives the terminal back in the state it was found (before an external pager, and at exit).
    func restoreTerminal()
    /// Takes the terminal again after `restoreTerminal` (when an external pager has ended).
    func resumeTerminal()
    /// Lines typed in earlier sessions, oldest first (none when lines are not kept).
    var earlierLines: [String] { get }
    /// While a line is being edited, prints `text` above it and draws the line again; false when no
    /// line is being edited (then the caller prints as usual).
    func printAboveLine(_ text: String) -> Bool
    /// Draws the prompt before the first line is read (the line editor only).
    func showPrompt(_ prompt: String)
    /// Takes away a prompt `showPrompt` drew, when no line will be read at it.
    func withdrawPrompt()
}

/// What waiting for a key gave.
enum KeyWait: Equatable {
    case key(Key)
    /// The time went by with no key.
    case nothing
    /// No key will come.
    case end
}

extension LineReading {
    func showPrompt(_ prompt: String) {}
    func withdrawPrompt() {}
}

/// Lines from a pipe or a file: no prompt, no editing, so scripts and tests can feed commands.
@MainActor
final class PipedLineReader: LineReading {
    private let queue = DispatchQueue(label: "recipebook.stdin")

    init() {}

    func readLine(prompt: String) async -> String? {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Swift.readLine(strippingNewline: true))
            }
        }
    }

    func readKey(waitingAtMost milliseconds: Int32) async -> KeyWait { .end }

    func restoreTerminal() {}

    func resumeTerminal() {}

    var earlierLines: [String] { [] }

    func printAboveLine(_ text: String) -> Bool { false }
}

/// Keys read from the terminal by something other than the line editor (the picture probe reads keys
/// typed while it waits for the terminal's answers): they are handed to the line editor before
/// anything read after them, so nothing typed ahead is lost.
///
/// The terminal's View makes one and hands it to both, so they share it.
final class TypedAhead: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    init() {}

    func giveBack(_ keys: [UInt8]) {
        guard !keys.isEmpty else { return }
        lock.withLock { bytes += keys }
    }

    func take() -> [UInt8] {
        lock.withLock {
            defer { bytes = [] }
            return bytes
        }
    }
}

/// Reads raw bytes from the terminal off the main thread.
final class TerminalBytes: Sendable {
    private let queue = DispatchQueue(label: "recipebook.tty")
    private let typedAhead: TypedAhead

    init(typedAhead: TypedAhead) {
        self.typedAhead = typedAhead
    }

    /// Keys typed ahead first; else up to 4096 bytes (a paste arrives in few reads); `[]` when `timeout`
    /// milliseconds pass with nothing to read; nil at end of input.
    func read(timeout milliseconds: Int32 = -1) async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            queue.async { [typedAhead] in
                let early = typedAhead.take()
                if !early.isEmpty {
                    continuation.resume(returning: early)
                    return
                }
                var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                while true {
                    let ready = poll(&descriptor, 1, milliseconds)
                    if ready < 0, errno == EINTR { continue }
                    if ready == 0 {
                        continuation.resume(returning: [])
                        return
                    }
                    break
                }
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = Glibc.read(STDIN_FILENO, &buffer, buffer.count)
                    if count < 0, errno == EINTR { continue }
                    continuation.resume(returning: count > 0 ? Array(buffer[0..<count]) : nil)
                    return
                }
            }
        }
    }
}

/// Keeps the terminal out of canonical mode for the whole session, so keys typed while a command runs
/// wait for the line editor instead of being echoed or taken as end-of-file by the terminal. Signals
/// are on while a command runs (Ctrl-C cancels it) and off while editing (Ctrl-C clears the line).
/// Changes never discard typed-ahead input.
struct RawMode {
    private var original = termios()
    private(set) var active = false

    /// The mode the terminal was in when raw mode was last entered.
    var found: termios { original }

    mutating func enter(signals: Bool) {
        if !active {
            guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | (signals ? 0 : ISIG))
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        if tcsetattr(STDIN_FILENO, TCSADRAIN, &raw) == 0 { active = true }
    }

    mutating func leave() {
        guard active else { return }
        tcsetattr(STDIN_FILENO, TCSADRAIN, &original)
        active = false
    }
}
