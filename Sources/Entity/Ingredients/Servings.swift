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
