/// The one clean-up every string from the network goes through before it is kept: what comes out is a
/// single line a person can read and a terminal can print.
///
/// `line` decodes HTML character references (twice, for text escaped twice: `&amp;amp;`, `&amp;#39;`),
/// removes tags, removes C0 and C1 control characters and whole terminal escape sequences (CSI, OSC,
/// DCS, SOS, PM, APC, 8-bit CSI and OSC, two-byte escapes, a lone ESC), removes zero-width and other
/// invisible format characters (U+200B–U+200F, U+2060–U+2064, U+FEFF, U+00AD, U+061C and the bidi
/// controls U+202A–U+202E, U+2066–U+2069), collapses every run of whitespace to one space, trims both
/// ends and stops at `maxLength` scalars. `address` and `safe` do the same without decoding references
/// or removing tags, for URLs and for text that is text already. All are linear in their input.
/// Escape sequences are found by `EscapeScanner`, the same scanner `TerminalText` cleans printed text with.
public enum CleanText {
    /// Text as a person reads it on one line.
    public static func line(_ raw: String, maxLength: Int = 10_000) -> String {
        let limit = max(0, maxLength)
        return isCleanASCII(raw, limit: limit, withMarkup: false) ? raw : cleanedLine(raw, limit: limit)
    }

    /// `line` read character by character, whatever the text.
    static func cleanedLine(_ raw: String, limit: Int) -> String {
        var text = bounded(raw, limit: limit)
        if text.utf8.contains(UInt8(ascii: "&")) {
            text = HTMLEntities.decode(text)
            if text.utf8.contains(UInt8(ascii: "&")) { text = HTMLEntities.decode(text) }
        }
        return clean(text, removingTags: true, limit: limit)
    }

    /// A URL: control characters, escape sequences and invisible characters removed, whitespace collapsed.
    public static func address(_ raw: String, maxLength: Int = 4_096) -> String {
        safe(raw, maxLength: maxLength)
    }

    /// Text that is already text (read back from storage): control characters, escape sequences and
    /// invisible characters removed and whitespace collapsed, but references and angle brackets left as
    /// they are. Cleaning twice changes nothing: `safe(safe(x)) == safe(x)`, and `safe(line(x)) == line(x)`.
    public static func safe(_ raw: String, maxLength: Int = 10_000) -> String {
        let limit = max(0, maxLength)
        return isCleanASCII(raw, limit: limit, withMarkup: true) ? raw : cleanedSafe(raw, limit: limit)
    }

    /// `safe` read character by character, whatever the text.
    static func cleanedSafe(_ raw: String, limit: Int) -> String {
        clean(bounded(raw, limit: limit), removingTags: false, limit: limit)
    }

    /// Whether cleaning gives `text` back as it is, seen from its bytes alone: at most `limit` of them,
    /// all printable ASCII, no space at either end nor two in a row, and (unless `withMarkup`, for text
    /// whose tags and references stay) no `&` or `<` that could start a reference or a tag. Most titles,
    /// names and addresses are so.
    static func isCleanASCII(_ text: String, limit: Int, withMarkup: Bool) -> Bool {
        var count = 0
        var previousWasSpace = true
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return false }
            if !withMarkup, byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") { return false }
            let isSpace = byte == 0x20
            if isSpace, previousWasSpace { return false }
            previousWasSpace = isSpace
            count += 1
        }
        return !previousWasSpace && count <= limit
    }

    /// Whether `scalar` is one of the invisible format characters `line` removes.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x2060...0x2064, 0xFEFF, 0x00AD, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `scalar` is a control character (C0, DEL, C1).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Cuts hostile input before any work: tags and references may shrink text, so some slack is kept.
    private static func bounded(_ raw: String, limit: Int) -> String {
        let slack = limit.multipliedReportingOverflow(by: 8)
        let cap = slack.overflow ? Int.max : slack.partialValue + 1_024
        guard raw.utf8.count > cap else { return raw }
        var view = String.UnicodeScalarView()
        var count = 0
        for scalar in raw.unicodeScalars {
            if count >= cap { break }
            view.append(scalar)
            count += 1
        }
        return String(view)
    }

    /// Inline elements whose tags vanish without leaving a space (`piz<b>za</b>` stays one word).
    private static let inlineTags: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark", "q",
        "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
    ]

    private static func clean(_ text: String, removingTags: Bool, limit: Int) -> String {
        var scanner = EscapeScanner(text)
        var output = String.UnicodeScalarView()
        var count = 0
        var pendingSpace = false
        while count < limit, let scalar = scanner.next() {
            let value = scalar.value
            if removingTags, value == 0x3C, let (end, inline) = tag(in: scanner.scalars, at: scanner.index - 1) {
                if !inline { pendingSpace = count > 0 }
                scanner.skip(to: end)
                continue
            }
            if value < 0x80 {
                // ASCII: whitespace and controls without a look-up in Unicode's tables.
                if value == 0x20 || (0x09...0x0D).contains(value) {
                    pendingSpace = count > 0
                    continue
                }
                if value < 0x20 || value == 0x7F { continue }
            } else if scalar.properties.isWhitespace {
                pendingSpace = count > 0
                continue
            } else if isControl(scalar) || isInvisible(scalar) {
                continue
            }
            if pendingSpace {
                output.append(" ")
                count += 1
                pendingSpace = false
                if count >= limit { break }
            }
            output.append(scalar)
            count += 1
        }
        if let last = output.last, last == " " { output.removeLast() }
        return String(output)
    }

    /// A tag at `start` (a `<`): `<` then a letter, `/` or `!`, up to the next `>` with no `<` before
    /// it. Returns the index past the `>` and whether it was an inline element's tag.
    private static func tag(in scalars: [Unicode.Scalar], at start: Int) -> (Int, Bool)? {
        let next = start + 1
        guard next < scalars.count else { return nil }
        let first = scalars[next]
        guard first.isASCII, first.properties.isAlphabetic || first == "/" || first == "!" else { return nil }
        var name = ""
        var index = first == "/" ? next + 1 : next
        while index < scalars.count, scalars[index].isASCII, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]),
              name.unicodeScalars.count < 16 {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == ">" { return (index + 1, inlineTags.contains(name.lowercased())) }
            if scalar == "<" { return nil }
            index += 1
        }
        return nil
    }
}
