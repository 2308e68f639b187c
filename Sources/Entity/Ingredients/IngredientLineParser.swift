/// Reads an ingredient line into its parts, by rules over its tokens:
///
/// 1. The amount at the start: a number, fraction, mixed number or range (`1-2`, `1 to 2`, `1 or 2`), a
///    number in words (`two`, `half a`, `a dozen`), or `a`/`an` (one, though no number is written).
/// 2. The size of each, when one more amount follows (`1 (14 oz) can`, `two 3-pound chickens`,
///    `4 x 200g/7oz steaks`).
/// 3. The unit: a measure or an informal unit (`tbsp`, `fl oz`, `large handful`, `cloves`), then the
///    same amount in other units, skipped (`250g/9oz`, `300ml/½ pint`, `1 cup (240 ml)`), and `of`.
/// 4. The rest: parentheses are comments; the first part before a comma holds the name, with sizes,
///    preparations (`finely chopped`) and trailing comments (`to taste`, `or 2 shallots`, `plus extra`)
///    taken out of it; the parts after the comma are preparations or comments.
enum IngredientLineParser {
    static func parse(_ text: String) -> IngredientLine {
        var reader = IngredientLineReader(tokens: IngredientTokenizer.tokens(text))
        return reader.read(text)
    }
}

/// One pass over the tokens of a line.
struct IngredientLineReader {
    let tokens: [IngredientToken]
    var index = 0
    var quantity: IngredientQuantity?
    var impliedOne = false
    var unit: IngredientUnit?
    var unitModifier: String?
    var sizes: [String] = []
    var preparations: [String] = []
    var comments: [String] = []
    /// Whether what follows the unit was bought as it is (`1 can crushed tomatoes`): preparations before
    /// the name stay in it.
    var afterContainer = false
    /// Where the unit was read.
    var unitPosition: Int?
    /// The tokens of the quantity, and of the unit.
    var quantityTokens: Range<Int>?
    var unitTokens: Range<Int>?
    /// Where the same amount in other units (`250g/9oz`) ends, after the unit.
    var alternativesEnd: Int?
    /// Tokens already read out of the rest (an amount found after the name).
    var skipped = Set<Int>()
    /// Whether an unclosed parenthesis was set aside.
    var ignoredOpening = false
    /// `Heaped` or `scant` before the amount: it goes with the unit.
    var leadingModifier: String?
    /// Whether `each` followed the unit (`2 tbsp each parsley, mint and dill`): every name that follows counts.
    var eachName = false
    /// The size of each of what is counted: `2 (14 oz) cans`, `4 x 200g steaks`.
    var each: IngredientAmount?
    /// An amount added to the first: `2 lb 4 oz`, `1 cup plus 2 tablespoons`.
    var added: IngredientAmount?
    /// The same amount in another measure, written after the unit: `2 cups (450 g)`, `250g/9oz`.
    var alternative: IngredientAmount?
    /// Whether the alternatives being read are the line's own (after its unit), not those of each one's size.
    var readsOwnAlternative = false
    /// Whether the line starts `few` or `several`: a unit may follow without a number.
    var fewOf = false
    var unsure = false

    init(tokens: [IngredientToken]) {
        self.tokens = tokens
    }

    // MARK: The whole line

    mutating func read(_ text: String) -> IngredientLine {
        skipBullets()
        skipPartOf()
        readQuantity()
        readEachSize()
        readUnit()
        if quantity == nil, unit == nil, !impliedOne { findLaterAmount() }
        let name = readRest()
        if name.isEmpty || name.contains(where: \.isNumber) { unsure = true }
        if !amountsAreKitchenAmounts(name: name) {
            // Not an amount anyone measures: no number is given out, and the line is shown as written.
            quantity = nil
            added = nil
            alternative = nil
            each = nil
            quantityTokens = nil
            impliedOne = false
            unsure = true
        }
        var line = IngredientLine(text: text, quantity: quantity, unit: unit, unitModifier: unitModifier, each: each, name: name,
                                  size: sizes.isEmpty ? nil : sizes.joined(separator: " "),
                                  preparation: preparations.isEmpty ? nil : preparations.joined(separator: ", "),
                                  comment: comments.isEmpty ? nil : comments.joined(separator: "; "),
                                  impliedOne: impliedOne && quantity == nil, isUnsure: unsure)
        line.added = added
        line.alternative = alternative
        line.quantityRange = quantityTokens.flatMap { offsets(of: $0, in: text) }
        if let unitTokens {
            let end = max(unitTokens.upperBound, alternativesEnd ?? unitTokens.upperBound)
            line.unitRange = offsets(of: unitTokens.lowerBound..<end, in: text)
        }
        return line
    }

    /// Whether every amount read is one a kitchen measures: within `IngredientQuantity.kitchenRange`,
    /// not written with a minus sign (`-5 eggs`; a bullet `- 5 eggs` has a space), and not a number of
    /// millions (`2 million eggs`, whose `million` the name would otherwise keep).
    func amountsAreKitchenAmounts(name: String) -> Bool {
        for amount in [quantity, added?.quantity, each?.quantity].compactMap({ $0 }) where !amount.isKitchenAmount {
            return false
        }
        if let start = quantityTokens?.lowerBound, start > 0, tokens[start - 1].isPunctuation("-"), !tokens[start].spaceBefore {
            return false
        }
        // In lower case and straight after the number: `1 cup Thousand Island dressing` is a name.
        let first = name.split(separator: " ").first.map(String.init) ?? ""
        return quantity == nil || unit != nil || !IngredientWords.magnitudes.contains(first)
    }

    /// Where tokens `range` stand in `text`, in UTF-8 bytes.
    func offsets(of range: Range<Int>, in text: String) -> Range<Int>? {
        guard !range.isEmpty, range.upperBound <= tokens.count else { return nil }
        let start = text.utf8.distance(from: text.startIndex, to: tokens[range.lowerBound].text.startIndex)
        let end = text.utf8.distance(from: text.startIndex, to: tokens[range.upperBound - 1].text.endIndex)
        return start..<end
    }

    // MARK: Looking at tokens

    func token(_ offset: Int = 0) -> IngredientToken? {
        let position = index + offset
        return position < tokens.count ? tokens[position] : nil
    }

    func word(_ offset: Int = 0) -> String? {
        guard let token = token(offset), token.isWord else { return nil }
        return token.lower
    }

    func isMark(_ mark: Character, _ offset: Int = 0) -> Bool {
        token(offset)?.isPunctuation(mark) ?? false
    }

    mutating func skipBullets() {
        while let token = token(), token.isPunctuation, "-*•·>~".contains(token.text.first ?? " ") { index += 1 }
    }

    // MARK: Text

    /// The text of tokens `start..<end` as written, spaces kept as single spaces.
    func text(from start: Int, to end: Int) -> String {
        guard start < end, end <= tokens.count else { return "" }
        return join(Array(start..<end))
    }

    /// The tokens at `positions`, joined with single spaces where the line had space or skipped tokens.
    func join(_ positions: [Int]) -> String {
        join(positions) { String($0.text) }
    }

    /// The name as written, with the plural unit words recipe sites use inside names made singular
    /// (`bay leaves` → `bay leaf`, `garlic cloves` → `garlic clove`) so names compare as units do.
    func nameText(_ positions: [Int]) -> String {
        join(positions) { token in
            guard token.isWord, let singular = IngredientUnits.singularInNames[token.lower] else { return String(token.text) }
            return sameCase(singular, as: token.text)
        }
    }

    private func join(_ positions: [Int], _ written: (IngredientToken) -> String) -> String {
        var result = ""
        var previous = -2
        for position in positions {
            let token = tokens[position]
            if !result.isEmpty && (token.spaceBefore || position != previous + 1) { result += " " }
            result += written(token)
            previous = position
        }
        return result
    }

    func sameCase(_ word: String, as original: Substring) -> String {
        if original.allSatisfy({ $0.isUppercase }) { return word.uppercased() }
        if original.first?.isUppercase == true { return word.prefix(1).uppercased() + word.dropFirst() }
        return word
    }
}
