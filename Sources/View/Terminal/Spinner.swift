import Foundation
import TerminalKit
import Presenter

/// A spinner on stderr for requests that take a while: it appears only after `delay`, so quick
/// answers never flicker, and it draws only on a terminal.
@MainActor
final class Spinner {
    private let sink: any TextSink
    private let enabled: Bool
    private let delay: Duration
    /// The terminal's columns now: a line as wide would wrap, and `\r` would go back to its second row.
    private let columns: @MainActor () -> Int
    private var task: Task<Void, Never>?
    private var drawn = false

    init(sink: any TextSink, enabled: Bool, delay: Duration = .milliseconds(150), columns: @escaping @MainActor () -> Int = { 80 }) {
        self.sink = sink
        self.columns = columns
        self.enabled = enabled
        self.delay = delay
    }

    func start(_ text: String) {
        stop()
        guard enabled else { return }
        let text = PrintableText.line(text)
        task = Task { [weak self, delay] in
            do {
                try await Task.sleep(for: delay)
                let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
                var frame = 0
                while !Task.isCancelled {
                    guard let self else { return }
                    // Cut to one column less than the width, so the line never wraps.
                    self.draw("\r" + TextLayout.truncate("\(frames[frame % frames.count]) \(text)…", width: max(1, self.columns() - 1)) + "\u{1B}[K")
                    frame += 1
                    try await Task.sleep(for: .milliseconds(100))
                }
            } catch {
                return
            }
        }
    }

    func stop() {
        task?.cancel()
        task = nil
        if drawn {
            sink.write("\r\u{1B}[K", to: .standardError)
            drawn = false
        }
    }

    /// Takes the spinner's line away so that other output starts on a clean line; it is drawn again at
    /// its next turn, below that output.
    func clearLine() {
        guard drawn else { return }
        sink.write("\r\u{1B}[K", to: .standardError)
        drawn = false
    }

    private func draw(_ text: String) {
        drawn = true
        sink.write(text, to: .standardError)
    }
}
