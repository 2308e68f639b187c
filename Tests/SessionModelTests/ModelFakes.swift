import Foundation
import Entity
import Services
import TestSupport
import ServiceSupport

/// The API server of a model session, in process: it answers from the world's scripts, can go away and
/// come back, counts how many requests it holds at once, and can hold one request until it is cancelled
/// (the person pressing Ctrl-C while it is on its way).
final class ModelServer: RecipeSearching {
    private struct State {
        var up = true
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
    }

    let world: World
    private let state = Locked(State())

    init(world: World) {
        self.world = world
    }

    func validate(_ query: SearchQuery) throws(ServiceError) {
        try QueryBuilder.validate(query)
    }

    func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage {
        guard let index = World.queries.firstIndex(of: query.ingredients.joined(separator: ",")) else {
            return SearchPage(number: number, recipes: [])
        }
        let (up, hook) = state.withLock { state -> (Bool, (@Sendable () -> Void)?) in
            state.running += 1
            state.requests += 1
            state.mostAtOnce = max(state.mostAtOnce, state.running)
            defer { if state.up { state.onRequest = nil } }
            return (state.up, state.up ? state.onRequest : nil)
        }
        defer { state.withLock { $0.running -= 1 } }
        guard up else { throw .unreachable.with(detail: "connection refused") }
        if let hook {
            hook()
            await holdUntilCancelled()
            throw .cancelled
        }
        let key = "\(index)/\(number)"
        let tries = state.withLock { state -> Int in
            state.tries[key, default: 0] += 1
            return state.tries[key, default: 0]
        }
        switch world.page(index, number) {
        case .results(let ids):
            return SearchPage(number: number, recipes: ids.map { world.recipes[$0] })
        case .empty:
            return SearchPage(number: number, recipes: [])
        case .serverError:
            throw .badStatus.with(status: 500, detail: "HTTP 500 for page \(number)")
        case .malformed:
            throw .malformedBody.with(detail: "the body is not valid JSON")
        case .flaky(let ids):
            if tries % 2 == 1 { throw .badStatus.with(status: 500, detail: "HTTP 500 for page \(number)") }
            return SearchPage(number: number, recipes: ids.map { world.recipes[$0] })
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
