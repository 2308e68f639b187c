/// How much of a recipe a card shows: a number of times the recipe (`x2`, `x 1/2`), or a number of
/// servings (`serves 6`), which its yield turns into a number of times.
public enum CardScale: Sendable, Hashable {
    case times(Double)
    case serving(Double)

    /// The most servings a card is scaled to.
    public static let limit = 1000.0

    /// The factors a card is scaled by: from a hundredth to a hundred times the recipe. Past them amounts
    /// stop being anything a cook measures (`x 0.001` of an onion, a yield of a billion servings).
    public static let factorRange: ClosedRange<Double> = 0.01...100

    /// `1/100 to 100 times`, as messages name the range.
    public static let factorRangeText = "1/100 to 100 times"

    /// What to multiply the recipe's amounts by, for a recipe whose yield reads `yields`; nil for
    /// `serving` when the yield gives no number, or gives one that `serving` would scale past
    /// `factorRange` (then `unscaledFactor` says by how much).
    public func factor(yields: String?) -> Double? {
        guard let factor = unscaledFactor(yields: yields), CardScale.factorRange.contains(factor) else { return nil }
        return factor
    }

    /// The factor the servings asked for would take, inside `factorRange` or not; nil when the yield
    /// gives no number.
    public func unscaledFactor(yields: String?) -> Double? {
        switch self {
        case .times(let factor):
            return factor
        case .serving(let wanted):
            guard let yields, let written = Servings.count(in: yields) else { return nil }
            return Servings.factor(serving: wanted, written: written)
        }
    }

    /// Reads a factor typed after `x`: a number as `number` reads it, within `factorRange`; nil for
    /// anything else.
    public static func factor(_ text: String) -> Double? {
        number(text, upTo: factorRange.upperBound).flatMap { factorRange.contains($0) ? $0 : nil }
    }

    /// Reads a factor as typed: `2`, `1.5`, `1,5`, `1/2`, `1 1/2`, `½`, `1½`; nil when it is not a
    /// positive number up to `limit`.
    public static func number(_ text: String) -> Double? {
        number(text, upTo: limit)
    }

    private static func number(_ text: String, upTo limit: Double) -> Double? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.count <= 20 else { return nil }
        let line = IngredientLine(parsing: trimmed + " x")
        guard let quantity = line.quantity, quantity.high == nil, line.quantityRange?.lowerBound == 0,
              line.quantityRange?.upperBound == trimmed.utf8.count,
              quantity.low > 0, quantity.low <= limit, quantity.low.isFinite else { return nil }
        return quantity.low
    }
}
