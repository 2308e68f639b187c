import Glibc

/// A pseudo-terminal pair: the controlling side stays here, the device path is opened by the child.
struct PseudoTerminal {
    /// glibc's `POSIX_SPAWN_SETSID` (a new session, so the terminal becomes the controlling one), which
    /// Swift's Glibc module does not bring in.
    static let spawnNewSession: Int16 = 0x80

    let controller: Int32
    let devicePath: String

    init(rows: UInt16, columns: UInt16) throws {
        let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard controller >= 0 else { throw BenchError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN (unlockpt and ptsname, which the Glibc module does not bring in).
        guard ioctl(controller, 0x4004_5431, &unlock) == 0, ioctl(controller, 0x8004_5430, &number) == 0 else {
            close(controller)
            throw BenchError("cannot set up a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
        self.controller = controller
        devicePath = "/dev/pts/\(number)"
    }
}
