import Testing
@testable import Entity

/// Ingredient lines read into their parts. Each row is a line written for the rule it names.
@Suite struct IngredientLineParsing {
    struct Row: CustomTestStringConvertible, Sendable {
        let rule: String
        let line: String
        var quantity: Double?
        var high: Double?
        var unit: String?
        var name: String
        var size: String?
        var preparation: String?
        var comment: String?

        var testDescription: String { "\(rule): \(line)" }
    }

    static let rows: [Row] = [
        // Amounts.
        Row(rule: "a whole number and a unit", line: "3 cups rice", quantity: 3, unit: "cup", name: "rice"),
        Row(rule: "a fraction", line: "1/2 tsp salt", quantity: 0.5, unit: "teaspoon", name: "salt"),
        Row(rule: "a mixed number with a space", line: "1 1/2 cups stock", quantity: 1.5, unit: "cup", name: "stock"),
        Row(rule: "a mixed number with a hyphen", line: "2-1/4 cups oats", quantity: 2.25, unit: "cup", name: "oats"),
        Row(rule: "a unicode fraction alone", line: "⅓ cup cream", quantity: 1.0 / 3, unit: "cup", name: "cream"),
        Row(rule: "a unicode fraction stuck to the whole", line: "1½ tbsp honey", quantity: 1.5, unit: "tablespoon", name: "honey"),
        Row(rule: "a unicode fraction after a space", line: "2 ¾ lb carrots", quantity: 2.75, unit: "pound", name: "carrots"),
        Row(rule: "the fraction slash", line: "3⁄4 cup milk", quantity: 0.75, unit: "cup", name: "milk"),
        Row(rule: "a decimal point", line: "0.75 l cider", quantity: 0.75, unit: "liter", name: "cider"),
        Row(rule: "a decimal comma", line: "1,5 kg potatoes", quantity: 1.5, unit: "kilogram", name: "potatoes"),
        Row(rule: "a comma before three digits groups thousands", line: "1,000 g tomatoes", quantity: 1000, unit: "gram", name: "tomatoes"),
        Row(rule: "a range with a hyphen", line: "2-3 shallots", quantity: 2, high: 3, name: "shallots"),
        Row(rule: "a range with a dash and spaces", line: "4 – 6 tbsp water", quantity: 4, high: 6, unit: "tablespoon", name: "water"),
        Row(rule: "a range with to", line: "1 to 2 limes", quantity: 1, high: 2, name: "limes"),
        Row(rule: "a range of fractions", line: "1/4-1/2 tsp cayenne", quantity: 0.25, high: 0.5, unit: "teaspoon", name: "cayenne"),
        Row(rule: "a number in words", line: "Two red onions", quantity: 2, name: "red onions"),
        Row(rule: "a dozen", line: "a dozen quail eggs", quantity: 12, name: "quail eggs"),
        Row(rule: "dozens", line: "2 dozen oysters", quantity: 24, name: "oysters"),
        Row(rule: "half a", line: "half a teaspoon nutmeg", quantity: 0.5, unit: "teaspoon", name: "nutmeg"),
        Row(rule: "about before the amount", line: "about 300 g spinach", quantity: 300, unit: "gram", name: "spinach"),
        Row(rule: "a number stuck to its unit", line: "250g spaghetti", quantity: 250, unit: "gram", name: "spaghetti"),
        // Units.
        Row(rule: "T is a tablespoon", line: "2 T olive oil", quantity: 2, unit: "tablespoon", name: "olive oil"),
        Row(rule: "t is a teaspoon", line: "1 t cumin", quantity: 1, unit: "teaspoon", name: "cumin"),
        Row(rule: "abbreviations with a full stop", line: "1 tsp. vanilla extract", quantity: 1, unit: "teaspoon", name: "vanilla extract"),
        Row(rule: "two-word units", line: "8 fl oz cider vinegar", quantity: 8, unit: "fluid ounce", name: "cider vinegar"),
        Row(rule: "plural units are singular", line: "3 pinches saffron", quantity: 3, unit: "pinch", name: "saffron"),
        Row(rule: "a tin is a can", line: "1 tin chickpeas", quantity: 1, unit: "can", name: "chickpeas"),
        Row(rule: "informal units", line: "1 knob of ginger", quantity: 1, unit: "knob", name: "ginger"),
        Row(rule: "an informal unit with no amount", line: "Handful of rocket", unit: "handful", name: "rocket"),
        Row(rule: "a modifier goes with its unit", line: "2 heaped tbsp cocoa", quantity: 2, unit: "heaped tablespoon", name: "cocoa"),
        Row(rule: "a size goes with an informal unit", line: "1 large handful parsley", quantity: 1, unit: "large handful", name: "parsley"),
        Row(rule: "a unit after the name", line: "4 garlic cloves, sliced", quantity: 4, unit: "clove", name: "garlic", preparation: "sliced"),
        Row(rule: "a container with its size", line: "2 (15 oz) cans black beans", quantity: 2, unit: "can", name: "black beans", size: "15 oz"),
        Row(rule: "the size of each, hyphenated", line: "One 3-pound chicken", quantity: 1, name: "chicken", size: "3-pound"),
        Row(rule: "the same amount in other units is skipped", line: "225g/8oz mushrooms", quantity: 225, unit: "gram", name: "mushrooms"),
        Row(rule: "another measure in parentheses is a comment", line: "1 cup (240 ml) buttermilk", quantity: 1, unit: "cup", name: "buttermilk", comment: "240 ml"),
        Row(rule: "an amount later in the line", line: "Double cream, 300 ml", quantity: 300, unit: "milliliter", name: "Double cream"),
        Row(rule: "the part taken before the amount", line: "Zest of 2 oranges", quantity: 2, name: "oranges", preparation: "Zest of"),
        // Names, sizes, preparations and comments.
        Row(rule: "a size before the name", line: "3 medium courgettes", quantity: 3, name: "courgettes", size: "medium"),
        Row(rule: "a preparation before the name", line: "1 cup finely diced celery", quantity: 1, unit: "cup", name: "celery", preparation: "finely diced"),
        Row(rule: "a food bought prepared stays in the name", line: "1 tsp ground cumin", quantity: 1, unit: "teaspoon", name: "ground cumin"),
        Row(rule: "an adverb and a participle inside the name", line: "salt and freshly cracked pepper", name: "salt and pepper", preparation: "freshly cracked"),
        Row(rule: "the part after a comma", line: "2 leeks, trimmed and sliced", quantity: 2, name: "leeks", preparation: "trimmed and sliced"),
        Row(rule: "a comment after a comma", line: "olive oil, to drizzle", name: "olive oil", comment: "to drizzle"),
        Row(rule: "a comment without a comma", line: "black pepper to taste", name: "black pepper", comment: "to taste"),
        Row(rule: "an alternative with an amount is a comment", line: "1 shallot or 2 spring onions", quantity: 1, name: "shallot", comment: "or 2 spring onions"),
        Row(rule: "an alternative name stays", line: "100 g feta or goat's cheese", quantity: 100, unit: "gram", name: "feta or goat's cheese"),
        Row(rule: "parentheses are comments", line: "1 lemon (unwaxed if you can)", quantity: 1, name: "lemon", comment: "unwaxed if you can"),
        Row(rule: "a short name in parentheses belongs to it", line: "2 tsp fish sauce (nam pla)", quantity: 2, unit: "teaspoon", name: "fish sauce nam pla"),
        Row(rule: "modifiers before a comma continue into the name", line: "400 g skinless, boneless chicken thighs", quantity: 400, unit: "gram", name: "skinless, boneless chicken thighs"),
        Row(rule: "an enumeration of names", line: "2 tbsp brandy, rum or whisky", quantity: 2, unit: "tablespoon", name: "brandy, rum or whisky"),
        Row(rule: "unit words inside names are singular", line: "3 bay leaves", quantity: 3, name: "bay leaf"),
        Row(rule: "a capitalised size is part of a name", line: "2 Little Gem lettuces", quantity: 2, name: "Little Gem lettuces"),
        Row(rule: "a preparation with what it is done in", line: "1 pinch saffron steeped in 2 tbsp water", quantity: 1, unit: "pinch", name: "saffron", preparation: "steeped in 2 tbsp water"),
        Row(rule: "a line that is only a name", line: "Salt", name: "Salt"),
        Row(rule: "a bullet before the line", line: "• 2 eggs", quantity: 2, name: "eggs"),
    ]

    @Test(arguments: rows)
    func linesAreReadIntoTheirParts(row: Row) {
        let line = IngredientLine(parsing: row.line)
        #expect(line.text == row.line)
        if let quantity = row.quantity {
            #expect(abs((line.quantity?.low ?? -1) - quantity) < 0.0001, "quantity")
        } else {
            #expect(line.quantity == nil, "no quantity")
        }
        #expect(line.quantity?.high == row.high, "top of the range")
        #expect(line.unitText == row.unit, "unit")
        #expect(line.name == row.name, "name")
        #expect(line.size == row.size, "size")
        #expect(line.preparation == row.preparation, "preparation")
        #expect(line.comment == row.comment, "comment")
        #expect(!line.isUnsure, "sure of it")
    }

    @Test func aLineWithNoNameIsUnsure() {
        for text in ["", "2", "3 cups", "(1 oz)", " , ; "] {
            #expect(IngredientLine(parsing: text).isUnsure, "\(text)")
        }
    }

    @Test func aNameWithANumberLeftInItIsUnsure() {
        let line = IngredientLine(parsing: "1 green and 1 yellow pepper")
        #expect(line.isUnsure)
        #expect(line.text == "1 green and 1 yellow pepper")
    }

    @Test func anUnclosedParenthesisIsUnsureButTheNameIsStillFound() {
        let line = IngredientLine(parsing: "1 lb (450 g firm white fish")
        #expect(line.isUnsure)
        #expect(line.name == "firm white fish")
    }

    @Test func aPinchIsOneThoughNoNumberIsWritten() {
        let line = IngredientLine(parsing: "a pinch of salt")
        #expect(line.quantity == nil)
        #expect(line.impliedOne)
        #expect(line.scalableQuantity == IngredientQuantity(1))
    }

    @Test func theAmountsWrittenAfterTheFirstAddToIt() {
        let pounds = IngredientLine(parsing: "2 lb 4 oz new potatoes")
        #expect(pounds.quantity == IngredientQuantity(2))
        #expect(pounds.totalAmount?.unit == .pound)
        #expect(abs((pounds.totalAmount?.quantity.low ?? 0) - 2.25) < 0.0001)
        let spoons = IngredientLine(parsing: "1 cup plus 2 tablespoons flour")
        #expect(spoons.name == "flour")
        #expect(abs((spoons.totalAmount?.quantity.low ?? 0) - 1.125) < 0.001)
    }

    @Test func whereTheAmountIsWrittenIsKept() throws {
        let line = IngredientLine(parsing: "Roughly 1 ½ cups stock")
        let quantity = try #require(line.quantityRange)
        let unit = try #require(line.unitRange)
        let bytes = Array(line.text.utf8)
        #expect(String(decoding: bytes[quantity], as: UTF8.self) == "1 ½")
        #expect(String(decoding: bytes[unit], as: UTF8.self) == "cups")
    }
}
