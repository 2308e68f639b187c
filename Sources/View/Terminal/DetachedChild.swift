import Foundation
import Glibc

/// A program started in a session of its own (so closing RecipeBook's terminal does not stop it) with
/// nothing to read or write, its signals its own again.
enum DetachedChild {
    /// Starts `arguments` (the program found on the PATH when it names no folder); its pid, or nil when
    /// it could not be started.
    static func spawn(_ arguments: [String]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        // The signals RecipeBook ignores or listens for are the child's own again, none blocked.
        for signal in [SIGINT, SIGPIPE] + TerminalRestorer.endingSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        // POSIX_SPAWN_SETSID (glibc's 0x80, which the Glibc module does not bring in).
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | 0x80)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard let program = arguments.first, posix_spawnp(&pid, program, &actions, &attributes, argv, environ) == 0 else { return nil }
        return pid
    }

    /// Reaps `pid` when it ends, on a thread of its own.
    static func reapWhenDone(_ pid: pid_t) {
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
    }
}
