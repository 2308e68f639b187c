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
        return await page(layout, keys: PagerKeys(links: links, alternate: alternate, canGoBack: canGoBack), picture: picture)
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
        var text = layout(size.columns).map { $0.replacingOccurrences(of: "\t", with: "    ") }
        var view = PagerWindow(lines: text, rows: size.rows, columns: size.columns)
        var drawn: PagePicture.Drawn?
        var typed = ""
        var finding: String?
        var note: String?
        var showKeys = false
        let arrival = picture.map { PictureArrival($0.request) }
        defer { arrival?.cancel() }
        sink.write("\u{1B}[?1049h", to: .standardOutput)
        restorer?.alternateScreen(true)
        defer {
            sink.write("\u{1B}[?1049l", to: .standardOutput)
            restorer?.alternateScreen(false)
        }
        /// The page's lines with the picture, when it has come, under the heading.
        func relayout(columns: Int, rows: Int) {
            let top = view.lines.isEmpty ? 0 : view.top * max(1, text.count) / max(1, view.lines.count)
            text = layout(columns).map { $0.replacingOccurrences(of: "\t", with: "    ") }
            if drawn == nil, let came = arrival?.picture, let picture {
                drawn = picture.draw(came, columns)
            }
            var lines = text
            var tall: [Int: Int] = [:]
            if let drawn {
                let at = min(lines.count, lines.firstIndex(of: "").map { $0 + 1 } ?? 0)
                lines.insert(contentsOf: drawn.lines + [""], at: at)
                for (offset, height) in drawn.heights { tall[at + offset] = height }
            }
            view = PagerWindow(lines: lines, rows: rows, columns: columns, heights: tall, found: view.lastFound)
            view.top = min(top, view.lastTop)
        }
        while true {
            let keyLines = showKeys ? keys.lines(columns: view.columns - 1) : []
            let status: String
            if let finding {
                status = "/" + finding
            } else if showKeys {
                status = keyLines.last ?? ""
            } else {
                status = PagerWindow.fit(view.status(note: note, links: keys.links, alternate: keys.alternate, typed: typed), columns: view.columns - 1)
            }
            var window = view
            // The lines of keys take rows from the page while they are shown.
            window.rows = max(1, view.rows - (keyLines.count - (keyLines.isEmpty ? 0 : 1)))
            let above = keyLines.dropLast().map { style.dim($0) + "\n" }.joined()
            let shown = window.visible.map { style.colors ? PagerWindow.highlight($0, window.lastFound) : $0 }
            sink.write("\u{1B}[H\u{1B}[2J" + shown.joined(separator: "\n") + "\n" + String(repeating: "\n", count: window.blankRows)
                       + above + style.dim(status), to: .standardOutput)
            showKeys = false
            note = nil
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
                    size = now
                    relayout(columns: size.columns, rows: size.rows)
                }
                if key == nil { break }
            }
            guard let key else { continue }
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
            case .character(let digit) where digit.isASCII && digit.isNumber && keys.links > 0 && typed.count < 6:
                typed.append(digit)
            case .backspace where !typed.isEmpty:
                typed.removeLast()
            case .enter where !typed.isEmpty:
                return Int(typed).map(ReaderAction.follow)
            case .character(let key) where typed.isEmpty && key == keys.alternate?.key:
                return .alternate
            case .character("h"), .left:
                // With no page before, back is out of the reader.
                return keys.canGoBack ? .back : nil
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
            case .control("z"):
                // As less does: the terminal as it was found while stopped, the page again after `fg`.
                restorer?.suspend()
                _ = restorer?.takeResumed()
                size = (columns: max(20, terminal.width), rows: max(2, terminal.height - 1))
                relayout(columns: size.columns, rows: size.rows)
            default:
                typed = ""
                showKeys = true
            }
        }
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

/// The keys the built-in pager takes on this page, in lines to show when asked.
struct PagerKeys {
    let links: Int
    let alternate: PageModel.Alternate?
    let canGoBack: Bool

    /// Every key, in lines no wider than `columns`, broken only between keys.
    func lines(columns: Int) -> [String] {
        var keys = ["space/f/PgDn page on", "b/PgUp page back", "Enter/j/Down line on", "k/Up line back", "g/Home top", "G/End end",
                    "/ find", "n next found"]
        if links > 0 { keys.append("1–\(links) Enter: follow a link") }
        keys.append(canGoBack ? "h/Left back" : "h/Left close")
        if let alternate { keys.append("\(alternate.key): \(alternate.label)") }
        keys += ["Ctrl-Z stop", "q/Esc close"]
        var lines: [String] = []
        var line = ""
        for key in keys {
            let joined = line.isEmpty ? key : line + " · " + key
            if !line.isEmpty, TextLayout.displayWidth(joined) > columns {
                lines.append(line)
                line = key
            } else {
                line = joined
            }
        }
        lines.append(line)
        return lines.map { TextLayout.truncate($0, width: columns) }
    }
}

/// Which lines of a page the pager shows: a window of `rows` terminal rows starting at line `top`.
struct PagerWindow {
    let lines: [String]
    var rows: Int
    let columns: Int
    /// Lines that take more rows than their text says: a picture drawn by a graphics protocol.
    let heights: [Int: Int]
    var top = 0
    private(set) var lastFound: String?

    init(lines: [String], rows: Int, columns: Int, heights: [Int: Int] = [:], found: String? = nil) {
        self.lines = lines
        self.rows = rows
        self.columns = columns
        self.heights = heights
        self.lastFound = found
    }

    /// The rows a line takes on the terminal (a line wider than the terminal wraps).
    func height(of index: Int) -> Int {
        if let height = heights[index] { return height }
        return max(1, (TextLayout.displayWidth(PagerWindow.plain(lines[index])) + columns - 1) / columns)
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

    /// `line` with each match of `pattern` (case ignored) in reverse video; the escape sequences of its
    /// styles are kept and never matched.
    static func highlight(_ line: String, _ pattern: String?) -> String {
        guard let pattern, !pattern.isEmpty else { return line }
        let wanted = pattern.map { String($0).lowercased() }
        // The characters that show, each with where it starts in `line`.
        var shown: [(text: String, at: Int)] = []
        let characters = Array(line)
        var inEscape = false
        for (index, character) in characters.enumerated() {
            if inEscape {
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value), character != "[" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                shown.append((String(character).lowercased(), index))
            }
        }
        var marks: [(start: Int, end: Int)] = []
        var index = 0
        while index + wanted.count <= shown.count {
            if (0..<wanted.count).allSatisfy({ shown[index + $0].text == wanted[$0] }) {
                marks.append((shown[index].at, shown[index + wanted.count - 1].at + 1))
                index += wanted.count
            } else {
                index += 1
            }
        }
        guard !marks.isEmpty else { return line }
        var result = ""
        var from = 0
        for mark in marks {
            result += String(characters[from..<mark.start]) + "\u{1B}[7m" + String(characters[mark.start..<mark.end]) + "\u{1B}[27m"
            from = mark.end
        }
        return result + String(characters[from...])
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
