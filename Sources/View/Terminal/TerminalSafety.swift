/// Makes text that came from the network safe to print on a terminal.
///
/// Escape sequences are removed whole (CSI `ESC [ … final`, OSC `ESC ] … BEL/ST` including OSC 52
/// clipboard writes, DCS/SOS/PM/APC `… ST`, and two-byte escapes), and every other control character
/// is dropped: C0 controls (BEL, backspace, bare carriage return, ...), DEL, C1 controls (U+0080–U+009F,
/// which some terminals treat as 8-bit CSI/OSC), and the Unicode bidirectional overrides that can make
/// text display as something else. Tabs become spaces. What remains is printable text.
public enum TerminalSafety {
    /// Safe text on one line: newlines become spaces too.
    public static func line(_ text: String) -> String {
        clean(text, keepNewlines: false)
    }

    /// Safe text that may span lines.
    public static func block(_ text: String) -> String {
        clean(text, keepNewlines: true)
    }

    static func clean(_ text: String, keepNewlines: Bool) -> String {
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let value = scalar.value
            if value == 0x1B {
                index = endOfEscape(scalars, from: index)
                continue
            }
            if value == 0x9B {
                index = endOfCSI(scalars, from: index + 1)
                continue
            }
            if value == 0x9D || value == 0x90 || value == 0x98 || value == 0x9E || value == 0x9F {
                index = endOfString(scalars, from: index + 1)
                continue
            }
            index += 1
            switch value {
            case 0x0A:
                output.append(keepNewlines ? "\n" : " ")
            case 0x09:
                output.append(" ")
            case 0x00...0x1F, 0x7F, 0x80...0x9F:
                continue
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                continue
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// The index just past the escape sequence starting at `start` (an ESC).
    private static func endOfEscape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        let next = start + 1
        guard next < scalars.count else { return next }
        switch scalars[next] {
        case "[":
            return endOfCSI(scalars, from: next + 1)
        case "]", "P", "X", "^", "_":
            return endOfString(scalars, from: next + 1)
        default:
            // Two-byte escapes (ESC c, ESC 7, ...) and charset designations (ESC ( B).
            if ["(", ")", "*", "+", "-", ".", "/", "#", "%"].contains(scalars[next]) {
                return min(scalars.count, next + 2)
            }
            return next + 1
        }
    }

    /// Parameters and intermediates, then one final byte in `@`…`~`.
    private static func endOfCSI(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
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
    private static func endOfString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
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
