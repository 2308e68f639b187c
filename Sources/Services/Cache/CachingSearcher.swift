public import Entity

extension CachingSearcher: SavedSearchPages {
    public func savedPage(_ query: SearchQuery, number: Int) -> SearchPage? {
        cachedPage(query, number: number)
    }
}

/// The search API with a cache behind it: the network first, and the saved page when the network
/// itself fails.
///
/// - A page the network answers is saved and returned with `savedAt == nil`.
/// - When the network fails (`isNetworkLevel`: timed out, unreachable, connection lost), the saved
///   page is returned with its `savedAt`; with none saved, the network's error is thrown.
/// - Any other failure (an HTTP 500, a malformed body, cancellation) is thrown as it is: the server
///   answered, and the walker knows what to do with a bad page.
public final class CachingSearcher: RecipeSearching {
    public let network: any RecipeSearching
    public let cache: SearchCache

    public init(network: any RecipeSearching, cache: SearchCache) {
        self.network = network
        self.cache = cache
    }

    public func validate(_ query: SearchQuery) throws(ServiceError) {
        try network.validate(query)
    }

    public func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage {
        let page: SearchPage
        do {
            page = try await network.page(query, number: number)
        } catch where error.isNetworkLevel {
            guard let saved = cache.page(query, number: number) else { throw error }
            return saved
        }
        do {
            try cache.save(page, for: query)
        } catch {
            // A page that cannot be saved is still the page: the search goes on, and the failure is
            // kept in the store's `usage().lastProblem`.
        }
        return page.saved(at: nil)
    }

    /// The saved page without asking the network (to show a repeated search at once), or nil.
    public func cachedPage(_ query: SearchQuery, number: Int) -> SearchPage? {
        cache.page(query, number: number)
    }
}
