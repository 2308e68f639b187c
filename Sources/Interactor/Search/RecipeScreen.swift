public import Foundation
public import Entity

/// A page of the search that was passed over, and why.
public struct PageGap: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// The page came back with no results.
        case empty
        /// Every result on the page was left out (`unreadable` of them had nothing readable in them; the
        /// rest had no title or link).
        case leftOut(count: Int, unreadable: Int)
        /// The page failed on every try.
        case failed(UseCaseError)
        /// The page brought only recipes already shown in this search.
        case repeated
    }

    public let number: Int
    public let reason: Reason

    public init(number: Int, reason: Reason) {
        self.number = number
        self.reason = reason
    }

    /// The error, when the page failed.
    public var failure: UseCaseError? {
        if case .failed(let error) = reason { return error }
        return nil
    }
}

/// One screen of a search.
public struct RecipeScreen: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// More may follow.
        case more
        /// Nothing follows: the walk reached the end.
        case last
        /// The server stopped answering; what follows could not be fetched.
        case offline(UseCaseError)
        /// The server failed every page after these results; what follows could not be fetched.
        case failing(UseCaseError)
    }

    public let query: SearchQuery
    /// The screen's position: 0 for the first screen of what passes the filter.
    public let index: Int
    public let recipes: [ListedRecipe]
    public let status: Status
    public let filter: RecipeFilter
    /// Pages passed over while this screen was fetched (empty, failed or repeated).
    public let gaps: [PageGap]
    /// Results the server sent that were left out while this screen was fetched (no title or href, or
    /// nothing readable in them).
    public let droppedCount: Int
    /// Of those, the ones with nothing readable in them.
    public let unreadableCount: Int
    /// Recipes up to the end of this screen that the filter hides.
    public let hiddenCount: Int
    /// Filling this screen stopped after looking at this many pages (the filter hid what they held);
    /// asking for the next screen looks further. Nil when the screen was filled normally.
    public let pagesLookedAt: Int?
    /// Why the favorite stars could not be read, if they could not.
    public let starsProblem: UseCaseError?
    /// Set when some of these recipes came from results kept on disk instead of the network now.
    public let saved: SavedResults?
    /// Names besides the ones typed that found recipes since the last screen was delivered: the server
    /// matches names only as written, so the search went on with other names for what was typed
    /// (`parmesan cheese` for `cheese`; `FoodFacts.widenedSearches`).
    public var alsoAskedFor: [String] = []
}

/// Results shown from what was kept on disk, and why.
public struct SavedResults: Sendable, Equatable {
    /// When the oldest of the pages shown was fetched.
    public let savedAt: Date
    /// True when the network failed and the kept copy stood in; false when a repeated search was shown
    /// at once from it (and is being checked against the server in the background).
    public let offline: Bool
}

/// What checking a repeated search's saved first screen against the server came to.
public enum SavedResultsCheck: Sendable, Equatable {
    /// The server gives the same results.
    case current
    /// The server's results differ: running the search again shows them.
    case changed
    /// The server cannot be reached: the saved results are what there is.
    case offline(savedAt: Date)
}

/// The answer to a search or paging request.
public enum ScreenResult: Sendable, Equatable {
    case screen(RecipeScreen)
    /// The search ended without a single recipe, and no page failed.
    case noResults(SearchQuery, gaps: [PageGap])
    /// The search found nothing because pages failed (`gaps` says which and why).
    case unanswered(SearchQuery, gaps: [PageGap])
    /// There is nothing after the screen being shown.
    case endOfResults(SearchQuery)
    /// The server cannot be reached; nothing new could be shown.
    case offline(UseCaseError)
    /// The request could not be made (an empty or absurd query).
    case failed(UseCaseError)
    /// The person cancelled; the search stays where it was (`next` or `retry` carry on).
    case cancelled
    /// Paging was asked for before any search.
    case noSearch
    /// `previous` on the first screen.
    case atFirstScreen
}

extension RecipeScreen {
    /// The same screen with favorite stars set: nil for every recipe when `problem` says they could not
    /// be read.
    func starred(_ ids: Set<RecipeID>, problem: UseCaseError?) -> RecipeScreen {
        let recipes = self.recipes.map { listed -> ListedRecipe in
            var listed = listed
            listed.isFavorite = problem == nil ? ids.contains(listed.recipe.id) : nil
            return listed
        }
        return RecipeScreen(query: query, index: index, recipes: recipes, status: status, filter: filter, gaps: gaps,
                            droppedCount: droppedCount, unreadableCount: unreadableCount, hiddenCount: hiddenCount, pagesLookedAt: pagesLookedAt, starsProblem: problem,
                            saved: saved, alsoAskedFor: alsoAskedFor)
    }
}
