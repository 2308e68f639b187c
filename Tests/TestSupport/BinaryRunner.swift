public import Foundation
import Services
import Glibc

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

    /// posix_spawn for a package binary (or an absolute path) with C strings made and freed here.
    static func spawn(_ pid: inout pid_t, _ name: String, _ arguments: [String], environment: [String: String],
                      actions: inout posix_spawn_file_actions_t, attributes: UnsafePointer<posix_spawnattr_t>?) -> Int32 {
        let path = url(of: name).path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        return posix_spawn(&pid, path, &actions, attributes, argv, envp)
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
/// sanitizer reports).
public final class RunningProcess: Sendable {
    private let pid: pid_t
    private let input: Int32
    private let collected = Locked<(output: Data, errors: Data, outputClosed: Bool, errorsClosed: Bool)>((Data(), Data(), false, false))
    private let changed = DispatchSemaphore(value: 0)

    /// Pipes are made and marked close-on-exec under this lock, so no other test's child inherits them
    /// (a write end held open elsewhere would keep a pipe from ever reaching end-of-file).
    static let spawning = Locked(())

    public init(_ name: String, _ arguments: [String], environment: [String: String]) throws {
        let (pid, input, output, errors) = try RunningProcess.spawning.withLock { _ in
            try RunningProcess.spawn(name, arguments, environment: environment)
        }
        self.pid = pid
        self.input = input
        drain(output, isOutput: true)
        drain(errors, isOutput: false)
    }

    private static func makePipe() throws -> [Int32] {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw POSIXError(.EMFILE) }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return descriptors
    }

    private static func spawn(_ name: String, _ arguments: [String], environment: [String: String]) throws -> (pid_t, Int32, Int32, Int32) {
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
        let status = BinaryRunner.spawn(&pid, name, arguments, environment: environment, actions: &actions, attributes: nil)
        Glibc.close(inputPipe[0])
        Glibc.close(outputPipe[1])
        Glibc.close(errorPipe[1])
        guard status == 0 else {
            [inputPipe[1], outputPipe[0], errorPipe[0]].forEach { _ = Glibc.close($0) }
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL)
        }
        return (pid, inputPipe[1], outputPipe[0], errorPipe[0])
    }

    private func drain(_ descriptor: Int32, isOutput: Bool) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                collected.withLock { state in
                    if count <= 0 {
                        if isOutput { state.outputClosed = true } else { state.errorsClosed = true }
                    } else if isOutput {
                        state.output.append(contentsOf: buffer[0..<count])
                    } else {
                        state.errors.append(contentsOf: buffer[0..<count])
                    }
                }
                changed.signal()
                if count <= 0 {
                    Glibc.close(descriptor)
                    return
                }
            }
        }
        thread.start()
    }

    public func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    public func closeInput() {
        Glibc.close(input)
    }

    /// What stdout has said so far.
    public var output: String { collected.withLock { String(decoding: $0.output, as: UTF8.self) } }
    public var errors: String { collected.withLock { String(decoding: $0.errors, as: UTF8.self) } }

    /// Waits until stdout contains `text` (true) or `timeout` passes or the program closes stdout (false).
    public func waitForOutput(containing text: String, timeout: Duration = .seconds(30)) -> Bool {
        let deadline = DispatchTime.now() + timeout.seconds
        while true {
            let (found, closed) = collected.withLock { (String(decoding: $0.output, as: UTF8.self).contains(text), $0.outputClosed) }
            if found { return true }
            if closed || changed.wait(timeout: deadline) == .timedOut { return false }
        }
    }

    public func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Reads stdout and stderr to the end, then waits for exit; kills the program after `timeout`.
    public func finish(timeout: Duration = .seconds(60)) -> ProcessResult {
        let deadline = DispatchTime.now() + timeout.seconds
        var timedOut = false
        while !collected.withLock({ $0.outputClosed && $0.errorsClosed }) {
            if changed.wait(timeout: deadline) == .timedOut {
                timedOut = true
                kill(pid, SIGKILL)
                break
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // After a kill the pipes close too; collect what arrived.
        while !collected.withLock({ $0.outputClosed && $0.errorsClosed }) {
            if changed.wait(timeout: .now() + 5) == .timedOut { break }
        }
        let (output, errors) = collected.withLock { ($0.output, $0.errors) }
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return ProcessResult(status: code, standardOutput: output, standardError: errors, timedOut: timedOut)
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
