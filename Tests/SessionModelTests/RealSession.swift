import Foundation
import Entity
import Services
import Interactor
import Router
import Presenter
import TestSupport

/// RecipeBook's real Presenter and Interactor layers, wired as the composition root wires them, over
/// the model's in-process server, an in-memory search cache behind the real `CachingSearcher`, pages
/// and pictures that can be held back, and a real favorites database.
@MainActor
final class RealSession {
    let world: World
    let time = FakeTime()
    let server: ModelServer
    let fetcher = ModelPageFetcher()
    let view = RecordingView()
    let presenter: RecipesPresenter
    let store: FavoritesStore

    init(world: World, store: FavoritesStore) {
        self.world = world
        self.store = store
        server = ModelServer(world: world)
        let caching = CachingSearcher(network: server, cache: MemoryPageKeeper(world: world, time: time))
        let router = Router()
        let favoritesInteractor = FavoritesInteractor(store: store, unavailable: nil, fetcher: fetcher, time: time, screenSize: 3)
        let reading = ReadingInteractor(fetcher: fetcher, saved: favoritesInteractor)
        let actions = RecipeActions(reading: reading, router: router, pictures: nil)
        let favorites = FavoritesPresenter(favorites: favoritesInteractor, router: router, actions: actions)
        let search = SearchInteractor(searcher: caching, saved: caching, favorites: store, time: time,
                                      configuration: .init(retryBackoff: .milliseconds(200)))
        let clock = time
        let results = SearchPresenter(search: search, router: router, favorites: favorites, actions: actions, now: { clock.now() })
        presenter = RecipesPresenter(results: results, favorites: favorites, router: router)
        presenter.view = view
        fetcher.hold()
    }

    /// Runs a step and waits until everything it started in the background is done (but the fetches of
    /// favorites being saved, which wait for `savesLand`); returns what the person saw.
    func run(_ step: Step) async -> [Observed] {
        time.advance(by: 1)
        let start = view.shown.count
        switch step {
        case .serverDown:
            server.up = false
        case .serverUp:
            server.up = true
        case .savesLand:
            fetcher.release()
            await presenter.settle(saves: true)
            fetcher.hold()
        case .interrupted(let inner):
            let task = Task { await self.perform(inner) }
            server.interruptNextRequest { task.cancel() }
            await task.value
            server.interruptNextRequest(nil)
        default:
            await perform(step)
        }
        await presenter.settle(saves: false)
        return view.shown[start...].compactMap(RealSession.observe)
    }

    /// The command the step types, handed over as the REPL hands it.
    private func perform(_ step: Step) async {
        let command: Command
        switch step {
        case .search(let query): command = .search(ingredients: [World.queries[query]], title: "")
        case .next: command = .next
        case .previous: command = .previous
        case .first: command = .first
        case .refresh: command = .refresh
        case .retry: command = .retry
        case .filterLactoseFree: command = .filter(.lactoseFree)
        case .filterCuisine(let name): command = .filter(.cuisine(name.lowercased()))
        case .filterAll: command = .filter(.all)
        case .show(let number): command = .show(number)
        case .favorite(let number): command = .favorite(number)
        case .unfavorite(let number): command = .unfavorite(number)
        case .favorites: command = .favorites("")
        case .serverDown, .serverUp, .savesLand, .interrupted: return
        }
        await presenter.perform(command)
    }

    static func observe(_ shown: RecordingView.Shown) -> Observed? {
        switch shown {
        case .screen(let screen) where screen.heading.hasPrefix("Favorites"):
            return .favorites(numbers: screen.cards.map(\.number), titles: screen.cards.map(\.title))
        case .screen(let screen):
            return .results(numbers: screen.cards.map(\.number), titles: screen.cards.map(\.title), status: status(screen.footer),
                            hidden: hidden(screen.footer))
        case .message(let message):
            return Observed.said(message)
        case .recipe(let detail):
            return .detail(number: detail.number, title: detail.title, cuisine: detail.fields.first { $0.label == "Cuisine" }?.value)
        case .page:
            return .other("page")
        case .help:
            return .other("help")
        case .picture:
            return nil
        }
    }

    static func status(_ footer: String) -> String {
        if let range = footer.range(of: #"looked through \d+"#, options: .regularExpression) { return String(footer[range]) }
        if footer.contains("n next") { return "more" }
        if footer.contains("end of results") { return "last" }
        if footer.contains("offline: retry") { return "offline" }
        if footer.contains("the server failed") { return "failing" }
        return "?"
    }

    static func hidden(_ footer: String) -> Int {
        guard let range = footer.range(of: #"\d+ hidden by"#, options: .regularExpression) else { return 0 }
        return Int(footer[range].prefix { $0.isNumber }) ?? 0
    }
}
