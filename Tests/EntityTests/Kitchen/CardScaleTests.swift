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

    @Test func theNameIsKeptAsTyped() {
        let item = PantryItem(name: "  Large Eggs ")
        #expect(item.name == "Large Eggs")
        #expect(item.food == "Eggs")
    }
}
