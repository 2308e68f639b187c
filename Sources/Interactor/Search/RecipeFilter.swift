import Entity

/// What a person narrows a search to. Filtering never renumbers: recipe 23 stays 23.
public struct RecipeFilter: Hashable, Sendable {
    /// Only recipes without milk or cheese.
    public var lactoseFree: Bool
    /// Only recipes of this cuisine, as typed (compared with case, accents and plurals folded).
    public var cuisine: String?

    public init(lactoseFree: Bool = false, cuisine: String? = nil) {
        self.lactoseFree = lactoseFree
        self.cuisine = cuisine
    }

    /// Everything passes.
    public static let all = RecipeFilter()
    public static let lactoseFree = RecipeFilter(lactoseFree: true)

    /// True when something is filtered out.
    public var isActive: Bool { self != .all }

    func accepts(_ recipe: ListedRecipe) -> Bool {
        if lactoseFree && recipe.hasLactose { return false }
        if let cuisine {
            guard let theirs = recipe.recipe.cuisine, IngredientName.folded(theirs) == IngredientName.folded(cuisine) else { return false }
        }
        return true
    }
}
