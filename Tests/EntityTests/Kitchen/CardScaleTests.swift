import Testing
@testable import Entity

/// How much of a recipe a card shows: a factor typed after `x`, or servings read against the yield.
@Suite struct CardScales {
    @Test(arguments: [
        ("2", 2.0), ("1.5", 1.5), ("1,5", 1.5), ("1/2", 0.5), ("1 1/2", 1.5), ("½", 0.5), ("1½", 1.5), ("0.25", 0.25),
        ("three", 3), ("1000", 1000),
    ])
    func aFactorIsReadAsAnAmountIs(text: String, value: Double) {
        #expect(CardScale.number(text) == value)
    }

    @Test(arguments: ["", "0", "-1", "two eggs", "2-3", "1001", "x", "1e400", "2 2", "1/0", "nan"])
    func anythingButOnePositiveNumberIsNoFactor(text: String) {
        #expect(CardScale.number(text) == nil, "\(text)")
    }

    @Test func servingsBecomeAFactorThroughTheYield() {
        #expect(CardScale.serving(6).factor(yields: "4 servings") == 1.5)
        #expect(CardScale.serving(8).factor(yields: "Serves 4-6") == 2)
        #expect(CardScale.serving(6).factor(yields: "Serves a crowd") == nil)
        #expect(CardScale.serving(6).factor(yields: nil) == nil)
        #expect(CardScale.times(2).factor(yields: nil) == 2)
    }
}

/// Names in the pantry are read as ingredient lines are, so what is typed compares by what it names.
@Suite struct PantryItems {
    @Test(arguments: [
        ("Eggs", "egg"), ("a dozen large eggs", "egg"), ("2 cups plain flour", "flour"), ("jalapeños", "jalapeno"),
        ("Extra-virgin olive oil", "olive oil"), ("crème fraîche", "creme fraiche"),
    ])
    func aNameIsComparedByWhatItNames(typed: String, key: String) {
        #expect(PantryItem(name: typed).key.description == key)
    }

    @Test func theNameKeptIsWhatTheItemNames() {
        let item = PantryItem(name: "  Large Eggs ")
        #expect(item.name == "Eggs" && item.food == "Eggs")
        #expect(PantryItem(name: "2 cups rice").name == "rice")
        #expect(PantryItem(name: "3 cloves garlic, minced").name == "garlic")
        // What the reader is unsure of is kept as typed.
        #expect(PantryItem(name: "1 green and 1 yellow pepper").name == "1 green and 1 yellow pepper")
    }

    @Test func aPieceThatOnlySaysHowTheOneBeforeIsPreparedBelongsToIt() {
        #expect(PantryItem.items(["2 cups rice", "3 cloves garlic", " minced", "onions", "finely chopped", "salt", "to taste"])
            == ["2 cups rice", "3 cloves garlic,  minced", "onions, finely chopped", "salt, to taste"])
        #expect(PantryItem.items(["minced", "garlic"]) == ["minced", "garlic"])
    }
}

/// A card is scaled from 1/100 to 100 times; what cannot be scaled sensibly is shown as written, marked.
@Suite struct ScalingBounds {
    @Test(arguments: [("0.01", 0.01), ("1/100", 0.01), ("100", 100.0), ("2", 2.0)])
    func aFactorFromAHundredthToAHundredIsTaken(text: String, value: Double) {
        #expect(CardScale.factor(text) == value)
    }

    @Test(arguments: ["0.001", "0.009", "101", "1000", "0", "-2"])
    func aFactorOutsideTheRangeIsRefused(text: String) {
        #expect(CardScale.factor(text) == nil, "\(text)")
    }

    @Test func aYieldNoKitchenCountsGivesNoServings() {
        #expect(Servings.count(in: "999999999999999999999 servings") == nil)
        #expect(CardScale.serving(4).factor(yields: "999999999999999999999 servings") == nil)
    }

    @Test func servingsThatWouldScalePastTheRangeAreNotScaled() {
        #expect(CardScale.serving(8).factor(yields: "Serves 1000") == nil)
        #expect(CardScale.serving(8).unscaledFactor(yields: "Serves 1000") == 0.008)
        #expect(CardScale.serving(1000).factor(yields: "Serves 2") == nil)
        #expect(CardScale.serving(200).factor(yields: "Serves 2") == 100)
    }

    /// (line, factor): each shown as written and marked, never as a confident wrong amount.
    @Test(arguments: [("1 onion", 0.01), ("1 onion, chopped", 0.1), ("-5 eggs", 2.0), ("2 million and one eggs", 2.0),
                      ("0.0000000001 g salt", 2.0)])
    func anAmountThatCannotBeScaledSensiblyIsShownAsWritten(line: String, factor: Double) {
        let shown = IngredientLine(parsing: line).shown(scale: factor)
        #expect(shown.asWritten)
        #expect(shown.text == line)
    }

    @Test(arguments: [("1/8 tsp salt", 0.5, "⅛ tsp salt"), ("4 onions", 0.25, "1 onion"), ("2 cups flour", 100, "50 quarts flour"),
                      ("1 egg", 0.5, "1 egg (use ½ of it)")])
    func amountsACookCanMeasureAreScaled(line: String, factor: Double, expected: String) {
        let shown = IngredientLine(parsing: line).shown(scale: factor)
        #expect(!shown.asWritten)
        #expect(shown.text == expected)
    }
}
