public import Entity
public import Services

/// What a person may narrow a search to.
public enum RecipeFilter: String, Sendable, Equatable, CaseIterable {
    case all
    case lactoseFree = "lactose-free"

    func accepts(_ recipe: ListedRecipe) -> Bool {
        switch self {
        case .all: return true
        case .lactoseFree: return recipe.lactoseIngredients.isEmpty
        }
    }
}

/// A recipe in a search, with its stable number and what RecipeBook knows about it.
public struct ListedRecipe: Sendable, Equatable {
    /// Stable for the whole search: recipe 23 stays 23 while you page and filter.
    public let number: Int
    public let recipe: Recipe
    /// The ingredients that bring milk or cheese (empty when none do).
    public let lactoseIngredients: [String]
    public var isFavorite: Bool

    public init(number: Int, recipe: Recipe, isFavorite: Bool = false) {
        self.number = number
        self.recipe = recipe
        self.lactoseIngredients = LactoseRule.triggers(in: recipe.ingredients)
        self.isFavorite = isFavorite
    }

    public var hasLactose: Bool { !lactoseIngredients.isEmpty }
}

/// One screen of a search.
public struct RecipeScreen: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// More may follow.
        case more
        /// Nothing follows: the walk reached the end.
        case last
        /// The server stopped answering; what follows could not be fetched.
        case offline(ServiceError)
    }

    public let query: SearchQuery
    /// 0 for the first screen.
    public let index: Int
    public let recipes: [ListedRecipe]
    public let status: Status
    public let filter: RecipeFilter
    /// Pages passed over while this screen was fetched (empty, failed or repeated).
    public let skipped: [SkippedPage]
    /// Results the server sent without a title or an href, dropped while this screen was fetched.
    public let droppedCount: Int
    /// Recipes found so far in this search that pass the filter.
    public let foundCount: Int
    /// Recipes hidden by the filter so far.
    public let hiddenCount: Int
}

/// The answer to a paging or search request.
public enum ScreenResult: Sendable, Equatable {
    case screen(RecipeScreen)
    /// The search ended without a single recipe (`skipped` says what went wrong on the way, if anything).
    case noResults(SearchQuery, skipped: [SkippedPage])
    /// There is nothing after the screen being shown.
    case endOfResults(SearchQuery)
    /// The server cannot be reached; nothing new could be shown.
    case offline(ServiceError)
    /// The request could not be made (for example an empty or absurd query).
    case failed(ServiceError)
    /// Paging was asked for before any search.
    case noSearch
    /// `previous` on the first screen.
    case atFirstScreen
}
