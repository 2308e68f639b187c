import Foundation
import Glibc

/// Inside tmux, text copied also goes to tmux's paste buffer (`tmux set-buffer`), where prefix-] pastes
/// it: tmux passes OSC 52 on to the terminal's clipboard only when its `set-clipboard` option allows.
enum TmuxBuffer {
    /// Whether `environment` is that of a program running inside tmux.
    static func isInside(_ environment: [String: String]) -> Bool {
        !(environment["TMUX"] ?? "").isEmpty
    }

    /// Starts `tmux set-buffer -- TEXT` (the text an argument, never read by a shell) in a session of its
    /// own with nothing to read or write, and reaps it when it ends; false when it could not be started.
    @discardableResult
    static func load(_ text: String) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        let arguments: [String] = ["tmux", "set-buffer", "--", text]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc's 0x80): a session of its own, so that leaving RecipeBook at once
        // (its terminal hanging up) does not stop it half way.
        posix_spawnattr_setflags(&attributes, 0x80)
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ) == 0 else { return false }
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0, errno == EINTR {}
        }
        return true
    }
}
