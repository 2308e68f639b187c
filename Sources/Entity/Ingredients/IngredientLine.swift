/// An amount as written: one number, or a range (`1-2`, `1 to 2`).
public struct IngredientQuantity: Sendable, Hashable {
    public var low: Double
    /// The top of a range; nil for a single number.
    public var high: Double?

    public init(_ low: Double, to high: Double? = nil) {
        self.low = low
        self.high = high.flatMap { $0 > low ? $0 : nil }
    }

    public var isRange: Bool { high != nil }

    /// The amounts a kitchen measures: more than nothing a recipe could show (a thousandth) and at
    /// most 100,000 (100 kg in grams, 100 litres in millilitres). A number outside it (NaN, infinite,
    /// negative, zero, a run of hundreds of digits) is not taken as an amount: the line is unsure and
    /// shown as written.
    public static let kitchenRange: ClosedRange<Double> = 0.001...100_000

    /// Whether both ends are amounts a kitchen measures (`kitchenRange`).
    public var isKitchenAmount: Bool {
        IngredientQuantity.kitchenRange.contains(low) && (high.map(IngredientQuantity.kitchenRange.contains) ?? true)
    }

    /// The same amount times `factor`.
    public func scaled(by factor: Double) -> IngredientQuantity {
        IngredientQuantity(low * factor, to: high.map { $0 * factor })
    }
}

/// A quantity with its unit (nil when counted): `400 g`, `2-3`, `1 can`.
public struct IngredientAmount: Sendable, Hashable {
    public var quantity: IngredientQuantity
    public var unit: IngredientUnit?

    public init(_ quantity: IngredientQuantity, _ unit: IngredientUnit?) {
        self.quantity = quantity
        self.unit = unit
    }
}

/// An ingredient line read into its parts: `1 ½ cups finely chopped onions, divided` is 1.5 (quantity),
/// cup (unit), onions (name), finely chopped (preparation), divided (comment), and keeps its text.
public struct IngredientLine: Sendable, Hashable {
    /// The line as written, which a card shows when `isUnsure`.
    public let text: String
    /// How much; nil when the line gives no number (`salt, to taste`, `a pinch of salt`).
    public var quantity: IngredientQuantity?
    /// The unit of `quantity`, canonical (`tbsp` and `Tablespoons` are `tablespoon`); nil when the
    /// ingredient is counted (`2 eggs`).
    public var unit: IngredientUnit?
    /// A word that goes with the unit: `heaped` tablespoon, `large` handful, `thin` slice.
    public var unitModifier: String?
    /// How much each one holds or weighs, when the line says: `2 (14 oz) cans` (14 oz), `4 x 200g steaks`.
    public var each: IngredientAmount?
    /// An amount written after the first that adds to it: `2 lb 4 oz`, `1 cup plus 2 tablespoons`.
    public var added: IngredientAmount?
    /// The same amount in another measure, as the line also gives it: `2 cups (450 g) pumpkin` (450 g),
    /// `250g/9oz` (9 oz).
    public var alternative: IngredientAmount?
    /// What to buy or take: `onions`, `free-range eggs`, `extra virgin olive oil`.
    public var name: String
    /// The size of what is counted: `large` eggs.
    public var size: String?
    /// What is done to it: `finely chopped`, `peeled and diced`.
    public var preparation: String?
    /// Everything else: `plus extra to serve`, `or 2 spring onions`, `see note`, `to taste`.
    public var comment: String?
    /// When the line reads `a pinch` or `an onion`: one, though no number is written.
    public var impliedOne: Bool
    /// Whether the parts may be wrong: a card then shows the line as written.
    public var isUnsure: Bool
    /// Where the quantity is written in `text` (UTF-8 offsets), to write it anew when scaled.
    public var quantityRange: Range<Int>?
    /// Where the unit is written in `text`, with the same amount in other units after it (`g/9oz`).
    public var unitRange: Range<Int>?

    public init(text: String, quantity: IngredientQuantity? = nil, unit: IngredientUnit? = nil, unitModifier: String? = nil,
                each: IngredientAmount? = nil, name: String, size: String? = nil, preparation: String? = nil, comment: String? = nil, impliedOne: Bool = false,
                isUnsure: Bool = false) {
        self.text = text
        self.quantity = quantity
        self.unit = unit
        self.unitModifier = unitModifier
        self.each = each
        self.name = name
        self.size = size
        self.preparation = preparation
        self.comment = comment
        self.impliedOne = impliedOne
        self.isUnsure = isUnsure
    }

    /// Reads one line.
    public init(parsing text: String) {
        self = IngredientLineParser.parse(text)
    }

    /// The unit as a recipe site names it with its modifier: `large handful`, `heaped tablespoon`, `cup`.
    public var unitText: String? {
        guard let unit else { return nil }
        return unitModifier.map { "\($0) \(unit.name)" } ?? unit.name
    }

    /// The quantity with its unit, when there is a quantity.
    public var amount: IngredientAmount? {
        scalableQuantity.map { IngredientAmount($0, unit) }
    }

    /// The whole amount: the quantity with what is added to it (`2 lb 4 oz` is 2.25 lb).
    public var totalAmount: IngredientAmount? {
        guard var amount else { return nil }
        if let added, let unit, let addedUnit = added.unit, unit.sameDimension(as: addedUnit), unit.size > 0 {
            let extra = added.quantity.low * addedUnit.size / unit.size
            amount.quantity = IngredientQuantity(amount.quantity.low + extra, to: amount.quantity.high.map { $0 + extra })
        }
        return amount
    }

    /// How much there is to scale: the written quantity, or one for `a pinch`.
    public var scalableQuantity: IngredientQuantity? {
        quantity ?? (impliedOne ? IngredientQuantity(1) : nil)
    }
}
