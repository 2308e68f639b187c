/// The units a card may be shown in.
public enum UnitSystem: String, Sendable, Hashable, CaseIterable {
    /// Grams, kilograms, millilitres and litres (spoons stay spoons: a metric kitchen has them too).
    case metric
    /// Cups, spoons, ounces and pounds.
    case us

    /// The system of units whose measures this one shows.
    var measures: IngredientUnit.System {
        switch self {
        case .metric: return .metric
        case .us: return .us
        }
    }
}

/// Converting amounts between metric and US measures, and choosing the unit a cook would write.
///
/// - Volumes convert to volumes and weights to weights: cups and pints to millilitres and litres, ounces
///   and pounds to grams and kilograms, and back.
/// - A volume becomes a weight (and a weight a volume) only for the foods in `IngredientDensities`,
///   where a cup of it weighs the same every time it is measured: flour, sugar, butter, rice, oats,
///   cocoa, honey. Metric cooks weigh those (`2 cups flour` is `240 g flour`); US cooks measure them
///   in cups (`200 g sugar` is `1 cup sugar`).
/// - Teaspoons and tablespoons are left alone both ways; counted units (a can, a clove, a pinch) and
///   amounts with no unit never convert.
public enum UnitConversion {
    /// `amount` in `system`, in the unit a cook of that system would use; nil when it cannot be
    /// converted soundly (the caller keeps the unit as written).
    public static func converted(_ amount: IngredientAmount, to system: UnitSystem, ingredient: String) -> IngredientAmount? {
        guard let unit = amount.unit, unit.isMeasure else { return nil }
        if unit == .teaspoon || unit == .tablespoon || unit == .dessertspoon {
            // A spoonful of a weighed food is still a spoonful, unless there are many.
            guard system == .metric, let density = IngredientDensities.gramsPerCup(of: ingredient),
                  amount.quantity.low * unit.size >= IngredientUnit.cup.size / 4 else { return nil }
            return tidied(amount.quantity.scaled(by: unit.size / IngredientUnit.cup.size * density), .gram, system: .metric)
        }
        switch (unit.measure, system) {
        case (.volume(let millilitres), .metric):
            guard unit.system != .metric else { return tidied(amount, system: .metric) }
            if let density = IngredientDensities.gramsPerCup(of: ingredient) {
                return tidied(amount.quantity.scaled(by: millilitres / IngredientUnit.cup.size * density), .gram, system: .metric)
            }
            return tidied(amount.quantity.scaled(by: millilitres), .milliliter, system: .metric)
        case (.weight(let grams), .metric):
            return tidied(amount.quantity.scaled(by: grams), .gram, system: .metric)
        case (.length(let millimetres), .metric):
            return tidied(amount.quantity.scaled(by: millimetres), .millimeter, system: .metric)
        case (.volume(let millilitres), .us):
            guard unit.system == .metric else { return tidied(amount, system: .us) }
            return tidied(amount.quantity.scaled(by: millilitres), .milliliter, system: .us)
        case (.weight(let grams), .us):
            guard unit.system == .metric || unit == .stone else { return tidied(amount, system: .us) }
            if let density = IngredientDensities.gramsPerCup(of: ingredient) {
                let cups = amount.quantity.scaled(by: grams / density)
                return tidied(cups.scaled(by: IngredientUnit.cup.size), .milliliter, system: .us)
            }
            return tidied(amount.quantity.scaled(by: grams), .gram, system: .us)
        case (.length(let millimetres), .us):
            return IngredientAmount(amount.quantity.scaled(by: millimetres / IngredientUnit.inch.size), .inch)
        case (.count, _):
            return nil
        }
    }

    /// The same amount in the unit of its own system a cook would pick for its size: `1500 g` is
    /// `1.5 kg`, `48 tsp` is `1 cup`, `20 oz` is `1 ¼ lb`. Counted units and no unit stay.
    public static func tidied(_ amount: IngredientAmount) -> IngredientAmount {
        guard let unit = amount.unit, unit.isMeasure else { return amount }
        let system: UnitSystem = unit.system == .metric ? .metric : .us
        if unit == .teaspoon || unit == .tablespoon, system == .us {
            // Spoons grow into cups, and a few teaspoons into tablespoons, but never the other way round.
            return tidied(amount, system: .us, spoons: true)
        }
        return tidied(amount, system: system)
    }

    private static func tidied(_ amount: IngredientAmount, system: UnitSystem, spoons: Bool = false) -> IngredientAmount {
        guard let unit = amount.unit else { return amount }
        return tidied(amount.quantity.scaled(by: unit.size), base(of: unit), system: system, keepsSpoons: spoons || unit == .teaspoon || unit == .tablespoon)
    }

    /// A quantity in millilitres, grams or millimetres (`base`), in the best unit of `system`.
    private static func tidied(_ quantity: IngredientQuantity, _ base: IngredientUnit, system: UnitSystem,
                               keepsSpoons: Bool = false) -> IngredientAmount {
        // The smaller end decides, so that both ends of a range read well (`2–4 tbsp`, not `⅛–¼ cup`).
        let size = quantity.low
        let unit: IngredientUnit
        switch (base.measure, system) {
        case (.volume, .metric):
            unit = size >= 1000 ? .liter : .milliliter
        case (.weight, .metric):
            unit = size >= 1000 ? .kilogram : .gram
        case (.length, .metric):
            unit = size >= 10 ? .centimeter : .millimeter
        case (.volume, .us):
            // Below a quarter cup, spoons; a cook measures 3 tablespoons, not 0.19 cups.
            if size < IngredientUnit.tablespoon.size - 0.5 {
                unit = .teaspoon
            } else if size < IngredientUnit.cup.size / 4 - 1 {
                unit = .tablespoon
            } else if size >= IngredientUnit.quart.size * 2 && !keepsSpoons {
                unit = .quart
            } else if size < IngredientUnit.cup.size, closeness(size, in: .tablespoon) < closeness(size, in: .cup), closeness(size, in: .cup) > 0.05 {
                // Under a cup that no cup measure comes near, spoons: ¾ cup halved is 6 tbsp, not ⅓ cup.
                unit = .tablespoon
            } else {
                unit = .cup
            }
        case (.weight, .us):
            unit = size >= IngredientUnit.pound.size - 1 ? .pound : .ounce
        case (.length, .us):
            unit = .inch
        case (.count, _):
            return IngredientAmount(quantity, base)
        }
        return IngredientAmount(quantity.scaled(by: 1 / unit.size), unit)
    }

    /// How far the nearest measure of `unit` is from `size` (in its base unit), as a share of it.
    private static func closeness(_ size: Double, in unit: IngredientUnit) -> Double {
        let value = size / unit.size
        return abs(CookAmount.rounded(value, unit: unit) - value) / value
    }

    /// Millilitres, grams or millimetres: the unit sizes are counted in.
    private static func base(of unit: IngredientUnit) -> IngredientUnit {
        switch unit.measure {
        case .volume: return .milliliter
        case .weight: return .gram
        case .length: return .millimeter
        case .count: return unit
        }
    }
}
