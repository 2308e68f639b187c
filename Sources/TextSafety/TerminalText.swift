/// Text made safe to print, whatever it holds, and the one scanner of terminal escape sequences that
/// every clean-up in RecipeBook goes through (`CleanText` on the way in, this on the way out).
///
/// Escape sequences are removed whole (CSI `ESC [ … final`, OSC `ESC ] … BEL/ST` including OSC 52
/// clipboard writes and window titles, DCS/SOS/PM/APC `… ST`, the 8-bit CSI and OSC, two-byte escapes,
/// a lone ESC), and every other control character is dropped: C0 controls (BEL, backspace, a bare
/// carriage return, …), DEL, C1 controls (U+0080–U+009F, which some terminals read as 8-bit CSI or
/// OSC) and the bidirectional controls that make text display as something else (U+202A–U+202E,
/// U+2066–U+2069, U+200E, U+200F, U+061C). Tabs become spaces and NEL (U+0085) a line break; other
/// whitespace stays as it is, so laid-out text keeps its shape. Linear in its input; cleaning twice changes nothing.
public enum TerminalText {
    /// Safe text on one line: a newline becomes a space too.
    public static func line(_ text: String) -> String {
        printable(text, keepingNewlines: false)
    }

    /// Safe text that may span lines.
    public static func block(_ text: String) -> String {
        printable(text, keepingNewlines: true)
    }

    /// Whether `scalar` is one of the bidirectional controls, which reorder the text around them.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// Whether `scalar` acts on a terminal or on the order of text when printed: a control character
    /// (C0, DEL, C1) or a bidirectional control. Newline and tab are controls too.
    public static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        CleanText.isControl(scalar) || isBidiControl(scalar)
    }

    /// Whether `text` prints as itself: nothing `line` (or `block`, with `newlines`) would remove.
    public static func isPrintable(_ text: String, newlines: Bool = false) -> Bool {
        !text.unicodeScalars.contains { scalar in
            scalar == "\n" ? !newlines : isUnprintable(scalar)
        }
    }

    /// `text` with its escape sequences taken out whole, as a terminal reads them (an OSC 8 link's
    /// address, a window title, a style), and everything else kept as it is: what a line already laid
    /// out and styled shows, for measuring and searching it.
    public static func withoutEscapes(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\u{1B}" || (0x90...0x9F).contains($0.value) }) else { return text }
        var scanner = EscapeScanner(text)
        var output = String.UnicodeScalarView()
        while let scalar = scanner.next() { output.append(scalar) }
        return String(output)
    }

    /// For each unicode scalar of `text`, whether it shows: false for those of escape sequences.
    public static func shownScalars(_ text: String) -> [Bool] {
        var scanner = EscapeScanner(text)
        var shown = [Bool](repeating: false, count: scanner.scalars.count)
        while scanner.next() != nil { shown[scanner.index - 1] = true }
        return shown
    }

    private static func printable(_ text: String, keepingNewlines: Bool) -> String {
        // Text that is printable already (nearly all of it) is given back as it is.
        guard !isPrintable(text, newlines: keepingNewlines) else { return text }
        var scanner = EscapeScanner(text)
        var output = String.UnicodeScalarView()
        while let scalar = scanner.next() {
            switch scalar.value {
            // NEL, a C1 control, is a line break too.
            case 0x0A, 0x85: output.append(keepingNewlines ? "\n" : " ")
            case 0x09: output.append(" ")
            default: if !isUnprintable(scalar) { output.append(scalar) }
            }
        }
        return String(output)
    }
}

/// Reads text a scalar at a time as a terminal would, passing over every escape sequence whole: what
/// `next()` gives is never part of one. A C1 introducer (U+009B CSI, U+009D OSC, U+0090 DCS, U+0098
/// SOS, U+009E PM, U+009F APC) starts a sequence as its 7-bit form does.
struct EscapeScanner {
    let scalars: [Unicode.Scalar]
    /// The index of the scalar `next()` looks at first.
    private(set) var index = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The next scalar outside escape sequences; nil at the end.
    mutating func next() -> Unicode.Scalar? {
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar.value {
            case 0x1B:
                index = TerminalEscapes.endOfEscape(scalars, from: index)
            case 0x9B:
                index = TerminalEscapes.endOfCSI(scalars, from: index + 1)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F:
                index = TerminalEscapes.endOfString(scalars, from: index + 1)
            default:
                index += 1
                return scalar
            }
        }
        return nil
    }

    /// Goes on from `position` (past a tag the caller has read), never backwards.
    mutating func skip(to position: Int) {
        index = max(index, min(position, scalars.count))
    }
}

/// Where terminal escape sequences end, as a terminal reads them.
enum TerminalEscapes {
    /// The index just past the escape sequence starting at `start` (an ESC).
    static func endOfEscape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        let next = start + 1
        guard next < scalars.count else { return next }
        switch scalars[next] {
        case "[":
            return endOfCSI(scalars, from: next + 1)
        case "]", "P", "X", "^", "_":
            return endOfString(scalars, from: next + 1)
        case "(", ")", "*", "+", "-", ".", "/", "#", "%":
            return min(scalars.count, next + 2)
        default:
            // A two-byte escape (ESC c, ESC 7) takes its second byte; a lone ESC before text takes nothing more.
            return (0x30...0x7E).contains(scalars[next].value) ? next + 1 : next
        }
    }

    /// Parameters and intermediates, then one final byte in `@`…`~`.
    static func endOfCSI(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            let value = scalars[index].value
            index += 1
            if (0x40...0x7E).contains(value) { return index }
            if !(0x20...0x3F).contains(value) { return index - 1 }
        }
        return index
    }

    /// A control string ends at BEL or ST (`ESC \` or U+009C).
    static func endOfString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            let value = scalars[index].value
            if value == 0x07 || value == 0x9C { return index + 1 }
            if value == 0x1B {
                return index + 1 < scalars.count && scalars[index + 1] == "\\" ? index + 2 : index + 1
            }
            index += 1
        }
        return index
    }
}
