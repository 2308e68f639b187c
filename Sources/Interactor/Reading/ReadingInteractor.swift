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

/// Reads a recipe's page: the saved copy when the recipe is a favorite (no network needed), otherwise
/// online. Pages read online are kept for a while, so opening one again costs no request.
public actor ReadingInteractor {
    private let fetcher: any PageFetching
    private let saved: (any SavedPageProviding)?
    private var recent: [RecipeID: ReadableDocument] = [:]
    private var recentOrder: [RecipeID] = []
    private let keep: Int

    public init(fetcher: any PageFetching, saved: (any SavedPageProviding)?, keep: Int = 20) {
        self.fetcher = fetcher
        self.saved = saved
        self.keep = max(1, keep)
    }

    public func read(_ recipe: Recipe) async -> Result<ReadablePage, ServiceError> {
        if let saved, let copy = try? await saved.savedPage(for: recipe.id) {
            return .success(ReadablePage(recipe: recipe, document: copy.document, source: .saved(copy.savedAt)))
        }
        if let document = recent[recipe.id] {
            return .success(ReadablePage(recipe: recipe, document: document, source: .online))
        }
        do throws(ServiceError) {
            let page = try await fetcher.page(at: recipe.href)
            remember(page.document, for: recipe.id)
            return .success(ReadablePage(recipe: recipe, document: page.document, source: .online))
        } catch {
            return .failure(error)
        }
    }

    private func remember(_ document: ReadableDocument, for id: RecipeID) {
        if recent.updateValue(document, forKey: id) == nil { recentOrder.append(id) }
        while recentOrder.count > keep {
            recent[recentOrder.removeFirst()] = nil
        }
    }
}
