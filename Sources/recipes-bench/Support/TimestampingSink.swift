import Synchronization
import View

/// A text sink that throws the text away, keeping only when the last screen was written and how
/// many were. A screen is a write to stdout that holds a screen's footer.
final class TimestampingSink: TextSink {
    /// In every search screen's footer ("Recipes 11–20 · screen 2 · n next …"), early enough to survive
    /// the footer being cut to the terminal's width.
    static let screenMarker = " · screen "

    private struct State {
        var screens = 0
        var lastScreenAt: ContinuousClock.Instant?
        var lastText = ""
    }

    private let state = Mutex(State())

    func write(_ text: String, to stream: OutputChannel) {
        guard stream == .standardOutput else { return }
        let now = ContinuousClock.now
        state.withLock { state in
            state.lastText = text
            if text.contains(Self.screenMarker) {
                state.screens += 1
                state.lastScreenAt = now
            }
        }
    }

    var screens: Int { state.withLock { $0.screens } }
    var lastScreenAt: ContinuousClock.Instant? { state.withLock { $0.lastScreenAt } }
    var lastText: String { state.withLock { $0.lastText } }
}
