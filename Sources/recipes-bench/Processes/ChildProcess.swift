import Foundation
import Glibc

/// A program started for a measurement, its output read through a pipe or a pseudo-terminal. Every
/// wait is bounded; a child still running when this is released is killed. One task drives it.
final class ChildProcess {
    enum Wiring {
        /// stdin is a pipe; stdout and stderr share another.
        case pipes
        /// stdin, stdout and stderr are one pseudo-terminal of this size.
        case terminal(rows: UInt16, columns: UInt16)
    }

    let name: String
    let pid: pid_t
    /// Just before the program was started.
    let started: ContinuousClock.Instant
    private var input: Int32
    private let output: Int32
    private let ownsSeparateInput: Bool
    /// Output read but not yet consumed by `waitFor`.
    private var pending: [UInt8] = []
    /// The last bytes read, for error messages.
    private var tail: [UInt8] = []
    private var lastReadAt: ContinuousClock.Instant
    private(set) var endedAt: ContinuousClock.Instant?
    private var reaped = false

    init(_ path: String, _ arguments: [String], environment: [String: String], wiring: Wiring) throws {
        name = URL(fileURLWithPath: path).lastPathComponent
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        var childEnds: [Int32] = []
        switch wiring {
        case .pipes:
            let stdin = try Self.pipe()
            let stdout = try Self.pipe()
            posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
            posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
            posix_spawn_file_actions_adddup2(&actions, stdout.write, 2)
            childEnds = [stdin.read, stdout.write]
            input = stdin.write
            output = stdout.read
            ownsSeparateInput = true
        case .terminal(let rows, let columns):
            let terminal = try PseudoTerminal(rows: rows, columns: columns)
            posix_spawn_file_actions_addopen(&actions, 0, terminal.devicePath, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
            // A session of its own, so the terminal becomes its controlling terminal.
            posix_spawnattr_setflags(&attributes, PseudoTerminal.spawnNewSession)
            input = terminal.controller
            output = terminal.controller
            ownsSeparateInput = false
        }

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        started = .now
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        childEnds.forEach { close($0) }
        guard status == 0 else {
            close(output)
            if ownsSeparateInput { close(input) }
            throw BenchError("cannot start \(path): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        lastReadAt = started
    }

    deinit {
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        if ownsSeparateInput, input >= 0 { close(input) }
        close(output)
    }

    // MARK: Input

    func write(_ text: String) throws {
        guard input >= 0 else { throw BenchError("\(name): its input is already closed") }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw BenchError("\(name) stopped reading its input: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    /// Ends the input: closes the pipe, or on a terminal types Ctrl-D.
    func closeInput() throws {
        if ownsSeparateInput {
            if input >= 0 { close(input) }
            input = -1
        } else {
            try write("\u{04}")
        }
    }

    // MARK: Output

    /// Waits until `marker` has appeared `occurrences` more times in the output and returns the moment
    /// the read that brought the last of them returned.
    @discardableResult
    func waitFor(_ marker: String, occurrences: Int = 1, timeout: Duration) throws -> ContinuousClock.Instant {
        let needle = Array(marker.utf8)
        let deadline = ContinuousClock.now + timeout
        var found = 0
        while true {
            while let range = pending.firstRange(of: needle) {
                found += 1
                pending.removeSubrange(..<range.upperBound)
                if found >= occurrences { return lastReadAt }
            }
            if pending.count >= needle.count { pending.removeFirst(pending.count - needle.count + 1) }
            guard try readSome(until: deadline) else {
                throw BenchError("\(name) ended after \(found) of \(occurrences) × \"\(marker)\"; it last wrote: \(tailText)")
            }
            if ContinuousClock.now >= deadline {
                throw BenchError("\(name): no \"\(marker)\" (\(found) of \(occurrences)) within \(timeout); it last wrote: \(tailText)")
            }
        }
    }

    /// Reads until the output ends (every writer closed it); returns what was not consumed yet.
    @discardableResult
    func readToEnd(timeout: Duration) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while try readSome(until: deadline) {
            if ContinuousClock.now >= deadline {
                throw BenchError("\(name) still writing after \(timeout); it last wrote: \(tailText)")
            }
        }
        return String(decoding: pending, as: UTF8.self)
    }

    /// Waits for the program to exit and returns its exit status (128 + signal when killed).
    @discardableResult
    func wait(timeout: Duration) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                reaped = true
                let signal = status & 0x7f
                return signal == 0 ? (status >> 8) & 0xff : 128 + signal
            }
            if result < 0, errno != EINTR { throw BenchError("\(name): waitpid failed: \(String(cString: strerror(errno)))") }
            if ContinuousClock.now >= deadline {
                throw BenchError("\(name) did not exit within \(timeout); it last wrote: \(tailText)")
            }
            usleep(200)
        }
    }

    /// Asks the program to stop (SIGTERM).
    func terminate() {
        if !reaped { kill(pid, SIGTERM) }
    }

    var tailText: String {
        let text = String(decoding: tail, as: UTF8.self)
        return text.isEmpty ? "(nothing)" : "…" + text.replacingOccurrences(of: "\u{1B}", with: "⎋")
    }

    /// Reads what arrives before `deadline`; false once the output has ended.
    private func readSome(until deadline: ContinuousClock.Instant) throws -> Bool {
        if endedAt != nil { return false }
        let remaining = max(1, Int32(min((deadline - .now).milliseconds.rounded(.up), 60_000)))
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, remaining)
        if ready < 0, errno != EINTR { throw BenchError("\(name): poll failed: \(String(cString: strerror(errno)))") }
        guard ready > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
        if count > 0 {
            lastReadAt = .now
            pending += buffer[0..<count]
            tail = Array((tail + buffer[0..<count]).suffix(400))
            return true
        }
        if count < 0, errno == EINTR || errno == EAGAIN { return true }
        // 0 on a pipe, EIO on a terminal whose other side has closed.
        endedAt = .now
        return false
    }

    private static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw BenchError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        // Close-on-exec, so no other child inherits them and hides the end of the output.
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}
