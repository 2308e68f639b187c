public import Foundation
public import Entity
public import ServiceSupport

/// Recipe pages (the HTML and the readable document) and thumbnails, in a `CacheStore`, keyed by their
/// normalized address.
public struct PageCache: Sendable {
    public let store: CacheStore
    /// Thumbnails larger than this are not cached (a page of results' pictures should not push every
    /// search out of the cache).
    public let maxThumbnailBytes: Int

    public init(store: CacheStore, maxThumbnailBytes: Int = 256 << 10) {
        self.store = store
        self.maxThumbnailBytes = maxThumbnailBytes
    }

    /// The page saved for `href`, with the time it was fetched; nil when none is saved or it cannot be
    /// read.
    public func page(at href: String) -> FetchedRecipePage? {
        guard let entry = store.read(PageCache.pageKey(href)),
              let stored = try? JSONDecoder().decode(StoredPage.self, from: entry.body) else {
            // An entry that does not decode (left by another RecipeBook version) is a miss; the next
            // save replaces it.
            return nil
        }
        return FetchedRecipePage(page: RecipePage(html: stored.html, document: stored.document, recipe: stored.recipe), savedAt: entry.savedAt)
    }

    /// Saves `page` as fetched from `href` now; returns the time it was saved at.
    @discardableResult
    public func save(_ page: RecipePage, at href: String) throws(ServiceError) -> Date {
        let body: Data
        do {
            body = try JSONEncoder().encode(StoredPage(html: page.html, document: page.document, recipe: page.recipe))
        } catch {
            throw .storage.with(detail: "cannot encode the page of \(href): \(error)")
        }
        return try store.write(PageCache.pageKey(href), body: body)
    }

    /// The thumbnail saved for `url`, with the time it was fetched.
    public func thumbnail(at url: String) -> FetchedThumbnail? {
        guard let entry = store.read(PageCache.thumbnailKey(url)),
              let newline = entry.body.prefix(256).firstIndex(of: 0x0A) else { return nil }
        let type = String(decoding: entry.body[entry.body.startIndex..<newline], as: UTF8.self)
        let image = RecipeImage(bytes: Data(entry.body[(newline + 1)...]), contentType: type)
        return FetchedThumbnail(image: image, savedAt: entry.savedAt)
    }

    /// Saves `image` as fetched from `url` now (the content type, a newline, the bytes); throws
    /// `.tooLarge` for a picture over `maxThumbnailBytes`.
    @discardableResult
    public func save(_ image: RecipeImage, at url: String) throws(ServiceError) -> Date {
        guard image.bytes.count <= maxThumbnailBytes else {
            throw .tooLarge.with(detail: "a thumbnail of \(image.bytes.count) bytes is not cached")
        }
        let type = image.contentType.filter { $0 != "\n" && $0 != "\r" }.prefix(200)
        return try store.write(PageCache.thumbnailKey(url), body: Data((type + "\n").utf8) + image.bytes)
    }

    static func pageKey(_ href: String) -> String {
        "page " + RecipeID(href: href).rawValue
    }

    static func thumbnailKey(_ url: String) -> String {
        "thumbnail " + RecipeID(href: url).rawValue
    }

    private struct StoredPage: Codable {
        let html: String
        let document: ReadableDocument
        /// The recipe found on the page (absent in entries kept before recipes were read).
        let recipe: PageRecipe?
    }
}

/// A recipe page and where it came from: `savedAt` is nil when it came from the network just now, and
/// the time it was fetched when it came from the cache.
public struct FetchedRecipePage: Sendable, Equatable {
    public let page: RecipePage
    public let savedAt: Date?

    public init(page: RecipePage, savedAt: Date?) {
        self.page = page
        self.savedAt = savedAt
    }
}

/// A thumbnail and where it came from, as `FetchedRecipePage` says.
public struct FetchedThumbnail: Sendable, Equatable {
    public let image: RecipeImage
    public let savedAt: Date?

    public init(image: RecipeImage, savedAt: Date?) {
        self.image = image
        self.savedAt = savedAt
    }
}
