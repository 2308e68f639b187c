public import Foundation

/// A recipe on the shopping list, kept with the lines it needs so that the list is whole with the
/// network gone: its ingredient lines as its page writes them (or, when the page could not be read, the
/// ingredient names the search gave), how many times it is made, and when it was added.
public struct ShoppingListRecipe: Sendable, Equatable {
    public let id: RecipeID
    public let title: String
    public let href: String
    /// The ingredient lines as written (`1 ½ cups milk`), or names without amounts (`milk`).
    public let lines: [String]
    /// What the recipe makes, as its page writes it (`4 servings`), when known.
    public let yields: String?
    /// How many times it is made: `x2`, or servings asked for over servings written.
    public let factor: Double
    /// Whether `lines` come from the recipe's page (with amounts) rather than the search's names.
    public let linesFromPage: Bool
    public let addedAt: Date

    public init(id: RecipeID, title: String, href: String, lines: [String], yields: String? = nil, factor: Double = 1,
                linesFromPage: Bool, addedAt: Date) {
        self.id = id
        self.title = title
        self.href = href
        self.lines = lines
        self.yields = yields
        self.factor = factor.isFinite && factor > 0 ? factor : 1
        self.linesFromPage = linesFromPage
        self.addedAt = addedAt
    }

    /// Its part of a `ShoppingList`.
    public var shoppingRecipe: ShoppingList.Recipe {
        ShoppingList.Recipe(title: title, lines: lines, factor: factor)
    }
}

/// A name in the pantry: as typed (`Eggs`, `a dozen large eggs`), what it names once read as an
/// ingredient line (`eggs`), and the key it is compared by (`egg`).
public struct PantryItem: Sendable, Equatable {
    public let name: String
    /// The parsed name (`a dozen large eggs` is `eggs`); what is typed when the reader is unsure.
    public let food: String
    public let key: IngredientKey

    /// An item as typed, read with the ingredient-line reader: `2 cups rice` is rice, `3 cloves garlic,
    /// minced` garlic; what it names is what is kept (`name` and `food` alike), or the text as typed when
    /// the reader is unsure.
    public init(name: String) {
        let typed = name.trimmingSpaces
        let line = IngredientLine(parsing: typed)
        food = line.isUnsure || line.name.isEmpty ? typed : line.name
        self.name = food
        key = IngredientKey(name: food)
    }

    /// What was typed after `pantry add`, split at its commas, as items: a piece that only says how a
    /// food is prepared (`minced`, `finely chopped`, `to taste`) belongs to the item before it, as it does
    /// in an ingredient line (`3 cloves garlic, minced`).
    public static func items(_ pieces: [String]) -> [String] {
        var items: [String] = []
        for piece in pieces {
            let words = piece.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "-" })
            let onlyPreparation = !words.isEmpty && words.allSatisfy { word in
                let word = String(word)
                return IngredientWords.preparations.contains(word) || IngredientWords.adverbs.contains(word)
                    || ["and", "or", "to", "taste", "optional", "for", "serving", "into", "pieces", "small", "large", "thin", "thick"].contains(word)
            }
            if onlyPreparation, let last = items.popLast() { items.append(last + ", " + piece) } else { items.append(piece) }
        }
        return items
    }
}
