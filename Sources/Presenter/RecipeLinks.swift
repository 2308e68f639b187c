public import Entity
public import Interactor
public import Router

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

    /// Reads `recipe`'s page, or the page its link number `link` leads to, then each page whose link
    /// the person picks in the reader.
    func read(_ recipe: Recipe, as reference: RecipeReference, link: Int?) async {
        do throws(UseCaseError) {
            var page = try await whileBusy(view, "Opening \(recipe.title)") { () async throws(UseCaseError) -> ReadablePage in
                try await self.reading.read(recipe)
            }
            router.show(.reader(reference))
            if let problem = page.savedCopyProblem { view?.display(messages.savedCopyUnreadable(problem)) }
            var chosen = link
            while true {
                if let number = chosen {
                    guard let target = page.document.links.first(where: { $0.number == number }) else {
                        view?.display(messages.noSuchLink(number, on: page))
                        return
                    }
                    page = try await whileBusy(view, "Opening \(target.url)") { () async throws(UseCaseError) -> ReadablePage in
                        try await self.reading.read(link: target.url, from: recipe)
                    }
                }
                // Ctrl-C while a large page was read: the person no longer wants it.
                if Task.isCancelled {
                    view?.display(messages.cancelled(searching: false))
                    return
                }
                var model = ScreenFormatter.page(page)
                if page.address == recipe.href { model.picture = await pictures.picture(of: recipe, for: .detail) }
                guard let view else { return }
                let next = await view.display(model)
                if Task.isCancelled {
                    view.display(messages.stoppedDrawing())
                    return
                }
                guard let next else { return }
                chosen = next
            }
        } catch {
            view?.display(messages.error(error))
        }
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
