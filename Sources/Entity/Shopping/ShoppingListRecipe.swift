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

    public init(name: String) {
        self.name = name.trimmingSpaces
        let line = IngredientLine(parsing: self.name)
        food = line.isUnsure || line.name.isEmpty ? self.name : line.name
        key = IngredientKey(name: food)
    }
}
