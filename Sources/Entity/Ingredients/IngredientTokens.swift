/// One piece of an ingredient line: a number (fractions and mixed numbers already added up), a word, or
/// one punctuation mark, with where it stands in the line.
struct IngredientToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A number as written: `2`, `1.5`, `1,5`, `½`, `1/2`, `1 1/2`, `1-1/2`, `1½`.
        case number(Double)
        case word
        case punctuation(Character)
    }

    let kind: Kind
    /// The text as written (for a mixed number, from its first digit to its last).
    let text: Substring
    /// The word lower-cased (empty for numbers and punctuation).
    let lower: String
    /// Whether white space comes before it (or it starts the line).
    let spaceBefore: Bool

    var number: Double? {
        if case .number(let value) = kind { return value }
        return nil
    }

    var isWord: Bool { kind == .word }

    func isPunctuation(_ mark: Character) -> Bool { kind == .punctuation(mark) }

    var isPunctuation: Bool {
        if case .punctuation = kind { return true }
        return false
    }
}

/// Splits an ingredient line into tokens.
///
/// - Numbers: digits with a decimal point or a decimal comma (`1,5`; a comma before three digits is a
///   thousands separator: `1,000`), a leading point (`.5`), fractions (`1/2`, `3⁄4`), the Unicode vulgar
///   fractions (`½`, `⅓`, `⅞`), and mixed numbers joined whether written together, spaced or hyphenated
///   (`1½`, `1 ½`, `1 1/2`, `1-1/2`). A number stuck to letters is cut from them (`400g`, `2cm`, `3x`).
/// - Words: a letter, then letters, apostrophes and marks (`®`, `™`), and hyphens between letters
///   (`free-range`, `bite-size`). Digits end a word (`1lb2oz` is four tokens).
/// - Anything else that is not white space is one punctuation token; dashes are all `-`.
enum IngredientTokenizer {
    /// Lines longer than this many characters are read up to it.
    static let maxCharacters = 2000

    static func tokens(_ line: String) -> [IngredientToken] {
        var tokens: [IngredientToken] = []
        tokens.reserveCapacity(24)
        let scalars = line.unicodeScalars
        var index = scalars.startIndex
        var read = 0
        var spaceBefore = true
        let end = scalars.endIndex
        while index < end, read < maxCharacters {
            let scalar = scalars[index]
            read += 1
            if isSpace(scalar) {
                spaceBefore = true
                index = scalars.index(after: index)
                continue
            }
            let start = index
            if isDigit(scalar) || (scalar == "." && nextIsDigit(scalars, index)) || vulgarValue(scalar) != nil {
                let (value, after) = number(scalars, from: index)
                tokens.append(IngredientToken(kind: .number(value), text: Substring(scalars[start..<after]), lower: "",
                                              spaceBefore: spaceBefore))
                index = after
            } else if isWordStart(scalar) {
                var cursor = scalars.index(after: index)
                while cursor < end {
                    let next = scalars[cursor]
                    if isWordStart(next) || isApostrophe(next) {
                        cursor = scalars.index(after: cursor)
                    } else if (next == "-" || next == "\u{2010}" || next == "\u{2011}"), nextIsLetter(scalars, cursor) {
                        cursor = scalars.index(after: cursor)
                    } else {
                        break
                    }
                }
                // A closing apostrophe belongs to the word (`goats'`); one that opens a quotation does not reach here.
                let text = Substring(scalars[start..<cursor])
                tokens.append(IngredientToken(kind: .word, text: text, lower: text.lowercased(), spaceBefore: spaceBefore))
                index = cursor
            } else {
                let mark: Character = isDash(scalar) ? "-" : (scalar == "\u{2044}" ? "/" : Character(scalar))
                index = scalars.index(after: index)
                tokens.append(IngredientToken(kind: .punctuation(mark), text: Substring(scalars[start..<index]), lower: "",
                                              spaceBefore: spaceBefore))
            }
            spaceBefore = false
        }
        return tokens
    }

    /// A number starting at `index`: its value and where it ends.
    private static func number(_ scalars: String.UnicodeScalarView, from index: String.Index)
        -> (Double, String.Index) {
        let (first, afterFirst, firstIsWhole) = simpleNumber(scalars, from: index)
        guard firstIsWhole else { return (first, afterFirst) }
        // A fraction after a whole number makes a mixed number: 1½, 1 ½, 1 1/2, 1-1/2.
        var cursor = afterFirst
        var sawSeparator = false
        while cursor < scalars.endIndex, scalars[cursor] == " " || isDash(scalars[cursor]) {
            if sawSeparator && isDash(scalars[cursor]) { break }
            sawSeparator = true
            cursor = scalars.index(after: cursor)
            if cursor < scalars.endIndex, scalars[cursor] != " " { break }
        }
        guard cursor < scalars.endIndex else { return (first, afterFirst) }
        if let vulgar = vulgarValue(scalars[cursor]) {
            return (first + vulgar, scalars.index(after: cursor))
        }
        if sawSeparator, isDigit(scalars[cursor]) {
            let (fraction, afterFraction, _) = simpleNumber(scalars, from: cursor)
            let text = scalars[cursor..<afterFraction]
            if fraction < 1, fraction > 0, text.contains("/") || text.contains("\u{2044}") {
                return (first + fraction, afterFraction)
            }
        }
        return (first, afterFirst)
    }

    /// A whole number, decimal, fraction or vulgar fraction; whether it is a whole number that a fraction
    /// may follow.
    private static func simpleNumber(_ scalars: String.UnicodeScalarView, from index: String.Index)
        -> (Double, String.Index, Bool) {
        if let vulgar = vulgarValue(scalars[index]) { return (vulgar, scalars.index(after: index), false) }
        var cursor = index
        var whole = 0.0
        var digits = 0
        while cursor < scalars.endIndex, isDigit(scalars[cursor]), digits < 12 {
            whole = whole * 10 + Double(scalars[cursor].value - 48)
            digits += 1
            cursor = scalars.index(after: cursor)
        }
        guard cursor < scalars.endIndex else { return (whole, cursor, digits > 0) }
        let mark = scalars[cursor]
        if mark == "." || mark == "," {
            let afterMark = scalars.index(after: cursor)
            var fractionDigits = 0
            var probe = afterMark
            while probe < scalars.endIndex, isDigit(scalars[probe]) {
                fractionDigits += 1
                probe = scalars.index(after: probe)
            }
            let thousands = mark == "," && fractionDigits == 3 && digits > 0
            if fractionDigits > 0 && (mark == "." || (fractionDigits <= 2 && digits > 0) || thousands) {
                var value = 0.0
                var scale = 1.0
                var digit = afterMark
                // Past nine decimals a digit changes nothing a kitchen weighs, and hundreds of them would
                // overflow to inf / inf (NaN): they are read and passed over. More than twelve is no
                // amount anyone wrote: infinity, which no kitchen measures (`IngredientQuantity.kitchenRange`).
                if fractionDigits > 12 { return (.infinity, probe, false) }
                var kept = 0
                while digit < probe {
                    if kept < 9 {
                        value = value * 10 + Double(scalars[digit].value - 48)
                        scale *= 10
                        kept += 1
                    }
                    digit = scalars.index(after: digit)
                }
                return thousands ? (whole * 1000 + value, probe, true) : (whole + value / scale, probe, false)
            }
            return (whole, cursor, digits > 0)
        }
        if (mark == "/" || mark == "\u{2044}"), digits > 0 {
            let afterSlash = scalars.index(after: cursor)
            var denominator = 0.0
            var denominatorDigits = 0
            var probe = afterSlash
            while probe < scalars.endIndex, isDigit(scalars[probe]), denominatorDigits < 6 {
                denominator = denominator * 10 + Double(scalars[probe].value - 48)
                denominatorDigits += 1
                probe = scalars.index(after: probe)
            }
            if denominator > 0 { return (whole / denominator, probe, false) }
        }
        return (whole, cursor, digits > 0)
    }

    static func vulgarValue(_ scalar: Unicode.Scalar) -> Double? {
        switch scalar {
        case "½": return 1.0 / 2
        case "⅓": return 1.0 / 3
        case "⅔": return 2.0 / 3
        case "¼": return 1.0 / 4
        case "¾": return 3.0 / 4
        case "⅕": return 1.0 / 5
        case "⅖": return 2.0 / 5
        case "⅗": return 3.0 / 5
        case "⅘": return 4.0 / 5
        case "⅙": return 1.0 / 6
        case "⅚": return 5.0 / 6
        case "⅐": return 1.0 / 7
        case "⅛": return 1.0 / 8
        case "⅜": return 3.0 / 8
        case "⅝": return 5.0 / 8
        case "⅞": return 7.0 / 8
        case "⅑": return 1.0 / 9
        case "⅒": return 1.0 / 10
        default: return nil
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{A0}"
            || (scalar.value >= 0x2000 && scalar.value <= 0x200B) || scalar == "\u{202F}" || scalar == "\u{3000}"
    }

    private static func isDash(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || (scalar.value >= 0x2010 && scalar.value <= 0x2015) || scalar == "\u{2212}"
    }

    private static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}" || scalar == "\u{02BC}"
    }

    /// Letters of any script, combining marks, and the trademark signs brands carry.
    private static func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            return (scalar.value >= 65 && scalar.value <= 90) || (scalar.value >= 97 && scalar.value <= 122)
        }
        if scalar == "®" || scalar == "™" || scalar == "©" { return true }
        if vulgarValue(scalar) != nil { return false }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.generalCategory == .nonspacingMark
    }

    private static func nextIsDigit(_ scalars: String.UnicodeScalarView, _ index: String.Index) -> Bool {
        let next = scalars.index(after: index)
        return next < scalars.endIndex && isDigit(scalars[next])
    }

    private static func nextIsLetter(_ scalars: String.UnicodeScalarView, _ index: String.Index) -> Bool {
        let next = scalars.index(after: index)
        return next < scalars.endIndex && isWordStart(scalars[next])
    }
}
