import Testing
@testable import Entity

/// Scaled and converted amounts are ones a cook would write, and a line's other parts stay as written.
@Suite struct CookWrittenAmounts {
    static func shown(_ line: String, _ factor: Double = 1, _ units: UnitSystem? = nil, language: String? = nil) -> String {
        IngredientLine(parsing: line).shown(scale: factor, units: units, language: language).text
    }

    @Test(arguments: [
        // Eggs never go below one without saying so.
        ("2 eggs", 1.0 / 3 as Double, "1 egg (use ⅔ of it)"), ("1 egg, beaten", 0.5, "1 egg, beaten (use ½ of it)"),
        ("2 egg whites", 0.25, "1 egg white (use ½ of it)"), ("4 eggs", 0.5, "2 eggs"), ("2 onions", 1.0 / 3, "⅔ onion"),
        // Under a cup that no cup measure comes near, spoons.
        ("3/4 cup sugar", 0.5, "6 tbsp sugar"), ("1/2 cup milk", 0.5, "¼ cup milk"), ("1 cup milk", 2.0 / 3, "⅔ cup milk"),
        ("1/4 tsp salt", 1.5, "⅜ tsp salt"),
        // The weight a line gives beside its volume is kept, scaled.
        ("2 cups (450 g) pumpkin", 2.0, "4 cups (900 g) pumpkin"),
        // `1 - 2/3 cups` is 1⅔ cups.
        ("1 - 2/3 cups milk", 2.0, "3 ⅓ cups milk"),
        // Sums of units are read whole.
        ("2 tbsp + 1 tsp sugar", 3.0, "7 tbsp sugar"),
    ])
    func aScaledAmountIsOneACookWrites(line: String, factor: Double, expected: String) {
        #expect(Self.shown(line, factor) == expected)
    }

    @Test func aLineGivingTheAmountInTheUnitsAskedShowsThatAmount() {
        #expect(Self.shown("2 cups (450 g) pumpkin", 1, .metric) == "450 g pumpkin")
        #expect(Self.shown("2 cups (450 g) pumpkin", 2, .metric) == "900 g pumpkin")
        #expect(Self.shown("1 cup (240 ml) milk", 1, .metric) == "240 ml milk")
        #expect(Self.shown("250g/9oz flour", 1, .us) == "9 oz flour")
        // Converted, the line shows the units asked for only.
        #expect(Self.shown("450 g (1 lb) pork", 2, .metric) == "900 g pork")
    }

    @Test func onlyFoodsInTheDensityTableBecomeGrams() {
        #expect(Self.shown("1/4 cup maple syrup", 1, .metric) == "60 ml maple syrup")
        #expect(Self.shown("1 cup pumpkin puree", 1, .metric) == "240 ml pumpkin puree")
        #expect(Self.shown("1 cup flour", 1, .metric) == "120 g flour")
    }

    @Test func aWholeNumberAndAFractionAfterASpacedHyphenIsOneAmount() throws {
        let line = IngredientLine(parsing: "1 - 2/3 cups milk")
        #expect(!line.isUnsure)
        let quantity = try #require(line.quantity)
        #expect(abs(quantity.low - 5.0 / 3) < 1e-9 && quantity.high == nil)
        #expect(line.unit == .cup && line.name == "milk")
        // A range stays a range.
        #expect(IngredientLine(parsing: "1 - 2 cups milk").quantity == IngredientQuantity(1, to: 2))
    }

    @Test func aSumOfUnitsIsReadWhole() throws {
        let line = IngredientLine(parsing: "2 tbsp + 1 tsp sugar")
        let total = try #require(line.totalAmount)
        #expect(total.unit == .tablespoon && abs(total.quantity.low - (2 + 1 / 3.0)) < 0.01)
        #expect(line.name == "sugar" && !line.isUnsure)
    }
}

/// Names in other languages keep their words when scaled, and the spoons other languages write convert.
@Suite struct OtherLanguagesScaled {
    @Test(arguments: [
        ("1 Bund Petersilie", nil as String?, "2 Bund Petersilie"), ("1 pincée de Sel", nil, "2 pincée de Sel"),
        ("1 Zwiebel", "de", "2 Zwiebel"), ("1 Crème fraîche", "fr", "2 Crème fraîche"), ("1 onion", "en-GB", "2 onions"),
        ("1 onion", nil, "2 onions"), ("2 EL Olivenöl", nil, "4 EL Olivenöl"), ("1 TL Salz", "de", "2 TL Salz"),
    ])
    func onlyEnglishNamesTakeEnglishPlurals(line: String, language: String?, expected: String) {
        #expect(CookWrittenAmounts.shown(line, 2, language: language) == expected)
    }

    @Test func germanAndOtherSpoonsConvertInUSMeasures() {
        #expect(CookWrittenAmounts.shown("2 EL Olivenöl", 1, .us) == "2 tbsp Olivenöl")
        #expect(CookWrittenAmounts.shown("1 TL Salz", 2, .us) == "2 tsp Salz")
        #expect(CookWrittenAmounts.shown("1 c. à soupe d'huile", 2, .us) == "2 tbsp d'huile")
        #expect(CookWrittenAmounts.shown("1 cucharadita de sal", 1, .us) == "1 tsp de sal")
        // Outside US measures a spoon keeps its own word.
        #expect(CookWrittenAmounts.shown("2 EL Mehl", 2, .metric) == "4 EL Mehl")
        #expect(IngredientLine(parsing: "2 EL Olivenöl").unit == .tablespoon)
        #expect(IngredientLine(parsing: "1 TL Salz").unit == .teaspoon)
    }
}
