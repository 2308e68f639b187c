import Testing
@testable import Entity

/// No number that is not finite, negative, nothing at all or beyond any kitchen is taken as an amount:
/// the line is unsure and shown as written.
@Suite struct KitchenAmounts {
    static let manyOnes = "0." + String(repeating: "1", count: 400)
    static let manyNines = String(repeating: "9", count: 400)

    /// Lines no cook writes, each with an amount that must not be taken.
    static let beyondAnyKitchen: [String] = [
        "\(manyOnes)\(manyOnes.dropFirst(2)) cup cream",
        "0.\(String(repeating: "9", count: 330)) cups cream",
        "\(manyNines) cups cream",
        "999999999999999999999 eggs",
        "-5 eggs",
        "-2 cups flour",
        "2 million and one eggs",
        "3 billion grains rice",
        "0.0000000001 g salt",
        "0 g sugar",
        "200000 g flour",
        "1-999999 eggs",
        "2 lb 99999999 oz beef",
    ]

    @Test(arguments: beyondAnyKitchen)
    func anAmountBeyondAnyKitchenIsNotTakenAndTheLineIsUnsure(line: String) {
        let parsed = IngredientLine(parsing: line)
        #expect(parsed.quantity == nil, "\(parsed.quantity.map { "\($0)" } ?? "")")
        #expect(parsed.isUnsure)
        #expect(parsed.text == line)
        #expect(parsed.totalAmount == nil)
    }

    /// Twelve decimals (a calculator's third) are an amount; a decimal of hundreds of digits is not, and
    /// is never NaN.
    @Test func aDecimalIsAnAmountUpToTwelveDecimals() throws {
        let quantity = try #require(IngredientLine(parsing: "0.333333333333 cup sugar").quantity)
        #expect(abs(quantity.low - 0.333333333) < 1e-9)
        #expect(IngredientLine(parsing: "0.3333333333333 cup sugar").quantity == nil)
        #expect(IngredientLine(parsing: "\(Self.manyOnes) cup cream").isUnsure)
    }

    /// Kitchen amounts at both ends, and a bullet before a number, are read as before.
    @Test(arguments: [("- 5 eggs", 5.0), ("0.001 g saffron", 0.001), ("100000 ml water", 100_000), ("2 dozen eggs", 24),
                      ("1 1/2 cups milk", 1.5),
                      ("1 cup Thousand Island salad dressing", 1)])
    func amountsAKitchenMeasuresAreKept(line: String, quantity: Double) {
        let parsed = IngredientLine(parsing: line)
        #expect(parsed.quantity?.low == quantity)
        #expect(!parsed.isUnsure)
    }

    /// On the shopping list such a line is an item of its own, as written, with no amount, never a NaN.
    @Test func theShoppingListTakesSuchALineAsWrittenWithoutAnAmount() throws {
        let long = "\(Self.manyOnes)\(Self.manyOnes.dropFirst(2)) cup cream"
        let list = ShoppingList(recipes: [ShoppingList.Recipe(title: "Cream", lines: [long, "1 cup cream"])], pantry: [], staples: false)
        let written = try #require(list.items.first { $0.name == long })
        #expect(written.amounts.isEmpty)
        #expect(written.alsoUnmeasured)
        #expect(list.items.first { $0.name == "cream" }?.amountText == "1 cup")
        #expect(ShoppingList(recipes: [ShoppingList.Recipe(title: "Eggs", lines: ["1 egg"], factor: .infinity)], pantry: [], staples: false)
            .items.first?.alsoUnmeasured == true, "a scale past any number is asked for without an amount")
    }
}
