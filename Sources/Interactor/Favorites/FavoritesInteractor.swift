public import Foundation
public import Entity
public import Services

/// A favorite in the favorites list, with its number there.
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
    public let index: Int
    public let favorites: [ListedFavorite]
    /// How many favorites the listing holds in all.
    public let total: Int
    public let screenSize: Int

    public var isLast: Bool { (index + 1) * screenSize >= total }
}

/// What saving a favorite came to.
public enum SaveOutcome: Sendable, Equatable {
    /// Saved; `missing` names what could not be fetched, with why.
    case saved(Recipe, missing: [MissingPart])
    case failed(Recipe, ServiceError)
}

public struct MissingPart: Sendable, Equatable {
    public let part: Favorite.Part
    public let error: ServiceError
}

/// The favorites use cases: save a whole recipe (page and picture too), remove it, list and search
/// favorites, and read them with no network at all.
public actor FavoritesInteractor: SavedPageProviding {
    private let store: FavoritesStore?
    /// Why there is no store (a damaged or too-new file), to say so when favorites are asked for.
    private let unavailable: ServiceError?
    private let fetcher: any PageFetching
    /// Pages just read online, reused when the recipe is saved.
    private let recentPages: RecentPages?
    private let time: any TimeSource
    private let screenSize: Int
    private var listingWords = ""
    private var listingIndex = 0

    public init(store: FavoritesStore?, unavailable: ServiceError?, fetcher: any PageFetching, recentPages: RecentPages? = nil,
                time: any TimeSource, screenSize: Int = 10) {
        self.store = store
        self.unavailable = unavailable
        self.fetcher = fetcher
        self.recentPages = recentPages
        self.time = time
        self.screenSize = max(1, screenSize)
    }

    private func requireStore() throws(ServiceError) -> FavoritesStore {
        guard let store else { throw unavailable ?? .storage.with(detail: "no favorites database") }
        return store
    }

    // MARK: Saving

    /// Fetches the recipe's page and picture, then saves everything in one transaction. What cannot be
    /// fetched is left out and reported; the recipe is saved all the same.
    public func save(_ recipe: Recipe) async -> SaveOutcome {
        let store: FavoritesStore
        do throws(ServiceError) {
            store = try requireStore()
        } catch {
            return .failed(recipe, error)
        }
        let (page, thumbnail) = await download(recipe, page: true, picture: true)
        let favorite = Favorite(recipe: recipe, savedAt: time.now(), page: page.value, thumbnail: thumbnail.value)
        do throws(ServiceError) {
            try await store.save(favorite)
        } catch {
            return .failed(recipe, error)
        }
        return .saved(recipe, missing: [page.missing(.page), thumbnail.missing(.picture)].compactMap { $0 })
    }

    /// Fetches what a favorite is missing (its page, its picture) and stores it.
    public func completeMissing(_ id: RecipeID) async -> SaveOutcome? {
        let store: FavoritesStore
        let found: Favorite?
        do throws(ServiceError) {
            store = try requireStore()
            found = try await store.favorite(id)
        } catch {
            return .failed(Recipe(title: id.rawValue, href: id.rawValue, ingredients: [], thumbnail: nil), error)
        }
        guard let favorite = found else { return nil }
        let missing = favorite.missing
        guard !missing.isEmpty else { return .saved(favorite.recipe, missing: []) }
        let (page, thumbnail) = await download(favorite.recipe, page: missing.contains(.page), picture: missing.contains(.picture))
        do throws(ServiceError) {
            _ = try await store.complete(id, page: page.value, thumbnail: thumbnail.value)
        } catch {
            return .failed(favorite.recipe, error)
        }
        return .saved(favorite.recipe, missing: [page.missing(.page), thumbnail.missing(.picture)].compactMap { $0 })
    }

    private struct Download<T: Sendable>: Sendable {
        let value: T?
        let error: ServiceError?

        func missing(_ part: Favorite.Part) -> MissingPart? {
            error.map { MissingPart(part: part, error: $0) }
        }
    }

    private func download(_ recipe: Recipe, page wantPage: Bool, picture wantPicture: Bool) async -> (Download<RecipePage>, Download<RecipeImage>) {
        let fetcher = self.fetcher
        let recent = await recentPages?.page(for: recipe.id)
        async let page: Download<RecipePage> = {
            guard wantPage else { return Download(value: nil, error: nil) }
            if let recent { return Download(value: recent, error: nil) }
            do throws(ServiceError) {
                return Download(value: try await fetcher.page(at: recipe.href), error: nil)
            } catch {
                return Download(value: nil, error: error)
            }
        }()
        async let picture: Download<RecipeImage> = {
            guard wantPicture, let address = recipe.thumbnail else { return Download(value: nil, error: nil) }
            do throws(ServiceError) {
                return Download(value: try await fetcher.thumbnail(at: address), error: nil)
            } catch {
                return Download(value: nil, error: error)
            }
        }()
        return await (page, picture)
    }

    public func remove(_ id: RecipeID) async -> Result<Bool, ServiceError> {
        do throws(ServiceError) {
            return .success(try await requireStore().remove(id))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Listing

    /// A screen of favorites, newest first; `words` searches title, ingredients and page text.
    public func screen(_ index: Int, matching words: String) async -> Result<FavoritesScreen, ServiceError> {
        do throws(ServiceError) {
            let store = try requireStore()
            let total = try await store.count(matching: words)
            let lastIndex = max(0, (total - 1) / screenSize)
            let index = min(max(0, index), lastIndex)
            let summaries = try await store.list(matching: words, offset: index * screenSize, limit: screenSize)
            listingWords = words
            listingIndex = index
            let favorites = summaries.enumerated().map { ListedFavorite(number: index * screenSize + $0.offset + 1, summary: $0.element) }
            return .success(FavoritesScreen(words: words, index: index, favorites: favorites, total: total, screenSize: screenSize))
        } catch {
            return .failure(error)
        }
    }

    /// The favorites screen shown last, moved by `delta` screens.
    public func move(by delta: Int) async -> Result<FavoritesScreen, ServiceError> {
        await screen(listingIndex + delta, matching: listingWords)
    }

    public var currentScreenIndex: Int { listingIndex }

    /// Favorite number `number` of the listing shown last; nil when there is no such number.
    public func favorite(number: Int) async throws(ServiceError) -> Favorite? {
        let store = try requireStore()
        guard number >= 1, let summary = try await store.list(matching: listingWords, offset: number - 1, limit: 1).first else {
            return nil
        }
        return try await store.favorite(summary.recipe.id)
    }

    /// The favorite with this identity; nil when the recipe is not a favorite.
    public func favorite(id: RecipeID) async throws(ServiceError) -> Favorite? {
        try await requireStore().favorite(id)
    }

    public func savedPage(for id: RecipeID) async throws(ServiceError) -> (document: ReadableDocument, savedAt: Date)? {
        guard let store else { return nil }
        guard let favorite = try await store.favorite(id), let page = favorite.page else { return nil }
        return (page.document, favorite.savedAt)
    }

    /// Every favorite, newest first, for export.
    public func all(matching words: String = "") async -> Result<[Favorite], ServiceError> {
        do throws(ServiceError) {
            var favorites: [Favorite] = []
            try await requireStore().forEach(matching: words) { favorites.append($0) }
            return .success(favorites)
        } catch {
            return .failure(error)
        }
    }
}
