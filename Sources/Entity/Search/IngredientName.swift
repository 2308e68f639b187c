import Foundation

/// Ingredient names as people type them, folded so that the ways of writing one name compare equal.
///
/// Folding lower-cases, removes accents (`jalapeños` → `jalapeno`, `crème fraîche` → `creme fraiche`,
/// `Straße` → `strasse`, `bœuf` → `boeuf`), drops apostrophes inside words (`za'atar` → `zaatar`), treats
/// every other run of punctuation or whitespace as one space (`black-eyed peas` → `black eyed pea`), and
/// puts each word in the singular (`tomatoes` → `tomato`, `berries` → `berry`, `leaves` → `leaf`,
/// `cheeses` → `cheese`; see `EnglishPlural`). The folded form is for comparing, not for showing.
public enum IngredientName {
    /// Names longer than this (in UTF-8 bytes) are folded from their first `maxLength` bytes only.
    public static let maxLength = 1024

    /// The folded name: its folded words joined by single spaces.
    public static func folded(_ name: String) -> String {
        foldedWords(name).joined(separator: " ")
    }

    /// The folded words of a name, in order.
    public static func foldedWords(_ name: String) -> [String] {
        let bounded = name.utf8.count > maxLength ? String(decoding: name.utf8.prefix(maxLength), as: UTF8.self) : name
        let raw = bounded.utf8.allSatisfy { $0 < 0x80 } ? asciiWords(bounded) : unicodeWords(bounded)
        return raw.map(EnglishPlural.singular)
    }

    /// Lower-cased runs of ASCII letters and digits; apostrophes inside a run are dropped.
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                current.append(byte | 0x20)
            case UInt8(ascii: "'"):
                continue
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

    /// The same for any text: case, accents and widths folded first, then letters and digits kept.
    private static func unicodeWords(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var current = ""
        for character in folded {
            if let replacement = letterReplacements[character] {
                current += replacement
            } else if character.isLetter || character.isNumber {
                current.append(character)
            } else if !apostrophes.contains(character) && !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{2018}", "\u{02BC}"]

    /// Letters that folding leaves alone because they are not a base letter with an accent.
    private static let letterReplacements: [Character: String] = [
        "œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ĸ": "k", "ŀ": "l",
    ]
}
