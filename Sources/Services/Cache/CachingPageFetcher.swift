public import Foundation
public import Entity
public import ServiceSupport

/// Recipe pages and thumbnails with a cache behind them, under the rule of `CachingSearcher`: the
/// network first; what it answers is saved; when the network itself fails, the saved copy.
public final class CachingPageFetcher: PageFetching {
    public let network: any PageFetching
    public let cache: PageCache

    public init(network: any PageFetching, cache: PageCache) {
        self.network = network
        self.cache = cache
    }

    public func page(at href: String) async throws(ServiceError) -> RecipePage {
        try await fetchPage(at: href).page
    }

    /// The page from the network (`savedAt == nil`), or the saved copy with its `savedAt` when the
    /// network fails.
    public func fetchPage(at href: String) async throws(ServiceError) -> FetchedRecipePage {
        let page: RecipePage
        do {
            page = try await network.page(at: href)
        } catch where error.isNetworkLevel {
            guard let saved = cache.page(at: href) else { throw error }
            return saved
        }
        do {
            try cache.save(page, at: href)
        } catch {
            // A page that cannot be saved is still the page; the failure is kept in `usage()`.
        }
        return FetchedRecipePage(page: page, savedAt: nil)
    }

    /// The saved page without asking the network, or nil.
    public func cachedPage(at href: String) -> FetchedRecipePage? {
        cache.page(at: href)
    }

    public func keptPage(at href: String) -> RecipePage? {
        cachedPage(at: href)?.page
    }

    public func thumbnail(at url: String) async throws(ServiceError) -> RecipeImage {
        try await fetchThumbnail(at: url).image
    }

    /// The thumbnail from the network (`savedAt == nil`), or the saved copy when the network fails.
    /// Thumbnails over the cache's `maxThumbnailBytes` are not saved.
    public func fetchThumbnail(at url: String) async throws(ServiceError) -> FetchedThumbnail {
        let image: RecipeImage
        do {
            image = try await network.thumbnail(at: url)
        } catch where error.isNetworkLevel {
            guard let saved = cache.thumbnail(at: url) else { throw error }
            return saved
        }
        do {
            try cache.save(image, at: url)
        } catch {
            // Too large to cache, or the cache cannot be written: the picture is still the picture.
        }
        return FetchedThumbnail(image: image, savedAt: nil)
    }

    /// The saved thumbnail without asking the network, or nil.
    public func cachedThumbnail(at url: String) -> FetchedThumbnail? {
        cache.thumbnail(at: url)
    }

    public func keptThumbnail(at url: String) -> RecipeImage? {
        cachedThumbnail(at: url)?.image
    }

    public func datedPage(at href: String) async throws(ServiceError) -> (page: RecipePage, savedAt: Date?) {
        let fetched = try await fetchPage(at: href)
        return (fetched.page, fetched.savedAt)
    }

    public func browserAddress(for href: String) -> String {
        network.browserAddress(for: href)
    }
}
