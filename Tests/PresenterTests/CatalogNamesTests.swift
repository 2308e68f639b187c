import Testing
@testable import Presenter

/// `recipes catalog build` names a recipe's ingredients by reading each line as a card reads it.
@MainActor
@Suite struct CatalogIngredientNames {
    @Test func eachLineGivesTheNameItsPartsSay() {
        #expect(CatalogBuildPresenter.names([
            "2 large onions, chopped", "1 (14 oz) can diced tomatoes", "2 (400 g) cans chickpeas, drained", "a handful of fresh basil leaves",
            "1 ½ cups finely chopped red peppers, divided", "250g/9oz plain flour", "Salt", "3 Cloves Garlic", "2 tbsp olive oil, plus extra",
            "1 onion", "", "  ", "2 onions (red)", "1 cup brown (or white) sugar",
        ]) == ["onions", "diced tomatoes", "chickpeas", "fresh basil leaf", "red peppers", "plain flour", "salt", "garlic", "olive oil", "onion",
               "brown sugar"])
    }

    @Test func aLineReadWithoutConfidenceGivesItsTextBeforeAnyCommaAndNamesHoldNoCommas() {
        #expect(CatalogBuildPresenter.names(["3 x 2 x 4 cm ginger, peeled", "salt, pepper"]) == ["3 x 2 x 4 cm ginger", "salt"])
    }

    @Test func atMostAThousandNamesAreKept() {
        #expect(CatalogBuildPresenter.names((1...1_200).map { "1 cup ingredient \($0)" }).count == CatalogBuildPresenter.maxIngredients)
    }
}
