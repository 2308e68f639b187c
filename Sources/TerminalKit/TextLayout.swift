/// Width-aware wrapping for the terminal: wide (East Asian) characters take two columns, combining
/// marks none.
package enum TextLayout {
    package static func displayWidth(_ text: String) -> Int {
        text.reduce(0) { $0 + displayWidth($1) }
    }

    package static func displayWidth(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let value = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark { return 0 }
        if value == 0x200B || value == 0x200D || value == 0xFEFF { return 0 }
        if isWide(value) { return 2 }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0x303E).contains(value) || (0x3041...0x33FF).contains(value)
            || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value) || (0xA000...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value) || (0x20000...0x3FFFD).contains(value)
    }

    /// Wraps `text` to `width` columns: the first line starts with `first`, the rest with `rest`
    /// (both already counted in the width). Words longer than a line are split, but for web addresses,
    /// which stay whole on a line of their own (a terminal makes an address clickable only when it is
    /// whole). Each character is measured once, so the work is linear in the length of the text.
    package static func wrap(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
        wrap(text, width: width, first: first, rest: rest, measure: displayWidth)
    }

    /// `wrap` with the measure of a character given, for counting how often it is taken.
    package static func wrap(_ text: String, width: Int, first: String, rest: String, measure: (Character) -> Int) -> [String] {
        let firstWidth = first.reduce(0) { $0 + measure($1) }
        let restWidth = rest.reduce(0) { $0 + measure($1) }
        var lines: [String] = []
        var line = first
        var lineWidth = firstWidth
        var lineHasWord = false
        func startLine() {
            lines.append(line)
            line = rest
            lineWidth = restWidth
            lineHasWord = false
        }
        var characters: [Character] = []
        var widths: [Int] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            characters.removeAll(keepingCapacity: true)
            widths.removeAll(keepingCapacity: true)
            for character in word {
                characters.append(character)
                widths.append(measure(character))
            }
            // The part of the word not placed yet: characters[start...], `wordWidth` columns wide.
            var start = 0
            var wordWidth = widths.reduce(0, +)
            let available = max(1, width - (lines.isEmpty ? firstWidth : restWidth))
            let isAddress = word.contains("://")
            // An address that does not fit after what the line holds (words, a label) starts a line: with
            // the indent when it fits there or fits nowhere, else from the first column, so that it is
            // whole on screen wherever the width allows.
            if isAddress, lineWidth + (lineHasWord ? 1 : 0) + wordWidth > width {
                if line.contains(where: { $0 != " " }) { lines.append(String(line.reversed().drop { $0 == " " }.reversed())) }
                let indented = restWidth + wordWidth <= width || wordWidth > width
                line = (indented ? rest : "") + word
                lineWidth = (indented ? restWidth : 0) + wordWidth
                lineHasWord = true
                continue
            }
            if lineHasWord, lineWidth + 1 + wordWidth > width { startLine() }
            while !isAddress, wordWidth > max(1, width - lineWidth - (lineHasWord ? 1 : 0)) && wordWidth > available / 2 {
                let room = max(1, width - lineWidth - (lineHasWord ? 1 : 0))
                var end = start
                var used = 0
                while end < characters.count, used + widths[end] <= room {
                    used += widths[end]
                    end += 1
                }
                if end == start { break }
                line += (lineHasWord ? " " : "") + String(characters[start..<end])
                startLine()
                start = end
                wordWidth -= used
            }
            if start == characters.count { continue }
            line += (lineHasWord ? " " : "") + String(characters[start...])
            lineWidth += (lineHasWord ? 1 : 0) + wordWidth
            lineHasWord = true
        }
        if lineHasWord || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The longest prefix of `word` that fits in `columns`, and the rest.
    private static func split(_ word: String, columns: Int) -> (String, String) {
        var used = 0
        var index = word.startIndex
        while index < word.endIndex {
            let next = displayWidth(word[index])
            if used + next > columns { break }
            used += next
            index = word.index(after: index)
        }
        return (String(word[..<index]), String(word[index...]))
    }

    /// Cuts `text` to at most `width` columns, ending with `…` when cut.
    package static func truncate(_ text: String, width: Int) -> String {
        guard displayWidth(text) > width else { return text }
        guard width > 1 else { return "…" }
        let (head, _) = split(text, columns: width - 1)
        return head + "…"
    }
}
