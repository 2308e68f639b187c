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

    /// The built-in pager (its keys: `PagerSession`). It draws on the terminal's alternate screen, so
    /// closing gives back the screen as it was; a page is the rows the terminal has but one, counting a
    /// line longer than the width as the rows it takes, and the status line is cut to the width, so
    /// nothing scrolls a line away unseen.
    private func page(_ lines: [String], links: Int, alternate: PageModel.Alternate?) async -> ReaderAction? {
        var session = PagerSession(lines: lines.map { $0.replacingOccurrences(of: "\t", with: "    ") }, rows: max(2, terminal.height - 1),
                                   columns: max(20, terminal.width), links: links, alternate: alternate.map { ($0.key, $0.label) })
        sink.write("\u{1B}[?1049h", to: .standardOutput)
        defer { sink.write("\u{1B}[?1049l", to: .standardOutput) }
        while true {
            let frame = session.frame()
            sink.write("\u{1B}[H\u{1B}[2J" + frame.visible.joined(separator: "\n") + "\n" + String(repeating: "\n", count: frame.blankRows)
                       + style.dim(frame.status), to: .standardOutput)
            guard let key = await input.readKey() else { return nil }
            switch session.handle(key) {
            case .stay: continue
            case .close: return nil
            case .follow(let number): return .follow(number)
            case .alternate: return .alternate
            }
        }
    }
}
