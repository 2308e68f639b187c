public import Foundation
public import Entity
import PageReader
import RecipeReader
public import Services
public import ServiceSupport

/// A clock that never really sleeps; it records the sleeps asked of it.
public final class FakeTime: TimeSource {
    private let state: Locked<(now: Date, sleeps: [Duration])>

    public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Locked((now, []))
    }

    public func now() -> Date { state.withLock { $0.now } }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        state.withLock {
            $0.sleeps.append(duration)
            $0.now = $0.now.addingTimeInterval(duration.timeInterval)
        }
    }

    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    public func advance(by seconds: TimeInterval) {
        state.withLock { $0.now = $0.now.addingTimeInterval(seconds) }
    }
}

/// A RecipePuppy stand-in for testing one layer alone: pages are scripted per number, and every ask is
/// recorded.
public final class FakeSearcher: RecipeSearching {
    public enum Answer: Sendable {
        case recipes([Recipe])
        case failure(ServiceError)
    }

    private let state: Locked<(script: [Int: [Answer]], fallback: Answer, asks: [Int], queries: [SearchQuery])>

    /// `script[n]` answers page n in turn (the last answer repeats); pages not scripted get `fallback`.
    public init(script: [Int: [Answer]], fallback: Answer = .recipes([])) {
        state = Locked((script, fallback, [], []))
    }

    /// A searcher whose pages hold the given recipes, 10 a page, then empty pages.
    public convenience init(recipes: [Recipe], pageSize: Int = 10) {
        var script: [Int: [Answer]] = [:]
        for (index, start) in stride(from: 0, to: recipes.count, by: pageSize).enumerated() {
            script[index + 1] = [.recipes(Array(recipes[start..<min(recipes.count, start + pageSize)]))]
        }
        self.init(script: script)
    }

    /// Refuses what RecipePuppy's client refuses.
    public func validate(_ query: SearchQuery) throws(ServiceError) {
        try QueryBuilder.validate(query)
    }

    public func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage {
        let answer = state.withLock { state -> Answer in
            state.asks.append(number)
            state.queries.append(query)
            guard var answers = state.script[number], let first = answers.first else { return state.fallback }
            if answers.count > 1 {
                answers.removeFirst()
                state.script[number] = answers
            }
            return first
        }
        switch answer {
        case .recipes(let recipes): return SearchPage(number: number, recipes: recipes)
        case .failure(let error): throw error
        }
    }

    /// The page numbers asked for, in order.
    public var asks: [Int] { state.withLock { $0.asks } }
    public var queries: [SearchQuery] { state.withLock { $0.queries } }
}

/// Recipes made up for tests: `Recipe n` at `http://example.test/recipes/n`.
public enum SampleRecipes {
    public static func make(_ range: ClosedRange<Int>, host: String = "example.test",
                            ingredients: (Int) -> [String] = { $0 % 3 == 0 ? ["eggs", "milk"] : ["eggs", "onions"] }) -> [Recipe] {
        range.map { number in
            Recipe(title: "Recipe \(number)", href: "http://\(host)/recipes/\(number)", ingredients: ingredients(number),
                   thumbnail: "http://\(host)/thumbnails/\(number).png")
        }
    }
}

/// A searcher whose chosen pages wait at a latch until the test opens it; it notices cancellation.
public final class GatedSearcher: RecipeSearching {
    public let latch = Latch()
    private let inner: FakeSearcher
    private let gated: @Sendable (SearchQuery, Int) -> Bool
    private let cancelled = Locked(0)

    public init(_ inner: FakeSearcher, gated: @escaping @Sendable (SearchQuery, Int) -> Bool = { _, _ in true }) {
        self.inner = inner
        self.gated = gated
    }

    public func validate(_ query: SearchQuery) throws(ServiceError) {
        try inner.validate(query)
    }

    public func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage {
        if gated(query, number) { await latch.wait() }
        if Task.isCancelled {
            cancelled.withLock { $0 += 1 }
            throw .cancelled
        }
        return try await inner.page(query, number: number)
    }

    public var cancellations: Int { cancelled.withLock { $0 } }
    public var asks: [Int] { inner.asks }
}

/// Passes every ask on to another searcher, counting how many run at once.
public final class CountingSearcher: RecipeSearching {
    private let inner: any RecipeSearching
    private let counts = Locked<(running: Int, most: Int, total: Int)>((0, 0, 0))

    public init(_ inner: any RecipeSearching) {
        self.inner = inner
    }

    public func validate(_ query: SearchQuery) throws(ServiceError) {
        try inner.validate(query)
    }

    public func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage {
        started()
        defer { counts.withLock { $0.running -= 1 } }
        return try await inner.page(query, number: number)
    }

    public func page(_ query: SearchQuery, number: Int, within limit: Duration) async throws(ServiceError) -> SearchPage {
        started()
        defer { counts.withLock { $0.running -= 1 } }
        return try await inner.page(query, number: number, within: limit)
    }

    private func started() {
        counts.withLock {
            $0.running += 1
            $0.total += 1
            $0.most = max($0.most, $0.running)
        }
    }

    /// The most asks that ran at the same time.
    public var mostAtOnce: Int { counts.withLock { $0.most } }
    public var requests: Int { counts.withLock { $0.total } }
}

/// Favorite stars kept in memory.
public final class FakeFavoriteStatus: FavoriteStatusProviding {
    private let ids: Locked<Set<RecipeID>>

    public init(_ ids: Set<RecipeID> = []) {
        self.ids = Locked(ids)
    }

    public func favoriteIDs(among candidates: [RecipeID]) async throws(ServiceError) -> Set<RecipeID> {
        ids.withLock { stored in Set(candidates.filter { stored.contains($0) }) }
    }

    public func star(_ id: RecipeID) { ids.withLock { _ = $0.insert(id) } }
}

/// Pages and pictures for testing one layer alone: pages from a table (an unknown href gets a small
/// page naming it, or HTTP 404), one picture for every thumbnail, failures switched on and off, and
/// every ask recorded.
public final class FakePageFetcher: PageFetching {
    public enum UnknownPages: Sendable {
        /// `<h1>Saved</h1><p>Page of HREF</p>`.
        case generated
        /// HTTP 404.
        case notFound
    }

    private struct State {
        var pages: [String: RecipePage]
        var picture: RecipeImage?
        var pageFailure: ServiceError?
        var pictureFailure: ServiceError?
        var pageAsks: [String] = []
        var pictureAsks: [String] = []
    }

    private let unknown: UnknownPages
    private let state: Locked<State>

    /// Pages given as HTML, read with the real HTML reader and recipe extractor.
    public convenience init(pages: [String: String] = [:], unknown: UnknownPages = .generated,
                            picture: RecipeImage? = RecipeImage(bytes: Data([1, 2, 3]), contentType: "image/png")) {
        let documents = Dictionary(uniqueKeysWithValues: pages.map { href, html in
            (href, RecipePage(html: html, document: HTMLReader.read(html), recipe: RecipeExtractor.extract(html: html, url: URL(string: href))))
        })
        self.init(documents: documents, unknown: unknown, picture: picture)
    }

    /// Pages given whole.
    public init(documents: [String: RecipePage], unknown: UnknownPages = .notFound, picture: RecipeImage?) {
        self.unknown = unknown
        state = Locked(State(pages: documents, picture: picture))
    }

    /// From now on pages fail with `pages` and pictures with `pictures` (nil: they work).
    public func fail(pages: ServiceError?, pictures: ServiceError?) {
        state.withLock {
            $0.pageFailure = pages
            $0.pictureFailure = pictures
        }
    }

    /// Pages and pictures work again.
    public func recover() {
        fail(pages: nil, pictures: nil)
    }

    public func page(at href: String) async throws(ServiceError) -> RecipePage {
        let (page, failure) = state.withLock { state -> (RecipePage?, ServiceError?) in
            state.pageAsks.append(href)
            return (state.pages[href], state.pageFailure)
        }
        if let failure { throw failure }
        if let page { return page }
        switch unknown {
        case .generated:
            let html = "<h1>Saved</h1><p>Page of \(href)</p>"
            return RecipePage(html: html, document: HTMLReader.read(html))
        case .notFound:
            throw .badStatus.with(status: 404, detail: "HTTP 404 for \(href)")
        }
    }

    public func thumbnail(at url: String) async throws(ServiceError) -> RecipeImage {
        let (picture, failure) = state.withLock { state -> (RecipeImage?, ServiceError?) in
            state.pictureAsks.append(url)
            return (state.picture, state.pictureFailure)
        }
        if let failure { throw failure }
        guard let picture else { throw .unreachable.with(detail: "no pictures here") }
        return picture
    }

    public func browserAddress(for href: String) -> String {
        href
    }

    /// The hrefs of the pages asked for, in order.
    public var pageAsks: [String] { state.withLock { $0.pageAsks } }
    public var pictureAsks: [String] { state.withLock { $0.pictureAsks } }
}
