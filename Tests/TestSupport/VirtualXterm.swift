public import Entity
public import Foundation
import Glibc
import Services

/// What a command left on an xterm's screen.
public struct XtermCapture: Sendable {
    /// The whole X screen (the xterm window sits at its top left), decoded.
    public let screen: PixelImage
    /// The screenshot as ImageMagick wrote it, to look at.
    public let png: Data
    /// Everything the command wrote, as xterm logged it.
    public let output: String
}

/// Runs a command inside `xterm -ti vt340` (a VT340 has sixel graphics) on a virtual X server (Xvfb)
/// and takes a screenshot with ImageMagick's `import` once the command has printed a marker and the
/// screen has stopped changing. Each run has its own server on a free display, stopped afterwards even
/// when something fails.
public enum VirtualXterm {
    public enum Failure: Error, CustomStringConvertible {
        case missingTools(String)
        case serverDidNotStart(String)
        case markerNeverAppeared(String, output: String)
        case screenshotFailed(String)

        public var description: String {
            switch self {
            case .missingTools(let reason): return reason
            case .serverDidNotStart(let detail): return "Xvfb did not start: \(detail)"
            case .markerNeverAppeared(let marker, let output): return "\"\(marker)\" never appeared; the command wrote \(output.debugDescription)"
            case .screenshotFailed(let detail): return "the screenshot failed: \(detail)"
            }
        }
    }

    static let tools = ["xterm": "xterm", "Xvfb": "xvfb", "import": "imagemagick"]

    /// Why the harness cannot run here (which package to install), or nil when it can.
    public static var unavailableReason: String? {
        let missing = tools.keys.sorted().filter { path(of: $0) == nil }
        guard !missing.isEmpty else { return nil }
        let packages = missing.compactMap { tools[$0] }.joined(separator: " ")
        return "needs \(missing.joined(separator: ", ")) (apt-get install \(packages)); skipped"
    }

    static func path(of tool: String) -> String? {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(tool)") {
            return "\(folder)/\(tool)"
        }
        return nil
    }

    /// Runs `command` (an absolute path and its arguments) in an xterm of `columns` × `rows` cells and
    /// returns the screen once the command's output contains `marker` and two screenshots in a row
    /// are the same. `environment` is added to the command's (DISPLAY and the rest are set here).
    public static func run(_ command: [String], marker: String, columns: Int = 80, rows: Int = 24,
                           environment: [String: String] = [:], timeout: Duration = .seconds(30)) throws -> XtermCapture {
        guard unavailableReason == nil, let xterm = path(of: "xterm"), let importTool = path(of: "import") else {
            throw Failure.missingTools(unavailableReason ?? "tools missing")
        }
        let deadline = ContinuousClock.now + timeout
        return try TemporaryDirectory.withSync { folder in
            let home = folder.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let (server, base) = try startServer(environment: BinaryRunner.environment(home: home), deadline: deadline)
            defer { server.stop() }

            let log = folder.appendingPathComponent("xterm.log")
            var terminalEnvironment = base
            for (key, value) in environment { terminalEnvironment[key] = value }
            let terminal = try XProcess(xterm, xtermArguments(columns: columns, rows: rows, log: log) + ["-hold", "-e"] + command,
                                        environment: terminalEnvironment)
            defer { terminal.stop() }

            // xterm logs what it reads before drawing it: wait for the marker, then for a still screen.
            var output = ""
            while !output.contains(marker) {
                guard ContinuousClock.now < deadline else { throw Failure.markerNeverAppeared(marker, output: output) }
                Thread.sleep(forTimeInterval: 0.05)
                output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""  // not written yet: keep waiting
            }
            let (screen, png) = try stillScreen(importTool, environment: base, folder: folder, deadline: deadline)
            return XtermCapture(screen: screen, png: png, output: output)
        }
    }

    /// Xvfb on a display of its own, and `environment` with DISPLAY set to it.
    static func startServer(environment: [String: String], deadline: ContinuousClock.Instant) throws -> (XProcess, [String: String]) {
        guard let xvfb = path(of: "Xvfb") else { throw Failure.missingTools(unavailableReason ?? "Xvfb missing") }
        // -displayfd: Xvfb picks a free display and writes its number once it accepts clients.
        let server = try XProcess(xvfb, ["-displayfd", "3", "-screen", "0", "1024x768x24", "-nolisten", "tcp"], environment: environment)
        guard let number = server.readLine(until: deadline), let display = Int(number) else {
            server.stop()
            throw Failure.serverDidNotStart("no display number within the time limit")
        }
        var environment = environment
        environment["DISPLAY"] = ":\(display)"
        return (server, environment)
    }

    /// xterm as a VT340 (sixel graphics, 256 colour registers) of `columns` × `rows` cells at the top
    /// left of the screen with no frame (its inner border, and then the first cell, start at 0,0),
    /// black on white, no scroll bar, logging what it reads to `log`.
    static func xtermArguments(columns: Int, rows: Int, log: URL) -> [String] {
        ["-ti", "vt340", "-geometry", "\(columns)x\(rows)+0+0", "-bw", "0", "-bg", "white", "-fg", "black", "+sb",
         "-xrm", "XTerm*numColorRegisters: 256", "-l", "-lf", log.path]
    }

    /// Screenshots of the whole screen until two in a row are the same (or the deadline passes).
    static func stillScreen(_ importTool: String, environment: [String: String], folder: URL,
                            deadline: ContinuousClock.Instant) throws -> (PixelImage, Data) {
        let display = environment["DISPLAY"] ?? ":0"
        let shot = folder.appendingPathComponent("screen.png")
        var previous: Data?
        while true {
            let result = try BinaryRunner.run(importTool, ["-display", display, "-window", "root", "png:\(shot.path)"],
                                              environment: environment, timeout: .seconds(20))
            guard result.status == 0, let png = FileManager.default.contents(atPath: shot.path) else {
                throw Failure.screenshotFailed(result.errors)
            }
            if png == previous || ContinuousClock.now >= deadline {
                return (try ImageDecoder().decode(png, maxWidth: 4096, maxHeight: 4096), png)
            }
            previous = png
        }
    }
}

/// A program of the X harness, spawned with default signal handling and no blocked signals (the
/// test runner's threads block some, and a child would inherit that and never see SIGTERM), its
/// standard streams on /dev/null, or on `terminal` (a pseudo-terminal's slave side, which becomes its
/// controlling terminal in a session of its own); fd 3 is a pipe to read from, and `passing`, if
/// given, is the program's fd 4.
final class XProcess {
    private let pid: pid_t
    private let reader: Int32
    private var exitCode: Int32?

    init(_ path: String, _ arguments: [String], environment: [String: String], terminal: String? = nil,
         passing: Int32? = nil) throws {
        let pipeEnds = try RunningProcess.spawning.withLock { _ -> [Int32] in
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return ends
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let terminal {
            posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        } else {
            for descriptor: Int32 in 0...2 { posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0) }
        }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 3)
        if let passing { posix_spawn_file_actions_adddup2(&actions, passing, 4) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // 0x80 is POSIX_SPAWN_SETSID: a session of its own, so the terminal becomes its controlling terminal.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (terminal == nil ? 0 : 0x80)))
        var pid: pid_t = 0
        let status = withUnsafePointer(to: &attributes) { attributes in
            BinaryRunner.spawn(&pid, path, arguments, environment: environment, actions: &actions, attributes: attributes,
                               keeping: passing == nil ? 4 : 5).status
        }
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL)
        }
        self.pid = pid
        reader = pipeEnds[0]
    }

    /// The first line written to fd 3, or nil at its end or the deadline.
    func readLine(until deadline: ContinuousClock.Instant) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var waiting = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(left.components.seconds * 1000 + 1))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, read(reader, &byte, 1) == 1 else { return nil }
            if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }

    /// The exit status (128 + the signal that ended it), once the program has exited within `timeout`.
    func exitStatus(within timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let exitCode { return exitCode }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exitCode = BinaryRunner.exitCode(status)
                return exitCode
            }
            guard ContinuousClock.now < deadline else { return nil }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// SIGTERM, up to five seconds to exit, then SIGKILL; nothing when it has exited already.
    func stop() {
        close(reader)
        guard exitCode == nil else { return }
        kill(pid, SIGTERM)
        guard exitStatus(within: .seconds(5)) == nil else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
