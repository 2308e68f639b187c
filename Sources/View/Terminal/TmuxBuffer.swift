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
        guard let pid = DetachedChild.spawn(["tmux", "set-buffer", "--", text]) else { return false }
        DetachedChild.reapWhenDone(pid)
        return true
    }
}
