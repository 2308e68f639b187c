import Foundation

/// How ingredient names are compared: trimmed, lower-case, inner whitespace runs as one space.
package enum FoldedIngredient {
    package static func normalize(_ name: String) -> String {
        if isNormalizedASCII(name) { return name }
        return name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The common case, checked without allocating: printable ASCII, no upper case, single inner spaces.
    private static func isNormalizedASCII(_ name: String) -> Bool {
        var previousWasSpace = true
        for byte in name.utf8 {
            guard byte >= 0x20, byte < 0x7F, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) else { return false }
            let isSpace = byte == 0x20
            if isSpace, previousWasSpace { return false }
            previousWasSpace = isSpace
        }
        return !previousWasSpace
    }
}

/// How titles and `q` are compared: case- and diacritic-folded words (letters and digits).
package enum TitleWords {
    package static func words(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !($0.isLetter || $0.isNumber) }
            .map(String.init)
    }

    /// The same for ASCII text, without Foundation: lower-cased runs of letters and digits.
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                current.append(byte | 0x20)
            default:
                if !current.isEmpty {
                    words.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }
}

extension String {
    /// The text without the whitespace at either end.
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
