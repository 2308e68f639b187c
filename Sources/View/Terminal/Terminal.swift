import Glibc

/// Where text goes.
public enum OutputChannel: Sendable {
    case standardOutput
    case standardError
}

/// What became of text written to a stream.
public enum WriteResult: Equatable, Sendable {
    /// All of it arrived (or the writing task was cancelled, which stops output on purpose).
    case written
    /// The reader went away (EPIPE: `| head -1` has what it wanted).
    case closed
    /// The stream refused it: the `errno` of the failed write (ENOSPC on a full disk, EIO, …).
    case failed(errno: Int32)
}

/// The place the View writes to: the real streams, or a recorder in tests.
public protocol TextSink: Sendable {
    func write(_ text: String, to stream: OutputChannel)
    /// Writes `text` and says whether it arrived; a sink that cannot fail keeps the default, `written`.
    func deliver(_ text: String, to stream: OutputChannel) -> WriteResult
}

extension TextSink {
    public func deliver(_ text: String, to stream: OutputChannel) -> WriteResult {
        write(text, to: stream)
        return .written
    }
}

/// stdout and stderr, written straight to the file descriptors so prompts and spinners show at once.
public struct StandardStreams: TextSink {
    public init() {}

    /// Writes `text`, ignoring what became of it: the prompt, spinners and messages.
    public func write(_ text: String, to stream: OutputChannel) {
        _ = deliver(text, to: stream)
    }

    /// Writes `text`; long text goes in pieces of 64 KB, and stops between pieces when the task
    /// writing it is cancelled (Ctrl-C), so a huge screen is not drawn to its end. A closed stream (a
    /// pager or `head` that quit) and a write the system refuses (a full disk) end the writing there.
    public func deliver(_ text: String, to stream: OutputChannel) -> WriteResult {
        let descriptor = stream == .standardOutput ? STDOUT_FILENO : STDERR_FILENO
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                if offset > 0, offset % (64 << 10) == 0, Task.isCancelled { return .written }
                let piece = min(bytes.count - offset, 64 << 10 - offset % (64 << 10))
                let written = Glibc.write(descriptor, bytes.baseAddress?.advanced(by: offset), piece)
                if written < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    if code == EAGAIN || code == EWOULDBLOCK {
                        // A stream left non-blocking by another program: wait until it takes more.
                        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&ready, 1, 1000)
                        continue
                    }
                    return code == EPIPE ? .closed : .failed(errno: code)
                }
                // write(2) gives 0 only for a count of 0; never loop on it.
                if written == 0 { return .failed(errno: EIO) }
                offset += written
            }
            return .written
        }
    }
}

/// Facts about the terminal the program runs in.
public struct TerminalInfo: Sendable {
    public let stdinIsTTY: Bool
    public let stdoutIsTTY: Bool
    public let stderrIsTTY: Bool
    public let environment: [String: String]

    public init(environment: [String: String]) {
        stdinIsTTY = isatty(STDIN_FILENO) == 1
        stdoutIsTTY = isatty(STDOUT_FILENO) == 1
        stderrIsTTY = isatty(STDERR_FILENO) == 1
        self.environment = environment
    }

    public init(stdinIsTTY: Bool, stdoutIsTTY: Bool, stderrIsTTY: Bool, environment: [String: String]) {
        self.stdinIsTTY = stdinIsTTY
        self.stdoutIsTTY = stdoutIsTTY
        self.stderrIsTTY = stderrIsTTY
        self.environment = environment
    }

    /// The process's environment, read from `environ` once at start: the same dictionary as
    /// `ProcessInfo.processInfo.environment`, without setting up ProcessInfo before the first prompt. A
    /// name given twice keeps its first value, as getenv(3) finds it.
    public static func processEnvironment() -> [String: String] {
        // `environ` itself is a mutable C global, which strict concurrency will not read directly.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "environ") else { return [:] }
        let first = symbol.assumingMemoryBound(to: UnsafePointer<UnsafePointer<CChar>?>?.self).pointee
        var count = 0
        while first?[count] != nil { count += 1 }
        // Sized once: growing the table as it fills would hash every name again.
        var environment = [String: String](minimumCapacity: count)
        var entry = first
        while let pair = entry?.pointee {
            let text = String(cString: pair)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if environment[name] == nil { environment[name] = String(text[text.index(after: equals)...]) }
            }
            entry = entry?.successor()
        }
        return environment
    }

    /// Columns: the terminal's, else `$COLUMNS`, else 80.
    public var width: Int {
        if stdoutIsTTY, let size = TerminalInfo.windowSize(), size.columns > 0 { return Int(size.columns) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    /// Rows: the terminal's, else `$LINES`, else 24.
    public var height: Int {
        if stdoutIsTTY, let size = TerminalInfo.windowSize(), size.rows > 0 { return Int(size.rows) }
        if let rows = environment["LINES"].flatMap(Int.init), rows > 0 { return rows }
        return 24
    }

    private static func windowSize() -> (rows: UInt16, columns: UInt16)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return (size.ws_row, size.ws_col)
    }

    /// Colour on stdout: `always` and `never` are obeyed; `auto` means a terminal, no `NO_COLOR`, and a
    /// `TERM` other than `dumb`.
    public func colors(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return stdoutIsTTY
        }
    }
}

/// `--color`.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}
