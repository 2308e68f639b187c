import Foundation
import Glibc
import Presenter

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
    /// Knows the external pager while it holds the terminal.
    var restorer: TerminalRestorer?

    /// Shows `lines`; returns the number of a link (of `links`) the person typed to follow, or the
    /// `alternate` key pressed (the page shown the other way), if either. An external pager gets
    /// `plain()` instead, the same text without styles (not every pager passes escape sequences
    /// through); links are then followed with `o N LINK`, and the other way is a command too.
    func show(_ lines: [String], links: Int, alternate: PageModel.Alternate? = nil, plain: () -> [String]) async -> ReaderAction? {
        // Ctrl-C while the page was laid out: nothing is shown.
        guard !Task.isCancelled else { return nil }
        guard terminal.stdoutIsTTY, terminal.stdinIsTTY else {
            sink.write(lines.joined(separator: "\n") + "\n", to: .standardOutput)
            return nil
        }
        if let pager = terminal.environment["PAGER"], !pager.trimmingWhitespace().isEmpty {
            input.restoreTerminal()
            let started = await ForegroundChild.run(["/bin/sh", "-c", pager], input: plain().joined(separator: "\n") + "\n",
                                                    restorer: restorer)
            input.resumeTerminal()
            if started { return nil }
        }
        return await page(lines, links: links, alternate: alternate)
    }

    /// The built-in pager: space for a page, Enter for a line, a link's number and Enter to follow it,
    /// the alternate key for the other way, anything else closes.
    private func page(_ lines: [String], links: Int, alternate: PageModel.Alternate?) async -> ReaderAction? {
        let pageHeight = max(3, terminal.height - 1)
        var index = 0
        var budget = pageHeight
        var typed = ""
        let follow = (links > 0 ? " · 1–\(links) enter: follow a link" : "")
            + (alternate.map { " · \($0.key): \($0.label)" } ?? "")
        while true {
            let end = min(lines.count, index + budget)
            if end > index { sink.write(lines[index..<end].joined(separator: "\n") + "\n", to: .standardOutput) }
            index = end
            budget = 0
            let prompt = index < lines.count
                ? "-- more (\(index * 100 / max(1, lines.count))%) space: next page · enter: next line\(follow) · q: close --"
                : "-- end\(follow) · q, space or enter: close --"
            sink.write(style.dim(prompt) + (typed.isEmpty ? "" : " " + typed), to: .standardOutput)
            let key = await input.readKey()
            sink.write("\r\u{1B}[K", to: .standardOutput)
            switch key {
            case .character(let digit) where digit.isASCII && digit.isNumber && links > 0 && typed.count < 6:
                typed.append(digit)
            case .backspace where !typed.isEmpty:
                typed.removeLast()
            case .enter where !typed.isEmpty:
                return Int(typed).map(ReaderAction.follow)
            case .character(let key) where typed.isEmpty && key == alternate?.key:
                return .alternate
            case .character(" "), .control("f"), .character("f"):
                guard index < lines.count else { return nil }
                budget = pageHeight
            case .enter, .character("j"), .down:
                guard index < lines.count else { return nil }
                budget = 1
            default:
                return nil
            }
        }
    }
}
