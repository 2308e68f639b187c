import Foundation
import TerminalKit
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

    /// Shows the lines `layout` gives for a width; returns the number of a link (of `links`) the person
    /// typed to follow, the `alternate` key pressed (the page shown the other way), or `back` (where
    /// `canGoBack`), if any. An external pager gets `plain()` instead, the same text without styles (not
    /// every pager passes escape sequences through); links are then followed with `o N LINK`, and the
    /// other way is a command too. `picture`, in the built-in pager, is fetched while the text is shown
    /// and drawn inside the page, under its heading, when it comes.
    func show(_ layout: @escaping (Int) -> [String], links: Int, alternate: PageModel.Alternate? = nil, canGoBack: Bool = false,
              plain: () -> [String], picture: PagePicture? = nil) async -> ReaderAction? {
        // Ctrl-C while the page was laid out: nothing is shown.
        guard !Task.isCancelled else { return nil }
        guard terminal.stdoutIsTTY, terminal.stdinIsTTY else {
            sink.write(layout(terminal.width).joined(separator: "\n") + "\n", to: .standardOutput)
            return nil
        }
        if let pager = terminal.environment["PAGER"], !pager.trimmingWhitespace().isEmpty {
            input.restoreTerminal()
            let started = await ForegroundChild.run(["/bin/sh", "-c", pager], input: plain().joined(separator: "\n") + "\n",
                                                    restorer: restorer)
            input.resumeTerminal()
            if started { return nil }
        }
        let keys = PagerKeys(links: links, alternate: alternate.map { PagerKeys.Alternate(key: $0.key, label: $0.label) },
                             canGoBack: canGoBack)
        return await page(layout, keys: keys, picture: picture)
    }

    /// How often the built-in pager looks, between keys, for a picture that has come, a new size of
    /// the terminal and a return from being stopped.
    private static let lookEvery: Int32 = 100

    /// The built-in pager, which keys work like `less`'s: space, `f` or PgDn a page on, `b` or PgUp a
    /// page back, Enter, `j` or Down a line on, `k` or Up a line back, `g` and `G` (Home, End) the top
    /// and the end, `/` and text to find (the matches shown in reverse), `n` the next match, a link's
    /// number and Enter to follow it, Left or `h` back to the page before (or out), the alternate key for the
    /// page shown the other way, `q` (or space at the end) to close, Ctrl-Z to stop RecipeBook as a
    /// shell job. `?` or a key it does not know brings up the lines of every key. It draws on the
    /// terminal's alternate screen, so closing gives back the screen as it was; a page is the rows the
    /// terminal has but one (or but the lines of keys), counting a line longer than the width as the
    /// rows it takes, and the status line is cut to the width, so nothing scrolls a line away unseen.
    /// When the terminal changes size the page is laid out again for the new width.
    private func page(_ layout: @escaping (Int) -> [String], keys: PagerKeys, picture: PagePicture?) async -> ReaderAction? {
        var size = (columns: max(20, terminal.width), rows: max(2, terminal.height - 1))
        var session = PagerSession(lines: Self.lines(layout, size.columns), rows: size.rows, columns: size.columns, keys: keys)
        var drawn: PagePicture.Drawn?
        let arrival = picture.map { PictureArrival($0.request) }
        defer { arrival?.cancel() }
        sink.write("\u{1B}[?1049h", to: .standardOutput)
        restorer?.alternateScreen(true)
        defer {
            sink.write("\u{1B}[?1049l", to: .standardOutput)
            restorer?.alternateScreen(false)
        }
        /// The page's lines for the terminal's size now, with the picture, when it has come, under the heading.
        func relayout() {
            size = (columns: max(20, terminal.width), rows: max(2, terminal.height - 1))
            var lines = Self.lines(layout, size.columns)
            if drawn == nil, let came = arrival?.picture, let picture {
                drawn = picture.draw(came, size.columns)
            }
            var tall: [Int: Int] = [:]
            if let drawn {
                let at = min(lines.count, lines.firstIndex(of: "").map { $0 + 1 } ?? 0)
                lines.insert(contentsOf: drawn.lines + [""], at: at)
                for (offset, height) in drawn.heights { tall[at + offset] = height }
            }
            session.relayout(lines: lines, rows: size.rows, columns: size.columns, heights: tall)
        }
        while true {
            let frame = session.frame()
            let above = frame.keyLines.map { style.dim($0) + "\n" }.joined()
            let shown = frame.visible.map { style.colors ? PagerWindow.highlight($0, frame.found) : $0 }
            sink.write("\u{1B}[H\u{1B}[2J" + shown.joined(separator: "\n") + "\n" + String(repeating: "\n", count: frame.blankRows)
                       + above + style.dim(frame.status), to: .standardOutput)
            var key: Key?
            while key == nil {
                switch await input.readKey(waitingAtMost: Self.lookEvery) {
                case .key(let pressed): key = pressed
                case .end: return nil
                case .nothing:
                    let now = (columns: max(20, terminal.width), rows: max(2, terminal.height - 1))
                    let pictureCame = drawn == nil && arrival?.picture != nil
                    let resumed = restorer?.takeResumed() ?? false
                    guard now != size || pictureCame || resumed else { continue }
                    relayout()
                }
                if key == nil { break }
            }
            guard let key else { continue }
            switch session.handle(key) {
            case .redraw: continue
            case .close: return nil
            case .follow(let number): return .follow(number)
            case .alternate: return .alternate
            case .back: return .back
            case .suspend:
                // As less does: the terminal as it was found while stopped, the page again after `fg`.
                restorer?.suspend()
                _ = restorer?.takeResumed()
                relayout()
            }
        }
    }

    /// The page's lines laid out for `columns`, tabs as four spaces.
    private static func lines(_ layout: (Int) -> [String], _ columns: Int) -> [String] {
        layout(columns).map { $0.replacingOccurrences(of: "\t", with: "    ") }
    }
}

/// A picture to draw inside a page: how to ask for it, and how to draw it once it has come.
@MainActor
struct PagePicture {
    /// The picture's lines: rows of coloured characters, or a graphics protocol's block (which takes
    /// the rows `heights` gives for its line); its title comes first.
    struct Drawn {
        let lines: [String]
        let heights: [Int: Int]
    }

    let request: PictureRequest
    /// Draws the picture for a page `columns` wide; nil when it cannot be drawn.
    let draw: (PictureModel, Int) -> Drawn?
}

/// A picture being fetched while the page is shown: a task of its own, cancelled when the page closes.
@MainActor
final class PictureArrival {
    private(set) var picture: PictureModel?
    private var task: Task<Void, Never>?

    init(_ request: @escaping PictureRequest) {
        task = Task { [weak self] in
            let picture = await request()
            self?.picture = picture
        }
    }

    func cancel() {
        task?.cancel()
    }
}
