public import Foundation
public import Entity
public import ServiceSupport

/// The RecipePuppy API as the Interactor sees it: one page of one search at a time.
public protocol RecipeSearching: Sendable {
    /// Checks a query before anything is sent; throws `invalidQuery` saying what is wrong with it.
    func validate(_ query: SearchQuery) throws(ServiceError)
    func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage
    /// The page, given up as timed out after `limit` (a retry gets what is left of the request's time).
    func page(_ query: SearchQuery, number: Int, within limit: Duration) async throws(ServiceError) -> SearchPage
}

extension RecipeSearching {
    /// Searchers without a clock of their own answer in their own time.
    public func page(_ query: SearchQuery, number: Int, within limit: Duration) async throws(ServiceError) -> SearchPage {
        try await page(query, number: number)
    }
}

/// Search pages kept from earlier searches, read without the network (to show a repeated search at
/// once).
public protocol SavedSearchPages: Sendable {
    /// The saved page, with when it was saved; nil when none is kept (or it is kept as skipped).
    func savedPage(_ query: SearchQuery, number: Int) -> SearchPage?
    /// Whether anything is kept for the page: the page itself, or that it was skipped.
    func keepsPage(_ query: SearchQuery, number: Int) -> Bool
}

extension SavedSearchPages {
    public func keepsPage(_ query: SearchQuery, number: Int) -> Bool {
        savedPage(query, number: number) != nil
    }
}

/// Where the search cache keeps API pages: on disk (`SearchCache`), or anywhere a test keeps them.
public protocol SearchPageKeeping: Sendable {
    /// The page kept for `query`, with the time it was fetched in `savedAt`; nil when none is kept or
    /// it is kept as skipped.
    func page(_ query: SearchQuery, number: Int) -> SearchPage?
    /// True when page `number` of `query` is kept as one the server could not serve.
    func isSkipped(_ query: SearchQuery, number: Int) -> Bool
    /// Keeps `page` as fetched for `query` now; returns the time it was kept at.
    @discardableResult
    func save(_ page: SearchPage, for query: SearchQuery) throws(ServiceError) -> Date
    /// Keeps page `number` of `query` as one the server could not serve (it answered, but with an error
    /// or a garbled body), so that a walk with the network gone passes over it as the walk online did.
    func saveSkipped(_ number: Int, for query: SearchQuery) throws(ServiceError)
}

/// A recipe's page and picture, fetched from the web.
public protocol PageFetching: Sendable {
    func page(at href: String) async throws(ServiceError) -> RecipePage
    func thumbnail(at url: String) async throws(ServiceError) -> RecipeImage
    /// Where a person's web browser finds `href`: the same address, except the embedded server's fixed
    /// origin, which is served from its real loopback address while RecipeBook runs.
    func browserAddress(for href: String) -> String
    /// The page, and when it was saved when a kept copy stood in for a network that failed (nil when
    /// it came from the network now).
    func datedPage(at href: String) async throws(ServiceError) -> (page: RecipePage, savedAt: Date?)
    /// The copy of the page kept from an earlier read, without asking the network; nil when none is kept.
    func keptPage(at href: String) -> RecipePage?
    /// The copy of the picture kept from an earlier fetch, without asking the network; nil when none is kept.
    func keptThumbnail(at url: String) -> RecipeImage?
}

extension PageFetching {
    /// Without a cache behind it, every page comes from the network now.
    public func datedPage(at href: String) async throws(ServiceError) -> (page: RecipePage, savedAt: Date?) {
        (try await page(at: href), nil)
    }

    /// Without a cache behind it, no page is kept.
    public func keptPage(at href: String) -> RecipePage? { nil }

    /// Without a cache behind it, no picture is kept.
    public func keptThumbnail(at url: String) -> RecipeImage? { nil }
}

/// Pages saved as files (`recipes read page.html`).
public protocol PageFileReading: Sendable {
    func page(atPath path: String) throws(ServiceError) -> RecipePage
}

/// Which recipes are favorites, as the search screens need to know.
public protocol FavoriteStatusProviding: Sendable {
    /// The ids among `ids` that are favorites right now (another process may have starred them).
    func favoriteIDs(among ids: [RecipeID]) async throws(ServiceError) -> Set<RecipeID>
}

/// What to rank a server's recipes for: the names a person has, how many ingredients a recipe may
/// lack, and whether salt, pepper, water and oil must be had too.
public struct PantryRankRequest: Sendable, Hashable {
    public let names: [String]
    public let maxMissing: Int
    public let strict: Bool

    public init(names: [String], maxMissing: Int, strict: Bool) {
        self.names = names
        self.maxMissing = maxMissing
        self.strict = strict
    }
}

/// A page of a pantry ranking, and whether the server ranked it (an answer without the extension is a
/// plain list of recipes that says nothing of the pantry).
public struct RankedPage: Sendable, Equatable {
    public let page: SearchPage
    public let isRanked: Bool
    /// Names no recipe of the server has, with what it suggests instead.
    public let unknownNames: [PantryNameSuggestion]
    /// How many results a full page holds, as the server says; nil: it says nothing, and a full page
    /// holds RecipePuppy's 10.
    public let pageSize: Int?

    public init(page: SearchPage, isRanked: Bool, unknownNames: [PantryNameSuggestion] = [], pageSize: Int? = nil) {
        self.page = page
        self.isRanked = isRanked
        self.unknownNames = unknownNames
        self.pageSize = pageSize
    }
}

/// PuppyServer's `have=` extension of the API: its whole catalog ranked for a pantry, a page at a time.
public protocol PantryRankedSearching: Sendable {
    func rankedPage(_ request: PantryRankRequest, number: Int) async throws(ServiceError) -> RankedPage
    /// The page, given up as timed out after `limit`.
    func rankedPage(_ request: PantryRankRequest, number: Int, within limit: Duration) async throws(ServiceError) -> RankedPage
}

extension PantryRankedSearching {
    /// Rankers without a clock of their own answer in their own time.
    public func rankedPage(_ request: PantryRankRequest, number: Int, within limit: Duration) async throws(ServiceError) -> RankedPage {
        try await rankedPage(request, number: number)
    }
}

/// Files written for the person: the cookbook, with its pictures in a folder beside it.
public protocol ExportWriting: Sendable {
    /// Starts a file at `path` with its pictures in `picturesFolder` beside it; nothing is in place
    /// until the draft is committed. Throws `unwritable` for a path that cannot be written.
    func begin(_ path: String, picturesFolder: String) throws(ServiceError) -> any ExportDraft
}

/// A file being written: its text a piece at a time and its pictures, then put in place (or dropped,
/// leaving whatever was at the path as it was). One caller uses it at a time.
public protocol ExportDraft: AnyObject, Sendable {
    func append(_ text: String) throws(ServiceError)
    /// Writes a picture into the pictures folder (made when the first picture comes).
    func addPicture(named name: String, bytes: Data) throws(ServiceError)
    /// Puts the file in place of what was at the path.
    func commit() throws(ServiceError) -> ExportedFiles
    /// Drops the file written so far.
    func discard()
}
