import Services
import Foundation
import Glibc
import ServiceSupport

/// A package binary (or any program, by absolute path) running on a pseudo-terminal, driven like a
/// person at a keyboard. A program still running when this is released is killed.
public final class PseudoTerminalProcess: Sendable {
    private let master: Int32
    public let pid: Int32
    /// Just before the program was started.
    public let started: ContinuousClock.Instant
    /// What the program has written to the terminal, each read timestamped.
    public let outputTranscript: Transcript
    private let finished = Locked(false)
    /// The terminal's modes as the program left them when it exited, read by `finish`.
    private let modesAtExit = Locked<TerminalModes?>(nil)

    public init(_ name: String, _ arguments: [String], environment: [String: String], rows: UInt16 = 40, columns: UInt16 = 100) throws {
        let (master, slave) = try Self.openPair()
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID: a session of its own, so the terminal becomes its controlling terminal.
        posix_spawnattr_setflags(&attributes, Int16(0x80))
        var pid: pid_t = 0
        let (status, started) = withUnsafePointer(to: &attributes) { attributes in
            BinaryRunner.spawn(&pid, name, arguments, environment: environment, actions: &actions, attributes: attributes)
        }
        guard status == 0 else {
            close(master)
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL)
        }
        self.master = master
        self.pid = pid
        self.started = started
        // The master is closed by `finish` (or on release), never while a read may still use it.
        outputTranscript = Transcript(reading: master, closingAtEnd: false)
    }

    /// A new pseudo-terminal: its master side (close-on-exec) and the path of its slave side.
    static func openPair() throws -> (master: Int32, slave: String) {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw POSIXError(.ENODEV) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN: unlock the pair and learn the slave's number.
        guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            close(master)
            throw POSIXError(.ENODEV)
        }
        return (master, "/dev/pts/\(number)")
    }

    deinit {
        if !finished.withLock({ $0 }) {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            outputTranscript.waitForEnd(timeout: .seconds(5))
            close(master)
        }
    }

    /// Types text (and control bytes) as a person would.
    public func type(_ text: String) {
        type(Array(text.utf8))
    }

    public func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// The terminal's modes now; after `finish`, as the program left them when it exited.
    public func modes() -> TerminalModes? {
        if finished.withLock({ $0 }) { return modesAtExit.withLock { $0 } }
        var modes = termios()
        guard tcgetattr(master, &modes) == 0 else { return nil }
        return TerminalModes(localFlags: modes.c_lflag, inputFlags: modes.c_iflag)
    }

    /// Gives the terminal a new size, as when its window is resized: the program gets SIGWINCH.
    public func resize(rows: UInt16, columns: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Sends the program a signal.
    public func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Everything the program has written to the terminal so far, as bytes.
    public var bytes: [UInt8] { outputTranscript.bytes }
    public var transcript: String { outputTranscript.text }

    /// Waits until the transcript, after `offset` bytes, contains `text`.
    @discardableResult
    public func waitFor(_ text: String, after offset: Int = 0, timeout: Duration = .seconds(20)) -> Bool {
        position(of: text, after: offset, timeout: timeout) != nil
    }

    /// Waits for `text` after `offset` and returns the offset just past it (nil on timeout or exit).
    public func position(of text: String, after offset: Int = 0, timeout: Duration = .seconds(20)) -> Int? {
        outputTranscript.find(text, after: offset, timeout: timeout)?.end
    }

    /// Waits for `text` after `offset`, then for the prompt after it: the REPL is ready for keys.
    @discardableResult
    public func waitForPrompt(after text: String, from offset: Int, prompt: String = "recipes> ") -> Bool {
        guard let end = position(of: text, after: offset) else { return false }
        return waitFor(prompt, after: end)
    }

    /// Waits for the program to exit and returns its status (128 + signal when killed).
    public func finish(timeout: Duration = .seconds(20)) -> Int32 {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(10_000)
        }
        let left = modes()
        modesAtExit.withLock { $0 = left }
        // Once every holder of the terminal's other side has gone, the reader sees its end.
        outputTranscript.waitForEnd(timeout: .seconds(5))
        finished.withLock { $0 = true }
        close(master)
        return BinaryRunner.exitCode(status)
    }
}

/// A terminal's local and input modes (termios `c_lflag`, `c_iflag`).
public struct TerminalModes: Equatable, Sendable {
    public let localFlags: UInt32
    public let inputFlags: UInt32

    /// Echo, line editing and signals on: what a line editor turns off and a shell needs back.
    public var isCooked: Bool {
        let cooked = UInt32(ECHO | ICANON | ISIG)
        return localFlags & cooked == cooked
    }
}

/// Keys as a terminal sends them.
public enum TerminalKeys {
    public static let enter: [UInt8] = [0x0D]
    public static let up: [UInt8] = [0x1B, 0x5B, 0x41]
    public static let down: [UInt8] = [0x1B, 0x5B, 0x42]
    public static let left: [UInt8] = [0x1B, 0x5B, 0x44]
    public static let right: [UInt8] = [0x1B, 0x5B, 0x43]
    public static let home: [UInt8] = [0x1B, 0x5B, 0x48]
    public static let end: [UInt8] = [0x1B, 0x5B, 0x46]
    public static let backspace: [UInt8] = [0x7F]
    public static let tab: [UInt8] = [0x09]

    public static func control(_ letter: Character) -> [UInt8] {
        [UInt8(letter.asciiValue ?? 0x40) & 0x1F]
    }
}
