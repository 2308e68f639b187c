/// Amounts written as a cook writes them: `1 ½ cups`, not `1.5000 cups`; `450 g`, not `453.592 g`;
/// `⅓ cup`, `¼ tsp`, `2–3 cloves`, `1.5 kg`.
///
/// Rounding, per unit:
/// - US spoons, cups, pints and pounds, lengths in inches and counted things take the fractions that
///   measuring spoons and cups have (`⅛ ¼ ⅓ ½ ⅔ ¾` as the unit allows), written as Unicode fractions after
///   the whole number and a space; counted things take halves from two and whole numbers from five;
/// - metric amounts round to what a scale or jug shows: below 5 to the half, below 20 to the whole,
///   below 100 to 5, below 1000 to 10; kilograms and litres to the twentieth below 2, the tenth below 10
///   (`1.25 kg`, `2.4 l`);
/// - ounces to the quarter below 4, the whole above.
/// A small amount never rounds to nothing: it takes the smallest step instead (`⅛ tsp`, `0.5 g`).
public enum CookAmount {
    /// `1 ½ cups`, `450 g`, `2–3 cloves`, `3 eggs` is `3`: the quantity, then the unit in the number it
    /// takes (with its modifier: `2 heaped tbsp`).
    public static func text(_ quantity: IngredientQuantity, unit: IngredientUnit?, modifier: String? = nil) -> String {
        let (number, top) = quantityText(quantity, unit: unit)
        guard let unit else { return number }
        let word = unitText(unit, plural: top > 1)
        return [number, modifier, word].compactMap { $0 }.joined(separator: " ")
    }

    /// The quantity alone, rounded for `unit` (`1 ½`, `2–3`, `450`), and the largest number in it.
    public static func quantityText(_ quantity: IngredientQuantity, unit: IngredientUnit?) -> (text: String, top: Double) {
        let low = rounded(quantity.low, unit: unit)
        guard let high = quantity.high else { return (numberText(low, unit: unit), low) }
        let roundedHigh = rounded(high, unit: unit)
        guard roundedHigh > low else { return (numberText(low, unit: unit), low) }
        return (numberText(low, unit: unit) + "–" + numberText(roundedHigh, unit: unit), roundedHigh)
    }

    /// An amount with its unit: `1 ½ cups`.
    public static func text(_ amount: IngredientAmount, modifier: String? = nil) -> String {
        text(amount.quantity, unit: amount.unit, modifier: modifier)
    }

    /// How the unit is written: symbols for metric and the common US measures (`g`, `ml`, `tbsp`, `oz`,
    /// `lb`, `fl oz`), words for the rest, plural when there is more than one (`cups`, `cloves`, `pinches`).
    public static func unitText(_ unit: IngredientUnit, plural: Bool) -> String {
        switch unit.system {
        case .metric:
            return unit.symbol ?? unit.name
        case .us where [IngredientUnit.teaspoon, .tablespoon, .fluidOunce, .ounce, .pound, .dessertspoon].contains(unit):
            return unit.symbol ?? unit.name
        case .imperial where unit == .imperialPint:
            return plural ? "pints" : "pint"
        default:
            return plural ? unit.plural : unit.name
        }
    }

    /// The value rounded as a cook measures it in `unit`.
    public static func rounded(_ value: Double, unit: IngredientUnit?) -> Double {
        guard value > 0, value.isFinite else { return 0 }
        switch style(for: unit) {
        case .fractions(var allowed):
            // Counted things (eggs, cloves, cans): a part of one while there are few, halves up to
            // five, whole ones from five (`6 eggs`, never `6 ⅓ eggs`).
            if unit?.isMeasure != true {
                if value >= 5 { allowed = [] } else if value >= 2 { allowed = [0.5] }
            }
            let whole = value.rounded(.down)
            let part = value - whole
            let candidates = [0.0] + allowed + [1.0]
            var best = candidates[0]
            for candidate in candidates where abs(candidate - part) < abs(best - part) { best = candidate }
            let result = whole + best
            // Many of them: whole numbers only.
            if value >= 10, allowed.count > 1 { return value.rounded() }
            return result > 0 ? result : (allowed.first ?? 1)
        case .metric:
            let step: Double
            if let unit, unit.size >= 1000 {
                // Kilograms and litres: `1.25 kg`, `2.4 l`, `12.5 kg`.
                step = value < 2 ? 0.05 : (value < 10 ? 0.1 : 0.5)
            } else {
                switch value {
                case ..<5: step = 0.5
                case ..<20: step = 1
                case ..<100: step = 5
                case ..<1000: step = 10
                default: step = 50
                }
            }
            let result = (value / step).rounded() * step
            return result > 0 ? result : step
        case .ounces:
            let step = value < 4 ? 0.25 : 1
            let result = (value / step).rounded() * step
            return result > 0 ? result : step
        }
    }

    /// A rounded value as written: `1 ½`, `⅓`, `450`, `1.25`.
    public static func numberText(_ value: Double, unit: IngredientUnit?) -> String {
        if case .fractions = style(for: unit) { return fractionText(value) }
        if case .ounces = style(for: unit) { return fractionText(value) }
        return decimalText(value)
    }

    /// `1 ½`, `⅔`, `3`: a whole number and a Unicode fraction; a value between the common fractions is
    /// written in decimals.
    public static func fractionText(_ value: Double) -> String {
        let whole = value.rounded(.down)
        let part = value - whole
        if part < 0.01 { return decimalText(whole) }
        if part > 0.99 { return decimalText(whole + 1) }
        guard let glyph = fractions.first(where: { abs($0.value - part) < 0.01 })?.glyph else { return decimalText(value) }
        return whole == 0 ? glyph : "\(decimalText(whole)) \(glyph)"
    }

    /// `450`, `1.25`, `0.5`: at most two decimals, none when whole.
    public static func decimalText(_ value: Double) -> String {
        // Past what a kitchen holds, and past what whole numbers can hold: as Swift writes it.
        guard value.isFinite, value.magnitude < 1e12 else { return "\(value)" }
        let hundredths = (value * 100).rounded()
        let whole = Int((hundredths / 100).rounded(.towardZero))
        let rest = Int(abs(hundredths).truncatingRemainder(dividingBy: 100))
        if rest == 0 { return String(whole) }
        let decimals = rest % 10 == 0 ? String(rest / 10) : (rest < 10 ? "0\(rest)" : String(rest))
        return "\(whole).\(decimals)"
    }

    private static let fractions: [(value: Double, glyph: String)] = [
        (1.0 / 8, "⅛"), (1.0 / 4, "¼"), (1.0 / 3, "⅓"), (3.0 / 8, "⅜"), (1.0 / 2, "½"), (5.0 / 8, "⅝"), (2.0 / 3, "⅔"),
        (3.0 / 4, "¾"), (7.0 / 8, "⅞"), (1.0 / 5, "⅕"), (1.0 / 6, "⅙"),
    ]

    private enum Style {
        /// Whole numbers and these fractions.
        case fractions([Double])
        case metric
        case ounces
    }

    private static func style(for unit: IngredientUnit?) -> Style {
        guard let unit else { return .fractions([0.25, 1.0 / 3, 0.5, 2.0 / 3, 0.75]) }
        switch unit {
        // ⅜ tsp is ¼ and ⅛ spoons, as scaled recipes write ¼ tsp ×1.5.
        case .teaspoon: return .fractions([0.125, 0.25, 0.375, 0.5, 0.75])
        case .tablespoon, .dessertspoon: return .fractions([0.5])
        case .cup: return .fractions([0.25, 1.0 / 3, 0.5, 2.0 / 3, 0.75])
        case .pint, .imperialPint, .quart, .gallon, .pound: return .fractions([0.25, 0.5, 0.75])
        case .fluidOunce, .inch, .stone: return .fractions([0.5])
        case .ounce: return .ounces
        default: break
        }
        switch unit.system {
        case .metric: return .metric
        default: return .fractions([0.25, 1.0 / 3, 0.5, 2.0 / 3, 0.75])
        }
    }
}
