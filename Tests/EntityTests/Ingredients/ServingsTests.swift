import Testing
@testable import Entity

/// How many a recipe serves, from its yield, and the factor that scales it.
@Suite struct ServingsFromYields {
    @Test(arguments: [
        ("Serves 4", 4.0, nil as Double?), ("4 servings", 4, nil), ("4-6 servings", 4, 6), ("Serves 6 to 8", 6, 8),
        ("Makes about 24 cookies", 24, nil), ("Serves four", 4, nil), ("1 loaf", 1, nil), ("8", 8, nil), ("Yield: 2½ cups", 2.5, nil),
    ])
    func theFirstNumberOfAYieldIsHowManyItServes(yields: String, low: Double, high: Double?) {
        #expect(Servings.count(in: yields) == IngredientQuantity(low, to: high))
    }

    @Test func aYieldWithoutANumberServesUnknown() {
        #expect(Servings.count(in: "Serves a crowd") == nil)
        #expect(Servings.count(in: "") == nil)
    }

    @Test func theFactorIsWantedOverWrittenByTheSmallerEnd() {
        #expect(Servings.factor(serving: 6, written: IngredientQuantity(4)) == 1.5)
        #expect(Servings.factor(serving: 8, written: IngredientQuantity(4, to: 6)) == 2)
        #expect(Servings.factor(serving: 0, written: IngredientQuantity(4)) == nil)
        #expect(Servings.factor(serving: 2, written: IngredientQuantity(0)) == nil)
    }

    @Test(arguments: [
        ("3 servings", 2.0, "6 servings"), ("Serves 4", 1.5, "Serves 6"), ("Serves 4-6", 2, "Serves 8–12"),
        ("Makes about 24 cookies", 0.5, "Makes about 12 cookies"), ("Serves four", 2, "Serves 8"), ("1 loaf", 2, "2 loaves"),
        ("2 servings", 0.5, "1 serving"), ("8", 0.5, "4"),
    ])
    func aScaledYieldStatesItsNumberTimesTheFactor(yields: String, factor: Double, scaled: String) {
        #expect(Servings.scaled(yields, by: factor) == scaled)
    }

    @Test func aYieldWithoutANumberOrNotScaledIsNotRewritten() {
        #expect(Servings.scaled("Serves a crowd", by: 2) == nil)
        #expect(Servings.scaled("Serves 4", by: 1) == nil)
    }
}
