import Entity
public import Interactor
public import Router

/// Turns what the person asked for into use-case calls, and their results into display models.
@MainActor
public final class RecipesPresenter {
    public weak var view: (any RecipesView)?
    private let search: SearchInteractor
    private let reading: ReadingInteractor
    private let router: Router
    private let favorites: FavoritesPresenter

    public init(search: SearchInteractor, reading: ReadingInteractor, router: Router, favorites: FavoritesPresenter) {
        self.search = search
        self.reading = reading
        self.router = router
        self.favorites = favorites
    }

    /// True when numbers and paging refer to the favorites list.
    private var onFavorites: Bool { router.activeList == .favorites }

    // MARK: Searching and paging

    /// A new search: `ingredients` comma-separated, `title` words the title must contain.
    public func search(ingredients: String, title: String) async {
        let query = SearchQuery(ingredientText: ingredients, title: title)
        let result = await busy("Searching \(query.summary)") { await self.search.search(query) }
        if case .screen = result { router.reset(to: .results) }
        show(result)
    }

    public func next() async {
        if onFavorites { return await favorites.move(by: 1) }
        await page("Fetching more") { await self.search.next() }
    }

    public func previous() async {
        if onFavorites { return await favorites.move(by: -1) }
        await page(nil) { await self.search.previous() }
    }

    public func first() async {
        if onFavorites { return await favorites.first() }
        await page(nil) { await self.search.first() }
    }

    /// Runs the search again; on favorites, fetches the pages and pictures they are missing.
    public func refresh() async {
        if onFavorites {
            if case .recipe(let number, .favorites) = router.current { return await favorites.completeMissing(number) }
            return await favorites.completeMissing(nil)
        }
        await page("Searching again") { await self.search.refresh() }
    }

    public func retry() async { await page("Trying again") { await self.search.retry() } }

    public func filter(_ name: String) async {
        guard let filter = RecipeFilter(rawValue: name) ?? (name == "none" ? .all : nil) else {
            view?.display(MessageModel(.error, "Unknown filter \"\(name)\".", hint: "Filters: lactose-free, all."))
            return
        }
        await page(nil) { await self.search.setFilter(filter) }
    }

    private func page(_ activity: String?, _ work: @escaping @MainActor () async -> ScreenResult) async {
        let result = activity == nil ? await work() : await busy(activity ?? "", work)
        if case .screen = result { router.show(.results) }
        show(result)
    }

    private func show(_ result: ScreenResult) {
        switch result {
        case .screen(let screen):
            view?.display(ScreenFormatter.screen(screen))
        case .noResults(let query, let skipped):
            view?.display(MessageModel(.info, "No recipes with \(query.summary).",
                                       hint: "Try fewer ingredients, or another spelling (onions, not onion)."))
            ScreenFormatter.notes(skipped: skipped, dropped: 0).filter { $0.kind == .warning }.forEach { view?.display($0) }
        case .endOfResults(let query):
            view?.display(MessageModel(.info, "End of results: no more recipes with \(query.summary).",
                                       hint: "p goes back; type other ingredients for a new search."))
        case .offline(let error):
            view?.display(ErrorMessages.message(for: error))
        case .failed(let error):
            view?.display(ErrorMessages.message(for: error))
        case .noSearch:
            view?.display(MessageModel(.info, "Nothing searched yet.", hint: "Type ingredients, like: onions, garlic"))
        case .atFirstScreen:
            view?.display(MessageModel(.info, "This is the first screen.", hint: "n shows the next one."))
        }
    }

    // MARK: One recipe

    public func showRecipe(_ number: Int) async {
        if onFavorites { return await favorites.showFavorite(number) }
        guard let listed = await search.recipe(number: number) else {
            view?.display(noSuchRecipe(number))
            return
        }
        router.show(.recipe(number: number, list: .results))
        view?.display(ScreenFormatter.detail(listed))
    }

    public func openPage(_ number: Int) async {
        if onFavorites { return await favorites.openFavorite(number) }
        guard let listed = await search.recipe(number: number) else {
            view?.display(noSuchRecipe(number))
            return
        }
        let result = await busy("Opening \(listed.recipe.title)") { await self.reading.read(listed.recipe) }
        switch result {
        case .success(let page):
            router.show(.reader(number: number, list: .results))
            await view?.display(ScreenFormatter.page(page))
        case .failure(let error):
            view?.display(ErrorMessages.message(for: error))
        }
    }

    // MARK: Favorites

    public func showFavorites(matching words: String) async {
        await favorites.show(matching: words)
    }

    /// `fav N`: saves recipe N of the search with its page and picture, off the prompt.
    public func favorite(_ number: Int) async {
        if onFavorites {
            view?.display(MessageModel(.info, "Favorite \(number) is already saved.", hint: "unfav \(number) removes it."))
            return
        }
        guard let listed = await search.recipe(number: number) else { return view?.display(noSuchRecipe(number)) ?? () }
        favorites.save(listed.recipe)
    }

    /// `unfav N`: removes recipe N (of the search, or of the favorites list) from favorites.
    public func unfavorite(_ number: Int) async {
        if onFavorites {
            await favorites.removeFavorite(number)
            return await favorites.move(by: 0)
        }
        guard let listed = await search.recipe(number: number) else { return view?.display(noSuchRecipe(number)) ?? () }
        await favorites.remove(listed.recipe)
    }

    /// Before leaving: waits for favorites still being saved.
    public func finish() async {
        await favorites.finish()
    }

    private func noSuchRecipe(_ number: Int) -> MessageModel {
        MessageModel(.error, "There is no recipe \(number) in this search.", hint: "Use a number shown on the screen.")
    }

    // MARK: Navigation

    public func back() async {
        guard let route = router.back() else {
            view?.display(MessageModel(.info, "Nowhere to go back to."))
            return
        }
        switch route {
        case .start:
            view?.display(MessageModel(.info, "Back at the start.", hint: "Type ingredients, like: onions, garlic"))
        case .results:
            show(await search.current())
        case .recipe(let number, .favorites):
            await favorites.showFavorite(number)
        case .reader(let number, .favorites):
            await favorites.openFavorite(number)
        case .recipe(let number, .results):
            if let listed = await search.recipe(number: number) { view?.display(ScreenFormatter.detail(listed)) }
        case .reader(let number, .results):
            if let listed = await search.recipe(number: number), case .success(let page) = await reading.read(listed.recipe) {
                await view?.display(ScreenFormatter.page(page))
            }
        case .favorites:
            await favorites.move(by: 0)
        case .help:
            view?.displayHelp()
        }
    }

    public func help() {
        router.show(.help)
        view?.displayHelp()
    }

    /// Runs slow work with the activity shown.
    private func busy<T>(_ activity: String, _ work: @escaping @MainActor () async -> T) async -> T {
        view?.setActivity(activity)
        defer { view?.setActivity(nil) }
        return await work()
    }
}
