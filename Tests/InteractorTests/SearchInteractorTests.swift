import Foundation
import Testing
import Entity
import Services
import TestSupport
@testable import Interactor
import ServiceSupport

@Suite struct SearchScreens {
    let query = SearchQuery(ingredientText: "eggs")

    func interactor(_ searcher: any RecipeSearching, favorites: (any FavoriteStatusProviding)? = nil,
                    prefetch: Bool = true, screenSize: Int = 10) -> SearchInteractor {
        SearchInteractor(searcher: searcher, favorites: favorites, time: FakeTime(),
                         configuration: .init(screenSize: screenSize, prefetch: prefetch))
    }

    func screen(_ result: ScreenResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> RecipeScreen {
        guard case .screen(let screen) = result else {
            Issue.record("expected a screen, got \(result)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return screen
    }

    @Test func numbersAreStableAcrossScreensAndPreviousComesFromMemory() async throws {
        let searcher = FakeSearcher(recipes: SampleRecipes.make(1...35))
        let search = interactor(searcher)
        let first = try screen(await search.search(query))
        #expect(first.recipes.map(\.number) == Array(1...10))
        #expect(first.recipes.map(\.recipe.title) == (1...10).map { "Recipe \($0)" })
        let second = try screen(await search.next())
        #expect(second.recipes.map(\.number) == Array(11...20))
        await search.waitForPrefetch()
        let asked = searcher.asks.count
        let back = try screen(await search.previous())
        #expect(back.recipes.map(\.number) == Array(1...10))
        #expect(try screen(await search.next()).recipes.map(\.number) == Array(11...20))
        #expect(searcher.asks.count == asked)
    }

    @Test func theNextScreenIsFetchedInTheBackground() async throws {
        let searcher = FakeSearcher(recipes: SampleRecipes.make(1...30))
        let search = interactor(searcher)
        _ = try screen(await search.search(query))
        await search.waitForPrefetch()
        #expect(searcher.asks == [1, 2])
        _ = try screen(await search.next())
        #expect(searcher.asks.prefix(2) == [1, 2])
        #expect(await search.prefetchCount >= 1)
    }

    @Test func withoutPrefetchNothingIsFetchedAhead() async throws {
        let searcher = FakeSearcher(recipes: SampleRecipes.make(1...30))
        let search = interactor(searcher, prefetch: false)
        _ = try screen(await search.search(query))
        await search.waitForPrefetch()
        #expect(searcher.asks == [1])
    }

    @Test func repeatsAcrossPagesAreDroppedAndNumbersStayContinuous() async throws {
        let recipes = SampleRecipes.make(1...20)
        let variant = Recipe(title: "Recipe 3 again", href: "HTTP://EXAMPLE.TEST:80/recipes/3/", ingredients: ["eggs"], thumbnail: nil)
        let searcher = FakeSearcher(script: [
            1: [.recipes(Array(recipes[0..<8]))],
            2: [.recipes([recipes[1], variant] + Array(recipes[8..<14]))],
        ])
        let search = interactor(searcher, prefetch: false)
        let first = try screen(await search.search(query))
        #expect(first.recipes.map(\.recipe.title) == (1...10).map { "Recipe \($0)" })
        #expect(first.recipes.map(\.number) == Array(1...10))
        let second = try screen(await search.next())
        #expect(second.recipes.map(\.recipe.title) == (11...14).map { "Recipe \($0)" })
        #expect(second.status == .last)
    }

    @Test func aServerThatRepeatsItselfCannotLoopUs() async {
        let searcher = FakeSearcher(script: [:], fallback: .recipes(SampleRecipes.make(1...10)))
        let search = interactor(searcher, prefetch: false)
        _ = await search.search(query)
        #expect(await search.next() == .endOfResults(query))
        #expect(searcher.asks == [1, 2, 3, 4])
    }

    @Test func lactoseIsFlaggedWithItsIngredients() async throws {
        let recipe = Recipe(title: "Quiche", href: "http://example.test/q", ingredients: ["eggs", "milk", "gruyere cheese", "coconut milk"],
                            thumbnail: nil)
        let search = interactor(FakeSearcher(recipes: [recipe]))
        let shown = try screen(await search.search(query)).recipes[0]
        #expect(shown.lactoseIngredients == ["milk", "gruyere cheese"])
        #expect(shown.hasLactose)
    }

    @Test func theLactoseFilterKeepsNumbers() async throws {
        let searcher = FakeSearcher(recipes: SampleRecipes.make(1...30))
        let search = interactor(searcher, prefetch: false)
        _ = try screen(await search.search(query))
        let filtered = try screen(await search.setFilter(.lactoseFree))
        #expect(filtered.recipes.map(\.number) == [1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
        #expect(filtered.recipes.allSatisfy { !$0.hasLactose })
        #expect(filtered.filter == .lactoseFree)
        let all = try screen(await search.setFilter(.all))
        #expect(all.recipes.map(\.number) == Array(1...10))
    }

    /// Every recipe found holds milk; the filter comes on at screen 3: an empty screen that says how
    /// many it hides, not "end of results" as if nothing had been found.
    @Test func aFilterHidingEveryRecipeFoundSaysSoWhereverItComesOn() async throws {
        let searcher = FakeSearcher(recipes: SampleRecipes.make(1...30) { _ in ["eggs", "milk"] })
        let search = interactor(searcher, prefetch: false)
        _ = try screen(await search.search(query))
        _ = try screen(await search.next())
        _ = try screen(await search.next())
        let filtered = try screen(await search.setFilter(.lactoseFree))
        #expect(filtered.recipes.isEmpty)
        #expect(filtered.hiddenCount == 30)
        let all = try screen(await search.setFilter(.all))
        #expect(all.recipes.map(\.number) == Array(1...10))
    }

    /// A filtered walk paged to its end, then another filter: the first screen of what passes now,
    /// numbers unchanged, not "end of results" nor a screen far down the list.
    @Test func aFilterChangedAfterTheEndShowsTheFirstScreenOfWhatPasses() async throws {
        let searcher = FakeSearcher(recipes: SampleRecipes.make(1...45))
        let search = interactor(searcher, prefetch: false)
        _ = try screen(await search.search(query))
        _ = try screen(await search.setFilter(.lactoseFree))
        var result = await search.next()
        while case .screen = result { result = await search.next() }
        #expect(result == .endOfResults(query))
        let milk = try screen(await search.setFilter(RecipeFilter(cuisine: nil)))
        #expect(milk.recipes.map(\.number) == Array(1...10))
        let lactoseFree = try screen(await search.setFilter(.lactoseFree))
        #expect(lactoseFree.recipes.map(\.number) == [1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
    }

    @Test func favoritesAreStarredWhenShown() async throws {
        let recipes = SampleRecipes.make(1...10)
        let favorites = FakeFavoriteStatus([recipes[2].id])
        let search = interactor(FakeSearcher(recipes: recipes), favorites: favorites)
        let first = try screen(await search.search(query))
        #expect(first.recipes.filter { $0.isFavorite == true }.map(\.number) == [3])
        favorites.star(recipes[4].id)
        let again = try screen(await search.current())
        #expect(again.recipes.filter { $0.isFavorite == true }.map(\.number) == [3, 5])
    }

    @Test func noResultsEndOfResultsAndOfflineAreDistinct() async throws {
        let empty = interactor(FakeSearcher(script: [:]))
        #expect(await empty.search(query) == .noResults(query, gaps: [
            PageGap(number: 1, reason: .empty), PageGap(number: 2, reason: .empty), PageGap(number: 3, reason: .empty),
        ]))

        let short = interactor(FakeSearcher(recipes: SampleRecipes.make(1...4)), prefetch: false)
        #expect(try screen(await short.search(query)).status == .last)
        #expect(await short.next() == .endOfResults(query))

        let dead = interactor(FakeSearcher(script: [:], fallback: .failure(.unreachable)))
        #expect(await dead.search(query) == .offline(.unreachable))

        let dying = interactor(FakeSearcher(script: [1: [.recipes(SampleRecipes.make(1...4))]], fallback: .failure(.timeout)))
        #expect(try screen(await dying.search(query)).status == .offline(.timeout))
        #expect(await dying.next() == .offline(.timeout))
    }

    @Test func retryAfterOfflineCarriesOnWhereItStopped() async throws {
        let recipes = SampleRecipes.make(1...20)
        let searcher = FakeSearcher(script: [
            1: [.recipes(Array(recipes[0..<10]))],
            2: [.failure(.unreachable), .failure(.unreachable), .recipes(Array(recipes[10..<20]))],
        ], fallback: .failure(.unreachable))
        let search = interactor(searcher, prefetch: false)
        _ = try screen(await search.search(query))
        #expect(await search.next() == .offline(.unreachable))
        let retried = try screen(await search.retry())
        #expect(retried.recipes.map(\.number) == Array(11...20))
    }

    @Test func anEmptyQueryFailsWithoutARequest() async {
        let searcher = FakeSearcher(script: [:])
        let search = interactor(searcher)
        #expect(await search.search(SearchQuery(ingredientText: " , ")) == .failed(.invalidQuery))
        #expect(searcher.asks.isEmpty)
        #expect(await search.next() == .noSearch)
    }

    @Test func aNewSearchCancelsTheOldPrefetchAndDropsItsLateAnswers() async throws {
        let old = query
        let gated = GatedSearcher(FakeSearcher(recipes: SampleRecipes.make(1...40))) { query, page in query == old && page == 2 }
        let search = interactor(gated)
        _ = try screen(await search.search(old))
        #expect(await eventually { gated.latch.arrivals > 0 })
        // The prefetch of the old search's page 2 is waiting; a new search replaces it.
        let other = SearchQuery(ingredientText: "onions")
        let second = try screen(await search.search(other))
        #expect(second.query == other)
        gated.latch.open()
        await search.waitForPrefetch()
        let next = try screen(await search.next())
        #expect(next.query == other)
        #expect(next.recipes.map(\.number) == Array(11...20))
        #expect(await eventually { gated.cancellations > 0 })
        #expect(gated.cancellations == 1)
        // The old search's page 2 was asked once; then the new search's pages, its prefetch of page 3
        // (started with the second screen) waited for.
        await search.waitForPrefetch()
        #expect(gated.asks == [1, 1, 2, 3])
    }
}

@Suite struct BrokenServers {
    let query = SearchQuery(ingredientText: "eggs")

    @Test func aServerThatOnlyFailsIsAFailureNotAnEmptySearch() async {
        let search = SearchInteractor(searcher: FakeSearcher(script: [:], fallback: .failure(.malformedBody.with(detail: "not JSON"))),
                                      favorites: nil, time: FakeTime())
        guard case .unanswered(_, let gaps) = await search.search(query) else {
            Issue.record("a server failing every page is not an empty search")
            return
        }
        #expect(gaps.map(\.number) == [1, 2, 3])
        #expect(gaps.allSatisfy { $0.failure == .malformedResponse && $0.failure?.attempts == 2 })
    }

    @Test func aFailedFirstPageBeforeEmptyPagesIsNotNothingFound() async {
        let failure = FakeSearcher.Answer.failure(.badStatus.with(status: 500, detail: "HTTP 500 for page 1"))
        let search = SearchInteractor(searcher: FakeSearcher(script: [1: [failure]], fallback: .recipes([])), favorites: nil, time: FakeTime())
        guard case .unanswered(_, let gaps) = await search.search(query) else {
            Issue.record("a search whose first page failed was reported as finding nothing")
            return
        }
        #expect(gaps.first?.failure?.status == 500)
        #expect(gaps.map(\.number) == [1, 2, 3])
    }
}

@Suite struct InvalidQueries {
    @Test func anInvalidQueryLeavesTheCurrentSearchAndItsPrefetchAlone() async throws {
        let gated = GatedSearcher(FakeSearcher(recipes: SampleRecipes.make(1...30))) { _, page in page == 2 }
        let search = SearchInteractor(searcher: gated, favorites: nil, time: FakeTime())
        _ = await search.search(SearchQuery(ingredientText: "eggs"))
        #expect(await eventually { gated.latch.arrivals > 0 }, "the prefetch of page 2 is waiting")
        #expect(await search.search(SearchQuery(ingredientText: ",")) == .failed(.invalidQuery))
        gated.latch.open()
        await search.waitForPrefetch()
        #expect(gated.cancellations == 0)
        #expect(await search.prefetchCount == 1)
        guard case .screen(let next) = await search.next() else { Issue.record("the search was lost"); return }
        #expect(next.recipes.map(\.number) == Array(11...20))
    }
}

/// Every page holds ten recipes never seen before, all with milk: a server without end.
final class EndlessDairySearcher: RecipeSearching {
    private let asked = Locked(0)

    func validate(_ query: SearchQuery) throws(ServiceError) {}

    func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage {
        asked.withLock { $0 += 1 }
        let recipes = (1...10).map { index in
            Recipe(title: "Cheese \(number)-\(index)", href: "http://example.test/\(number)/\(index)", ingredients: ["milk"], thumbnail: nil)
        }
        return SearchPage(number: number, recipes: recipes)
    }

    var asks: Int { asked.withLock { $0 } }
}

/// Favorites that cannot be read.
final class BrokenFavoriteStatus: FavoriteStatusProviding {
    func favoriteIDs(among ids: [RecipeID]) async throws(ServiceError) -> Set<RecipeID> {
        throw .storage.with(detail: "disk I/O error")
    }
}

@Suite struct PagingUnderPressure {
    let query = SearchQuery(ingredientText: "eggs")

    @Test func cancellingAFetchSaysCancelledAndLeavesTheSearchToCarryOn() async throws {
        let gated = GatedSearcher(FakeSearcher(recipes: SampleRecipes.make(1...30))) { _, page in page == 2 }
        let search = SearchInteractor(searcher: gated, favorites: nil, time: FakeTime(), configuration: .init(prefetch: false))
        _ = await search.search(query)
        let asking = Task { await search.next() }
        #expect(await eventually { gated.latch.arrivals > 0 })
        asking.cancel()
        gated.latch.open()
        #expect(await asking.value == .cancelled)
        guard case .screen(let next) = await search.next() else { Issue.record("the search did not carry on"); return }
        #expect(next.recipes.map(\.number) == Array(11...20))
    }

    @Test func cancellingTheFirstSearchIsNotTheEndOfResults() async throws {
        let gated = GatedSearcher(FakeSearcher(recipes: SampleRecipes.make(1...30))) { _, page in page == 1 }
        let search = SearchInteractor(searcher: gated, favorites: nil, time: FakeTime(), configuration: .init(prefetch: false))
        let asking = Task { await search.search(query) }
        #expect(await eventually { gated.latch.arrivals > 0 })
        asking.cancel()
        gated.latch.open()
        #expect(await asking.value == .cancelled)
        guard case .screen(let first) = await search.next() else { Issue.record("the search did not carry on"); return }
        #expect(first.recipes.map(\.number) == Array(1...10))
    }

    @Test func aFilterWhileThePrefetchWaitsKeepsTheServersOrder() async throws {
        let gated = GatedSearcher(FakeSearcher(recipes: SampleRecipes.make(1...60))) { _, page in page == 2 }
        let search = SearchInteractor(searcher: gated, favorites: nil, time: FakeTime())
        _ = await search.search(query)
        #expect(await eventually { gated.latch.arrivals > 0 }, "the prefetch of page 2 waits")
        let filtering = Task { await search.setFilter(.lactoseFree) }
        // Give the filter every chance to start a request of its own beside the waiting one.
        for _ in 0..<50 { await Task.yield() }
        gated.latch.open()
        guard case .screen(let filtered) = await filtering.value else { Issue.record("no screen"); return }
        await search.waitForPrefetch()
        #expect(filtered.recipes.allSatisfy { $0.recipe.title == "Recipe \($0.number)" }, "\(filtered.recipes.map(\.recipe.title))")
        guard case .screen(let next) = await search.next() else { Issue.record("no next screen"); return }
        #expect(next.recipes.allSatisfy { $0.recipe.title == "Recipe \($0.number)" }, "\(next.recipes.map(\.recipe.title))")
    }

    @Test func aFilterHidingAnEndlessServerStopsAfterTenPagesAndCanLookFurther() async throws {
        let searcher = EndlessDairySearcher()
        let search = SearchInteractor(searcher: searcher, favorites: nil, time: FakeTime(), configuration: .init(prefetch: false))
        _ = await search.search(query)
        guard case .screen(let hidden) = await search.setFilter(.lactoseFree) else { Issue.record("no screen"); return }
        #expect(hidden.recipes.isEmpty)
        #expect(hidden.pagesLookedAt == 10)
        #expect(hidden.hiddenCount == 110)
        #expect(hidden.status == .more)
        #expect(searcher.asks == 11)
        guard case .screen(let further) = await search.next() else { Issue.record("no screen"); return }
        #expect(further.pagesLookedAt == 10)
        #expect(searcher.asks == 21)
    }

    @Test func starsThatCannotBeReadAreUnknownAndSaidSo() async throws {
        let search = SearchInteractor(searcher: FakeSearcher(recipes: SampleRecipes.make(1...5)), favorites: BrokenFavoriteStatus(),
                                      time: FakeTime())
        guard case .screen(let screen) = await search.search(query) else { Issue.record("no screen"); return }
        #expect(screen.starsProblem == .storage)
        #expect(screen.recipes.allSatisfy { $0.isFavorite == nil })
        #expect(await search.recipe(number: 2)?.isFavorite == nil)
    }

    @Test func hiddenCountsOnlyWhatWasPassedNotEverythingFetched() async throws {
        let search = SearchInteractor(searcher: FakeSearcher(recipes: SampleRecipes.make(1...40)), favorites: nil, time: FakeTime())
        _ = await search.search(query)
        await search.waitForPrefetch()
        guard case .screen(let filtered) = await search.setFilter(.lactoseFree) else { Issue.record("no screen"); return }
        // Recipes 3, 6, 9, 12 and 15 have milk; the screen ends at 14, so four were passed over.
        #expect(filtered.recipes.map(\.number) == [1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
        #expect(filtered.hiddenCount == 4)
    }
}

/// Pages kept from an earlier search, in memory.
final class KeptPages: SavedSearchPages {
    let pages: [Int: SearchPage]

    init(_ recipes: [Recipe], savedAt: Date) {
        var pages: [Int: SearchPage] = [:]
        for (index, start) in stride(from: 0, to: recipes.count, by: 10).enumerated() {
            pages[index + 1] = SearchPage(number: index + 1, recipes: Array(recipes[start..<min(recipes.count, start + 10)]), savedAt: savedAt)
        }
        self.pages = pages
    }

    func savedPage(_ query: SearchQuery, number: Int) -> SearchPage? {
        pages[number]
    }
}

@Suite struct SearchesRunBefore {
    let query = SearchQuery(ingredientText: "eggs")
    let savedAt = Date(timeIntervalSince1970: 1_799_000_000)

    @Test func aSearchRunBeforeShowsItsKeptPagesAtOnceThenChecksTheServer() async throws {
        let network = GatedSearcher(FakeSearcher(recipes: SampleRecipes.make(1...20)))
        let search = SearchInteractor(searcher: network, saved: KeptPages(SampleRecipes.make(1...20), savedAt: savedAt), favorites: nil,
                                      time: FakeTime(), configuration: .init(prefetch: false))
        guard case .screen(let screen) = await search.search(query) else { Issue.record("no screen"); return }
        // Shown while the server has not answered anything.
        #expect(network.asks.isEmpty)
        #expect(screen.recipes.map(\.number) == Array(1...10))
        #expect(screen.saved == SavedResults(savedAt: savedAt, offline: false))
        network.latch.open()
        #expect(await search.savedResultsCheck() == .current)
        #expect(network.asks == [1])
    }

    @Test func theCheckSaysWhenTheServerChangedAndWhenItIsGone() async throws {
        let changed = SearchInteractor(searcher: FakeSearcher(recipes: SampleRecipes.make(5...20)),
                                       saved: KeptPages(SampleRecipes.make(1...20), savedAt: savedAt), favorites: nil, time: FakeTime())
        _ = await changed.search(query)
        #expect(await changed.savedResultsCheck() == .changed)

        let gone = SearchInteractor(searcher: FakeSearcher(script: [:], fallback: .failure(.unreachable)),
                                    saved: KeptPages(SampleRecipes.make(1...20), savedAt: savedAt), favorites: nil, time: FakeTime())
        _ = await gone.search(query)
        #expect(await gone.savedResultsCheck() == .changed, "a network that fails without a kept copy behind it")
    }

    @Test func withoutStartingFromKeptPagesTheServerIsAskedFirst() async throws {
        let network = FakeSearcher(recipes: SampleRecipes.make(1...20))
        let search = SearchInteractor(searcher: network, saved: KeptPages(SampleRecipes.make(1...20), savedAt: savedAt), favorites: nil,
                                      time: FakeTime(), configuration: .init(prefetch: false, startsFromSavedPages: false))
        guard case .screen(let screen) = await search.search(query) else { Issue.record("no screen"); return }
        #expect(network.asks == [1])
        #expect(screen.saved == nil)
        #expect(await search.savedResultsCheck() == nil)
    }
}
