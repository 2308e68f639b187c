public import Entity
public import ServiceSupport

extension CachingSearcher: SavedSearchPages {
    public func savedPage(_ query: SearchQuery, number: Int) -> SearchPage? {
        cachedPage(query, number: number)
    }

    public func keepsPage(_ query: SearchQuery, number: Int) -> Bool {
        cache.page(query, number: number) != nil || cache.isSkipped(query, number: number)
    }
}

/// The search API with a cache behind it: the network first, and the saved page when the network
/// itself fails.
///
/// - A page the network answers is saved and returned with `savedAt == nil`.
/// - When the network fails (`isNetworkLevel`: timed out, unreachable, connection lost), the saved
///   page is returned with its `savedAt`; with none saved, the network's error is thrown.
/// - A page the server answered but could not serve (an HTTP error, a malformed or oversized body) is
///   thrown as it is, and kept as skipped when nothing better is kept for it: with the network gone, it
///   fails again as it did online (the server failed it, it is not "offline"), so the walk passes over
///   it as the walk online did, on to the pages kept after it.
/// - Cancellation and a refused query are thrown as they are.
public final class CachingSearcher: RecipeSearching {
    public let network: any RecipeSearching
    public let cache: any SearchPageKeeping

    public init(network: any RecipeSearching, cache: any SearchPageKeeping) {
        self.network = network
        self.cache = cache
    }

    public func validate(_ query: SearchQuery) throws(ServiceError) {
        try network.validate(query)
    }

    public func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage {
        try await page(query, number: number, limit: nil)
    }

    public func page(_ query: SearchQuery, number: Int, within limit: Duration) async throws(ServiceError) -> SearchPage {
        try await page(query, number: number, limit: limit)
    }

    private func page(_ query: SearchQuery, number: Int, limit: Duration?) async throws(ServiceError) -> SearchPage {
        let page: SearchPage
        do {
            page = if let limit { try await network.page(query, number: number, within: limit) } else { try await network.page(query, number: number) }
        } catch where error.isNetworkLevel {
            if let saved = cache.page(query, number: number) { return saved }
            if cache.isSkipped(query, number: number) {
                throw .badStatus.with(detail: "skipped when last online")
            }
            throw error
        } catch where CachingSearcher.isUnservedPage(error) {
            if cache.page(query, number: number) == nil, !cache.isSkipped(query, number: number) {
                do {
                    try cache.saveSkipped(number, for: query)
                } catch {
                    // Not kept: offline, the walk then ends at this page, as it did before it was kept.
                }
            }
            throw error
        }
        do {
            try cache.save(page, for: query)
        } catch {
            // A page that cannot be saved is still the page: the search goes on, and the failure is
            // kept in the store's `usage().lastProblem`.
        }
        return page.saved(at: nil)
    }

    /// True for a page the server answered without serving it.
    static func isUnservedPage(_ error: ServiceError) -> Bool {
        error == .badStatus || error == .malformedBody || error == .tooLarge
    }

    /// The saved page without asking the network (to show a repeated search at once), or nil.
    public func cachedPage(_ query: SearchQuery, number: Int) -> SearchPage? {
        cache.page(query, number: number)
    }
}
