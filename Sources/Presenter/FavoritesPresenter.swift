public import Entity
import Services
public import Interactor
public import Router

/// The favorites screen and saving: intents in, use-case calls, display models out.
@MainActor
public final class FavoritesPresenter {
    public weak var view: (any RecipesView)?
    private let favorites: FavoritesInteractor
    private let reading: ReadingInteractor
    private let router: Router
    /// Saves still downloading, by recipe: quitting waits for them.
    private var saving: [RecipeID: Task<Void, Never>] = [:]

    public init(favorites: FavoritesInteractor, reading: ReadingInteractor, router: Router) {
        self.favorites = favorites
        self.reading = reading
        self.router = router
    }

    public func show(matching words: String) async {
        router.show(.favorites)
        display(await favorites.screen(0, matching: words))
    }

    public func move(by delta: Int) async {
        let index = await favorites.currentScreenIndex
        if delta < 0 && index == 0 {
            view?.display(MessageModel(.info, "This is the first screen of favorites."))
            return
        }
        let result = await favorites.move(by: delta)
        if case .success(let screen) = result, delta > 0, screen.index == index {
            view?.display(MessageModel(.info, "End of favorites.", hint: "p goes back; type ingredients to search."))
            return
        }
        router.show(.favorites)
        display(result)
    }

    public func first() async {
        router.show(.favorites)
        display(await favorites.move(by: -(await favorites.currentScreenIndex)))
    }

    private func display(_ result: Result<FavoritesScreen, ServiceError>) {
        switch result {
        case .success(let screen) where screen.total == 0:
            view?.display(MessageModel(.info, screen.words.isEmpty ? "No favorites yet." : "No favorites match \(screen.words).",
                                       hint: "fav N saves recipe N of a search, with its page and picture."))
        case .success(let screen):
            view?.display(FavoritesFormatter.screen(screen))
        case .failure(let error):
            view?.display(ErrorMessages.message(for: error))
        }
    }

    /// Favorite `number`, or nil after saying why there is none.
    private func load(_ number: Int) async -> Favorite? {
        do throws(ServiceError) {
            if let favorite = try await favorites.favorite(number: number) { return favorite }
            view?.display(MessageModel(.error, "There is no favorite \(number).", hint: "Use a number shown on the favorites screen."))
        } catch {
            view?.display(ErrorMessages.message(for: error))
        }
        return nil
    }

    public func showFavorite(_ number: Int) async {
        guard let favorite = await load(number) else { return }
        router.show(.recipe(number: number, list: .favorites))
        view?.display(FavoritesFormatter.detail(favorite, number: number))
    }

    public func openFavorite(_ number: Int) async {
        guard let favorite = await load(number) else { return }
        let result = await reading.read(favorite.recipe)
        switch result {
        case .success(let page):
            router.show(.reader(number: number, list: .favorites))
            await view?.display(ScreenFormatter.page(page))
        case .failure(let error):
            view?.display(ErrorMessages.message(for: error))
        }
    }

    /// Starts saving a recipe; the prompt comes back at once and a line reports when it is done.
    public func save(_ recipe: Recipe) {
        guard saving[recipe.id] == nil else {
            view?.display(MessageModel(.info, "“\(recipe.title)” is already being saved."))
            return
        }
        view?.display(MessageModel(.info, "Saving “\(recipe.title)”: fetching its page and picture…"))
        saving[recipe.id] = Task {
            let outcome = await favorites.save(recipe)
            saving[recipe.id] = nil
            view?.display(FavoritesFormatter.saved(outcome))
        }
    }

    public func remove(_ recipe: Recipe) async {
        await saving[recipe.id]?.value
        switch await favorites.remove(recipe.id) {
        case .success(true):
            view?.display(MessageModel(.info, "Removed “\(recipe.title)” from favorites."))
        case .success(false):
            view?.display(MessageModel(.info, "“\(recipe.title)” was not a favorite."))
        case .failure(let error):
            view?.display(ErrorMessages.message(for: error))
        }
    }

    public func removeFavorite(_ number: Int) async {
        guard let favorite = await load(number) else { return }
        await remove(favorite.recipe)
    }

    /// Fetches what favorite `number` (or every favorite on the screen, when nil) is missing.
    public func completeMissing(_ number: Int?) async {
        var targets: [Favorite] = []
        if let number {
            guard let favorite = await load(number) else { return }
            targets = [favorite]
        } else if case .success(let screen) = await favorites.move(by: 0) {
            for listed in screen.favorites {
                if let favorite = try? await favorites.favorite(id: listed.summary.recipe.id), !favorite.missing.isEmpty {
                    targets.append(favorite)
                }
            }
        }
        if targets.isEmpty {
            view?.display(MessageModel(.info, "Nothing is missing: every favorite here has its page and picture."))
            return
        }
        view?.setActivity("Fetching what \(targets.count) favorite\(targets.count == 1 ? " is" : "s are") missing")
        defer { view?.setActivity(nil) }
        for favorite in targets {
            if let outcome = await favorites.completeMissing(favorite.recipe.id) { view?.display(FavoritesFormatter.saved(outcome)) }
        }
    }

    /// Waits for saves still downloading, saying so; a favorite reported saved is never lost.
    public func finish() async {
        let pending = Array(saving.values)
        guard !pending.isEmpty else { return }
        view?.display(MessageModel(.info, "Waiting for \(pending.count) favorite\(pending.count == 1 ? "" : "s") to finish saving…"))
        for task in pending { await task.value }
    }
}
