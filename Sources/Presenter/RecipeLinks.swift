import Foundation
import Entity
import Interactor
import Router

/// What both lists do with a recipe's page and link: read the page and follow the links the person
/// picks in the reader, open the page (or the video it names) in the web browser, copy its link.
@MainActor
final class RecipeLinks {
    weak var view: (any RecipesView)?
    /// The units and scale recipe cards are shown in.
    var cards = CardSettings()
    private let reading: ReadingInteractor
    private let router: Router
    private let messages: Messages
    private let pictures: RecipePictures
    /// Runs a search, for a link to a RecipePuppy search (a bundled page's "More recipes with garlic"):
    /// its answer is the results screen, not a page to read.
    var search: ((SearchQuery) async -> Void)?

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
            // The pages shown before, with how each was shown: Left or `h` in the reader goes back.
            var trail: [(page: ReadablePage, showing: ReaderTarget)] = []
            var goingBack = false
            while true {
                if case .link(let number) = showing, !goingBack {
                    guard let link = page.document.links.first(where: { $0.number == number }) else {
                        view?.display(messages.noSuchLink(number, on: page))
                        return
                    }
                    if let asked = Self.searchAsked(by: link.url), let search {
                        // The API's `i` is a comma-separated list: read as such, here at the address.
                        await search(SearchQuery(ingredientText: asked.ingredients, title: asked.title))
                        return
                    }
                    page = try await whileBusy(view, "Opening \(link.url)") { () async throws(UseCaseError) -> ReadablePage in
                        try await self.reading.read(link: link.url, from: recipe)
                    }
                }
                goingBack = false
                // Ctrl-C while a large page was read: the person no longer wants it.
                if Task.isCancelled {
                    view?.display(messages.cancelled(searching: false))
                    return
                }
                let card = showing == .recipe
                    ? ScreenFormatter.recipeCard(page, number: reference.number, amounts: cards.amounts(for: recipe.id)) : nil
                var model = card ?? ScreenFormatter.page(page, number: reference.number, cardAsked: showing == .recipe)
                model.canGoBack = !trail.isEmpty
                // The text is shown at once; the picture of the recipe's own page comes into it when fetched.
                var picture: PictureRequest?
                if page.address == recipe.href, view?.pictureBox(for: .detail) != nil {
                    picture = { @MainActor [pictures] in await pictures.picture(of: recipe, for: .detail, quietly: true) }
                }
                guard let view else { return }
                let next = await view.display(model, picture: picture)
                if Task.isCancelled {
                    view.display(messages.stoppedDrawing())
                    return
                }
                switch next {
                case nil: return
                case .follow(let number)?:
                    trail.append((page, showing))
                    showing = .link(number)
                case .alternate?:
                    trail.append((page, showing))
                    showing = card == nil ? .recipe : .wholePage
                case .back?:
                    guard let previous = trail.popLast() else { return }
                    (page, showing) = previous
                    goingBack = true
                }
            }
        } catch {
            view?.display(messages.error(error))
        }
    }

    /// The search a link asks for when it is a RecipePuppy search (`…/api/?i=garlic&q=soup`): the API
    /// answers JSON, which is no page to read, so following it runs the search instead. Nil for any other
    /// link, and for a search link that asks for nothing.
    static func searchAsked(by address: String) -> (ingredients: String, title: String)? {
        guard let components = URLComponents(string: address), components.path.hasSuffix("/api/") || components.path.hasSuffix("/api"),
              let items = components.queryItems else { return nil }
        let value = { (name: String) in items.first { $0.name == name }?.value?.trimmingCharacters(in: .whitespaces) ?? "" }
        let asked = (ingredients: value("i"), title: value("q"))
        return asked.ingredients.isEmpty && asked.title.isEmpty ? nil : asked
    }

    /// The recipe read from `recipe`'s page when it is at hand without the network.
    func knownRecipe(of recipe: Recipe) async -> PageRecipe? {
        await reading.knownRecipe(of: recipe)
    }

    /// Opens recipe `number`'s page, or the video its page names, in the person's web browser.
    func openInBrowser(_ recipe: Recipe, number: Int, _ target: LinkTarget) async {
        guard let address = await webAddress(of: recipe, number: number, target, copying: false), let view else { return }
        view.display(messages.browserOutcome(await view.openInBrowser(address), recipe: recipe, address: address, video: target == .video))
    }

    /// Puts recipe `number`'s link, or its video's, on the terminal's clipboard.
    func copyLink(_ recipe: Recipe, number: Int, _ target: LinkTarget) async {
        guard let address = await webAddress(of: recipe, number: number, target, copying: true), let view else { return }
        view.display(view.copyToClipboard(address) ? messages.copied(recipe, address: address, video: target == .video)
                                                   : messages.cannotCopy(address))
    }

    /// `address(of:)` when it is an http or https address. Only those go to a browser or the
    /// clipboard: a server or a page could name any scheme (`javascript:`, `file:`, `data:`) that a
    /// desktop has a handler for or that runs when pasted. Anything else is refused, saying so.
    private func webAddress(of recipe: Recipe, number: Int, _ target: LinkTarget, copying: Bool) async -> String? {
        guard let address = await address(of: recipe, number: number, target, copying: copying) else { return nil }
        guard Self.isWebAddress(address) else {
            view?.display(messages.notAWebAddress(number, address: address, video: target == .video, copying: copying))
            return nil
        }
        return address
    }

    /// Where a person's browser finds `target`: the recipe's page, or the video its page names, read
    /// from the page known without the network, else from the page read as `o N` reads it. Nil, with
    /// the reason shown, when the page cannot be read or names no video.
    /// The address to open, or to copy: a copy keeps the address the recipe is listed with, which stays
    /// valid (a bundled recipe's http://puppy.localhost/… link, which `recipes read` follows, rather than
    /// the embedded server's address of this session).
    private func address(of recipe: Recipe, number: Int, _ target: LinkTarget, copying: Bool) async -> String? {
        let reachable = { (address: String) in copying ? address : self.reading.browserAddress(for: address) }
        guard target == .video else { return reachable(recipe.href) }
        var pageRecipe = await reading.knownRecipe(of: recipe)
        if pageRecipe == nil {
            do throws(UseCaseError) {
                pageRecipe = try await whileBusy(view, "Reading the page of \(recipe.title)") { () async throws(UseCaseError) -> PageRecipe? in
                    try await self.reading.read(recipe).pageRecipe
                }
            } catch {
                view?.display(messages.error(error))
                return nil
            }
        }
        guard let video = pageRecipe?.videoURL else {
            view?.display(messages.noVideo(number))
            return nil
        }
        return reachable(video)
    }

    private static func isWebAddress(_ address: String) -> Bool {
        let lower = address.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
