import Foundation
import Entity
// How many requests wait at the API's one owner (`OneRequestAtATime.waiting`).
@testable import Services
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
    /// The pages and pictures of favorites being saved (held until `savesLand`).
    let fetcher = ModelPageFetcher()
    /// The pages read for anything else (`list N` reads the recipe's page), never held.
    let reader = ModelPageFetcher()
    let view = RecordingView()
    let presenter: RecipesPresenter
    let store: FavoritesStore

    init(world: World, store: FavoritesStore) {
        self.world = world
        self.store = store
        server = ModelServer(world: world, time: time)
        // Every request of every command goes through the API's one owner, as the composition root wires it.
        let network = OneRequestAtATime(server)
        server.watchOwner { [network] in network.waiting }
        let caching = CachingSearcher(network: network, cache: MemoryPageKeeper(world: world, time: time))
        let router = Router()
        let favoritesInteractor = FavoritesInteractor(store: store, unavailable: nil, fetcher: fetcher, time: time, screenSize: 3)
        let reading = ReadingInteractor(fetcher: reader, saved: favoritesInteractor)
        let actions = RecipeActions(reading: reading, router: router, pictures: nil)
        let favorites = FavoritesPresenter(favorites: favoritesInteractor, router: router, actions: actions)
        let search = SearchInteractor(searcher: caching, saved: caching, favorites: store, time: time,
                                      configuration: .init(retryBackoff: .milliseconds(200)))
        let clock = time
        let results = SearchPresenter(search: search, router: router, favorites: favorites, actions: actions, now: { clock.now() })
        let kitchen = KitchenInteractor(opening: FavoritesOpening(.success(store)), reading: reading, time: time)
        let matching = PantryMatchInteractor(ranked: network, searcher: caching, saved: caching, favorites: store, time: time,
                                             limits: .init(budget: .seconds(World.haveBudget)))
        let pantryMatches = PantryMatchPresenter(matching: matching, kitchen: kitchen, router: router, favorites: favorites, actions: actions)
        presenter = RecipesPresenter(results: results, favorites: favorites, router: router, kitchen: KitchenPresenter(kitchen: kitchen),
                                     pantryMatches: pantryMatches)
        presenter.view = view
        fetcher.hold()
    }

    /// Runs a step and waits until everything it started in the background is done (but the fetches of
    /// favorites being saved, which wait for `savesLand`); returns what the person saw.
    /// `settles` false: the step's background work is left running (the next step is typed at once).
    func run(_ step: Step, settles: Bool = true) async -> [Observed] {
        time.advance(by: 1)
        let start = view.shown.count
        let listsBefore = view.shoppingLists.count
        switch step {
        case .have(_, let pace):
            server.pace = pace
            await perform(step)
            server.pace = .prompt
        case .haveAtOnce:
            await perform(step)
            server.openGate()
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
        if settles {
            await presenter.settle(saves: false)
        } else {
            // The background fetch's next request stays on the wire until the next step asks the API.
            server.gateNextRequest()
        }
        return view.shown[start...].compactMap(RealSession.observe)
            + view.shoppingLists[listsBefore...].map { Observed.shoppingList($0.recipes) }
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
        case .pantryAdd(let name): command = .pantry(.add([World.kitchen[name]]))
        case .pantryRemove(let name): command = .pantry(.remove([World.kitchen[name]]))
        case .pantryShow: command = .pantry(.show)
        case .pantryClear: command = .pantry(.clear)
        case .have(let names, _): command = .have(HaveRequest(names: names.map { World.kitchen[$0] }))
        case .haveAtOnce: command = .have(HaveRequest(names: []))
        case .list: command = .list(.show)
        case .listAdd(let numbers): command = .list(.add(numbers))
        case .serverDown, .serverUp, .savesLand, .interrupted: return
        }
        await presenter.perform(command)
    }

    static func observe(_ shown: RecordingView.Shown) -> Observed? {
        switch shown {
        case .screen(let screen) where screen.heading.hasPrefix("Recipes to make with"):
            // The partial ranking's note, whole (why, how many searches, what cut them short).
            return .ranking(numbers: screen.cards.map(\.number), titles: screen.cards.map(\.title),
                            partial: screen.notes.first { $0.text.hasPrefix("Partial ranking") }?.text)
        case .message(let message) where message.text.hasPrefix("No recipe listed uses"):
            // A guess at a misspelt pantry name, from names close to it: not the model's business.
            return nil
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
