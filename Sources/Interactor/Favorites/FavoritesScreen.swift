public import Entity

/// A favorite in the favorites list, with the number it was shown under.
public struct ListedFavorite: Sendable, Equatable {
    public let number: Int
    public let summary: FavoriteSummary
    public let lactoseIngredients: [String]

    init(number: Int, summary: FavoriteSummary) {
        self.number = number
        self.summary = summary
        self.lactoseIngredients = LactoseRule.triggers(in: summary.recipe.ingredients)
    }
}

/// A screen of favorites.
public struct FavoritesScreen: Sendable, Equatable {
    /// Words searched for within favorites ("" for all).
    public let words: String
    /// 0 for the first screen.
    public let index: Int
    public let favorites: [ListedFavorite]
    /// How many favorites the listing holds in all.
    public let total: Int
    /// Nothing follows this screen.
    public let isLast: Bool
}

/// A part of a favorite that could not be fetched, and why.
public struct MissingPart: Sendable, Equatable {
    public let part: Favorite.Part
    public let error: UseCaseError

    public init(part: Favorite.Part, error: UseCaseError) {
        self.part = part
        self.error = error
    }
}

/// What saving a favorite (or fetching what it lacked) came to.
public struct SaveReport: Sendable, Equatable {
    public let recipe: Recipe
    /// It was a favorite already: nothing it had was replaced.
    public let wasFavorite: Bool
    /// What could not be fetched this time.
    public let missing: [MissingPart]
    /// What it is saved with now.
    public let hasPage: Bool
    public let hasPicture: Bool

    public init(recipe: Recipe, wasFavorite: Bool, missing: [MissingPart], hasPage: Bool, hasPicture: Bool) {
        self.recipe = recipe
        self.wasFavorite = wasFavorite
        self.missing = missing
        self.hasPage = hasPage
        self.hasPicture = hasPicture
    }
}

/// What starring a recipe came to.
public enum StarOutcome: Sendable, Equatable {
    /// Written as a favorite just now; what it lacks (its page, its picture) is still to be fetched.
    case starred(Favorite)
    /// It was removed in this session and is back, whole.
    case restored(Favorite)
    /// It was a favorite already (perhaps still lacking its page or picture).
    case already(Favorite)
}
