import Foundation
import Glibc
import TestSupport

/// A run of the built `recipes` with what it cost: peak resident memory (VmHWM from `/proc/PID/status`,
/// read while it runs) and CPU time (wait4's resource usage when it ends).
///
/// wait4's ru_maxrss is no measure of the program's memory here: posix_spawn starts the child in the
/// test process's own address space, and exec carries that space's high-water mark into the child's.
struct MeasuredRun {
    let status: Int32
    let output: String
    let errors: String
    /// VmHWM from /proc/PID/status (the kernel's high-water mark of resident memory), the last reading
    /// before the program exited, in bytes.
    let peakBytes: Int
    /// User plus system CPU time of the whole run, in seconds.
    let cpuSeconds: Double
    /// Context switches of the whole run, voluntary and not: every wake-up from a wait is one.
    let contextSwitches: Int
    let timedOut: Bool
    /// From launch to exit.
    var elapsed: Duration = .zero

    /// Runs `recipes` with stdin from `input` and stdout/stderr into files (nothing is held back by a
    /// full pipe), reading VmHWM every few milliseconds until it exits; killed after `limit`.
    static func recipes(_ arguments: [String], input: String = "", environment: [String: String],
                        limit: Duration = .seconds(60)) throws -> MeasuredRun {
        try TemporaryDirectory.withSync { folder in
            let inputPath = folder.appendingPathComponent("stdin").path
            let outputPath = folder.appendingPathComponent("stdout").path
            let errorPath = folder.appendingPathComponent("stderr").path
            try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let path = BinaryRunner.url(of: "recipes").path
            let argv = ([path] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer {
                argv.forEach { free($0) }
                envp.forEach { free($0) }
            }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
            guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }

            let started = ContinuousClock.now
            let deadline = started + limit
            var sampled = 0
            var timedOut = false
            var status: Int32 = 0
            var usage = rusage()
            while true {
                sampled = max(sampled, peakFromProc(pid))
                let reaped = wait4(pid, &status, WNOHANG, &usage)
                if reaped == pid { break }
                if reaped < 0 && errno != EINTR { break }
                if ContinuousClock.now > deadline, !timedOut {
                    timedOut = true
                    kill(pid, SIGKILL)
                }
                _ = poll(nil, 0, 2)  // the sampling interval: a mark reached in the last 2 ms can be missed
            }
            let signal = status & 0x7F
            let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
            let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            return MeasuredRun(status: code, output: output, errors: errors, peakBytes: sampled, cpuSeconds: cpu,
                               contextSwitches: usage.ru_nvcsw + usage.ru_nivcsw, timedOut: timedOut, elapsed: ContinuousClock.now - started)
        }
    }

    /// VmHWM of a running process, 0 once it has exited.
    static func peakFromProc(_ pid: pid_t) -> Int {
        // The file vanishes (or loses its memory lines) when the process exits: 0 then is expected.
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return 0
    }

    var elapsedDescription: String {
        String(format: "%.2f s", elapsed.timeInterval)
    }

    var peakDescription: String {
        String(format: "peak RSS %.1f MiB, CPU %.3f s, %d context switches", Double(peakBytes) / 1_048_576, cpuSeconds,
               contextSwitches)
    }

    /// Lines starting `Error: ` on stdout and stderr together.
    var errorLines: [String] {
        (output + "\n" + errors).split(separator: "\n").map(String.init).filter { $0.hasPrefix("Error: ") }
    }
}
