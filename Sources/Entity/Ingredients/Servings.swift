/// How many a recipe serves or makes, read from its yield as pages write it, and the factor that
/// scales it to another number of servings.
public enum Servings {
    /// The first number in a yield: `Serves 4` is 4, `4-6 servings` 4 to 6, `Makes about 24 cookies` 24,
    /// `Serves four` 4, `1 loaf` 1; nil when the yield holds no number.
    public static func count(in yields: String) -> IngredientQuantity? {
        let tokens = IngredientTokenizer.tokens(yields)
        for (index, token) in tokens.enumerated() {
            let value = token.number ?? (token.isWord ? IngredientWords.numbers[token.lower] : nil)
            // A number no kitchen counts (`999999999999999999999 servings`) is no yield.
            guard let value, IngredientQuantity.kitchenRange.contains(value), token.lower != "half", token.lower != "quarter",
                  token.lower != "third" else { continue }
            // `4-6`, `4 to 6`, `6 or 8`
            if index + 2 < tokens.count, tokens[index + 1].isPunctuation("-") || ["to", "or"].contains(tokens[index + 1].lower),
               let high = tokens[index + 2].number ?? IngredientWords.numbers[tokens[index + 2].lower], high > value {
                return IngredientQuantity(value, to: high)
            }
            return IngredientQuantity(value)
        }
        return nil
    }

    /// What to multiply amounts by to serve `wanted` when the recipe serves `written`; a range counts
    /// by its smaller end (a recipe for 4 to 6 made for 8 is doubled). Nil when either is not positive.
    public static func factor(serving wanted: Double, written: IngredientQuantity) -> Double? {
        guard wanted > 0, wanted.isFinite, written.low > 0 else { return nil }
        return wanted / written.low
    }
}

extension Servings {
    /// The yield as a card scaled by `factor` states it: its number (or range) times `factor`, the rest as
    /// written (`4 servings` ×1.5 is `6 servings`, `Serves 4-6` ×2 `Serves 8–12`, `Makes about 24 cookies`
    /// ×½ `Makes about 12 cookies`, `Serves four` ×2 `Serves 8`); nil when the yield holds no number, or
    /// when the factor is 1.
    public static func scaled(_ yields: String, by factor: Double) -> String? {
        guard factor != 1, factor > 0, factor.isFinite, let count = count(in: yields) else { return nil }
        let tokens = IngredientTokenizer.tokens(yields)
        guard let first = tokens.firstIndex(where: { token in
            let value = token.number ?? (token.isWord ? IngredientWords.numbers[token.lower] : nil)
            return value == count.low
        }) else { return nil }
        var last = first
        if count.high != nil, first + 2 < tokens.count { last = first + 2 }
        let range = tokens[first].text.startIndex..<tokens[last].text.endIndex
        let (number, top) = CookAmount.quantityText(count.scaled(by: factor), unit: nil)
        var rest = String(yields[range.upperBound...])
        // What it counts agrees with the new number: `1 loaf` ×2 is `2 loaves`, `2 servings` ×½ `1 serving`.
        let wasOne = (count.high ?? count.low) <= 1
        if last + 1 < tokens.count, tokens[last + 1].isWord, tokens[last + 1].spaceBefore, wasOne != (top <= 1) {
            let word = tokens[last + 1].text
            let agreeing = top > 1 ? IngredientWords.plural(String(word)) : IngredientWords.singular(String(word))
            rest = String(yields[range.upperBound..<word.startIndex]) + agreeing + String(yields[word.endIndex...])
        }
        return String(yields[..<range.lowerBound]) + number + rest
    }
}
