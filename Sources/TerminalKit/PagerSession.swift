import Foundation
import TextSafety

/// The built-in pager's keys as a value: one transition (a key in, what to do out) and the frame to
/// draw, with no terminal, so the keys are tested and fuzzed as they are (`Tests/Fuzz/PagerKeys`). The
/// pager's loop (`Pager`) keeps the terminal: it reads the keys, notices a new size or a picture that
/// has come, lays the page out and draws the frames this value gives.
///
/// The keys work like `less`'s: space, `f` or PgDn a page on, `b` or PgUp a page back, Enter, `j` or
/// Down a line on, `k` or Up a line back, `g` and `G` (Home, End) the top and the end, `/` and text to
/// find, `n` the next match, a link's number and Enter to follow it, Left or `h` back to the page
/// before (or out when there is none), the alternate key for the page shown the other way, `q` (or
/// space or Enter at the end) to close, Ctrl-Z to stop. `?` or a key it does not know brings up the
/// lines of every key, once.
package struct PagerSession {
    /// What a key comes to.
    package enum Step: Equatable {
        /// Draw the frame again.
        case redraw
        case close
        /// The number typed before Enter (a link to follow).
        case follow(Int)
        /// The alternate key: the page shown the other way.
        case alternate
        /// Back to the page a link was followed from.
        case back
        /// Ctrl-Z: stop as a shell job, then lay the page out again for the terminal as it is then.
        case suspend
    }

    /// What to draw: the lines of keys above the status line but its last, the page's lines shown
    /// with the empty rows under them, the status line, and the text whose matches are shown.
    package struct Frame {
        package let keyLines: [String]
        package let visible: ArraySlice<String>
        package let blankRows: Int
        package let status: String
        package let found: String?
    }

    /// The longest link number typed, and the longest text to find.
    package static let maxTyped = 6
    package static let maxPattern = 80

    package private(set) var window: PagerWindow
    package let keys: PagerKeys
    /// The digits of a link number typed so far.
    package private(set) var typed = ""
    /// The text to find while it is typed (after `/`).
    package private(set) var finding: String?
    private var note: String?
    private var showKeys = false

    package init(lines: [String], rows: Int, columns: Int, heights: [Int: Int] = [:], keys: PagerKeys) {
        window = PagerWindow(lines: lines, rows: rows, columns: columns, heights: heights)
        self.keys = keys
    }

    /// The page laid out again (a new width, or a picture come): the line at the top is the one as far
    /// into the new lines as the old top was into the old, kept within the last window; the text found
    /// last stays found.
    package mutating func relayout(lines: [String], rows: Int, columns: Int, heights: [Int: Int] = [:]) {
        let top = window.lines.isEmpty ? 0 : window.top * lines.count / window.lines.count
        window = PagerWindow(lines: lines, rows: rows, columns: columns, heights: heights, found: window.lastFound)
        window.top = min(top, window.lastTop)
    }

    /// The frame to draw; a note or the lines of keys are shown once.
    package mutating func frame() -> Frame {
        let keyLines = showKeys ? keys.lines(columns: window.columns - 1) : []
        let status: String
        if let finding {
            status = "/" + finding
        } else if showKeys {
            status = keyLines.last ?? ""
        } else {
            status = PagerWindow.fit(window.status(note: note, links: keys.links, alternate: keys.alternate, typed: typed),
                                     columns: window.columns - 1)
        }
        // The lines of keys take rows from the page while they are shown, all but one: in a terminal too
        // small for every key, the first that fit are shown and the last stays on the status line.
        let above = Array(keyLines.dropLast().prefix(window.rows - 1))
        var shown = window
        shown.rows = window.rows - above.count
        showKeys = false
        note = nil
        return Frame(keyLines: above, visible: shown.visible, blankRows: shown.blankRows, status: status, found: window.lastFound)
    }

    package mutating func handle(_ key: Key) -> Step {
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
            return .redraw
        }
        switch key {
        case .character(let digit) where digit.isASCII && digit.isNumber && keys.links > 0 && typed.count < Self.maxTyped:
            typed.append(digit)
        case .backspace where !typed.isEmpty:
            typed.removeLast()
        case .enter where !typed.isEmpty:
            return Int(typed).map(Step.follow) ?? .close
        case .character(let character) where typed.isEmpty && character == keys.alternate?.key:
            return .alternate
        case .character("h"), .left:
            // With no page before, back is out of the reader.
            return keys.canGoBack ? .back : .close
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
        case .control("z"):
            return .suspend
        default:
            typed = ""
            showKeys = true
        }
        return .redraw
    }
}

/// The keys the built-in pager takes on this page, in lines to show when asked.
package struct PagerKeys {
    /// The key that shows the page the other way, and what it shows.
    package struct Alternate: Equatable {
        package let key: Character
        package let label: String

        package init(key: Character, label: String) {
            self.key = key
            self.label = label
        }
    }

    package let links: Int
    package let alternate: Alternate?
    package let canGoBack: Bool

    package init(links: Int, alternate: Alternate?, canGoBack: Bool) {
        self.links = links
        self.alternate = alternate
        self.canGoBack = canGoBack
    }

    /// Every key, in lines no wider than `columns`, broken only between keys.
    package func lines(columns: Int) -> [String] {
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
package struct PagerWindow {
    package let lines: [String]
    package var rows: Int
    package let columns: Int
    /// Lines that take more rows than their text says: a picture drawn by a graphics protocol.
    package let heights: [Int: Int]
    package var top = 0
    package private(set) var lastFound: String?

    package init(lines: [String], rows: Int, columns: Int, heights: [Int: Int] = [:], found: String? = nil) {
        self.lines = lines
        self.rows = rows
        self.columns = columns
        self.heights = heights
        self.lastFound = found
    }

    /// The rows a line takes on the terminal (a line wider than the terminal wraps).
    package func height(of index: Int) -> Int {
        if let height = heights[index] { return height }
        return max(1, (TextLayout.displayWidth(PagerWindow.plain(lines[index])) + columns - 1) / columns)
    }

    /// The lines from `top` that fit in the window (at least one).
    package var visible: ArraySlice<String> {
        lines[top..<end]
    }

    /// One past the last line shown.
    package var end: Int {
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
    package var blankRows: Int {
        max(0, rows - (top..<end).reduce(0) { $0 + height(of: $1) })
    }

    package var atEnd: Bool { end >= lines.count }

    /// The top line of the last window: the one whose window ends with the page's last line.
    package var lastTop: Int {
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

    package mutating func scroll(by lineCount: Int) {
        top = max(0, min(top + lineCount, lastTop))
    }

    /// Moves to the next line after `top` holding `pattern` (case ignored); false when none does.
    package mutating func find(_ pattern: String) -> Bool {
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
    package func status(note: String?, links: Int, alternate: PagerKeys.Alternate?, typed: String) -> [String] {
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
    package static func fit(_ parts: [String], columns: Int) -> String {
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
    package static func highlight(_ line: String, _ pattern: String?) -> String {
        guard let pattern, !pattern.isEmpty else { return line }
        let wanted = pattern.map { String($0).lowercased() }
        // The characters that show (read by TextSafety's one scanner), each with where it starts in `line`.
        var shown: [(text: String, at: Int)] = []
        let characters = Array(line)
        let shownScalars = TerminalText.shownScalars(line)
        var scalar = 0
        for (index, character) in characters.enumerated() {
            if shownScalars[scalar] { shown.append((String(character).lowercased(), index)) }
            scalar += character.unicodeScalars.count
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

    /// The text without its escape sequences (styles, and links' OSC 8 addresses), read by the one
    /// scanner of escape sequences, TextSafety's.
    package static func plain(_ line: String) -> String {
        TerminalText.withoutEscapes(line)
    }
}
