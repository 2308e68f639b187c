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

    /// The built-in pager, which keys work like `less`'s: space, `f` or PgDn a page on, `b` or PgUp a
    /// page back, Enter, `j` or Down a line on, `k` or Up a line back, `g` and `G` (Home, End) the top
    /// and the end, `/` and text to find, `n` the next match, a link's number and Enter to follow it,
    /// the alternate key for the page shown the other way, `q` (or space at the end) to close. A key it
    /// does not know only brings up the line of keys. It draws on the terminal's alternate screen, so
    /// closing gives back the screen as it was; a page is the rows the terminal has but one, counting a
    /// line longer than the width as the rows it takes, and the status line is cut to the width, so
    /// nothing scrolls a line away unseen.
    private func page(_ lines: [String], links: Int, alternate: PageModel.Alternate?) async -> ReaderAction? {
        var view = PagerWindow(lines: lines.map { $0.replacingOccurrences(of: "\t", with: "    ") }, rows: max(2, terminal.height - 1),
                               columns: max(20, terminal.width))
        var typed = ""
        var finding: String?
        var note: String?
        var showKeys = false
        sink.write("\u{1B}[?1049h", to: .standardOutput)
        defer { sink.write("\u{1B}[?1049l", to: .standardOutput) }
        while true {
            let status: String
            if let finding {
                status = "/" + finding
            } else if showKeys {
                status = PagerWindow.fit(PagerWindow.keys, columns: view.columns - 1)
            } else {
                status = PagerWindow.fit(view.status(note: note, links: links, alternate: alternate, typed: typed), columns: view.columns - 1)
            }
            showKeys = false
            sink.write("\u{1B}[H\u{1B}[2J" + view.visible.joined(separator: "\n") + "\n" + String(repeating: "\n", count: view.blankRows)
                       + style.dim(status), to: .standardOutput)
            note = nil
            guard let key = await input.readKey() else { return nil }
            if var pattern = finding {
                switch key {
                case .enter:
                    finding = nil
                    if !view.find(pattern) { note = "not found: " + pattern }
                case .backspace:
                    if pattern.isEmpty { finding = nil } else { pattern.removeLast(); finding = pattern }
                case .escape, .control("c"), .control("g"):
                    finding = nil
                case .character(let character) where pattern.count < 80:
                    pattern.append(character)
                    finding = pattern
                default:
                    break
                }
                continue
            }
            switch key {
            case .character(let digit) where digit.isASCII && digit.isNumber && links > 0 && typed.count < 6:
                typed.append(digit)
            case .backspace where !typed.isEmpty:
                typed.removeLast()
            case .enter where !typed.isEmpty:
                return Int(typed).map(ReaderAction.follow)
            case .character(let key) where typed.isEmpty && key == alternate?.key:
                return .alternate
            case .character("q"), .character("Q"), .escape:
                return nil
            case .character(" "), .character("f"), .control("f"), .control("v"), .pageDown:
                if view.atEnd && key == .character(" ") { return nil }
                view.scroll(by: view.rows)
            case .character("b"), .control("b"), .pageUp:
                view.scroll(by: -view.rows)
            case .enter, .character("j"), .control("n"), .control("e"), .down:
                if view.atEnd && key == .enter { return nil }
                view.scroll(by: 1)
            case .character("k"), .control("p"), .control("y"), .up:
                view.scroll(by: -1)
            case .character("g"), .character("<"), .home:
                view.top = 0
            case .character("G"), .character(">"), .end:
                view.scroll(by: view.lines.count)
            case .character("/"):
                typed = ""
                finding = ""
            case .character("n"):
                if let last = view.lastFound, !view.find(last) { note = "no more: " + last }
            default:
                typed = ""
                showKeys = true
            }
        }
    }
}

/// Which lines of a page the pager shows: a window of `rows` terminal rows starting at line `top`.
struct PagerWindow {
    /// The line of keys a key the pager does not know brings up.
    static let keys = ["space/b page", "j/k line", "g/G top/end", "/ find", "n next found", "q close"]

    let lines: [String]
    let rows: Int
    let columns: Int
    var top = 0
    private(set) var lastFound: String?

    init(lines: [String], rows: Int, columns: Int) {
        self.lines = lines
        self.rows = rows
        self.columns = columns
    }

    /// The rows a line takes on the terminal (a line wider than the terminal wraps).
    func height(of index: Int) -> Int {
        max(1, (TextLayout.displayWidth(PagerWindow.plain(lines[index])) + columns - 1) / columns)
    }

    /// The lines from `top` that fit in the window (at least one).
    var visible: ArraySlice<String> {
        lines[top..<end]
    }

    /// One past the last line shown.
    var end: Int {
        var used = 0
        var index = top
        while index < lines.count {
            let height = height(of: index)
            if used + height > rows && index > top { break }
            used += height
            index += 1
        }
        return index
    }

    /// Empty rows under the last line, so the status line stays at the bottom.
    var blankRows: Int {
        max(0, rows - (top..<end).reduce(0) { $0 + height(of: $1) })
    }

    var atEnd: Bool { end >= lines.count }

    /// The top line of the last window: the one whose window ends with the page's last line.
    var lastTop: Int {
        var used = 0
        var index = lines.count
        while index > 0 {
            let height = height(of: index - 1)
            if used + height > rows { break }
            used += height
            index -= 1
        }
        return min(index, max(0, lines.count - 1))
    }

    mutating func scroll(by lineCount: Int) {
        top = max(0, min(top + lineCount, lastTop))
    }

    /// Moves to the next line after `top` holding `pattern` (case ignored); false when none does.
    mutating func find(_ pattern: String) -> Bool {
        guard !pattern.isEmpty else { return true }
        lastFound = pattern
        let wanted = pattern.lowercased()
        guard let found = lines.indices.dropFirst(top + 1).first(where: { PagerWindow.plain(lines[$0]).lowercased().contains(wanted) })
        else { return false }
        top = found
        return true
    }

    /// `-- more 35% · 1–12 enter: link · p: whole page · space/b: page · q: close --`, or at the end
    /// `-- end · … · q, space or enter: close --`.
    func status(note: String?, links: Int, alternate: PageModel.Alternate?, typed: String) -> [String] {
        var parts = [atEnd ? "end" : "more \(min(99, end * 100 / max(1, lines.count)))%"]
        if let note { parts.append(note) }
        if !typed.isEmpty { parts.append("link \(typed)") }
        if links > 0 { parts.append("1–\(links) enter: follow a link") }
        if let alternate { parts.append("\(alternate.key): \(alternate.label)") }
        parts.append(atEnd ? "q, space or enter: close" : "space/b: page · q: close")
        return parts
    }

    /// The status parts joined as `-- a · b · c --`, dropping parts from the middle until it fits in
    /// `columns` (so it never wraps onto a second row); the first and last parts and the dashes stay.
    static func fit(_ parts: [String], columns: Int) -> String {
        var parts = parts
        func joined() -> String { "-- " + parts.joined(separator: " · ") + " --" }
        while TextLayout.displayWidth(joined()) > columns && parts.count > 2 {
            parts.remove(at: parts.count - 2)
        }
        guard TextLayout.displayWidth(joined()) > columns else { return joined() }
        return "-- " + TextLayout.truncate(parts.joined(separator: " · "), width: max(1, columns - 6)) + " --"
    }

    /// The text without the escape sequences of its styles.
    static func plain(_ line: String) -> String {
        guard line.contains("\u{1B}") else { return line }
        var result = ""
        var inEscape = false
        for character in line {
            if inEscape {
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value), character != "[" { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            result.append(character)
        }
        return result
    }
}
