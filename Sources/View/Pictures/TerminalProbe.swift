import Glibc

/// Asks the terminal what it can draw: the kitty graphics query, XTVERSION, XTSMGRAPHICS (sixel colour
/// registers) and, last, the primary device attributes (DA1), which every terminal answers, so its
/// answer ends the reading. Works on the controlling terminal (`/dev/tty`) with echo and line mode off
/// while it runs, reads one byte at a time and stops right after the DA1 answer, so nothing is echoed;
/// keys typed while it waits are given back to the line editor (`TypedAhead`). Must run while nothing
/// else reads the terminal.
enum TerminalProbe {
    static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[>0q" + "\u{1B}[?1;1;0S" + "\u{1B}[c"

    /// The answers, or nil when there is no terminal to ask. Answers cut short by `timeout` come back
    /// incomplete (`isComplete` false).
    static func run(timeout: Duration = .milliseconds(100), typedAhead: TypedAhead) -> TerminalAnswers? {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON)
        withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &quiet) == 0 else { return nil }
        defer { tcsetattr(descriptor, TCSANOW, &saved) }

        guard writeAll(Array(query.utf8), to: descriptor) else { return nil }
        let answers = read(from: descriptor, timeout: timeout)
        typedAhead.giveBack(answers.unclaimed)
        return answers
    }

    /// Feeds bytes from `descriptor` to the parser until the answers are complete or `timeout` passes.
    static func read(from descriptor: Int32, timeout: Duration) -> TerminalAnswers {
        var parser = TerminalAnswerParser()
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var byte: UInt8 = 0
        while !parser.answers.isComplete {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { break }
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = Glibc.read(descriptor, &byte, 1)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count == 1 else { break }
            parser.feed(byte)
        }
        return parser.answers
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// The terminal's cell size in pixels, when it tells (TIOCGWINSZ's pixel fields; xterm, kitty,
    /// WezTerm and foot fill them in).
    static func cellSize(of descriptor: Int32 = STDOUT_FILENO) -> CellSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel >= size.ws_col, size.ws_ypixel >= size.ws_row else { return nil }
        return CellSize(width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
    }
}
