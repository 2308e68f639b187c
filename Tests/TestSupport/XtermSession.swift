import Foundation
import Glibc

/// A program whose terminal is a real xterm (VT340, so sixel graphics) on a virtual X server, typed
/// at by the test. xterm is handed the master side of a pseudo-terminal (`xterm -S`, its mode for a
/// program that brings its own terminal) and the program runs on the slave side, which is its
/// controlling terminal: everything it writes is drawn by xterm and everything xterm answers (device
/// attributes, sizes) reaches it, as under `xterm -e`. The test keeps a copy of the master side and
/// types by writing to it, as xterm does with keys.
public final class XtermSession {
    /// The terminal's size as the program sees it (TIOCGWINSZ; xterm counts its borders in the pixels).
    public struct Size: Sendable {
        public let columns: Int
        public let rows: Int
        public let pixelWidth: Int
        public let pixelHeight: Int
    }

    public let size: Size
    private let master: Int32
    private let program: XProcess
    private let log: URL
    private let folder: URL
    private let importTool: String
    private let environment: [String: String]

    private init(size: Size, master: Int32, program: XProcess, log: URL, folder: URL, importTool: String, environment: [String: String]) {
        self.size = size
        self.master = master
        self.program = program
        self.log = log
        self.folder = folder
        self.importTool = importTool
        self.environment = environment
    }

    /// Starts Xvfb, an xterm of `columns` × `rows` cells at the top left of its screen, and `program`
    /// (a package binary or an absolute path) with `arguments` and exactly `environment` on the
    /// xterm's terminal; runs `body`; stops all three afterwards, also when something throws.
    public static func run<Result>(_ program: String, _ arguments: [String], environment: [String: String], columns: Int = 80,
                                   rows: Int = 24, timeout: Duration = .seconds(30),
                                   _ body: (XtermSession) throws -> Result) throws -> Result {
        guard VirtualXterm.unavailableReason == nil, let xterm = VirtualXterm.path(of: "xterm"),
              let importTool = VirtualXterm.path(of: "import") else {
            throw VirtualXterm.Failure.missingTools(VirtualXterm.unavailableReason ?? "tools missing")
        }
        let deadline = ContinuousClock.now + timeout
        return try TemporaryDirectory.withSync { folder in
            let home = folder.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let (server, base) = try VirtualXterm.startServer(environment: BinaryRunner.environment(home: home), deadline: deadline)
            defer { server.stop() }

            let (master, slavePath) = try PseudoTerminalProcess.openPair()
            defer { close(master) }
            // Held open throughout: with no slave side open, xterm would read a hang-up between programs.
            let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard slave >= 0 else { throw POSIXError(.ENODEV) }
            defer { close(slave) }
            // xterm's first words on its terminal are its window's id: read them with echo off, so they
            // are not drawn, then give the program the terminal's usual modes back.
            var saved = termios()
            guard tcgetattr(slave, &saved) == 0 else { throw POSIXError(.ENOTTY) }
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(slave, TCSANOW, &quiet)
            let log = folder.appendingPathComponent("xterm.log")
            let terminal = try XProcess(xterm, VirtualXterm.xtermArguments(columns: columns, rows: rows, log: log) + ["-S\(slavePath)/4"],
                                        environment: base, passing: master)
            defer { terminal.stop() }
            guard readLine(slave, until: deadline) != nil else {
                throw VirtualXterm.Failure.serverDidNotStart("xterm did not name its window within the time limit")
            }
            tcsetattr(slave, TCSANOW, &saved)
            var window = winsize()
            guard ioctl(slave, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0, window.ws_xpixel > 0 else {
                throw VirtualXterm.Failure.serverDidNotStart("xterm set no size on its terminal")
            }
            let size = Size(columns: Int(window.ws_col), rows: Int(window.ws_row), pixelWidth: Int(window.ws_xpixel),
                            pixelHeight: Int(window.ws_ypixel))

            let running = try XProcess(program, arguments, environment: environment, terminal: slavePath)
            defer { running.stop() }
            return try body(XtermSession(size: size, master: master, program: running, log: log, folder: folder,
                                         importTool: importTool, environment: base))
        }
    }

    /// Types text (and control bytes) as a person would at the xterm's keyboard.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Everything the xterm has read from the program so far, as xterm logged it.
    public var bytes: [UInt8] {
        // Not written yet: nothing read yet.
        (try? Data(contentsOf: log)).map { [UInt8]($0) } ?? []
    }

    /// Waits until what the xterm has read, after `offset` bytes, contains `text`; returns the offset
    /// just past it, or nil when `timeout` passes first.
    public func position(of text: String, after offset: Int = 0, timeout: Duration = .seconds(20)) -> Int? {
        let needle = Array(text.utf8)
        let deadline = ContinuousClock.now + timeout
        while true {
            let read = bytes
            if offset < read.count, let range = read[offset...].firstRange(of: needle) { return range.upperBound }
            guard ContinuousClock.now < deadline else { return nil }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// The screen once it has stopped changing (two screenshots in a row the same).
    public func screenshot(timeout: Duration = .seconds(10)) throws -> XtermCapture {
        let (screen, png) = try VirtualXterm.stillScreen(importTool, environment: environment, folder: folder,
                                                         deadline: ContinuousClock.now + timeout)
        return XtermCapture(screen: screen, png: png, output: String(decoding: bytes, as: UTF8.self))
    }

    /// The program's exit status once it has exited within `timeout`, else nil (it is stopped at the end).
    public func exitStatus(within timeout: Duration = .seconds(20)) -> Int32? {
        program.exitStatus(within: timeout)
    }

    /// The first line the xterm wrote to its terminal, or nil by the deadline.
    private static func readLine(_ descriptor: Int32, until deadline: ContinuousClock.Instant) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(left.components.seconds * 1000 + 1))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            // Line mode: one read brings the whole line.
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return nil }
            return String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }
}
