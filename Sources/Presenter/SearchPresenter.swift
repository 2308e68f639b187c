public import Entity
public import Foundation
public import Interactor
public import Router

/// The search results list: searching, paging, filtering, and recipes of the results by number.
@MainActor
public final class SearchPresenter: ListPresenting {
    weak var view: (any RecipesView)? {
        didSet { actions.view = view }
    }
    private let search: SearchInteractor
    private let router: Router
    private let favorites: FavoritesPresenter
    private let actions: RecipeActions
    private var links: RecipeLinks { actions.links }
    private var pictures: RecipePictures { actions.pictures }
    private let messages: Messages
    private let now: @Sendable () -> Date
    /// Checking a repeated search's saved results against the server; its line comes when it is done.
    private var check: Task<Void, Never>?

    /// Small pictures beside the cards of results screens (`set pictures on`).
    var cardPictures = false

    /// Every ingredient name shown in results this session, in the order first seen: what Tab
    /// completes, and what a search that finds nothing suggests instead.
    private var seenIngredients: [String] = []
    private var seen: Set<String> = []
    /// Every cuisine shown in results, for `filter cuisine` completion.
    private var seenCuisines: [String] = []

    /// `now`: the clock (results kept on disk say so when they are older than a few minutes).
    public init(search: SearchInteractor, router: Router, favorites: FavoritesPresenter, actions: RecipeActions,
                messages: Messages = Messages(), now: @escaping @Sendable () -> Date) {
        self.now = now
        self.search = search
        self.actions = actions
        self.router = router
        self.favorites = favorites
        self.messages = messages
        // A link to a search, followed in the reader, runs that search.
        actions.links.search = { [weak self] query in await self?.search(query) }
    }

    // MARK: Searching and paging

    /// A new search: the ingredients a recipe must all have, and words its title must contain.
    func search(_ query: SearchQuery) async {
        resumable = nil
        // A new search's screens are as long as the terminal has room for now.
        if let size = view?.recipesPerScreen(withPictures: cardPictures) { await search.setScreenSize(size) }
        let seen = seenIngredients
        let result = await whileBusy(view, "Searching \(query.summary)") { await self.search.search(query, namesSeen: seen) }
        switch result {
        case .screen: router.reset(to: .results)
        case .noResults: router.show(.emptySearch)
        default: break
        }
        await show(result)
        if case .screen(let screen) = result, let saved = screen.saved, !saved.offline { startCheck(query) }
    }

    /// Says what asking the server about saved results found, when it has found it.
    private func startCheck(_ query: SearchQuery) {
        check?.cancel()
        check = Task {
            guard let outcome = await search.savedResultsCheck(), !Task.isCancelled else { return }
            if let message = messages.savedResultsChecked(outcome, query: query, savedAt: ScreenFormatter.displayDate) {
                view?.display(message)
            }
        }
    }

    /// Before leaving: the check of saved results is not waited for.
    func finish() {
        check?.cancel()
    }

    /// Waits until the search is still: the next screen fetched, the check of saved results said.
    func settle() async {
        await search.settle()
        await check?.value
    }

    public func next() async { await page("Fetching more") { await self.search.next() } }
    public func previous() async { await page(nil) { await self.search.previous() } }
    public func first() async { await page(nil) { await self.search.first() } }
    /// The search of the session before, offered at the start: `refresh` runs it until something else
    /// is searched.
    var resumable: SearchQuery?

    public func refresh() async {
        if let resumable { return await search(resumable) }
        await page("Searching again") { await self.search.refresh() }
    }
    func retry() async { await page("Trying again") { await self.search.retry() } }

    /// The screen shown last, again.
    func showCurrent() async { await page(nil) { await self.search.current() } }

    /// What is filtered now: `filter` commands add to it, `filter all` clears it.
    private var currentFilter = RecipeFilter.all

    /// `filter lactose-free`, `filter cuisine NAME` (`cuisine all` drops it), `filter all`.
    func filter(_ change: FilterChange) async {
        var filter = currentFilter
        switch change {
        case .lactoseFree: filter.lactoseFree = true
        case .cuisine(let name):
            // A cuisine is named as the results (or the common names) spell it; one nobody knows is refused.
            guard let known = CuisineChoice.named(name, seen: seenCuisines) else {
                view?.display(messages.unknownCuisine(name, known: CuisineChoice.known(seen: seenCuisines)))
                return
            }
            filter.cuisine = known
        case .anyCuisine: filter.cuisine = nil
        case .all: filter = .all
        }
        currentFilter = filter
        let result = await search.setFilter(filter)
        guard result != .noSearch else {
            // Nothing searched yet: the filter is kept for the search to come, and that is what is said.
            view?.display(messages.filterForNextSearch(ScreenFormatter.filterName(filter)))
            return
        }
        if case .screen = result { router.show(.results) }
        await show(result)
    }

    private func page(_ activity: String?, _ work: @escaping @MainActor () async -> ScreenResult) async {
        let result = if let activity { await whileBusy(view, activity, work) } else { await work() }
        if case .screen = result { router.show(.results) }
        await show(result)
    }

    func ingredientNames(completing typed: String) -> [String] {
        // `filter cuisine TH` completes the cuisines seen, then the world's others.
        let words = typed.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        if words.count >= 2, words[0].lowercased() == "filter", words[1].lowercased() == "cuisine" {
            let prefix = IngredientName.folded(words.count == 3 ? String(words[2]) : "")
            return CuisineChoice.known(seen: seenCuisines).filter { IngredientName.folded($0).hasPrefix(prefix) }
                .map { "filter cuisine \($0)" }
        }
        // Names seen in results first, then those of the food table, so a fresh session completes too.
        return FoodFacts.standard.completions(of: typed, seen: seenIngredients)
    }

    /// Close names, seen in results or from the food table, for the ingredients of a search that found
    /// nothing.
    private func suggestions(for query: SearchQuery) -> [String] {
        FoodFacts.standard.suggestions(for: query.ingredients, seen: seenIngredients)
    }

    /// The pictures of a screen's cards, fetched side by side.
    private func cardPictures(for recipes: [Recipe]) async -> [PictureModel?] {
        var found = [PictureModel?](repeating: nil, count: recipes.count)
        let pictures = self.pictures
        await withTaskGroup(of: (Int, PictureModel?).self) { group in
            for index in recipes.indices {
                let recipe = recipes[index]
                group.addTask {
                    let picture = await pictures.picture(of: recipe, for: .card)
                    return (index, picture)
                }
            }
            for await result in group { found[result.0] = result.1 }
        }
        return found
    }

    private func show(_ result: ScreenResult) async {
        switch result {
        case .screen(let screen):
            for name in screen.recipes.flatMap(\.recipe.ingredients) where seen.insert(name).inserted {
                seenIngredients.append(name)
            }
            for cuisine in screen.recipes.compactMap(\.recipe.cuisine) where !seenCuisines.contains(cuisine) {
                seenCuisines.append(cuisine)
            }
            var model = ScreenFormatter.screen(screen, messages: messages, now: now(), savedCanChange: !savedResultsAreBundled)
            if cardPictures {
                for (index, picture) in await cardPictures(for: screen.recipes.map(\.recipe)).enumerated() {
                    model.cards[index].picture = picture
                }
            }
            view?.display(model)
            if Task.isCancelled { view?.display(messages.stoppedDrawing()) }
        case .noResults(let query, let gaps):
            view?.display(messages.noResults(query, suggestions: suggestions(for: query), gaps: gaps))
            messages.notes(gaps: gaps, dropped: 0).filter { $0.kind == .warning }.forEach { view?.display($0) }
        case .unanswered(let query, let gaps):
            view?.display(messages.unanswered(query, gaps: gaps))
        case .endOfResults(let query):
            view?.display(messages.endOfResults(query))
        case .offline(let error), .failed(let error):
            view?.display(messages.error(error))
        case .cancelled:
            // `n` carries the search on only where it pages the results, not the favorites screen.
            view?.display(messages.cancelled(nextContinues: router.activeList == .results))
        case .noSearch:
            view?.display(messages.noSearch())
        case .atFirstScreen:
            view?.display(messages.atFirstScreen())
        }
    }

    // MARK: One recipe

    public func show(_ number: Int) async {
        guard let listed = await recipe(number) else { return }
        router.show(.recipe(RecipeReference(list: .results, number: number, id: listed.recipe.id)))
        await pictures.show(listed.recipe, for: .detail)
        view?.display(ScreenFormatter.detail(listed, method: await links.knownRecipe(of: listed.recipe)))
    }

    public func open(_ number: Int, _ target: ReaderTarget) async {
        guard let listed = await recipe(number) else { return }
        await links.read(listed.recipe, as: RecipeReference(list: .results, number: number, id: listed.recipe.id), target: target)
    }

    public func web(_ number: Int, _ target: LinkTarget) async {
        if let recipe = await recipe(number)?.recipe { await links.openInBrowser(recipe, number: number, target) }
    }
    public func copyLink(_ number: Int, _ target: LinkTarget) async {
        if let recipe = await recipe(number)?.recipe { await links.copyLink(recipe, number: number, target) }
    }
    public func picture(_ number: Int) async { if let recipe = await recipe(number)?.recipe { await pictures.show(recipe, for: .large) } }

    /// `fav N`: recipe N is a favorite at once; its page and picture are fetched off the prompt.
    public func favorite(_ number: Int) async {
        guard let listed = await recipe(number) else { return }
        await favorites.save(listed.recipe, number: number)
    }

    /// `unfav N`: removes recipe N from favorites.
    public func unfavorite(_ number: Int) async {
        guard let listed = await recipe(number) else { return }
        await favorites.remove(listed.recipe, number: number)
    }

    public func listedRecipe(_ number: Int) async -> Recipe? {
        await recipe(number)?.recipe
    }

    /// Whether the results kept on disk are the bundled catalog's, which cannot change while this
    /// RecipeBook runs: shown from the disk, they do not say the server is asked for newer ones.
    public var savedResultsAreBundled = false

    public var cards: CardSettings {
        get { links.cards }
        set { links.cards = newValue }
    }

    /// Recipe `number` of the search, or nil after saying there is none.
    private func recipe(_ number: Int) async -> ListedRecipe? {
        if let listed = await search.recipe(number: number) { return listed }
        view?.display(messages.noSuchRecipe(number))
        return nil
    }
}
