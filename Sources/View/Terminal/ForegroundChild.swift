import Foundation
import Glibc

/// Runs a program that uses the terminal (a pager) the way a shell runs a foreground job: in a process
/// group of its own that is given the terminal (`tcsetpgrp`, with SIGTTOU ignored while doing so), with
/// the signals RecipeBook ignores set back to their defaults, and `input` (if any) on its standard
/// input. When it ends, the terminal is taken back. Without this, a pager that reads the terminal is
/// stopped (state T) on its first read and the session hangs.
enum ForegroundChild {
    /// Runs `arguments` (an absolute path first) and waits for it; false when it could not be started.
    /// With `input` nil the child reads the terminal itself. `restorer` knows about the child while it
    /// holds the terminal, to end it and take the terminal back if a signal ends RecipeBook meanwhile.
    static func run(_ arguments: [String], input: String?, restorer: TerminalRestorer?) async -> Bool {
        var pipe: [Int32] = [-1, -1]
        if input != nil {
            guard Glibc.pipe(&pipe) == 0 else { return false }
            _ = fcntl(pipe[1], F_SETFD, FD_CLOEXEC)
        }
        let (readEnd, writeEnd) = (pipe[0], pipe[1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
            posix_spawn_file_actions_addclose(&actions, readEnd)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD] + TerminalRestorer.endingSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        if readEnd >= 0 { close(readEnd) }
        guard spawned == 0 else {
            if writeEnd >= 0 { close(writeEnd) }
            return false
        }
        // Both sides set the group, so it exists before the terminal is handed to it.
        setpgid(pid, pid)
        restorer?.childStarted(group: pid)
        handTerminal(to: pid)
        if let input {
            let text = Array(input.utf8)
            Thread.detachNewThread {
                writeAll(text, to: writeEnd)
                close(writeEnd)
            }
        }
        await wait(for: pid)
        handTerminal(to: getpgrp())
        restorer?.childEnded()
        return true
    }

    /// Makes `group` the terminal's foreground process group, if there is a terminal.
    private static func handTerminal(to group: pid_t) {
        guard isatty(STDIN_FILENO) == 1 else { return }
        let previous = signal(SIGTTOU, SIG_IGN)
        tcsetpgrp(STDIN_FILENO, group)
        signal(SIGTTOU, previous)
    }

    /// Writes everything, or stops quietly when the reader has gone (the pager quit early: EPIPE).
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Waits on a thread of its own for the child to end. A child that stops (Ctrl-Z in the pager)
    /// is given the terminal back and continued: RecipeBook has no job control to offer it.
    private static func wait(for pid: pid_t) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                var status: Int32 = 0
                while true {
                    let result = waitpid(pid, &status, WUNTRACED)
                    if result < 0, errno == EINTR { continue }
                    if result == pid, status & 0xFF == 0x7F {
                        handTerminal(to: pid)
                        kill(-pid, SIGCONT)
                        continue
                    }
                    break
                }
                continuation.resume()
            }
        }
    }
}
