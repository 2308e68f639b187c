import Foundation

/// Shows long text a screen at a time: through `$PAGER` when it is set, page by page on a terminal
/// (space for more, Enter for a line, q to stop), and all at once into a pipe.
@MainActor
struct Pager {
    let sink: any TextSink
    let terminal: TerminalInfo
    let input: any LineReading
    let style: Style

    func show(_ lines: [String]) async {
        if terminal.stdoutIsTTY, let pager = terminal.environment["PAGER"], !pager.trimmingWhitespace().isEmpty,
           await runExternal(pager, lines) {
            return
        }
        guard terminal.stdoutIsTTY, terminal.stdinIsTTY else {
            sink.write(lines.joined(separator: "\n") + "\n", to: .standardOutput)
            return
        }
        let pageHeight = max(3, terminal.height - 1)
        var index = 0
        var budget = pageHeight
        while index < lines.count {
            let end = min(lines.count, index + budget)
            sink.write(lines[index..<end].joined(separator: "\n") + "\n", to: .standardOutput)
            index = end
            guard index < lines.count else { break }
            let percent = index * 100 / lines.count
            sink.write(style.dim("-- more (\(percent)%) space: next page · enter: next line · q: stop --"), to: .standardOutput)
            let key = await input.readKey()
            sink.write("\r\u{1B}[K", to: .standardOutput)
            switch key {
            case .character(" "), .control("f"), .character("f"): budget = pageHeight
            case .enter, .character("j"), .down: budget = 1
            default:
                return
            }
        }
    }

    /// Pipes the text through `$PAGER` (run by `/bin/sh`); false when it could not be started.
    private func runExternal(_ command: String, _ lines: [String]) async -> Bool {
        input.restoreTerminal()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardInput = pipe
        let finished = AsyncStream<Void> { continuation in
            process.terminationHandler = { _ in continuation.finish() }
        }
        do {
            try process.run()
        } catch {
            return false
        }
        let text = Data((lines.joined(separator: "\n") + "\n").utf8)
        try? pipe.fileHandleForWriting.write(contentsOf: text)
        try? pipe.fileHandleForWriting.close()
        for await _ in finished {}
        return true
    }
}

/// A spinner on stderr for requests that take a while: it appears only after `delay`, so quick
/// answers never flicker, and it draws only on a terminal.
@MainActor
final class Spinner {
    private let sink: any TextSink
    private let enabled: Bool
    private let delay: Duration
    private var task: Task<Void, Never>?
    private var drawn = false

    init(sink: any TextSink, enabled: Bool, delay: Duration = .milliseconds(150)) {
        self.sink = sink
        self.enabled = enabled
        self.delay = delay
    }

    func start(_ text: String) {
        stop()
        guard enabled else { return }
        let text = TerminalSafety.line(text)
        task = Task { [weak self, delay] in
            do {
                try await Task.sleep(for: delay)
                let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
                var frame = 0
                while !Task.isCancelled {
                    self?.draw("\r\(frames[frame % frames.count]) \(text)…\u{1B}[K")
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

    private func draw(_ text: String) {
        drawn = true
        sink.write(text, to: .standardError)
    }
}
