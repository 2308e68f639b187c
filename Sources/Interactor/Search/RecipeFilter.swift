/// What a person narrows a search to. Filtering never renumbers: recipe 23 stays 23.
public struct RecipeFilter: Hashable, Sendable {
    /// Only recipes without milk or cheese.
    public var lactoseFree: Bool

    public init(lactoseFree: Bool = false) {
        self.lactoseFree = lactoseFree
    }

    /// Everything passes.
    public static let all = RecipeFilter()
    public static let lactoseFree = RecipeFilter(lactoseFree: true)

    /// True when something is filtered out.
    public var isActive: Bool { self != .all }

    func accepts(_ recipe: ListedRecipe) -> Bool {
        !(lactoseFree && recipe.hasLactose)
    }
}
