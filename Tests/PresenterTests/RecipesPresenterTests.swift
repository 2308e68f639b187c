import Foundation
import Testing
import Entity
import Services
import Interactor
import Router
import TestSupport
@testable import Presenter

/// A page fetcher that serves pages from a table and fails for everything else.
final class TablePageFetcher: PageFetching {
    let pages: [String: String]

    init(pages: [String: String] = [:]) {
        self.pages = pages
    }

    func page(at href: String) async throws(ServiceError) -> RecipePage {
        guard let html = pages[href] else { throw .badStatus.with(status: 404, detail: "HTTP 404 for \(href)") }
        return RecipePage(html: html, document: HTMLReader.read(html))
    }

    func thumbnail(at url: String) async throws(ServiceError) -> RecipeImage {
        throw .unreachable.with(detail: "no pictures here")
    }
}

@MainActor
@Suite struct RecipesPresenting {
    let view = RecordingView()
    let router = Router()

    func presenter(_ searcher: any RecipeSearching, pages: [String: String] = [:]) -> RecipesPresenter {
        let fetcher = TablePageFetcher(pages: pages)
        let reading = ReadingInteractor(fetcher: fetcher, saved: nil)
        let favorites = FavoritesPresenter(
            favorites: FavoritesInteractor(store: nil, unavailable: .storageCorrupt.with(detail: "test"), fetcher: fetcher, time: FakeTime()),
            reading: reading, router: router)
        let search = SearchInteractor(searcher: searcher, favorites: nil, time: FakeTime(), configuration: .init(prefetch: false))
        let presenter = RecipesPresenter(search: search, reading: reading, router: router, favorites: favorites)
        presenter.view = view
        favorites.view = view
        return presenter
    }

    @Test func aSearchShowsNumberedCardsWithBadgesAndAFooter() async throws {
        let recipes = SampleRecipes.make(1...12)
        let presenter = presenter(FakeSearcher(recipes: recipes))
        await presenter.search(ingredients: "eggs", title: "")
        let screen = try #require(view.lastScreen)
        #expect(screen.heading == "Recipes with eggs")
        #expect(screen.cards.map(\.number) == Array(1...10))
        #expect(screen.cards[2].badges == [.lactose])
        #expect(screen.cards[0].badges == [])
        #expect(screen.cards[0].ingredients == "eggs, onions")
        #expect(screen.cards[0].site == "example.test")
        #expect(screen.footer.contains("n next"))
        #expect(view.activities == ["Searching eggs", nil])
        #expect(router.current == .results)
    }

    @Test func recipeDetailsSayWhatTriggersTheLactoseBadge() async throws {
        let presenter = presenter(FakeSearcher(recipes: SampleRecipes.make(1...5)))
        await presenter.search(ingredients: "eggs", title: "")
        await presenter.showRecipe(3)
        guard case .recipe(let detail) = view.shown.last else { Issue.record("no recipe shown"); return }
        #expect(detail.title == "Recipe 3")
        #expect(detail.fields.first { $0.label == "Lactose" }?.value == "yes, from milk")
        #expect(detail.fields.first { $0.label == "Link" }?.value == "http://example.test/recipes/3")
        await presenter.showRecipe(99)
        #expect(view.messages.last?.text == "There is no recipe 99 in this search.")
    }

    @Test func openingAPageShowsItsTextAndFailuresSayWhy() async throws {
        let presenter = presenter(FakeSearcher(recipes: SampleRecipes.make(1...5)),
                                  pages: ["http://example.test/recipes/1": "<h1>Recipe 1</h1><p>Whisk the eggs.</p>"])
        await presenter.search(ingredients: "eggs", title: "")
        await presenter.openPage(1)
        guard case .page(let page) = view.shown.last else { Issue.record("no page shown"); return }
        #expect(page.blocks == [.heading(level: 1, text: "Recipe 1"), .paragraph("Whisk the eggs.")])
        #expect(page.source == "online")
        await presenter.openPage(2)
        #expect(view.messages.last?.text == "The recipe server answered with an error (HTTP 404 for http://example.test/recipes/2).")
    }

    @Test func skippedPagesAndMalformedAnswersAreReportedOnTheScreen() async throws {
        let searcher = FakeSearcher(script: [
            1: [.recipes(SampleRecipes.make(1...5))], 2: [.failure(.malformedBody)], 3: [.failure(.badStatus.with(status: 500, detail: "x"))],
            4: [.recipes(SampleRecipes.make(6...12))],
        ])
        let presenter = presenter(searcher)
        await presenter.search(ingredients: "eggs", title: "")
        let screen = try #require(view.lastScreen)
        #expect(screen.cards.map(\.number) == Array(1...10))
        #expect(screen.notes.map(\.text) == [
            "The server sent a malformed response for page 2; skipped.",
            "Skipped page 3 after the server failed twice (HTTP 500).",
        ])
    }

    @Test func noResultsEndAndOfflineEachHaveTheirOwnMessage() async {
        let empty = presenter(FakeSearcher(script: [:]))
        await empty.search(ingredients: "unobtainium", title: "")
        #expect(view.messages.last?.text == "No recipes with unobtainium.")

        view.clear()
        let short = presenter(FakeSearcher(recipes: SampleRecipes.make(1...3)))
        await short.search(ingredients: "eggs", title: "")
        await short.next()
        #expect(view.messages.last?.text == "End of results: no more recipes with eggs.")

        view.clear()
        let dead = presenter(FakeSearcher(script: [:], fallback: .failure(.unreachable.with(detail: "cannot connect to 127.0.0.1:9"))))
        await dead.search(ingredients: "eggs", title: "")
        #expect(view.messages.last?.text == "Cannot reach the recipe server (cannot connect to 127.0.0.1:9).")
        #expect(view.messages.last?.hint?.contains("favorites still work") == true)
    }

    @Test func backReturnsToTheResults() async throws {
        let presenter = presenter(FakeSearcher(recipes: SampleRecipes.make(1...12)))
        await presenter.search(ingredients: "eggs", title: "")
        await presenter.showRecipe(2)
        view.clear()
        await presenter.back()
        #expect(view.lastScreen?.cards.map(\.number) == Array(1...10))
    }

    @Test func anUnknownFilterIsAOneLineError() async {
        let presenter = presenter(FakeSearcher(recipes: SampleRecipes.make(1...12)))
        await presenter.search(ingredients: "eggs", title: "")
        await presenter.filter("vegan")
        #expect(view.messages.last?.text == "Unknown filter \"vegan\".")
        await presenter.filter("lactose-free")
        #expect(view.lastScreen?.heading == "Recipes with eggs · lactose-free")
    }

    @Test func favoritesThatCannotOpenSayWhy() async {
        let presenter = presenter(FakeSearcher(recipes: SampleRecipes.make(1...3)))
        await presenter.showFavorites(matching: "")
        #expect(view.messages.last?.text.hasPrefix("The favorites database is damaged") == true)
    }
}
