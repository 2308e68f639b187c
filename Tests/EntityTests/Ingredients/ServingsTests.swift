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
}
