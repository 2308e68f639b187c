import Foundation

/// Yields as RecipeBook shows them: one count and what it counts. The count is the first number the
/// page gives, or the top of a range it starts that is written as one (`Serves 4-6`, `10 to 12 cookies`
/// → 6, 12; `8 - 10 servings`, a count and another set apart, → 8); what it counts is a kind of piece a recipe makes when the page names
/// one (`24 cookies`, `2 loaves`, `1 9x13 pan of bars` → `1 bar`), else servings, whatever the page
/// calls its portions (`4 personen`, `Für 4 Personen`, `2人分` → `4 servings`); what a recipe
/// "makes" with neither named is items (`Makes 12` → `12 items`). A count may be a decimal (`0.75 cups`).
/// A yield with no number stays as the page says it.
enum YieldText {
    /// `rangeTop`: false where the yield is one of several values the data gives (`["4", "serves 4-6"]`),
    /// whose first count is the one the data means; a range of pieces (`["11", "11-12 cookies"]`) still
    /// counts what the batch makes at most.
    static func normalized(_ text: String, rangeTop: Bool = true) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let first = firstCount(in: trimmed) else { return trimmed }
        let piece = piece(in: trimmed)
        let count = (rangeTop || piece != nil ? topOfRange(in: trimmed) : nil) ?? first
        let one = count == "1"
        // "750 g di crema": a weight or a volume, not 750 servings.
        if let measure = measure(after: first, in: trimmed) { return "\(count) \(one ? measure.singular : measure.plural)" }
        if let piece {
            return "\(count) \(one ? piece.singular : piece.plural)"
        }
        if makesItems(trimmed) { return one ? "1 item" : "\(count) items" }
        return one ? "1 serving" : "\(count) servings"
    }

    /// `Makes 12`: a count of what the recipe makes, with no word for people or portions.
    private static func makesItems(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        return words.first == "makes" && !words.contains { servingWords.contains($0) }
    }

    /// Kinds of pieces recipes are counted in (singular, plural), in English, the language the
    /// structured data's units are mostly written in.
    private static let pieces: [(singular: String, plural: String)] = [
        ("dozen", "dozen"), ("batch", "batches"), ("cake", "cakes"), ("cookie", "cookies"), ("muffin", "muffins"),
        ("cupcake", "cupcakes"), ("loaf", "loaves"), ("pie", "pies"), ("tart", "tarts"), ("bar", "bars"), ("square", "squares"),
        ("slice", "slices"), ("piece", "pieces"), ("roll", "rolls"), ("bun", "buns"), ("scone", "scones"), ("pancake", "pancakes"),
        ("crepe", "crepes"), ("waffle", "waffles"), ("sandwich", "sandwiches"), ("wrap", "wraps"), ("skewer", "skewers"),
        ("fritter", "fritters"), ("cup", "cups"), ("pint", "pints"), ("quart", "quarts"), ("layer", "layers"),
        ("patty", "patties"), ("brownie", "brownies"), ("blondie", "blondies"), ("donut", "donuts"), ("doughnut", "doughnuts"),
        ("croissant", "croissants"), ("churro", "churros"), ("burrito", "burritos"), ("taco", "tacos"), ("pierogi", "pierogies"),
        ("dumpling", "dumplings"), ("meatball", "meatballs"), ("truffle", "truffles"), ("biscuit", "biscuits"), ("bagel", "bagels"),
        ("pretzel", "pretzels"), ("pizzelle", "pizzelles"), ("macaron", "macarons"), ("popsicle", "popsicles"),
        ("empanada", "empanadas"), ("quesadilla", "quesadillas"), ("jar", "jars"), ("bottle", "bottles"), ("gallon", "gallons"),
        ("bowl", "bowls"), ("naan", "naan"), ("gordita", "gorditas"), ("falafel", "falafel"), ("turnover", "turnovers"),
    ]

    /// Units of weight and volume a yield may be measured in, by the words pages write them with.
    private static let measures: [String: (singular: String, plural: String)] = {
        var table: [String: (singular: String, plural: String)] = [:]
        for word in ["g", "gr", "gram", "grams", "gramm", "grammi", "gramos", "grammes"] { table[word] = ("gram", "grams") }
        for word in ["kg", "kilogram", "kilograms", "kilo", "kilos"] { table[word] = ("kilogram", "kilograms") }
        for word in ["ml", "milliliter", "milliliters", "millilitre", "millilitres"] { table[word] = ("milliliter", "milliliters") }
        for word in ["l", "liter", "liters", "litre", "litres", "litro", "litri", "litros"] { table[word] = ("liter", "liters") }
        return table
    }()

    /// The unit of weight or volume right after the count (`750 g`, `1,5 l`).
    private static func measure(after count: String, in text: String) -> (singular: String, plural: String)? {
        guard let range = text.range(of: count.split(separator: ".").first.map(String.init) ?? count) else { return nil }
        let rest = text[range.upperBound...].drop { $0.isNumber || $0 == "." || $0 == "," }
        let word = rest.drop { $0 == " " }.prefix { $0.isLetter }
        guard !word.isEmpty, word.count <= 12 else { return nil }
        // (The unit ends there: `750 g di crema`, `2 l.`, not `2 large`.)
        return measures[word.lowercased()]
    }

    private static let piecesByWord: [String: (singular: String, plural: String)] = {
        var table: [String: (singular: String, plural: String)] = [:]
        for piece in pieces {
            table[piece.singular] = piece
            table[piece.plural] = piece
        }
        return table
    }()

    /// The first piece word in the text, as a whole word.
    private static func piece(in text: String) -> (singular: String, plural: String)? {
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
            if let piece = piecesByWord[String(word)] { return piece }
        }
        return nil
    }

    /// The first number in the text, ASCII digits with their decimals (`0.75`, `6.5`), a whole
    /// number's `.0` left out (`4.0` → `4`).
    private static func firstCount(in text: String) -> String? {
        guard text.utf8.count <= 500 else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard let start = scalars.firstIndex(where: { ("0"..."9").contains($0) }) else { return nil }
        var end = start
        while end < scalars.count, ("0"..."9").contains(scalars[end]), end - start < 6 { end += 1 }
        var digits = String(String.UnicodeScalarView(scalars[start..<end]))
        while digits.count > 1, digits.hasPrefix("0") { digits.removeFirst() }
        if end + 1 < scalars.count, scalars[end] == ".", ("0"..."9").contains(scalars[end + 1]) {
            var decimalsEnd = end + 1
            while decimalsEnd < scalars.count, ("0"..."9").contains(scalars[decimalsEnd]), decimalsEnd - end < 4 { decimalsEnd += 1 }
            var decimals = String(String.UnicodeScalarView(scalars[(end + 1)..<decimalsEnd]))
            while decimals.hasSuffix("0") { decimals.removeLast() }
            if !decimals.isEmpty { digits += "." + decimals }
        }
        return digits
    }

    /// Words that say the number counts people or portions, in the languages RecipeBook meets.
    private static let servingWords: Set<String> = [
        "serving", "servings", "serves", "person", "persons", "people", "pers", "personen", "persoon", "personne",
        "personnes", "persona", "personas", "persone", "personer", "portion", "portions", "portionen", "portioner",
        "portie", "porties", "porsjon", "porsjoner", "port", "porción", "porciones", "porzione", "porzioni", "porcja",
        "porcje", "porcji", "adag", "porção", "porções",
        "porce", "porcí", "porcia", "porcie", "porcií", "osoby", "osób", "osob", "fő", "főre", "személy", "személyre",
        "μερίδα", "μερίδες", "porsiyon", "kişilik",
    ]

    /// Words that may come before the number (`Serves 4`, `Für 4 Personen`, `Servings: 4`).
    private static let leadWords: Set<String> = ["serves", "serving", "servings", "for", "für", "voor", "pour", "para", "per", "portions", "portionen", "yield", "yields", "makes",
                                                      "serve", "até", "rendimento", "rende", "rinde", "rendement", "opbrengst"]

    /// Whether a line only states the yield: a count or a range of people or portions (`Serves 4`,
    /// `2 - 4 porcje`, `Für 4-6 Personen`).
    static func statesServings(_ line: String) -> Bool {
        guard line.utf8.count <= 80 else { return false }
        if servings(in: line) != nil || servings(in: withoutRange(line)) != nil { return true }
        // "For 2 loaves", "Voor 2 banketstaven": what the amounts below make.
        let words = line.lowercased().split(whereSeparator: \.isWhitespace)
        guard (2...4).contains(words.count), let first = words.first, ["for", "für", "voor", "pour", "para", "per"].contains(String(first)) else { return false }
        return words[1].allSatisfy { $0.isASCII && $0.isNumber } && words.dropFirst(2).allSatisfy { $0.allSatisfy(\.isLetter) }
    }

    /// `2 - 4 porcje` → `2 porcje`: the second number of a range left out.
    private static func withoutRange(_ line: String) -> String {
        let characters = Array(line)
        guard let (numberEnd, second) = secondOfRange(characters) else { return line }
        return String(characters[..<numberEnd]) + String(characters[second.upperBound...])
    }

    /// `Serves 10 to 12`, `4-6` → `12`, `6`: the second number of a range that the text's first number
    /// starts, joined to it by `to` or a dash with no space.
    private static func topOfRange(in text: String) -> String? {
        guard text.utf8.count <= 500 else { return nil }
        let characters = Array(text)
        guard let (firstEnd, second) = secondOfRange(characters) else { return nil }
        let joiner = String(characters[firstEnd..<second.lowerBound]).lowercased()
        guard joiner == "-" || joiner == "–" || joiner == " to " else { return nil }
        var digits = String(characters[second])
        while digits.count > 1, digits.hasPrefix("0") { digits.removeFirst() }
        return digits.count <= 6 ? digits : nil
    }

    /// Where the text's first number ends and, when a range word or dash follows it (`-`, `to`, `bis`,
    /// `à`), where the range's second number lies.
    private static func secondOfRange(_ characters: [Character]) -> (firstEnd: Int, second: Range<Int>)? {
        guard let first = characters.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        var index = first
        while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
        let numberEnd = index
        while index < characters.count, characters[index] == " " { index += 1 }
        var word = ""
        while index < characters.count, characters[index].isLetter || characters[index] == "-" || characters[index] == "–", word.count < 4 {
            word.append(characters[index])
            index += 1
        }
        guard ["-", "–", "to", "bis", "à", "a", "til", "do", "tot"].contains(word.lowercased()) else { return nil }
        while index < characters.count, characters[index] == " " { index += 1 }
        let secondStart = index
        guard index < characters.count, characters[index].isASCII, characters[index].isNumber else { return nil }
        while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
        return (numberEnd, secondStart..<index)
    }

    /// The number of servings when the text only states a count of people or portions (`Serves 4`,
    /// `4 personen`, `Servings: 4`), else nil: how a page's line is known to be its yield.
    static func servings(in text: String) -> String? {
        guard text.utf8.count <= 80 else { return nil }
        var number: String?
        var wordsBefore: [String] = []
        var wordsAfter: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isASCII, character.isNumber {
                guard number == nil else { return nil }
                var end = index
                while end < text.endIndex, text[end].isASCII,
                      text[end].isNumber || ((text[end] == "." || text[end] == ",") && text.index(after: end) < text.endIndex
                          && text[text.index(after: end)].isASCII && text[text.index(after: end)].isNumber) {
                    end = text.index(after: end)
                }
                number = String(text[index..<end])
                index = end
            } else if character.isLetter {
                var end = index
                while end < text.endIndex, text[end].isLetter { end = text.index(after: end) }
                let word = text[index..<end].lowercased()
                if number == nil { wordsBefore.append(word) } else { wordsAfter.append(word) }
                index = end
            } else if character.isWhitespace || ":.()".contains(character) {
                index = text.index(after: index)
            } else {
                return nil
            }
        }
        guard let number else { return nil }
        // `serving(s)`: the plural's letter on its own.
        if wordsAfter.count == 2, wordsAfter[1] == "s" { wordsAfter.removeLast() }
        guard wordsBefore.allSatisfy({ leadWords.contains($0) }), wordsAfter.count <= 1,
              wordsAfter.allSatisfy({ servingWords.contains($0) }) else { return nil }
        let saysServings = !wordsAfter.isEmpty || wordsBefore.contains { servingWords.contains($0) || $0 == "portions" || $0 == "portionen" }
        guard saysServings || wordsBefore.isEmpty else { return nil }
        return number
    }
}
