import Foundation
import Glibc

/// Shows a page a screen at a time. On a terminal it always pages, even text shorter than the screen,
/// and its last line says how to close it, so the `q` a reader types to leave lands in the pager and not
/// at the prompt: through `$PAGER` when it is set (run in the foreground with the terminal handed over,
/// see `ForegroundChild`), else page by page (space, Enter, q). Into a pipe the text is written whole.
@MainActor
struct Pager {
    let sink: any TextSink
    let terminal: TerminalInfo
    let input: any LineReading
    let style: Style

    /// Shows `lines`; an external pager gets `plain()` instead, the same text without styles (not
    /// every pager passes escape sequences through).
    func show(_ lines: [String], plain: () -> [String]) async {
        guard terminal.stdoutIsTTY, terminal.stdinIsTTY else {
            sink.write(lines.joined(separator: "\n") + "\n", to: .standardOutput)
            return
        }
        if let pager = terminal.environment["PAGER"], !pager.trimmingWhitespace().isEmpty {
            input.restoreTerminal()
            let started = await ForegroundChild.run(["/bin/sh", "-c", pager], input: plain().joined(separator: "\n") + "\n")
            input.resumeTerminal()
            if started { return }
        }
        await page(lines)
    }

    /// The built-in pager.
    private func page(_ lines: [String]) async {
        let pageHeight = max(3, terminal.height - 1)
        var index = 0
        var budget = pageHeight
        while true {
            let end = min(lines.count, index + budget)
            if end > index { sink.write(lines[index..<end].joined(separator: "\n") + "\n", to: .standardOutput) }
            index = end
            let prompt = index < lines.count
                ? "-- more (\(index * 100 / max(1, lines.count))%) space: next page · enter: next line · q: close --"
                : "-- end · q, space or enter: close --"
            sink.write(style.dim(prompt), to: .standardOutput)
            let key = await input.readKey()
            sink.write("\r\u{1B}[K", to: .standardOutput)
            guard index < lines.count else { return }
            switch key {
            case .character(" "), .control("f"), .character("f"): budget = pageHeight
            case .enter, .character("j"), .down: budget = 1
            default: return
            }
        }
    }
}
