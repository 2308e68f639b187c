public import Foundation
import Services
import Glibc
import ServiceSupport

/// What a finished program left behind.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let standardOutput: Data
    public let standardError: Data
    /// True when the program was killed for running past its time limit.
    public let timedOut: Bool

    public var output: String { String(decoding: standardOutput, as: UTF8.self) }
    public var errors: String { String(decoding: standardError, as: UTF8.self) }
}

/// Runs the package's own executables (built next to the test bundle) as a user would.
public enum BinaryRunner {
    /// The folder the test binary lives in: `.build/<triple>/debug`, where `recipes` and `puppy-server` are.
    public static var buildFolder: URL {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent()
    }

    /// A package executable by name, or any program by absolute path.
    public static func url(of name: String) -> URL {
        name.hasPrefix("/") ? URL(fileURLWithPath: name) : buildFolder.appendingPathComponent(name)
    }

    /// An environment for a test run: a private HOME, no XDG overrides, nothing that colours output;
    /// the sanitizers' options pass through, so a sanitized test run checks the binaries the same way.
    public static func environment(home: URL, extra: [String: String] = [:]) -> [String: String] {
        var environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        let inherited = ProcessInfo.processInfo.environment
        for key in ["ASAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"] {
            if let value = inherited[key] { environment[key] = value }
        }
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// posix_spawn for a package binary (or an absolute path) with C strings made and freed here;
    /// returns its status and the moment just before the program was started. The program keeps the
    /// descriptors below `keeping` that `actions` set up, and no other.
    static func spawn(_ pid: inout pid_t, _ name: String, _ arguments: [String], environment: [String: String],
                      actions: inout posix_spawn_file_actions_t, attributes: UnsafePointer<posix_spawnattr_t>?,
                      keeping: Int32 = 3) -> (status: Int32, started: ContinuousClock.Instant) {
        let path = url(of: name).path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        closeInheritedDescriptors(&actions, from: keeping)
        let started = ContinuousClock.now
        return (posix_spawn(&pid, path, &actions, attributes, argv, envp), started)
    }

    /// The program keeps only the descriptors below `from` (0, 1 and 2, or those `actions` set up past
    /// them): whatever else the test process holds at that
    /// moment (other tests' sockets, pipes and files, open in parallel) is closed in the child, so a
    /// program started under a low descriptor limit has all of it to itself. glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later) is looked up at run time, as the
    /// Glibc module does not declare it; without it nothing is added.
    static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t, from: Int32) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, from)
    }

    /// An exit status from `waitpid`: the code, or 128 + the signal that killed the program.
    static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// True when the package's binaries were built with a sanitizer (`swift test --sanitize=...`).
    public static let binariesAreSanitized: Bool = {
        guard let data = FileManager.default.contents(atPath: url(of: "recipes").path) else { return false }
        return data.firstRange(of: Data("__tsan_init".utf8)) != nil || data.firstRange(of: Data("__asan_init".utf8)) != nil
    }()

    /// Runs `name` with `arguments`, writes `input` to its stdin and closes it, reads stdout and stderr
    /// to the end, then waits for it to exit. A program still running after `timeout` is killed.
    public static func run(_ name: String, _ arguments: [String], input: String = "", environment: [String: String],
                           timeout: Duration = .seconds(60)) throws -> ProcessResult {
        let running = try RunningProcess(name, arguments, environment: environment)
        running.write(input)
        running.closeInput()
        return running.finish(timeout: timeout)
    }
}

/// A program of the package running with pipes for stdin, stdout and stderr (started with
/// posix_spawn: Foundation's Process reads past a buffer while it closes descriptors, which the address
/// sanitizer reports). A program still running when this is released is killed.
public final class RunningProcess: Sendable {
    public let pid: Int32
    /// Just before the program was started.
    public let started: ContinuousClock.Instant
    /// stdout and stderr as they arrive, each read timestamped.
    public let outputTranscript: Transcript
    public let errorTranscript: Transcript
    /// stdin's write end (-1 once closed), and whether the program has been waited for.
    private let state: Locked<(input: Int32, reaped: Bool)>

    /// Pipes are made and marked close-on-exec under this lock, so no other test's child inherits them
    /// (a write end held open elsewhere would keep a pipe from ever reaching end-of-file).
    static let spawning = Locked(())

    public init(_ name: String, _ arguments: [String], environment: [String: String]) throws {
        let (pid, started, input, output, errors) = try RunningProcess.spawning.withLock { _ in
            try RunningProcess.spawn(name, arguments, environment: environment)
        }
        self.pid = pid
        self.started = started
        state = Locked((input, false))
        outputTranscript = Transcript(reading: output, closingAtEnd: true)
        errorTranscript = Transcript(reading: errors, closingAtEnd: true)
    }

    deinit {
        let (input, reaped) = state.withLock { $0 }
        if input >= 0 { Glibc.close(input) }
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
    }

    private static func makePipe() throws -> [Int32] {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw POSIXError(.EMFILE) }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return descriptors
    }

    private static func spawn(_ name: String, _ arguments: [String],
                              environment: [String: String]) throws -> (pid_t, ContinuousClock.Instant, Int32, Int32, Int32) {
        // Writing to a program that has already exited must fail, not kill the test run.
        Glibc.signal(SIGPIPE, SIG_IGN)
        let inputPipe = try makePipe()
        let outputPipe = try makePipe()
        let errorPipe = try makePipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        var pid: pid_t = 0
        let (status, started) = BinaryRunner.spawn(&pid, name, arguments, environment: environment, actions: &actions, attributes: nil)
        Glibc.close(inputPipe[0])
        Glibc.close(outputPipe[1])
        Glibc.close(errorPipe[1])
        guard status == 0 else {
            [inputPipe[1], outputPipe[0], errorPipe[0]].forEach { _ = Glibc.close($0) }
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL)
        }
        return (pid, started, inputPipe[1], outputPipe[0], errorPipe[0])
    }

    /// Writes `text` to stdin; false when the program no longer reads it.
    @discardableResult
    public func write(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let input = state.withLock { $0.input }
        var offset = 0
        while offset < bytes.count, input >= 0 {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return offset == bytes.count
    }

    public func closeInput() {
        let input = state.withLock { state in
            defer { state.input = -1 }
            return state.input
        }
        if input >= 0 { Glibc.close(input) }
    }

    /// What stdout has said so far.
    public var output: String { outputTranscript.text }
    public var errors: String { errorTranscript.text }

    /// When stdout and stderr had both ended (the program's exit, unless it handed them on).
    public var outputEndedAt: ContinuousClock.Instant? {
        guard let output = outputTranscript.endedAt, let errors = errorTranscript.endedAt else { return nil }
        return max(output, errors)
    }

    /// Waits until stdout contains `text` (true) or `timeout` passes or the program closes stdout (false).
    public func waitForOutput(containing text: String, timeout: Duration = .seconds(30)) -> Bool {
        outputTranscript.find(text, timeout: timeout) != nil
    }

    public func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Reads stdout and stderr to the end, then waits for exit; kills the program after `timeout`.
    public func finish(timeout: Duration = .seconds(60)) -> ProcessResult {
        let deadline = ContinuousClock.now + timeout
        let timedOut = outputTranscript.waitForEnd(timeout: timeout) == nil
            || errorTranscript.waitForEnd(timeout: max(.zero, deadline - .now)) == nil
        if timedOut { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        state.withLock { $0.reaped = true }
        // After a kill the pipes close too; collect what arrived.
        outputTranscript.waitForEnd(timeout: .seconds(5))
        errorTranscript.waitForEnd(timeout: .seconds(5))
        return ProcessResult(status: BinaryRunner.exitCode(status), standardOutput: Data(outputTranscript.bytes),
                             standardError: Data(errorTranscript.bytes), timedOut: timedOut)
    }
}
