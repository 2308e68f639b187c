/// A line as a card shows it, scaled and in the units asked for.
public struct ShownIngredientLine: Sendable, Hashable {
    public let text: String
    /// Whether it is shown as written though it was asked to be scaled or converted, because its amount
    /// was not read with confidence. A card marks it.
    public let asWritten: Bool

    public init(text: String, asWritten: Bool) {
        self.text = text
        self.asWritten = asWritten
    }
}

extension IngredientLine {
    /// The line with its amount times `factor` and, when `units` is given, in that system, written as a
    /// cook writes it: `1 ½ cups finely chopped onions` twice is `3 cups finely chopped onions`, in
    /// metric `710 ml finely chopped onions`; `2 cups flour` in metric is `240 g flour`. Only the amount
    /// changes; the rest of the line is as written. An amount that grows past its unit moves to the
    /// next one (`12 tbsp` is `¾ cup`, `1500 g` is `1.5 kg`). A line without an amount (`salt, to
    /// taste`) is shown as written; one whose amount was not read with confidence too, marked.
    ///
    /// A line that gives its amount twice (`2 cups (450 g) pumpkin`) keeps both when scaled; in the units
    /// of the second, the second is the amount (`450 g pumpkin` in metric), and converted it is one. Names take English plurals only
    /// in English (`language` is the recipe's, nil when unknown): `Petersilie`, `Sel`, a line written in
    /// `EL` keep their words; `EL` and `TL` are written `tbsp` and `tsp` in US measures.
    public func shown(scale factor: Double = 1, units: UnitSystem? = nil, language: String? = nil) -> ShownIngredientLine {
        guard factor != 1 || units != nil else { return ShownIngredientLine(text: text, asWritten: false) }
        guard !isUnsure, factor > 0, factor.isFinite else { return ShownIngredientLine(text: text, asWritten: true) }
        guard quantity != nil, let quantityRange, let whole = totalAmount else { return ShownIngredientLine(text: text, asWritten: false) }
        var amount = IngredientAmount(whole.quantity.scaled(by: factor), unit)
        var other = alternative.map { IngredientAmount($0.quantity.scaled(by: factor), $0.unit) }
        // A scaled one is tidied as the amount is (`1000 g` is `1 kg`); as written otherwise.
        if let given = other, factor != 1 { other = UnitConversion.tidied(given) }
        if let units, let given = other, let givenUnit = given.unit, givenUnit.system == units.measures, unit?.system != units.measures {
            // The line already says how much in the units asked: that, rather than a conversion of the other.
            amount = given
            other = nil
        } else if let units, let converted = UnitConversion.converted(amount, to: units, ingredient: name) {
            amount = converted
            // The card shows the units asked for; the same amount in others would only repeat it.
            other = nil
        } else if factor != 1 {
            // A modifier belongs to its unit: `4 heaped tbsp` stays in spoons; so does `4 EL` but in US measures.
            if unitModifier == nil, !unitIsForeign || units == .us { amount = UnitConversion.tidied(amount) }
        } else if !(units == .us && unitIsForeign) {
            // Nothing to convert: as written.
            return ShownIngredientLine(text: text, asWritten: false)
        }
        // An amount a cook cannot measure, or one the nearest measure would change past twice itself (a
        // hundredth of an onion shown as `¼ onion`), is shown as written, marked.
        let low = amount.quantity.low
        guard IngredientQuantity.kitchenRange.contains(low), amount.quantity.high.map(IngredientQuantity.kitchenRange.contains) ?? true,
              CookAmount.rounded(low, unit: amount.unit) <= 2 * low else {
            return ShownIngredientLine(text: text, asWritten: true)
        }
        let english = (language.map { $0.lowercased().hasPrefix("en") } ?? true) && !unitIsForeign
            && !IngredientName.foldedWords(text).contains(where: IngredientWords.notEnglish.contains)
        return ShownIngredientLine(text: rewritten(amount, other: other, quantityRange: quantityRange, english: english, units: units),
                                   asWritten: false)
    }

    /// Whether the unit is written in a word of another language (`EL`, `TL`, `c. à soupe`).
    var unitIsForeign: Bool {
        guard let unitRange, let unit else { return false }
        let bytes = Array(text.utf8)
        let written = String(decoding: bytes[unitRange.clamped(to: 0..<bytes.count)], as: UTF8.self)
        guard let first = written.split(whereSeparator: { !$0.isLetter }).first?.lowercased() else { return false }
        return IngredientUnits.foreign.contains(first) || first == "c" && unit != .cup
    }

    /// The text with its amount replaced by `amount` (and the same amount in other units, `other`, after
    /// it in parentheses); `english` says whether a counted name may take an English plural.
    private func rewritten(_ amount: IngredientAmount, other: IngredientAmount?, quantityRange: Range<Int>, english: Bool,
                           units: UnitSystem?) -> String {
        let bytes = Array(text.utf8)
        func piece(_ range: Range<Int>) -> String {
            String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
        }
        let before = piece(0..<quantityRange.lowerBound)
        var (number, top) = CookAmount.quantityText(amount.quantity, unit: amount.unit)
        guard let unitRange, let newUnit = amount.unit, unitRange.lowerBound >= quantityRange.upperBound else {
            // Counted (`2 eggs`): one becoming more makes the name plural (`1 egg, beaten` → `2 eggs, beaten`),
            // and more becoming one singular (`2 eggs` halved is `1 egg`), in English.
            var rest = piece(quantityRange.upperBound..<bytes.count)
            guard unit == nil else { return before + number + rest }
            if top < 1, IngredientLine.isTakenWhole(name) {
                // An egg is not cut: one, and how much of it (`1 egg, beaten (use ⅔ of it)`).
                rest += " (use \(number) of it)"
                number = "1"
                top = 1
            }
            let wasOne = (quantity?.high ?? quantity?.low ?? 0) <= 1
            guard english else { return before + number + rest }
            if wasOne && top > 1 { return before + number + IngredientLine.pluralizingName(in: rest, name: name) }
            if !wasOne && top <= 1 { return before + number + IngredientLine.singularizingName(in: rest, name: name) }
            return before + number + rest
        }
        let between = piece(quantityRange.upperBound..<unitRange.lowerBound)
        let after = piece(unitRange.upperBound..<bytes.count)
        let also = other.map { " (" + CookAmount.text($0) + ")" } ?? ""
        if unitIsForeign, newUnit == unit, units != .us {
            // `2 EL` stays in its own words outside US measures: only the number changes.
            return before + number + piece(quantityRange.upperBound..<bytes.count)
        }
        if between.trimmingSpaces.isEmpty || between.trimmingSpaces == unitModifier {
            // `1 ½ cups`, `2 heaped tbsp`, `250g/9oz`: amount and unit are written together.
            return before + CookAmount.text(amount, modifier: unitModifier) + also + after
        }
        // Something between them (`1 (14 oz) can`, `2 garlic cloves`): each is written anew in its place.
        return before + number + between + CookAmount.unitText(newUnit, plural: top > 1) + after
    }

    /// Whether what `name` names is not cut below one (an egg, a yolk, an egg white).
    public static func isTakenWhole(_ name: String) -> Bool {
        IngredientWords.takenWhole.contains(IngredientWords.singular(name.split(separator: " ").last.map(String.init) ?? "").lowercased())
    }

    /// `name` agreeing with a count of it: `eggs` for 1 is `egg`, `egg` for 3 is `eggs`; words that do
    /// not count stay (`rice`).
    public static func name(_ name: String, counted count: Double) -> String {
        guard let last = name.split(separator: " ").last.map(String.init) else { return name }
        let agreeing = count > 1 ? IngredientWords.plural(last) : IngredientWords.singular(last)
        return String(name.dropLast(last.count)) + agreeing
    }

    /// `rest` with the name's last word made plural where it is first written: `egg, beaten` →
    /// `eggs, beaten`.
    static func pluralizingName(in rest: String, name: String) -> String {
        replacingNameWord(in: rest, name: name, with: IngredientWords.plural)
    }

    /// `rest` with the name's last word made singular where it is first written: `eggs, beaten` →
    /// `egg, beaten`, `tomatoes` → `tomato`; a word that does not count stays (`rice`).
    static func singularizingName(in rest: String, name: String) -> String {
        replacingNameWord(in: rest, name: name, with: IngredientWords.singular)
    }

    /// `rest` with the name's last word, where it is first written, replaced by `change` of it.
    private static func replacingNameWord(in rest: String, name: String, with change: (String) -> String) -> String {
        guard let last = name.split(separator: " ").last.map(String.init), !last.isEmpty else { return rest }
        let restWords = rest.split(separator: " ", omittingEmptySubsequences: false)
        guard let at = restWords.firstIndex(where: { $0 == last || $0.hasPrefix(last) && !$0.dropFirst(last.count).contains(where: \.isLetter) })
        else { return rest }
        var words = restWords.map(String.init)
        words[at] = change(last) + words[at].dropFirst(last.count)
        return words.joined(separator: " ")
    }
}

extension String {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}
