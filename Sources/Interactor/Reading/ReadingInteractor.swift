public import Foundation
public import Entity
public import Services

/// A recipe page ready to read, and where it came from.
public struct ReadablePage: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        case online
        /// The copy saved with the favorite, and when it was saved.
        case saved(Date)
    }

    public let recipe: Recipe
    public let document: ReadableDocument
    public let source: Source

    public init(recipe: Recipe, document: ReadableDocument, source: Source) {
        self.recipe = recipe
        self.document = document
        self.source = source
    }
}

/// Where saved copies of pages come from (the favorites store).
public protocol SavedPageProviding: Sendable {
    /// The saved copy of a recipe's page, or nil when there is none.
    func savedPage(for id: RecipeID) async throws(ServiceError) -> (document: ReadableDocument, savedAt: Date)?
}

/// Pages read online a moment ago, kept for a while: opening one again, or saving it as a favorite,
/// costs no request.
public actor RecentPages {
    private var pages: [RecipeID: RecipePage] = [:]
    private var order: [RecipeID] = []
    private let keep: Int

    public init(keep: Int = 20) {
        self.keep = max(1, keep)
    }

    public func page(for id: RecipeID) -> RecipePage? {
        pages[id]
    }

    public func remember(_ page: RecipePage, for id: RecipeID) {
        if pages.updateValue(page, forKey: id) == nil { order.append(id) }
        while order.count > keep {
            pages[order.removeFirst()] = nil
        }
    }
}

/// Reads a recipe's page: the saved copy when the recipe is a favorite (no network needed), otherwise
/// online, from the recent pages when it was read a moment ago.
public actor ReadingInteractor {
    private let fetcher: any PageFetching
    private let saved: (any SavedPageProviding)?
    private let recent: RecentPages

    public init(fetcher: any PageFetching, saved: (any SavedPageProviding)?, recent: RecentPages = RecentPages()) {
        self.fetcher = fetcher
        self.saved = saved
        self.recent = recent
    }

    public func read(_ recipe: Recipe) async -> Result<ReadablePage, ServiceError> {
        if let saved, let copy = try? await saved.savedPage(for: recipe.id) {
            return .success(ReadablePage(recipe: recipe, document: copy.document, source: .saved(copy.savedAt)))
        }
        if let page = await recent.page(for: recipe.id) {
            return .success(ReadablePage(recipe: recipe, document: page.document, source: .online))
        }
        do throws(ServiceError) {
            let page = try await fetcher.page(at: recipe.href)
            await recent.remember(page, for: recipe.id)
            return .success(ReadablePage(recipe: recipe, document: page.document, source: .online))
        } catch {
            return .failure(error)
        }
    }
}
