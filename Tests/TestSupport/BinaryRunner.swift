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

    /// An environment for a test run: a private HOME, no XDG overrides, nothing that colours output.
    public static func environment(home: URL, extra: [String: String] = [:]) -> [String: String] {
        var environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        for (key, value) in extra { environment[key] = value }
        return environment
    }

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

/// A program of the package running with pipes for stdin, stdout and stderr.
public final class RunningProcess: Sendable {
    private let process: Process
    private let input: Pipe
    private let collected = Locked<(output: Data, errors: Data, outputClosed: Bool, errorsClosed: Bool)>((Data(), Data(), false, false))
    private let changed = DispatchSemaphore(value: 0)

    public init(_ name: String, _ arguments: [String], environment: [String: String]) throws {
        process = Process()
        process.executableURL = BinaryRunner.url(of: name)
        process.arguments = arguments
        process.environment = environment
        input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        drain(output.fileHandleForReading, isOutput: true)
        drain(errors.fileHandleForReading, isOutput: false)
    }

    public var pid: Int32 { process.processIdentifier }

    private func drain(_ handle: FileHandle, isOutput: Bool) {
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                collected.withLock { state in
                    if data.isEmpty {
                        if isOutput { state.outputClosed = true } else { state.errorsClosed = true }
                    } else if isOutput {
                        state.output.append(data)
                    } else {
                        state.errors.append(data)
                    }
                }
                changed.signal()
                if data.isEmpty { return }
            }
        }
        thread.start()
    }

    public func write(_ text: String) {
        guard !text.isEmpty else { return }
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    public func closeInput() {
        try? input.fileHandleForWriting.close()
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
        kill(process.processIdentifier, number)
    }

    /// Reads stdout and stderr to the end, then waits for exit; kills the program after `timeout`.
    public func finish(timeout: Duration = .seconds(60)) -> ProcessResult {
        let deadline = DispatchTime.now() + timeout.seconds
        var timedOut = false
        while !collected.withLock({ $0.outputClosed && $0.errorsClosed }) {
            if changed.wait(timeout: deadline) == .timedOut {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
        }
        process.waitUntilExit()
        // After a kill the pipes close too; collect what arrived.
        while !collected.withLock({ $0.outputClosed && $0.errorsClosed }) {
            if changed.wait(timeout: .now() + 5) == .timedOut { break }
        }
        let (output, errors) = collected.withLock { ($0.output, $0.errors) }
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ProcessResult(status: status, standardOutput: output, standardError: errors, timedOut: timedOut)
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
