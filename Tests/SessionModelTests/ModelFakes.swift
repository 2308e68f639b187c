import Foundation
import Entity
import Services
import TestSupport
import ServiceSupport

/// The API server of a model session, in process: it answers from the world's scripts (a search's
/// pages, `have`'s single-ingredient searches and its ranking), can go away and come back, answer slowly
/// or not at all (on the session's fake clock), counts how many requests it holds at once, and can hold
/// one request until it is cancelled (the person pressing Ctrl-C while it is on its way).
final class ModelServer: RecipeSearching, PantryRankedSearching {
    private struct State {
        var up = true
        var pace = Pace.prompt
        /// Tries so far, by query and page: a flaky page fails every odd try.
        var tries: [String: Int] = [:]
        var running = 0
        var mostAtOnce = 0
        var requests = 0
        /// Called (once) by the next request that reaches the server while it is up, which then waits
        /// until it is cancelled.
        var onRequest: (@Sendable () -> Void)?
        var held: CheckedContinuation<Void, Never>?
        var holding = false
        /// The next request is held on the wire until another command asks the API too.
        var gated = false
        var gateOpen = true
        /// How many requests wait for their turn at the API's one owner (where there is one).
        var waitingAtOwner: (@Sendable () -> Int)?
    }

    let world: World
    private let time: FakeTime
    private let state = Locked(State())

    init(world: World, time: FakeTime) {
        self.world = world
        self.time = time
    }

    func validate(_ query: SearchQuery) throws(ServiceError) {
        try QueryBuilder.validate(query)
    }

    func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage {
        try await page(query, number: number, limit: nil)
    }

    func page(_ query: SearchQuery, number: Int, within limit: Duration) async throws(ServiceError) -> SearchPage {
        try await page(query, number: number, limit: limit)
    }

    func rankedPage(_ request: PantryRankRequest, number: Int) async throws(ServiceError) -> RankedPage {
        try await rankedPage(number, limit: nil)
    }

    func rankedPage(_ request: PantryRankRequest, number: Int, within limit: Duration) async throws(ServiceError) -> RankedPage {
        try await rankedPage(number, limit: limit)
    }

    private func page(_ query: SearchQuery, number: Int, limit: Duration?) async throws(ServiceError) -> SearchPage {
        let asked = query.ingredients.joined(separator: ",")
        let spec: PageSpec
        let key: String
        if let index = World.queries.firstIndex(of: asked) {
            spec = world.page(index, number)
            key = "\(index)/\(number)"
        } else if let name = World.kitchen.firstIndex(of: asked) {
            spec = world.kitchenPage(name, number)
            key = "k\(name)/\(number)"
        } else {
            return SearchPage(number: number, recipes: [])
        }
        return SearchPage(number: number, recipes: try await answer(spec, key: key, number: number, limit: limit, gateable: key.first != "k")
            .map { world.recipes[$0] })
    }

    private func rankedPage(_ number: Int, limit: Duration?) async throws(ServiceError) -> RankedPage {
        let ids = try await answer(world.ranks ? world.rankedPage(number) : nil, key: "ranked/\(number)", number: number, limit: limit)
        return RankedPage(page: SearchPage(number: number, recipes: ids.map { world.recipes[$0] }), isRanked: true)
    }

    /// One request: `spec` is what the page holds (nil: the server does not offer it, HTTP 404).
    /// `gateable`: a search's request, which the gate may hold.
    private func answer(_ spec: PageSpec?, key: String, number: Int, limit: Duration?, gateable: Bool = false) async throws(ServiceError) -> [Int] {
        let (up, pace, hook) = state.withLock { state -> (Bool, Pace, (@Sendable () -> Void)?) in
            state.running += 1
            state.requests += 1
            state.mostAtOnce = max(state.mostAtOnce, state.running)
            defer { if state.up { state.onRequest = nil } }
            return (state.up, state.pace, state.up ? state.onRequest : nil)
        }
        defer { state.withLock { $0.running -= 1 } }
        guard up else { throw .unreachable.with(detail: "connection refused") }
        if let hook {
            hook()
            await holdUntilCancelled()
            throw .cancelled
        }
        if gateable { await holdUntilAnotherAsks() }
        let timeout = limit.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 } ?? Double(World.transportTimeout)
        switch pace {
        case .prompt:
            break
        case .slow where Double(World.slowAnswer) <= timeout:
            time.advance(by: Double(World.slowAnswer))
        case .slow, .silent:
            time.advance(by: timeout)
            throw .timeout.with(detail: "no answer within \(timeout) s")
        }
        let tries = state.withLock { state -> Int in
            state.tries[key, default: 0] += 1
            return state.tries[key, default: 0]
        }
        switch spec {
        case nil:
            throw .badStatus.with(status: 404, detail: "HTTP 404: no have= here")
        case .results(let ids)?:
            return ids
        case .empty?:
            return []
        case .serverError?:
            throw .badStatus.with(status: 500, detail: "HTTP 500 for page \(number)")
        case .malformed?:
            throw .malformedBody.with(detail: "the body is not valid JSON")
        case .flaky(let ids)?:
            if tries % 2 == 1 { throw .badStatus.with(status: 500, detail: "HTTP 500 for page \(number)") }
            return ids
        }
    }

    /// Holds the first request that comes while gated on the wire (in flight) until another request
    /// reaches the server, waits for its turn at the API's owner, the gate opens, or the request is
    /// cancelled: a command typed while a background fetch is on the wire then either puts a second
    /// request on the wire (counted in `mostAtOnce`) or waits for its turn.
    private func holdUntilAnotherAsks() async {
        let mine = state.withLock { state -> Bool in
            defer { state.gated = false }
            return state.gated
        }
        guard mine else { return }
        while !Task.isCancelled {
            let (other, waiting) = state.withLock { ($0.running > 1 || $0.gateOpen, $0.waitingAtOwner) }
            if other || (waiting?() ?? 0) > 0 { break }
            await Task.yield()
        }
    }

    /// Tells the server how to see requests waiting at the API's one owner.
    func watchOwner(_ waiting: @escaping @Sendable () -> Int) {
        state.withLock { $0.waitingAtOwner = waiting }
    }

    /// Holds the next request of a search (a background fetch) until another command asks the API
    /// (see `holdUntilAnotherAsks`).
    func gateNextRequest() {
        state.withLock {
            $0.gated = true
            $0.gateOpen = false
        }
    }

    /// Lets a request held at the gate go, and holds no more.
    func openGate() {
        state.withLock {
            $0.gated = false
            $0.gateOpen = true
        }
    }

    private func holdUntilCancelled() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let goOn = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    state.held = continuation
                    state.holding = true
                    return false
                }
                if goOn { continuation.resume() }
            }
        } onCancel: {
            release()
        }
    }

    /// Lets a held request go; true when one was held.
    @discardableResult
    func release() -> Bool {
        let held = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer {
                state.held = nil
                state.holding = false
            }
            return state.held
        }
        held?.resume()
        return held != nil
    }

    var up: Bool {
        get { state.withLock { $0.up } }
        set { state.withLock { $0.up = newValue } }
    }

    var pace: Pace {
        get { state.withLock { $0.pace } }
        set { state.withLock { $0.pace = newValue } }
    }

    func interruptNextRequest(_ hook: (@Sendable () -> Void)?) {
        state.withLock { $0.onRequest = hook }
    }

    var isHolding: Bool { state.withLock { $0.holding } }
    var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }
    var requests: Int { state.withLock { $0.requests } }
}

/// The search cache of a model session, in memory.
final class MemoryPageKeeper: SearchPageKeeping {
    private struct Kept {
        let page: SearchPage
        let skipped: Bool
    }

    private let time: FakeTime
    private let pages: Locked<[String: Kept]>

    init(world: World, time: FakeTime) {
        self.time = time
        var kept: [String: Kept] = [:]
        for (index, query) in World.queries.enumerated() {
            for (number, ids) in world.kept[index] {
                kept[MemoryPageKeeper.key(SearchQuery(ingredientText: query), number)] =
                    Kept(page: SearchPage(number: number, recipes: ids.map { world.recipes[$0] }, savedAt: time.now().addingTimeInterval(-86_400)),
                         skipped: false)
            }
        }
        pages = Locked(kept)
    }

    static func key(_ query: SearchQuery, _ number: Int) -> String {
        query.ingredients.joined(separator: ",") + "|" + query.title + "|\(number)"
    }

    func page(_ query: SearchQuery, number: Int) -> SearchPage? {
        pages.withLock { $0[MemoryPageKeeper.key(query, number)] }.flatMap { $0.skipped ? nil : $0.page }
    }

    func isSkipped(_ query: SearchQuery, number: Int) -> Bool {
        pages.withLock { $0[MemoryPageKeeper.key(query, number)]?.skipped == true }
    }

    @discardableResult
    func save(_ page: SearchPage, for query: SearchQuery) throws(ServiceError) -> Date {
        let now = time.now()
        pages.withLock { $0[MemoryPageKeeper.key(query, page.number)] = Kept(page: page.saved(at: now), skipped: false) }
        return now
    }

    func saveSkipped(_ number: Int, for query: SearchQuery) throws(ServiceError) {
        let now = time.now()
        pages.withLock { $0[MemoryPageKeeper.key(query, number)] = Kept(page: SearchPage(number: number, recipes: [], savedAt: now), skipped: true) }
    }
}

/// Recipe pages and pictures for a model session: every page and picture can be had, but while
/// `holding`, each fetch waits until `release()` (favorites still being saved).
final class ModelPageFetcher: PageFetching {
    private struct State {
        var holding = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    func page(at href: String) async throws(ServiceError) -> RecipePage {
        await waitIfHolding()
        let title = "Page of " + href
        return RecipePage(html: "<h1>\(title)</h1>", document: ReadableDocument(title: title, blocks: [.paragraph("Cook it.")], links: []))
    }

    func thumbnail(at url: String) async throws(ServiceError) -> RecipeImage {
        await waitIfHolding()
        return RecipeImage(bytes: PictureFixtures.transparentPNG, contentType: "image/png")
    }

    func browserAddress(for href: String) -> String { href }

    private func waitIfHolding() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let goOn = state.withLock { state -> Bool in
                guard state.holding else { return true }
                state.waiting.append(continuation)
                return false
            }
            if goOn { continuation.resume() }
        }
    }

    /// From now on, fetches wait.
    func hold() {
        state.withLock { $0.holding = true }
    }

    /// Lets every waiting fetch go, and fetches from now on go at once.
    func release() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.holding = false
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
