import Entity
import Interactor
public import Router

/// What the REPL talks to: a new search, the favorites screen, going back, help, and the list that
/// recipe numbers and paging refer to right now (the Router knows which).
@MainActor
public final class RecipesPresenter {
    public weak var view: (any RecipesView)? {
        didSet {
            results.view = view
            favorites.view = view
            kitchen?.view = view
            pantryMatches?.view = view
        }
    }

    private let results: SearchPresenter
    private let favorites: FavoritesPresenter
    /// The shopping list, the pantry and the units; nil where the session has none.
    private let kitchen: KitchenPresenter?
    /// `have`'s ranking; nil where the session has none.
    private let pantryMatches: PantryMatchPresenter?
    /// Reads a page by its address (pasted at the prompt); nil where the session has none.
    private let addresses: RecipeReadPresenter?
    private let router: Router
    private let messages: Messages
    /// The units and scale of recipe cards, shared by every list's reader.
    private let cards = CardSettings()
    /// Whether what does not work this run has been said (before the first command).
    private var problemsAnnounced = false
    /// The address whose card was the last thing shown, and its scale: `x2`, `serves 6` and `units`
    /// typed next apply to it.
    private var addressCard: (address: String, scale: CardScale?)?

    public init(results: SearchPresenter, favorites: FavoritesPresenter, router: Router, kitchen: KitchenPresenter? = nil,
                pantryMatches: PantryMatchPresenter? = nil, addresses: RecipeReadPresenter? = nil, messages: Messages = Messages()) {
        self.results = results
        self.addresses = addresses
        self.favorites = favorites
        self.kitchen = kitchen
        self.pantryMatches = pantryMatches
        self.router = router
        self.messages = messages
        results.cards = cards
        favorites.cards = cards
        kitchen?.cards = cards
        pantryMatches?.cards = cards
    }

    /// The list that numbers, paging and `fav`/`unfav` refer to now.
    public var list: any ListPresenting {
        list(router.activeList)
    }

    /// The start of a session. `lastSearch`: the search typed last time (from the history), offered
    /// again: `r` runs it.
    public func start(lastSearch: (ingredients: [String], title: String)? = nil) {
        if let lastSearch {
            let query = SearchQuery(ingredients: lastSearch.ingredients, title: lastSearch.title)
            guard !query.isEmpty else { return }
            results.resumable = query
            view?.display(messages.lastSearch(query))
        }
    }

    /// Before each command: the first one says what does not work this run (a damaged favorites
    /// database). It waits for the database to be opened, which the prompt and `quit` do not.
    public func prepare() async {
        guard !problemsAnnounced else { return }
        problemsAnnounced = true
        await favorites.announceProblems()
        await kitchen?.loadUnits()
    }

    /// A new search: `ingredients` comma-separated, `title` words the title must contain.
    public func search(ingredients: [String], title: String) async {
        await results.search(SearchQuery(ingredients: ingredients, title: title))
    }

    /// Ingredient names seen in results that start like `typed` (case, accents and plurals folded),
    /// for Tab completion.
    public func ingredientNames(completing typed: String) -> [String] {
        results.ingredientNames(completing: typed)
    }

    /// Runs a command typed at the prompt (`quit` is the View's own).
    public func perform(_ command: Command) async {
        // A card read from an address is scaled or converted by the very next command, or not at all.
        let addressCard = self.addressCard
        self.addressCard = nil
        if let addressCard {
            switch command {
            case .scale(let scale):
                return await read(address: addressCard.address, scale: scale.cardScale == .times(1) ? nil : scale.cardScale)
            case .units(let units):
                await withKitchen { await $0.setUnits(units.system) }
                return await read(address: addressCard.address, scale: addressCard.scale)
            default:
                break
            }
        }
        switch command {
        case .search(let ingredients, let title): await search(ingredients: ingredients, title: title)
        case .next: await list.next()
        case .previous: await list.previous()
        case .first: await list.first()
        case .refresh: await list.refresh()
        case .retry: await retry()
        case .show(let number): await list.show(number)
        case .open(let number, let target): await list.open(number, target)
        case .readAddress(let address): await read(address: address)
        case .web(let number, let target): await list.web(number, target)
        case .copy(let number, let target): await list.copyLink(number, target)
        case .picture(let number): await list.picture(number)
        case .set(let setting): await set(setting)
        case .filter(let change): await filter(change)
        case .back: await back()
        case .help: await help()
        case .favorites(let words): await showFavorites(matching: words)
        case .favorite(let number): await list.favorite(number)
        case .unfavorite(let number): await list.unfavorite(number)
        case .openScaled(let number, let scale):
            cards.expect(scale.cardScale)
            await list.open(number, .recipe)
        case .scale(let scale): await scaleCard(scale.cardScale)
        case .units(let units): await setUnits(units.system)
        case .currentUnits: await withKitchen { await $0.showUnits() }
        case .list(let command): await performList(command)
        case .pantry(let command): await withKitchen { await $0.perform(command) }
        case .have(let request):
            if let pantryMatches { await pantryMatches.have(request) } else { view?.display(messages.kitchenUnavailable()) }
        case .quit: break
        }
    }

    /// A web address pasted at the prompt: the recipe on that page as a card, in the units asked for.
    private func read(address: String, scale: CardScale? = nil) async {
        guard let addresses else {
            view?.display(MessageModel(.error, "Reading a page by its address is not available here.", hint: "Try recipes read \(address)."))
            return
        }
        let outcome = await whileBusy(view, "Opening \(address)") {
            await addresses.read(.web(address), amounts: CardAmounts(scale: scale, units: cards.units))
        }
        switch outcome {
        case .found(_, let card, let notes):
            notes.forEach { view?.display($0) }
            addressCard = (address, scale)
            _ = await view?.display(PageModel(title: card.title, source: card.source, note: card.note, blocks: card.blocks,
                                              references: card.references, footer: "x2 or serves 6 scales it · units metric|us converts it"), picture: nil)
        case .noRecipe(let message), .failed(let message):
            view?.display(message)
        }
    }

    /// `x2`, `serves 6`: the card being read (or the recipe whose details are shown), scaled.
    private func scaleCard(_ scale: CardScale) async {
        let reference: RecipeReference
        switch router.current {
        case .reader(let shown), .recipe(let shown): reference = shown
        default:
            view?.display(messages.noCardToScale())
            return
        }
        cards.scale(reference.id, scale)
        await list(reference.list).open(reference.number, .recipe)
    }

    /// `units …`: remembered, and the card being read shown again in them.
    private func setUnits(_ units: UnitSystem?) async {
        await withKitchen { await $0.setUnits(units) }
        if case .reader(let reference) = router.current {
            await list(reference.list).open(reference.number, .recipe)
        }
    }

    private func performList(_ command: ListCommand) async {
        await withKitchen { kitchen in
            switch command {
            case .show: await kitchen.showList()
            case .add(let numbers):
                var recipes: [Recipe] = []
                for number in numbers {
                    // A number not shown is said, and nothing is added.
                    guard let recipe = await list.listedRecipe(number) else { return }
                    recipes.append(recipe)
                }
                await kitchen.addToList(recipes)
            case .remove(let number): await kitchen.removeFromList(number)
            case .clear: await kitchen.clearList()
            case .export(let path): await kitchen.exportList(to: path)
            }
        }
    }

    private func withKitchen(_ work: (KitchenPresenter) async -> Void) async {
        guard let kitchen else {
            view?.display(messages.kitchenUnavailable())
            return
        }
        await work(kitchen)
    }

    /// Narrows the search results.
    public func filter(_ change: FilterChange) async {
        await results.filter(change)
    }

    /// `set pictures on|off`: pictures beside results.
    public func set(_ setting: Setting) async {
        switch setting {
        case .pictures(let value):
            results.cardPictures = value
            view?.display(messages.setting("pictures beside results", value))
            if value, router.current == .results { await results.showCurrent() }
        }
    }

    /// Tries the search step that failed again.
    public func retry() async {
        await results.retry()
    }

    public func showFavorites(matching words: String) async {
        await favorites.show(matching: words)
    }

    /// Back to the screen, and the recipe, shown before.
    public func back() async {
        guard let route = router.back() else {
            view?.display(messages.nowhereBack())
            return
        }
        switch route {
        case .start, .emptySearch:
            view?.display(messages.backAtStart())
        case .results:
            await results.showCurrent()
        case .favorites:
            await favorites.showCurrent()
        case .pantryMatches:
            pantryMatches?.showCurrent()
        case .recipe(let reference):
            await list(reference.list).show(reference.number)
        case .reader(let reference):
            await list(reference.list).open(reference.number, .recipe)
        case .help:
            await view?.displayHelp()
        }
    }

    public func help() async {
        router.show(.help)
        await view?.displayHelp()
    }

    /// A line that is not a command.
    public func report(_ error: InputError) {
        view?.display(messages.input(error))
    }

    /// Waits until everything started in the background is done: the next screen fetched, the check of
    /// saved results said and, with `saves`, the pages and pictures of favorites fetched (tests and the
    /// benchmark).
    public func settle(saves: Bool) async {
        await results.settle()
        if saves { await favorites.settle() }
    }

    /// Before leaving: waits for favorites still being saved.
    public func finish() async {
        results.finish()
        await favorites.finish()
    }

    private func list(_ list: RecipeList) -> any ListPresenting {
        switch list {
        case .results: return results
        case .favorites: return favorites
        case .pantryMatches: return pantryMatches ?? results
        }
    }
}
