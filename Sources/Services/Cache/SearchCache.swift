public import Foundation
public import Entity
public import ServiceSupport

/// The API pages searches fetched, in a `CacheStore`: one entry per query, page number and source.
///
/// The query is keyed as `SearchQuery` holds it (normalized ingredients in the order given, title
/// words), so `Onions,garlic` and `onions, garlic` share entries. `source` names the server the pages
/// came from, so pages from one server never answer for another: the `--api` URL, or a fixed name for
/// the embedded server (whose port changes from run to run).
public struct SearchCache: SearchPageKeeping {
    public let store: CacheStore
    public let source: String

    public init(store: CacheStore, source: String) {
        self.store = store
        self.source = source
    }

    /// The page saved for `query`, with the time it was fetched in `savedAt`; nil when none is saved
    /// or it cannot be read.
    public func page(_ query: SearchQuery, number: Int) -> SearchPage? {
        guard let (stored, savedAt) = read(query, number: number), stored.skipped != true else { return nil }
        return SearchPage(number: number, recipes: stored.recipes, droppedCount: stored.droppedCount,
                          unreadableCount: stored.unreadableCount ?? 0, savedAt: savedAt)
    }

    public func isSkipped(_ query: SearchQuery, number: Int) -> Bool {
        read(query, number: number)?.stored.skipped == true
    }

    /// Nil when nothing is kept for the page or the kept copy no longer decodes (it is then fetched and
    /// written again).
    private func read(_ query: SearchQuery, number: Int) -> (stored: StoredPage, savedAt: Date)? {
        guard let key = key(query, number: number), let entry = store.read(key),
              let stored = try? JSONDecoder().decode(StoredPage.self, from: entry.body),
              stored.number == number else {
            // An entry that does not decode (left by another RecipeBook version) is a miss; the next
            // save replaces it.
            return nil
        }
        return (stored, entry.savedAt)
    }

    /// Saves `page` as fetched for `query` now; returns the time it was saved at.
    @discardableResult
    public func save(_ page: SearchPage, for query: SearchQuery) throws(ServiceError) -> Date {
        try write(StoredPage(number: page.number, droppedCount: page.droppedCount, unreadableCount: page.unreadableCount,
                             recipes: page.recipes, skipped: nil), for: query)
    }

    public func saveSkipped(_ number: Int, for query: SearchQuery) throws(ServiceError) {
        try write(StoredPage(number: number, droppedCount: 0, unreadableCount: nil, recipes: [], skipped: true), for: query)
    }

    @discardableResult
    private func write(_ stored: StoredPage, for query: SearchQuery) throws(ServiceError) -> Date {
        guard let key = key(query, number: stored.number) else {
            throw .invalidQuery.with(detail: "the query cannot be used as a cache key")
        }
        let body: Data
        do {
            body = try JSONEncoder().encode(stored)
        } catch {
            throw .storage.with(detail: "cannot encode page \(stored.number): \(error)")
        }
        return try store.write(key, body: body)
    }

    /// `search ` and the query, page and source as JSON with sorted keys: unambiguous and stable.
    func key(_ query: SearchQuery, number: Int) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let parts = KeyParts(source: source, ingredients: query.ingredients, title: query.title, page: number)
        // Encoding strings and numbers cannot fail; nil only keeps the signature honest.
        guard let json = try? encoder.encode(parts) else { return nil }
        return "search " + String(decoding: json, as: UTF8.self)
    }

    private struct KeyParts: Encodable {
        let source: String
        let ingredients: [String]
        let title: String
        let page: Int
    }

    private struct StoredPage: Codable {
        let number: Int
        let droppedCount: Int
        /// Absent in pages kept before unreadable results were counted apart.
        let unreadableCount: Int?
        let recipes: [Recipe]
        /// True for a page the server could not serve when it was asked (absent in pages kept before).
        let skipped: Bool?
    }
}
