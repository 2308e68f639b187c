public import Entity
public import Interactor
public import Router

/// "What can I make": `have …` ranks recipes by how few ingredients they lack, and the ranking is a
/// numbered list like the results: `o N`, `N`, `fav N`, `list N` take its numbers, and it pages.
@MainActor
public final class PantryMatchPresenter: ListPresenting {
    weak var view: (any RecipesView)? {
        didSet { actions.view = view }
    }
    private let matching: PantryMatchInteractor
    private let kitchen: KitchenInteractor
    private let router: Router
    private let favorites: FavoritesPresenter
    private let actions: RecipeActions
    private var links: RecipeLinks { actions.links }
    private var pictures: RecipePictures { actions.pictures }
    private let messages: Messages
    private let screenSize = 10
    /// The ranking shown, the screen of it, and how it was asked for (`refresh` asks again).
    private var current: (matches: PantryMatches, index: Int, request: HaveRequest)?

    public init(matching: PantryMatchInteractor, kitchen: KitchenInteractor, router: Router, favorites: FavoritesPresenter,
                actions: RecipeActions, messages: Messages = Messages()) {
        self.matching = matching
        self.kitchen = kitchen
        self.router = router
        self.favorites = favorites
        self.actions = actions
        self.messages = messages
    }

    public var cards: CardSettings {
        get { links.cards }
        set { links.cards = newValue }
    }

    /// `have eggs, milk --missing 3`: the recipes ranked, first screen; with no names, the pantry's.
    func have(_ request: HaveRequest) async {
        var pantry = KitchenInteractor.items(request.names)
        if request.names.isEmpty {
            do throws(UseCaseError) {
                pantry = try await kitchen.pantry()
            } catch {
                view?.display(messages.error(error))
                return
            }
        }
        guard !pantry.isEmpty else {
            view?.display(messages.nothingToMatch())
            return
        }
        let names = pantry.map(\.name).joined(separator: ", ")
        let result = await whileBusy(view, "Ranking recipes for \(names)") {
            await self.matching.matches(for: pantry, maxMissing: request.maxMissing, strict: request.strict)
        }
        switch result {
        case .failed(let error) where error == .cancelled:
            // Ctrl-C: `n` and `retry` carry on a search, not this; the ranking shown before stays.
            view?.display(messages.cancelled(searching: false))
        case .failed(let error):
            view?.display(messages.error(error))
        case .matches(let matches):
            guard !matches.matches.isEmpty else {
                matches.partial.map { view?.display(messages.partialRanking($0)) }
                for (name, suggestions) in matches.unmatched { view?.display(messages.pantryNameUnknown(name, suggestions: suggestions)) }
                view?.display(messages.noPantryMatches(matches))
                return
            }
            current = (matches, 0, request)
            router.reset(to: .pantryMatches)
            showScreen()
        }
    }

    private func showScreen() {
        guard let current else { return }
        view?.display(KitchenFormatter.screen(current.matches, index: current.index, screenSize: screenSize, messages: messages))
    }

    /// Moves to screen `index` when there is one; else says why not.
    private func move(to index: Int) {
        guard var shown = current else {
            view?.display(messages.nothingToMatch())
            return
        }
        guard index >= 0 else {
            view?.display(messages.atFirstScreen())
            return
        }
        guard index * screenSize < shown.matches.matches.count else {
            view?.display(messages.endOfPantryMatches())
            return
        }
        shown.index = index
        current = shown
        router.show(.pantryMatches)
        showScreen()
    }

    /// The screen shown last, again.
    func showCurrent() {
        move(to: current?.index ?? 0)
    }

    public func next() async { move(to: (current?.index ?? -1) + 1) }
    public func previous() async { move(to: (current?.index ?? 0) - 1) }
    public func first() async { move(to: 0) }

    /// Ranks again, as asked before (the pantry may have changed).
    public func refresh() async {
        guard let request = current?.request else {
            view?.display(messages.nothingToMatch())
            return
        }
        await have(request)
    }

    // MARK: One recipe

    public func show(_ number: Int) async {
        guard let match = match(number) else { return }
        let listed = ListedRecipe(number: number, recipe: match.recipe, isFavorite: match.isFavorite)
        router.show(.recipe(RecipeReference(list: .pantryMatches, number: number, id: match.recipe.id)))
        await pictures.show(match.recipe, for: .detail)
        view?.display(ScreenFormatter.detail(listed, method: await links.knownRecipe(of: match.recipe)))
    }

    public func open(_ number: Int, _ target: ReaderTarget) async {
        guard let recipe = match(number)?.recipe else { return }
        await links.read(recipe, as: RecipeReference(list: .pantryMatches, number: number, id: recipe.id), target: target)
    }

    public func web(_ number: Int, _ target: LinkTarget) async {
        if let recipe = match(number)?.recipe { await links.openInBrowser(recipe, number: number, target) }
    }

    public func copyLink(_ number: Int, _ target: LinkTarget) async {
        if let recipe = match(number)?.recipe { await links.copyLink(recipe, number: number, target) }
    }

    public func picture(_ number: Int) async { if let recipe = match(number)?.recipe { await pictures.show(recipe, for: .large) } }

    public func favorite(_ number: Int) async {
        if let recipe = match(number)?.recipe { await favorites.save(recipe, number: number) }
    }

    public func unfavorite(_ number: Int) async {
        if let recipe = match(number)?.recipe { await favorites.remove(recipe, number: number) }
    }

    public func listedRecipe(_ number: Int) async -> Recipe? {
        match(number)?.recipe
    }

    /// Recipe `number` of the ranking, or nil after saying there is none.
    private func match(_ number: Int) -> PantryMatch? {
        if let match = current?.matches.matches.first(where: { $0.number == number }) { return match }
        view?.display(messages.noSuchPantryMatch(number))
        return nil
    }
}
