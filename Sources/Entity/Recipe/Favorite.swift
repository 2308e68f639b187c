public import Foundation

/// A favorite: the whole recipe, so it is complete with the network gone.
public struct Favorite: Sendable, Equatable {
    public let recipe: Recipe
    public let savedAt: Date
    /// The recipe's page as fetched, and what a person reads of it; nil when it could not be fetched.
    public var page: RecipePage?
    /// The thumbnail's bytes; nil when there is none or it could not be fetched.
    public var thumbnail: RecipeImage?

    public init(recipe: Recipe, savedAt: Date, page: RecipePage?, thumbnail: RecipeImage?) {
        self.recipe = recipe
        self.savedAt = savedAt
        self.page = page
        self.thumbnail = thumbnail
    }

    /// What could not be saved and can be fetched later.
    public var missing: [Part] {
        var parts: [Part] = []
        if page == nil { parts.append(.page) }
        if thumbnail == nil, recipe.thumbnail != nil { parts.append(.picture) }
        return parts
    }

    public enum Part: String, Sendable, Equatable {
        case page
        case picture
    }
}

/// A recipe's page as fetched: the HTML, the document a person reads, and the recipe found in it.
public struct RecipePage: Sendable, Equatable {
    public let html: String
    public let document: ReadableDocument
    /// The recipe the page holds; nil when none was found.
    public let recipe: PageRecipe?

    public init(html: String, document: ReadableDocument, recipe: PageRecipe? = nil) {
        self.html = html
        self.document = document
        self.recipe = recipe
    }
}

/// A picture as fetched.
public struct RecipeImage: Sendable, Equatable {
    public let bytes: Data
    public let contentType: String

    public init(bytes: Data, contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
    }
}

/// A favorite as listed on the favorites screen: everything but the heavy parts.
public struct FavoriteSummary: Sendable, Equatable {
    public let recipe: Recipe
    public let savedAt: Date
    public let hasPage: Bool
    public let thumbnailBytes: Int

    public init(recipe: Recipe, savedAt: Date, hasPage: Bool, thumbnailBytes: Int) {
        self.recipe = recipe
        self.savedAt = savedAt
        self.hasPage = hasPage
        self.thumbnailBytes = thumbnailBytes
    }

    /// Where this favorite stands in the newest-first order.
    public var position: Position { Position(savedAt: savedAt, id: recipe.id) }

    /// A place in the newest-first order of favorites: listing goes on after it.
    public struct Position: Sendable, Equatable {
        public let savedAt: Date
        public let id: RecipeID

        public init(savedAt: Date, id: RecipeID) {
            self.savedAt = savedAt
            self.id = id
        }
    }
}
