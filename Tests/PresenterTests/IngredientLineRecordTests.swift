import Testing
import Entity
@testable import Presenter

/// The record `recipes ingredients --json` prints for a line.
@Suite struct IngredientLineRecords {
    @Test func quantitiesAreDecimalStringsAndRangesJoinWithAHyphen() {
        #expect(IngredientLineRecord(IngredientLine(parsing: "⅓ cup milk")).quantity == "0.333")
        #expect(IngredientLineRecord(IngredientLine(parsing: "1 ½ cups milk")).quantity == "1.5")
        #expect(IngredientLineRecord(IngredientLine(parsing: "12 eggs")).quantity == "12")
        #expect(IngredientLineRecord(IngredientLine(parsing: "0.05 g saffron")).quantity == "0.05")
        let range = IngredientLineRecord(IngredientLine(parsing: "2 to 3 ½ cups water"))
        #expect(range.quantity == "2-3.5")
        #expect(range.quantityMax == 3.5)
        #expect(IngredientLineRecord(IngredientLine(parsing: "salt")).quantity == nil)
    }

    @Test func theUnitIsCanonicalWithItsModifier() {
        #expect(IngredientLineRecord(IngredientLine(parsing: "2 Tbsp. oil")).unit == "tablespoon")
        #expect(IngredientLineRecord(IngredientLine(parsing: "1 small handful mint")).unit == "small handful")
        #expect(IngredientLineRecord(IngredientLine(parsing: "3 eggs")).unit == nil)
    }

    @Test func theSummaryWritesTheAmountAsACookDoes() {
        let presenter = IngredientLinesPresenter()
        #expect(presenter.read("1.5 cups sugar").summary == "1 ½ cups · sugar")
        #expect(presenter.read("pinch of salt").summary == "pinch · salt")
        #expect(presenter.read("   ").summary == "")
        #expect(presenter.read("3 cups").summary == "? 3 cups")
    }
}
