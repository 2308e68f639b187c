public import Foundation
public import Entity

/// A recipe page ready to read, and where it came from.
public struct ReadablePage: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        case online
        /// The copy saved with the favorite, and when it was saved.
        case saved(Date)
        /// The copy kept in the cache, standing in for a network that failed, and when it was kept.
        case cached(Date)
    }

    public let recipe: Recipe
    /// The page's address: the recipe's href, or a link followed from its page.
    public let address: String
    public let document: ReadableDocument
    /// The recipe read from the page; nil when the page holds none (or for a page a link led to).
    public let pageRecipe: PageRecipe?
    public let source: Source
    /// Why the saved copy could not be read when the page was fetched online instead.
    public let savedCopyProblem: UseCaseError?

    public init(recipe: Recipe, address: String? = nil, document: ReadableDocument, pageRecipe: PageRecipe? = nil, source: Source,
                savedCopyProblem: UseCaseError? = nil) {
        self.recipe = recipe
        self.address = address ?? recipe.href
        self.document = document
        self.pageRecipe = pageRecipe
        self.source = source
        self.savedCopyProblem = savedCopyProblem
    }
}
