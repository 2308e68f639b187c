/// How much of a recipe a card shows: a number of times the recipe (`x2`, `x 1/2`), or a number of
/// servings (`serves 6`), which its yield turns into a number of times.
public enum CardScale: Sendable, Hashable {
    case times(Double)
    case serving(Double)

    /// The most times, or servings, a card is scaled to.
    public static let limit = 1000.0

    /// What to multiply the recipe's amounts by, for a recipe whose yield reads `yields`; nil for
    /// `serving` when the yield gives no number.
    public func factor(yields: String?) -> Double? {
        switch self {
        case .times(let factor):
            return factor
        case .serving(let wanted):
            guard let yields, let written = Servings.count(in: yields) else { return nil }
            return Servings.factor(serving: wanted, written: written)
        }
    }

    /// Reads a factor as typed: `2`, `1.5`, `1,5`, `1/2`, `1 1/2`, `½`, `1½`; nil when it is not a
    /// positive number up to `limit`.
    public static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.count <= 20 else { return nil }
        let line = IngredientLine(parsing: trimmed + " x")
        guard let quantity = line.quantity, quantity.high == nil, line.quantityRange?.lowerBound == 0,
              line.quantityRange?.upperBound == trimmed.utf8.count,
              quantity.low > 0, quantity.low <= limit, quantity.low.isFinite else { return nil }
        return quantity.low
    }
}
