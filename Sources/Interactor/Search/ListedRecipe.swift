public import Entity

/// A recipe in a search, with its stable number and what RecipeBook knows about it.
public struct ListedRecipe: Sendable, Equatable {
    /// Stable for the whole search: recipe 23 stays 23 while you page and filter.
    public let number: Int
    public let recipe: Recipe
    /// The ingredients that bring milk or cheese (empty when none do).
    public let lactoseIngredients: [String]
    /// Whether the recipe is a favorite; nil when the favorites could not be read.
    public var isFavorite: Bool?

    public init(number: Int, recipe: Recipe, isFavorite: Bool? = false) {
        self.number = number
        self.recipe = recipe
        self.lactoseIngredients = LactoseRule.triggers(in: recipe.ingredients)
        self.isFavorite = isFavorite
    }

    /// The same, the lactose rule's answer for each name kept in `known`: a long list (a pantry
    /// ranking of hundreds) names the same ingredients again and again.
    public init(number: Int, recipe: Recipe, isFavorite: Bool? = false, lactoseKnown known: inout [String: Bool]) {
        self.number = number
        self.recipe = recipe
        self.lactoseIngredients = recipe.ingredients.filter { name in
            if let answer = known[name] { return answer }
            let answer = LactoseRule.containsLactose(name)
            known[name] = answer
            return answer
        }
        self.isFavorite = isFavorite
    }

    public var hasLactose: Bool { !lactoseIngredients.isEmpty }
}
