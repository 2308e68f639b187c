public import Entity
public import Interactor
public import Router

/// The favorites list, and saving: intents in, use-case calls, display models out. A number on the
/// favorites screen means the favorite shown under it, whatever was saved or removed since.
@MainActor
public final class FavoritesPresenter: ListPresenting {
    weak var view: (any RecipesView)? {
        didSet { actions.view = view }
    }
    private let favorites: FavoritesInteractor
    private let router: Router
    private let messages: Messages
    private let actions: RecipeActions
    private var links: RecipeLinks { actions.links }
    private var pictures: RecipePictures { actions.pictures }
    /// Saves still fetching a favorite's page and picture, by recipe: the one whose token matches may
    /// report. Removing the favorite abandons its save.
    private var saving: [RecipeID: (token: Int, task: Task<Void, Never>)] = [:]
    private var nextSave = 0
    /// Every save started and not yet waited for: quitting waits for them all.
    private var pending: [Task<Void, Never>] = []

    public init(favorites: FavoritesInteractor, router: Router, actions: RecipeActions, messages: Messages = Messages()) {
        self.favorites = favorites
        self.actions = actions
        self.router = router
        self.messages = messages
    }

    /// Says before the first command when favorites cannot be used this run.
    func announceProblems() async {
        if let problem = await favorites.unavailableReason() { view?.display(messages.error(problem)) }
    }

    // MARK: The list

    func show(matching words: String) async {
        if let size = view?.recipesPerScreen(withPictures: false) { await favorites.setScreenSize(size) }
        await display { () throws(UseCaseError) in try await self.favorites.firstScreen(matching: words) }
    }

    public func next() async {
        await display(orElse: messages.endOfFavorites()) { () throws(UseCaseError) in try await self.favorites.nextScreen() }
    }

    public func previous() async {
        await display(orElse: messages.firstScreenOfFavorites()) { () throws(UseCaseError) in try await self.favorites.previousScreen() }
    }

    public func first() async {
        await display { () throws(UseCaseError) in try await self.favorites.backToFirstScreen() }
    }

    /// The favorites screen shown last, again.
    func showCurrent() async {
        await display { () throws(UseCaseError) in try await self.favorites.currentScreen() }
    }

    private func display(orElse nothing: MessageModel? = nil,
                         _ work: @escaping @MainActor () async throws(UseCaseError) -> FavoritesScreen?) async {
        do throws(UseCaseError) {
            guard let screen = try await work() else {
                if let nothing { view?.display(nothing) }
                return
            }
            router.show(.favorites)
            if screen.total == 0 {
                view?.display(messages.noFavorites(matching: screen.words))
            } else {
                view?.display(FavoritesFormatter.screen(screen, saving: Set(saving.keys)))
            }
        } catch {
            view?.display(messages.error(error))
        }
    }

    /// Fetches what the favorite being shown lacks, or what every favorite lacks.
    public func refresh() async {
        do throws(UseCaseError) {
            var targets: [RecipeID]
            if case .recipe(let reference) = router.current, reference.list == .favorites {
                targets = [reference.id]
            } else {
                targets = try await favorites.incomplete()
            }
            if targets.isEmpty {
                view?.display(messages.nothingMissing())
                return
            }
            let count = targets.count
            try await whileBusy(view, "Fetching what \(count) favorite\(count == 1 ? " lacks" : "s lack")") { () throws(UseCaseError) in
                for id in targets {
                    if let report = try await favorites.completeMissing(id) { view?.display(messages.saved(report)) }
                }
            }
        } catch {
            view?.display(messages.error(error))
        }
    }

    // MARK: One favorite

    public func show(_ number: Int) async {
        guard let favorite = await load(number) else { return }
        router.show(.recipe(RecipeReference(list: .favorites, number: number, id: favorite.recipe.id)))
        await pictures.show(favorite.recipe, for: .detail)
        view?.display(FavoritesFormatter.detail(favorite, number: number))
    }

    public func open(_ number: Int, _ target: ReaderTarget) async {
        guard let favorite = await load(number) else { return }
        await links.read(favorite.recipe, as: RecipeReference(list: .favorites, number: number, id: favorite.recipe.id), target: target)
    }

    public func web(_ number: Int, _ target: LinkTarget) async {
        if let recipe = await listed(number)?.recipe { await links.openInBrowser(recipe, number: number, target) }
    }
    public func copyLink(_ number: Int, _ target: LinkTarget) async {
        if let recipe = await listed(number)?.recipe { await links.copyLink(recipe, number: number, target) }
    }
    public func picture(_ number: Int) async { if let recipe = await listed(number)?.recipe { await pictures.show(recipe, for: .large) } }

    public func listedRecipe(_ number: Int) async -> Recipe? {
        await listed(number)?.recipe
    }

    public var cards: CardSettings {
        get { links.cards }
        set { links.cards = newValue }
    }

    /// The recipe shown under `number`, removed since or not; nil after saying there is none.
    private func listed(_ number: Int) async -> (recipe: Recipe, isFavorite: Bool)? {
        if let listed = await favorites.listedRecipe(number: number) { return listed }
        view?.display(messages.noSuchFavorite(number))
        return nil
    }

    /// `fav N` on the favorites screen: puts back a favorite removed in this session.
    public func favorite(_ number: Int) async {
        guard let listed = await favorites.listedRecipe(number: number) else {
            view?.display(messages.noSuchFavorite(number))
            return
        }
        guard !listed.isFavorite else {
            view?.display(messages.alreadyAFavorite(listed.recipe, number: number))
            return
        }
        await save(listed.recipe, number: number)
    }

    /// `unfav N` on the favorites screen: removes the favorite shown under N; the numbers stay.
    public func unfavorite(_ number: Int) async {
        guard let listed = await favorites.listedRecipe(number: number) else {
            view?.display(messages.noSuchFavorite(number))
            return
        }
        guard listed.isFavorite else {
            view?.display(messages.removedAlready(listed.recipe, number: number))
            return
        }
        await remove(listed.recipe, number: number)
    }

    /// Favorite `number` of the screens shown, whole; nil after saying why there is none.
    private func load(_ number: Int) async -> Favorite? {
        do throws(UseCaseError) {
            if let favorite = try await favorites.favorite(number: number) { return favorite }
            if let listed = await favorites.listedRecipe(number: number) {
                view?.display(messages.removedAlready(listed.recipe, number: number))
            } else {
                view?.display(messages.noSuchFavorite(number))
            }
        } catch {
            view?.display(messages.error(error))
        }
        return nil
    }

    // MARK: Saving and removing (also for search results)

    /// Makes a recipe a favorite at once (it is listed from now on), then fetches its page and picture
    /// off the prompt; a line reports when that is done.
    func save(_ recipe: Recipe, number: Int) async {
        guard saving[recipe.id] == nil else {
            view?.display(messages.alreadySaving(recipe))
            return
        }
        let outcome: StarOutcome
        do throws(UseCaseError) {
            outcome = try await favorites.star(recipe)
        } catch {
            view?.display(messages.couldNotSave(recipe, error))
            return
        }
        switch outcome {
        case .restored:
            view?.display(messages.restored(recipe))
        case .already(let favorite) where favorite.missing.isEmpty:
            view?.display(messages.alreadyAFavorite(recipe, number: number))
        case .already, .starred:
            let justStarred = if case .starred = outcome { true } else { false }
            view?.display(justStarred ? messages.saving(recipe) : messages.completing(recipe))
            fetchParts(of: recipe, justStarred: justStarred)
        }
    }

    /// Fetches what a favorite lacks, off the prompt. A favorite removed meanwhile is left alone.
    private func fetchParts(of recipe: Recipe, justStarred: Bool) {
        nextSave += 1
        let token = nextSave
        let task = Task {
            do throws(UseCaseError) {
                let report = try await favorites.completeMissing(recipe.id, justStarred: justStarred)
                if saving[recipe.id]?.token == token, let report { view?.display(messages.saved(report)) }
            } catch {
                if saving[recipe.id]?.token == token { view?.display(messages.couldNotComplete(recipe, error)) }
            }
            if saving[recipe.id]?.token == token { saving[recipe.id] = nil }
        }
        saving[recipe.id] = (token, task)
        pending.append(task)
    }

    /// Removes a recipe from favorites, saying how to put it back when it was shown under `number`. A
    /// save still fetching its page and picture is abandoned.
    func remove(_ recipe: Recipe, number: Int?) async {
        saving.removeValue(forKey: recipe.id)?.task.cancel()
        do throws(UseCaseError) {
            if try await favorites.remove(recipe.id) != nil {
                view?.display(messages.removed(recipe, number: number))
            } else {
                view?.display(messages.notAFavorite(recipe))
            }
        } catch {
            view?.display(messages.error(error))
        }
    }

    /// Waits for the saves still fetching, without a word (tests, and before leaving).
    func settle() async {
        let tasks = pending
        pending = []
        for task in tasks { await task.value }
    }

    /// Waits for saves still fetching, saying so: what a favorite lacks is fetched before leaving.
    func finish() async {
        let count = saving.count
        guard count > 0 else { return await settle() }
        view?.display(messages.waitingForSaves(count))
        await settle()
    }
}
