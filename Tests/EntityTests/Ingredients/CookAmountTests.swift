import Testing
@testable import Entity

/// Amounts as a cook writes them, converted between metric and US measures, and lines scaled.
@Suite struct CookAmounts {
    /// Rounding and writing: (quantity, top of a range, unit, what is written).
    static let roundings: [(Double, Double?, IngredientUnit?, String)] = [
        (1.5, nil, .cup, "1 ½ cups"), (1.0 / 3, nil, .cup, "⅓ cup"), (0.7, nil, .cup, "⅔ cup"), (0.8, nil, .cup, "¾ cup"),
        (1, nil, .cup, "1 cup"), (453.592, nil, .gram, "450 g"), (14.7868, nil, .milliliter, "15 ml"),
        (236.588, nil, .milliliter, "240 ml"), (7.3, nil, .gram, "7 g"), (3.2, nil, .gram, "3 g"), (0.2, nil, .gram, "0.5 g"),
        (1.25, nil, .kilogram, "1.25 kg"), (2.43, nil, .liter, "2.4 l"), (1, nil, .teaspoon, "1 tsp"), (0.1, nil, .teaspoon, "⅛ tsp"),
        (2.6, nil, .tablespoon, "2 ½ tbsp"), (1.5, nil, .ounce, "1 ½ oz"), (5.3, nil, .ounce, "5 oz"), (1.1, nil, .pound, "1 lb"),
        (1.2, nil, .pound, "1 ¼ lb"), (2, nil, nil, "2"), (0.5, nil, nil, "½"), (12.4, nil, nil, "12"), (6.4, nil, nil, "6"), (2.4, nil, nil, "2 ½"), (1.3, nil, nil, "1 ⅓"),
        (3.3, nil, .named("clove"), "3 ½ cloves"), (5.6, nil, .named("can"), "6 cans"), (1, 2, .named("clove"), "1–2 cloves"),
        (1, nil, .named("pinch"), "1 pinch"), (3, nil, .named("pinch"), "3 pinches"), (2, nil, .named("leaf"), "2 leaves"),
        (1, 1.1, .cup, "1 cup"), (2, 3, .tablespoon, "2–3 tbsp"), (2, nil, .fluidOunce, "2 fl oz"), (2, nil, .imperialPint, "2 pints"),
    ]

    @Test(arguments: roundings.indices)
    func amountsAreRoundedAndWrittenAsACookWritesThem(index: Int) {
        let (low, high, unit, written) = Self.roundings[index]
        #expect(CookAmount.text(IngredientQuantity(low, to: high), unit: unit) == written)
    }

    /// Converting: (quantity, unit, ingredient, to, what is written; nil when it stays as it is).
    static let conversions: [(Double, IngredientUnit, String, UnitSystem, String?)] = [
        (1, .cup, "milk", .metric, "240 ml"), (2, .cup, "plain flour", .metric, "240 g"), (1, .cup, "sugar", .metric, "200 g"),
        (1, .cup, "light brown sugar", .metric, "210 g"), (0.5, .cup, "unsalted butter", .metric, "110 g"),
        (1, .pound, "minced beef", .metric, "450 g"), (2.5, .pound, "potatoes", .metric, "1.15 kg"),
        (3, .tablespoon, "olive oil", .metric, nil), (8, .tablespoon, "flour", .metric, "60 g"), (1, .cup, "peanut butter", .metric, "240 ml"),
        (1, .cup, "rice flour", .metric, "240 ml"), (1, .pint, "milk", .metric, "470 ml"), (1, .imperialPint, "stock", .metric, "570 ml"),
        (2, .inch, "ginger", .metric, "5 cm"), (500, .gram, "flour", .us, "4 ¼ cups"), (200, .gram, "caster sugar", .us, "1 cup"),
        (250, .gram, "mushrooms", .us, "9 oz"), (1, .kilogram, "potatoes", .us, "2 ¼ lb"), (500, .milliliter, "stock", .us, "2 cups"),
        (15, .milliliter, "soy sauce", .us, "1 tbsp"), (5, .milliliter, "vanilla", .us, "1 tsp"), (2, .liter, "water", .us, "2 quarts"),
        (5, .centimeter, "ginger", .us, "2 inches"), (1, .cup, "milk", .us, "1 cup"), (100, .gram, "butter", .metric, "100 g"),
        (1, .named("can") ?? .cup, "tomatoes", .metric, nil), (2, .tablespoon, "butter", .us, nil),
    ]

    @Test(arguments: conversions.indices)
    func amountsConvertBetweenMetricAndUSMeasures(index: Int) {
        let (quantity, unit, ingredient, system, written) = Self.conversions[index]
        let converted = UnitConversion.converted(IngredientAmount(IngredientQuantity(quantity), unit), to: system, ingredient: ingredient)
        #expect(converted.map { CookAmount.text($0) } == written, "\(quantity) \(unit) \(ingredient) in \(system)")
    }

    @Test func countedAmountsNeverConvert() {
        #expect(UnitConversion.converted(IngredientAmount(IngredientQuantity(3), nil), to: .metric, ingredient: "eggs") == nil)
        #expect(UnitConversion.converted(IngredientAmount(IngredientQuantity(1), .named("pinch")), to: .us, ingredient: "salt") == nil)
    }

    /// A scaled amount moves to the unit its size calls for, in its own system.
    static let tidyings: [(Double, IngredientUnit, String)] = [
        (12, .tablespoon, "¾ cup"), (1500, .gram, "1.5 kg"), (20, .ounce, "1 ¼ lb"), (6, .teaspoon, "2 tbsp"),
        (1200, .milliliter, "1.2 l"), (0.5, .kilogram, "500 g"), (3, .tablespoon, "3 tbsp"), (6, .cup, "6 cups"),
        (40, .cup, "10 quarts"),
    ]

    @Test(arguments: tidyings.indices)
    func scaledAmountsMoveToTheUnitTheirSizeCallsFor(index: Int) {
        let (quantity, unit, written) = Self.tidyings[index]
        #expect(CookAmount.text(UnitConversion.tidied(IngredientAmount(IngredientQuantity(quantity), unit))) == written)
    }

    /// Lines scaled and converted: (line, factor, units, shown, shown as written).
    static let lines: [(String, Double, UnitSystem?, String, Bool)] = [
        ("1 ½ cups finely chopped onions, divided", 2, nil, "3 cups finely chopped onions, divided", false),
        ("1 egg, beaten", 2, nil, "2 eggs, beaten", false),
        ("250g/9oz carrots, grated", 3, nil, "750 g (1 ¾ lb) carrots, grated", false),
        ("2 (14 oz) cans tomatoes", 1.5, nil, "3 (14 oz) cans tomatoes", false),
        ("3 garlic cloves", 1.0 / 3, nil, "1 garlic clove", false),
        ("1 garlic clove", 2, nil, "2 garlic cloves", false),
        ("1-2 tbsp oil", 2, nil, "2–4 tbsp oil", false),
        ("6 tbsp melted butter", 2, nil, "¾ cup melted butter", false),
        ("2 heaped tbsp cocoa", 2, nil, "4 heaped tbsp cocoa", false),
        ("2 cups flour", 1, .metric, "240 g flour", false),
        ("1 lb minced beef", 1, .metric, "450 g minced beef", false),
        ("400 g spaghetti", 1, .us, "14 oz spaghetti", false),
        ("1 cup (240 ml) milk", 0.5, .metric, "120 ml milk", false),
        ("2 lb 4 oz potatoes", 1, .metric, "1 kg potatoes", false),
        ("1 cup plus 2 tablespoons flour", 2, nil, "2 ¼ cups flour", false),
        ("3 eggs", 1, .metric, "3 eggs", false),
        ("salt, to taste", 2, nil, "salt, to taste", false),
        ("a pinch of salt", 2, .us, "a pinch of salt", false),
        ("1 green and 1 yellow pepper", 2, nil, "1 green and 1 yellow pepper", true),
        ("2 cups flour", 1, nil, "2 cups flour", false),
        ("2 eggs", 0.5, nil, "1 egg", false),
        ("4 large tomatoes, halved", 0.25, nil, "1 large tomato, halved", false),
        ("3 Lemons", 1.0 / 3, nil, "1 Lemon", false),
        ("2 cherries", 0.5, nil, "1 cherry", false),
        ("4 eggs", 0.375, nil, "1 ½ eggs", false),
    ]

    @Test(arguments: lines.indices)
    func linesAreScaledAndConvertedInPlace(index: Int) {
        let (text, factor, units, shown, asWritten) = Self.lines[index]
        let result = IngredientLine(parsing: text).shown(scale: factor, units: units)
        #expect(result.text == shown)
        #expect(result.asWritten == asWritten)
    }

    /// Found by fuzzing: a range of eight digits scaled a billion times did not fit a whole number.
    @Test func amountsPastAnyKitchenAreWrittenWithoutTrapping() {
        #expect(CookAmount.text(IngredientQuantity(1e20), unit: .cup).hasSuffix(" cups"))
        #expect(CookAmount.decimalText(.infinity) == "inf")
        let shown = IngredientLine(parsing: "l0-11111112L").shown(scale: 1e9)
        #expect(!shown.text.isEmpty)
    }

    @Test func densitiesAreFoundByTheNamesLastWords() {
        #expect(IngredientDensities.gramsPerCup(of: "unbleached all-purpose flour") == 120)
        #expect(IngredientDensities.gramsPerCup(of: "Icing Sugar") == 120)
        #expect(IngredientDensities.gramsPerCup(of: "soft brown sugar") == 213)
        #expect(IngredientDensities.gramsPerCup(of: "almond butter") == nil)
        #expect(IngredientDensities.gramsPerCup(of: "flour tortillas") == nil)
        #expect(IngredientDensities.gramsPerCup(of: "butter beans") == nil)
        #expect(IngredientDensities.gramsPerCup(of: "") == nil)
    }
}
