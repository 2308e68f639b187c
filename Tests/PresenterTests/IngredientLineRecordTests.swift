import Testing
import Entity
@testable import Presenter
import TextSafety

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

    /// ESC sequences, OSC 52 (a clipboard write), OSC 0 (a window title), BEL, NUL, C1 controls and
    /// bidi overrides in any part of a line: none reaches the record that `--json | jq -r` prints.
    @Test func everyStringInTheRecordIsPrintable() {
        let hostile = ["\u{1B}]52;c;ZWNobyBoaQ==\u{07}", "\u{1B}]0;owned\u{1B}\\", "\u{1B}[2J", "\u{07}", "\u{0}", "\u{9B}31m",
                       "\u{202E}", "\u{2066}", "\u{85}", "\u{1B}c"]
        for bad in hostile {
            let lines = ["2 cups \(bad)flour, sifted", "1 \(bad)large egg (\(bad)beaten), \(bad)at room temperature",
                         "\(bad)", "salt\(bad) to taste", "2 \(bad)tbsp oil"]
            for text in lines {
                let record = IngredientLineRecord(IngredientLine(parsing: text))
                let strings = [record.quantity, record.unit, record.name, record.size, record.preparation, record.comment, record.text]
                    .compactMap { $0 }
                for string in strings {
                    #expect(TerminalText.isPrintable(string), "\(text.debugDescription): \(string.debugDescription)")
                }
            }
        }
    }

    @Test func aLineWithEscapesIsReadAsTheTextATerminalWouldShow() {
        let record = IngredientLinesPresenter().read("2 cups \u{1B}]52;c;ZWNobw==\u{07}flour\u{1B}[2J, \u{202E}sifted").record
        #expect(record.name == "flour")
        #expect(record.unit == "cup")
        #expect(record.text == "2 cups flour, sifted")
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
