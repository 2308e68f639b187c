import Foundation
import Testing
import Entity
import Services
import Interactor
import Router
import TestSupport
@testable import Presenter
import ServiceSupport

/// The presenters wired as the composition root wires them, over fakes.
@MainActor
struct PresenterStack {
    let view = RecordingView()
    let router = Router()
    let presenter: RecipesPresenter
    let favoritesInteractor: FavoritesInteractor

    init(_ searcher: any RecipeSearching, pages: [String: String] = [:], store: FavoritesStore? = nil,
         fetcher: (any PageFetching)? = nil, time: FakeTime = FakeTime(), pictures: Bool = false) {
        let fetcher = fetcher ?? FakePageFetcher(pages: pages, unknown: .notFound, picture: nil)
        favoritesInteractor = FavoritesInteractor(store: store, unavailable: store == nil ? .storageCorrupt.with(detail: "test") : nil,
                                                  fetcher: fetcher, time: time, screenSize: 4)
        let reading = ReadingInteractor(fetcher: fetcher, saved: favoritesInteractor)
        let pictureInteractor = pictures ? PictureInteractor(fetcher: fetcher, favorites: favoritesInteractor, reading: reading) : nil
        let actions = RecipeActions(reading: reading, router: router, pictures: pictureInteractor)
        let favorites = FavoritesPresenter(favorites: favoritesInteractor, router: router, actions: actions)
        let search = SearchInteractor(searcher: searcher, favorites: store, time: time, configuration: .init(prefetch: false))
        let results = SearchPresenter(search: search, router: router, favorites: favorites, actions: actions, now: { time.now() })
        presenter = RecipesPresenter(results: results, favorites: favorites, router: router)
        presenter.view = view
    }
}

@MainActor
@Suite struct RecipesPresenting {
    @Test func aSearchShowsNumberedCardsWithBadgesAndAFooter() async throws {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...12)))
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        let screen = try #require(stack.view.lastScreen)
        #expect(screen.heading == "Recipes with eggs")
        #expect(screen.cards.map(\.number) == Array(1...10))
        #expect(screen.cards[2].badges == [.lactose])
        #expect(screen.cards[0].badges == [])
        #expect(screen.cards[0].ingredients == "eggs, onions")
        #expect(screen.cards[0].site == "example.test")
        #expect(screen.footer.contains("n next"))
        #expect(stack.view.activities == ["Searching eggs", nil])
        #expect(stack.router.current == .results)
    }

    @Test func recipeDetailsSayWhatTriggersTheLactoseBadge() async throws {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)))
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.show(3)
        guard case .recipe(let detail) = stack.view.shown.last else { Issue.record("no recipe shown"); return }
        #expect(detail.title == "Recipe 3")
        #expect(detail.fields.first { $0.label == "Lactose" }?.value == "yes, from milk")
        #expect(detail.fields.first { $0.label == "Link" }?.value == "http://example.test/recipes/3")
        await stack.presenter.list.show(99)
        #expect(stack.view.messages.last?.text == "There is no recipe 99 in this search.")
    }

    @Test func openingAPageShowsItsTextAndAFailedPageSaysItWasThePage() async throws {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)),
                                   pages: ["http://example.test/recipes/1": "<h1>Recipe 1</h1><p>Whisk the eggs.</p>"])
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.open(1, .recipe)
        guard case .page(let page) = stack.view.shown.last else { Issue.record("no page shown"); return }
        #expect(page.blocks == [.heading(level: 1, text: "Recipe 1"), .paragraph("Whisk the eggs.")])
        #expect(page.source == "read online from example.test")
        #expect(page.note == "No recipe was found on this page; this is its whole text.")
        #expect(page.alternate == nil)
        await stack.presenter.list.open(2, .recipe)
        let message = try #require(stack.view.messages.last)
        #expect(message.text == "The recipe's site has no such page (HTTP 404 for http://example.test/recipes/2).")
        #expect(message.hint?.contains("retry") != true, "retry tries a search, not a page")
        #expect(message.hint?.lowercased().contains("again") != true, "a page that is not there is not there later either")
    }

    static let recipePage = """
        <html><head><title>Tortilla | A Site</title><script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "Recipe", "name": "Tortilla Española", "recipeYield": "4",
         "totalTime": "PT1H", "recipeCuisine": "Spanish", "image": "http://example.test/tortilla.jpg",
         "recipeIngredient": ["6 eggs", "500 g potatoes", "100 ml milk"],
         "recipeInstructions": [{"@type": "HowToSection", "name": "The potatoes", "itemListElement": [
             {"@type": "HowToStep", "text": "Slice and fry the potatoes."}]},
           {"@type": "HowToSection", "name": "The tortilla", "itemListElement": [
             {"@type": "HowToStep", "text": "Beat the eggs with the milk."}, {"@type": "HowToStep", "text": "Cook both sides."}]}]}
        </script></head><body><nav><a href="http://example.test/">Home</a></nav><h1>Tortilla Española</h1><p>Grandmother's.</p></body></html>
        """

    @Test func aPageHoldingARecipeOpensAsItsCardAndTheOtherKeyShowsTheWholePage() async throws {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)), pages: ["http://example.test/recipes/1": Self.recipePage])
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        stack.view.readerActions = [.alternate, .alternate]
        await stack.presenter.list.open(1, .recipe)
        let pages = stack.view.shown.compactMap { if case .page(let page) = $0 { page } else { nil } }
        try #require(pages.count == 3, "card, whole page, card again")
        let card = pages[0]
        #expect(card.title == "Tortilla Española")
        #expect(card.blocks == [
            .paragraph("4 servings · 1 h · Spanish"),
            .heading(level: 2, text: "Ingredients"),
            .item(marker: "•", text: "6 eggs", depth: 0), .item(marker: "•", text: "500 g potatoes", depth: 0),
            .item(marker: "•", text: "100 ml milk", depth: 0),
            .field(label: "Lactose", value: "from 100 ml milk"),
            .heading(level: 2, text: "Method"),
            .heading(level: 3, text: "The potatoes"), .item(marker: "1.", text: "Slice and fry the potatoes.", depth: 0),
            .heading(level: 3, text: "The tortilla"), .item(marker: "2.", text: "Beat the eggs with the milk.", depth: 0),
            .item(marker: "3.", text: "Cook both sides.", depth: 0),
            .field(label: "Picture", value: "http://example.test/tortilla.jpg"),
            .field(label: "Source", value: "http://example.test/recipes/1"),
        ])
        #expect(card.alternate?.key == "p")
        #expect(card.footer == "o 1 page shows the whole page · x2 or serves 6 scales it · list 1 adds it to the shopping list")
        #expect(card.references.isEmpty)
        let whole = pages[1]
        #expect(whole.blocks.contains(.paragraph("Grandmother's.")))
        #expect(whole.references == ["1. http://example.test/"])
        #expect(whole.alternate?.key == "r")
        #expect(whole.note == nil)
        #expect(whole.canGoBack && !card.canGoBack)
        var again = card
        again.canGoBack = true
        #expect(pages[2] == again)

        await stack.presenter.list.open(1, .wholePage)
        guard case .page(let asked) = stack.view.shown.last else { Issue.record("no page shown"); return }
        var fresh = whole
        fresh.canGoBack = false
        #expect(asked == fresh)
    }

    @Test func detailsShowTheMethodOnceThePageWasRead() async throws {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)), pages: ["http://example.test/recipes/1": Self.recipePage])
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.show(1)
        guard case .recipe(let before) = stack.view.shown.last else { Issue.record("no recipe shown"); return }
        #expect(before.method.isEmpty, "the page was not read: nothing is fetched for the details")
        await stack.presenter.list.open(1, .recipe)
        await stack.presenter.list.show(1)
        guard case .recipe(let after) = stack.view.shown.last else { Issue.record("no recipe shown"); return }
        #expect(after.method == [.section("The potatoes"), .step(number: 1, text: "Slice and fry the potatoes."),
                                 .section("The tortilla"), .step(number: 2, text: "Beat the eggs with the milk."),
                                 .step(number: 3, text: "Cook both sides.")])
        #expect(after.fields.first { $0.label == "Time" }?.value == "1 h")
        #expect(after.fields.first { $0.label == "Yields" }?.value == "4 servings")
    }

    @Test func linksOfAPageAreFollowedInTheReaderAndByNumber() async throws {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)), pages: [
            "http://example.test/recipes/1": "<h1>Recipe 1</h1><p>See <a href='http://example.test/sauce'>the sauce</a> and <a href='http://example.test/side'>a side</a>.</p>",
            "http://example.test/sauce": "<h1>The Sauce</h1><p>Reduce the stock.</p>",
            "http://example.test/side": "<h1>A Side</h1><p>Boil the rice.</p>",
        ])
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        stack.view.readerActions = [.follow(1)]
        await stack.presenter.list.open(1, .recipe)
        let pages = stack.view.shown.compactMap { if case .page(let page) = $0 { page } else { nil } }
        #expect(pages.map(\.title) == ["Recipe 1", "The Sauce"], "the link picked in the reader was followed")
        await stack.presenter.list.open(1, .link(2))
        guard case .page(let side) = stack.view.shown.last else { Issue.record("link 2 not shown"); return }
        #expect(side.title == "A Side")
        await stack.presenter.list.open(1, .link(7))
        #expect(stack.view.messages.last?.text == "The page has no link 7.")
        #expect(stack.view.messages.last?.hint == "Its links are numbered 1 to 2.")
    }

    /// Back from a page a link led to is the page it was followed from, as it was shown, not read again;
    /// back from the first page closes the reader.
    @Test func backInTheReaderShowsThePageALinkWasFollowedFrom() async throws {
        let fetcher = FakePageFetcher(pages: [
            "http://example.test/recipes/1": "<h1>Recipe 1</h1><p>See <a href='http://example.test/sauce'>the sauce</a>.</p>",
            "http://example.test/sauce": "<h1>The Sauce</h1><p>Reduce <a href='http://example.test/stock'>the stock</a>.</p>",
            "http://example.test/stock": "<h1>Stock</h1><p>Simmer the bones.</p>",
        ], unknown: .notFound, picture: nil)
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)), fetcher: fetcher)
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        stack.view.readerActions = [.follow(1), .follow(1), .back, .back, .back]
        await stack.presenter.list.open(1, .recipe)
        let pages = stack.view.shown.compactMap { if case .page(let page) = $0 { page } else { nil } }
        #expect(pages.map(\.title) == ["Recipe 1", "The Sauce", "Stock", "The Sauce", "Recipe 1"])
        #expect(pages.map(\.canGoBack) == [false, true, true, true, false])
        #expect(stack.view.readerActions.isEmpty, "back from the first page closed the reader")
        #expect(fetcher.pageAsks.filter { $0 == "http://example.test/sauce" }.count == 1, "\(fetcher.pageAsks)")
    }

    /// A link to a RecipePuppy search on a page (a bundled page's "More recipes with garlic") answers
    /// JSON, which is no page: following it runs the search and shows its results.
    @Test func aLinkToASearchRunsTheSearch() async throws {
        let searcher = FakeSearcher(recipes: SampleRecipes.make(1...5))
        let stack = PresenterStack(searcher, pages: [
            "http://example.test/recipes/1": "<h1>Recipe 1</h1><p><a href='http://example.test/recipes/2'>Another</a> "
                + "<a href='/api/?i=garlic%2C%20onions&amp;q=soup'>More recipes with garlic</a></p>",
        ])
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        stack.view.readerActions = [.follow(2)]
        await stack.presenter.list.open(1, .recipe)
        #expect(searcher.queries.last == SearchQuery(ingredients: ["garlic", "onions"], title: "soup"))
        guard case .screen(let screen) = stack.view.shown.last else { Issue.record("no results: \(String(describing: stack.view.shown.last))"); return }
        #expect(screen.heading.contains("garlic, onions"))
        #expect(RecipeLinks.searchAsked(by: "http://puppy.localhost/api/?q=&p=1") == nil)
        #expect(RecipeLinks.searchAsked(by: "http://example.test/recipes/2") == nil)
    }

    @Test func aRecipeOpensInTheBrowserAndItsLinkIsCopied() async throws {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)))
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.web(2, .page)
        #expect(stack.view.opened == ["http://example.test/recipes/2"])
        #expect(stack.view.messages.last?.text == "Opened “Recipe 2” with test-browser: http://example.test/recipes/2")
        stack.view.browser = .noBrowser
        await stack.presenter.list.web(2, .page)
        #expect(stack.view.messages.last?.text == "No web browser found to open http://example.test/recipes/2.")
        await stack.presenter.list.copyLink(3, .page)
        #expect(stack.view.copied == ["http://example.test/recipes/3"])
        stack.view.canCopy = false
        await stack.presenter.list.copyLink(3, .page)
        #expect(stack.view.messages.last?.text == "Copying needs a terminal; the link is http://example.test/recipes/3")
    }

    @Test func skippedPagesAndMalformedAnswersAreReportedOnTheScreen() async throws {
        let searcher = FakeSearcher(script: [
            1: [.recipes(SampleRecipes.make(1...5))], 2: [.failure(.malformedBody)], 3: [.failure(.badStatus.with(status: 500, detail: "x"))],
            4: [.recipes(SampleRecipes.make(6...12))],
        ])
        let stack = PresenterStack(searcher)
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        let screen = try #require(stack.view.lastScreen)
        #expect(screen.cards.map(\.number) == Array(1...10))
        #expect(screen.notes.map(\.text) == [
            "The server sent a malformed response for page 2; skipped.",
            "Skipped page 3 after the server failed twice (HTTP 500).",
        ])
    }

    @Test func noResultsEndOfResultsOfflineAndABrokenServerEachHaveTheirOwnMessage() async {
        let empty = PresenterStack(FakeSearcher(script: [:]))
        await empty.presenter.search(ingredients: ["unobtainium"], title: "")
        #expect(empty.view.messages.last?.text == "No recipes with unobtainium.")

        let short = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...3)))
        await short.presenter.search(ingredients: ["eggs"], title: "")
        await short.presenter.list.next()
        #expect(short.view.messages.last?.text == "End of results: no more recipes with eggs.")

        let dead = PresenterStack(FakeSearcher(script: [:], fallback: .failure(.unreachable.with(detail: "cannot connect to 127.0.0.1:9"))))
        await dead.presenter.search(ingredients: ["eggs"], title: "")
        #expect(dead.view.messages.last?.text == "Cannot reach the recipe server (cannot connect to 127.0.0.1:9, 2 tries).")
        #expect(dead.view.messages.last?.hint?.contains("favorites still work") == true)

        let broken = PresenterStack(FakeSearcher(script: [:], fallback: .failure(.badStatus.with(status: 500, detail: "HTTP 500"))))
        await broken.presenter.search(ingredients: ["eggs"], title: "")
        #expect(broken.view.messages.last?.text == "Could not search for eggs: the server failed pages 1, 2 and 3 (HTTP 500).")
    }

    @Test func backReturnsToTheResults() async throws {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...12)))
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.show(2)
        stack.view.clear()
        await stack.presenter.back()
        #expect(stack.view.lastScreen?.cards.map(\.number) == Array(1...10))
    }

    @Test func aSearchThatFindsNothingLeavesTheEarlierOneWithinReach() async throws {
        let stack = PresenterStack(ByQuerySearcher(["eggs": FakeSearcher(recipes: SampleRecipes.make(1...12))]))
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.show(3)
        await stack.presenter.search(ingredients: ["unobtainium"], title: "")
        #expect(stack.view.messages.last?.text == "No recipes with unobtainium.")
        stack.view.clear()
        await stack.presenter.back()
        guard case .recipe(let detail) = stack.view.shown.last else { Issue.record("back did not return to recipe 3"); return }
        #expect(detail.title == "Recipe 3")
        await stack.presenter.back()
        #expect(stack.view.lastScreen?.cards.map(\.number) == Array(1...10))
        await stack.presenter.list.next()
        #expect(stack.view.lastScreen?.cards.map(\.number) == [11, 12])
    }

    @Test func aSearchThatFindsNothingSuggestsNamesSeenAndTabCompletesThem() async throws {
        let stack = PresenterStack(ByQuerySearcher(["eggs": FakeSearcher(recipes: SampleRecipes.make(1...3))]))
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        // Names seen first, then the food table's.
        #expect(stack.presenter.ingredientNames(completing: "ONI").first == "onions")
        #expect(stack.presenter.ingredientNames(completing: "e").first == "eggs")
        #expect(stack.presenter.ingredientNames(completing: "e").contains("eggplant"))
        await stack.presenter.search(ingredients: ["onoins"], title: "")
        let message = try #require(stack.view.messages.last)
        #expect(message.text == "No recipes with onoins.")
        #expect(message.hint == "Did you mean onions?")
    }

    @Test func aFreshSessionSuggestsAndCompletesFromTheFoodTable() async throws {
        let stack = PresenterStack(ByQuerySearcher([:]))
        #expect(stack.presenter.ingredientNames(completing: "chee").first == "cheese")
        #expect(stack.presenter.ingredientNames(completing: "garba").contains("garbanzo bean"))
        await stack.presenter.search(ingredients: ["chese"], title: "")
        #expect(stack.view.messages.last?.hint == "Did you mean cheese?")
    }

    @Test func fewerIngredientsAreAdvisedOnlyWhenSeveralWereTyped() async throws {
        let stack = PresenterStack(ByQuerySearcher([:]))
        await stack.presenter.search(ingredients: ["unobtainium"], title: "")
        #expect(stack.view.messages.last?.hint == "Try other words.")
        await stack.presenter.search(ingredients: ["unobtainium", "cheese"], title: "")
        #expect(stack.view.messages.last?.hint == "Try fewer ingredients, or other words.")
        // A name spelled as the table has it is not "corrected".
        await stack.presenter.search(ingredients: ["feta"], title: "")
        #expect(stack.view.messages.last?.hint == "Try other words.")
    }

    @Test func cuisinesSeenAreCompletedFirstAfterFilterCuisineThenTheWorldsOthers() async throws {
        let recipes = [
            Recipe(title: "Pad Thai", href: "http://example.test/1", ingredients: ["eggs"], thumbnail: nil, cuisine: "Thai"),
            Recipe(title: "Tortilla", href: "http://example.test/2", ingredients: ["eggs"], thumbnail: nil, cuisine: "Spanish"),
            Recipe(title: "Tom Yum", href: "http://example.test/3", ingredients: ["eggs"], thumbnail: nil, cuisine: "Thai"),
        ]
        let stack = PresenterStack(FakeSearcher(recipes: recipes))
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        #expect(stack.presenter.ingredientNames(completing: "filter cuisine th") == ["filter cuisine Thai"])
        #expect(stack.presenter.ingredientNames(completing: "filter cuisine ").prefix(3) == ["filter cuisine Thai", "filter cuisine Spanish",
                                                                                             "filter cuisine African"])
        // Cuisines no result has shown yet, from the world's list.
        #expect(stack.presenter.ingredientNames(completing: "filter cuisine viet") == ["filter cuisine Vietnamese"])
        #expect(stack.view.lastScreen?.cards.first?.site == "example.test · Thai")
        await stack.presenter.filter(.cuisine("thai"))
        #expect(stack.view.lastScreen?.heading == "Recipes with eggs · Thai")
        #expect(stack.view.lastScreen?.cards.map(\.number) == [1, 3])
    }

    @Test func aCuisineNobodyKnowsIsRefusedNamingTheKnownOnesAndTheFilterStaysAsItWas() async throws {
        let recipes = [
            Recipe(title: "Pad Thai", href: "http://example.test/1", ingredients: ["eggs"], thumbnail: nil, cuisine: "Thai"),
            Recipe(title: "Moon Pie", href: "http://example.test/2", ingredients: ["eggs"], thumbnail: nil, cuisine: "Lunar"),
        ]
        let stack = PresenterStack(FakeSearcher(recipes: recipes))
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.filter(.cuisine("Martian"))
        let refusal = try #require(stack.view.messages.last)
        #expect(refusal.kind == .error)
        #expect(refusal.text == "There is no cuisine \"Martian\": the filter is as it was.")
        #expect(refusal.hint?.hasPrefix("Cuisines: Thai, Lunar, African, American,") == true, "\(refusal.hint ?? "")")
        #expect(stack.view.lastScreen?.heading == "Recipes with eggs", "no filter was turned on")
        // One a server has shown is known, whatever its case.
        await stack.presenter.filter(.cuisine("lunar"))
        #expect(stack.view.lastScreen?.heading == "Recipes with eggs · Lunar")
    }

    @Test func aFilterShowsTheFirstScreenOfWhatPasses() async throws {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...30)))
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.next()
        await stack.presenter.filter(.lactoseFree)
        let filtered = try #require(stack.view.lastScreen)
        #expect(filtered.heading == "Recipes with eggs · lactose-free")
        #expect(filtered.cards.map(\.number) == [1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
        await stack.presenter.filter(.all)
        #expect(stack.view.lastScreen?.cards.map(\.number) == Array(1...10), "filter all shows the first screen, numbers unchanged")
    }

    @Test func favoritesThatCannotOpenSayWhyBeforeTheFirstCommandOnly() async {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...3)))
        stack.presenter.start()
        #expect(stack.view.messages.isEmpty, "the prompt does not wait for the database")
        await stack.presenter.prepare()
        #expect(stack.view.messages.last?.text.hasPrefix("The favorites database is damaged") == true)
        let said = stack.view.messages.count
        await stack.presenter.prepare()
        #expect(stack.view.messages.count == said, "said once, not before every command")
        await stack.presenter.showFavorites(matching: "")
        #expect(stack.view.messages.last?.text.hasPrefix("The favorites database is damaged") == true)
    }

    @Test func aLineThatIsNotACommandIsReportedInOneLine() {
        let stack = PresenterStack(FakeSearcher(recipes: []))
        stack.presenter.report(.numberBelowOne("0"))
        #expect(stack.view.messages.last?.text == "There is no recipe 0: numbers start at 1.")
    }
}

/// Answers each query from its own fake; other queries find nothing.
final class ByQuerySearcher: RecipeSearching {
    private let searchers: [String: FakeSearcher]

    init(_ searchers: [String: FakeSearcher]) {
        self.searchers = searchers
    }

    func validate(_ query: SearchQuery) throws(ServiceError) {
        try QueryBuilder.validate(query)
    }

    func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage {
        guard let searcher = searchers[query.summary] else { return SearchPage(number: number, recipes: []) }
        return try await searcher.page(query, number: number)
    }
}

/// What a failed request says: a refused connection is a server not answering, not the network gone;
/// a page that is not there is not "try again later".
@Suite struct FailureWording {
    @Test func aRefusedConnectionNamesTheServerThatIsNotAnswering() {
        let refused = UseCaseError.unreachable.with(detail: "cannot connect to 127.0.0.1:9 (Connection refused)", refusedBy: "127.0.0.1:9")
        for mode in [Messages.Mode.interactive, .oneShot] {
            let message = Messages(mode: mode).error(refused)
            #expect(message.hint?.hasPrefix("The server at 127.0.0.1:9 is not answering (is it running?)") == true, "\(message)")
            #expect(message.hint?.contains("offline") == false)
        }
        let noNetwork = Messages().error(UseCaseError.unreachable.with(detail: "cannot find example.test"))
        #expect(noNetwork.hint?.contains("offline") == true)
    }

    @Test func aMissingPageNeverSaysTryAgainLater() {
        for mode in [Messages.Mode.interactive, .oneShot] {
            for operation in [UseCaseError.Operation.search, .readPage, .saveFavorite, .readPicture] {
                let message = Messages(mode: mode).error(UseCaseError.serverError.with(operation: operation, status: 404, detail: "HTTP 404"))
                #expect(message.hint?.lowercased().contains("again") != true, "\(message)")
                #expect(message.text.contains("no such page"))
            }
        }
        let failing = Messages(mode: .oneShot).error(UseCaseError.serverError.with(operation: .readPage, status: 500, detail: "HTTP 500"))
        #expect(failing.hint?.contains("again later") == true)
    }
}
