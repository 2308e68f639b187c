public import Foundation
public import Entity
public import Services

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
