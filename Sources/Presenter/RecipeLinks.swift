import Entity
import Interactor
import Router

/// What both lists do with a recipe's page and link: read the page and follow the links the person
/// picks in the reader, open the page in the web browser, copy its link.
@MainActor
final class RecipeLinks {
    weak var view: (any RecipesView)?
    private let reading: ReadingInteractor
    private let router: Router
    private let messages: Messages
    private let pictures: RecipePictures

    init(reading: ReadingInteractor, router: Router, messages: Messages, pictures: RecipePictures) {
        self.reading = reading
        self.router = router
        self.messages = messages
        self.pictures = pictures
    }

    /// Reads `recipe` as `target` asks (its recipe card, else its page's text; its whole page; the page
    /// one of its links leads to), then whatever the person asks for in the reader: a link followed,
    /// the page shown the other way.
    func read(_ recipe: Recipe, as reference: RecipeReference, target: ReaderTarget) async {
        do throws(UseCaseError) {
            var page = try await whileBusy(view, "Opening \(recipe.title)") { () async throws(UseCaseError) -> ReadablePage in
                try await self.reading.read(recipe)
            }
            router.show(.reader(reference))
            if let problem = page.savedCopyProblem { view?.display(messages.savedCopyUnreadable(problem)) }
            var showing = target
            while true {
                if case .link(let number) = showing {
                    guard let link = page.document.links.first(where: { $0.number == number }) else {
                        view?.display(messages.noSuchLink(number, on: page))
                        return
                    }
                    page = try await whileBusy(view, "Opening \(link.url)") { () async throws(UseCaseError) -> ReadablePage in
                        try await self.reading.read(link: link.url, from: recipe)
                    }
                }
                // Ctrl-C while a large page was read: the person no longer wants it.
                if Task.isCancelled {
                    view?.display(messages.cancelled(searching: false))
                    return
                }
                let card = showing == .recipe ? ScreenFormatter.recipeCard(page, number: reference.number) : nil
                var model = card ?? ScreenFormatter.page(page, number: reference.number, cardAsked: showing == .recipe)
                if page.address == recipe.href { model.picture = await pictures.picture(of: recipe, for: .detail) }
                guard let view else { return }
                let next = await view.display(model)
                if Task.isCancelled {
                    view.display(messages.stoppedDrawing())
                    return
                }
                switch next {
                case nil: return
                case .follow(let number)?: showing = .link(number)
                case .alternate?: showing = card == nil ? .recipe : .wholePage
                }
            }
        } catch {
            view?.display(messages.error(error))
        }
    }

    /// The recipe read from `recipe`'s page when it is at hand without the network.
    func knownRecipe(of recipe: Recipe) async -> PageRecipe? {
        await reading.knownRecipe(of: recipe)
    }

    /// Opens `recipe`'s page in the person's web browser.
    func openInBrowser(_ recipe: Recipe) async {
        let address = reading.browserAddress(for: recipe.href)
        guard let view else { return }
        view.display(messages.browserOutcome(await view.openInBrowser(address), recipe: recipe, address: address))
    }

    /// Puts `recipe`'s link on the terminal's clipboard.
    func copyLink(_ recipe: Recipe) {
        let address = reading.browserAddress(for: recipe.href)
        guard let view else { return }
        view.display(view.copyToClipboard(address) ? messages.copied(recipe, address: address) : messages.cannotCopy(address))
    }
}
