import Foundation

/// The built-in pager's keys as a value: one transition (a key in, what to do out) and the frame to
/// draw, with no terminal, so the keys are tested and fuzzed as they are (`Tests/Fuzz/PagerKeys`).
///
/// The keys work like `less`'s: space, `f` or PgDn a page on, `b` or PgUp a page back, Enter, `j` or
/// Down a line on, `k` or Up a line back, `g` and `G` (Home, End) the top and the end, `/` and text to
/// find, `n` the next match, a link's number and Enter to follow it, the alternate key for the page
/// shown the other way, `q` (or space at the end) to close. A key it does not know only brings up the
/// line of keys.
struct PagerSession {
    /// What a key comes to.
    enum Step: Equatable {
        case stay
        case close
        /// The number typed before Enter (a link to follow).
        case follow(Int)
        /// The alternate key: the page shown the other way.
        case alternate
    }

    /// The longest link number typed, and the longest text to find.
    static let maxTyped = 6
    static let maxPattern = 80

    private(set) var window: PagerWindow
    let links: Int
    let alternate: (key: Character, label: String)?
    /// The digits of a link number typed so far.
    private(set) var typed = ""
    /// The text to find while it is typed (after `/`).
    private(set) var finding: String?
    private var note: String?
    private var showKeys = false

    init(lines: [String], rows: Int, columns: Int, links: Int, alternate: (key: Character, label: String)?) {
        window = PagerWindow(lines: lines, rows: rows, columns: columns)
        self.links = links
        self.alternate = alternate
    }

    /// The lines to show, the empty rows under them and the status line; a note or the line of keys
    /// is shown once.
    mutating func frame() -> (visible: ArraySlice<String>, blankRows: Int, status: String) {
        let status: String
        if let finding {
            status = "/" + finding
        } else if showKeys {
            status = PagerWindow.fit(PagerWindow.keys, columns: window.columns - 1)
        } else {
            status = PagerWindow.fit(window.status(note: note, links: links, alternate: alternate, typed: typed), columns: window.columns - 1)
        }
        showKeys = false
        note = nil
        return (window.visible, window.blankRows, status)
    }

    mutating func handle(_ key: Key) -> Step {
        if var pattern = finding {
            switch key {
            case .enter:
                finding = nil
                if !window.find(pattern) { note = "not found: " + pattern }
            case .backspace:
                if pattern.isEmpty { finding = nil } else { pattern.removeLast(); finding = pattern }
            case .escape, .control("c"), .control("g"):
                finding = nil
            case .character(let character) where pattern.count < Self.maxPattern:
                pattern.append(character)
                finding = pattern
            default:
                break
            }
            return .stay
        }
        switch key {
        case .character(let digit) where digit.isASCII && digit.isNumber && links > 0 && typed.count < Self.maxTyped:
            typed.append(digit)
        case .backspace where !typed.isEmpty:
            typed.removeLast()
        case .enter where !typed.isEmpty:
            return Int(typed).map(Step.follow) ?? .stay
        case .character(let character) where typed.isEmpty && character == alternate?.key:
            return .alternate
        case .character("q"), .character("Q"), .escape:
            return .close
        case .character(" "), .character("f"), .control("f"), .control("v"), .pageDown:
            if window.atEnd && key == .character(" ") { return .close }
            window.scroll(by: window.rows)
        case .character("b"), .control("b"), .pageUp:
            window.scroll(by: -window.rows)
        case .enter, .character("j"), .control("n"), .control("e"), .down:
            if window.atEnd && key == .enter { return .close }
            window.scroll(by: 1)
        case .character("k"), .control("p"), .control("y"), .up:
            window.scroll(by: -1)
        case .character("g"), .character("<"), .home:
            window.top = 0
        case .character("G"), .character(">"), .end:
            window.scroll(by: window.lines.count)
        case .character("/"):
            typed = ""
            finding = ""
        case .character("n"):
            if let last = window.lastFound, !window.find(last) { note = "no more: " + last }
        default:
            typed = ""
            showKeys = true
        }
        return .stay
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
    func status(note: String?, links: Int, alternate: (key: Character, label: String)?, typed: String) -> [String] {
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
