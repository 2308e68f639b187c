import Foundation
import Testing
import Entity
import Services
import TestSupport
@testable import Interactor
import HTTPTransport

/// A picture that decodes, as every fetched picture a favorite keeps must.
let fetchedPicture = RecipeImage(bytes: PictureFixtures.palettePNG, contentType: "image/png")

@Suite struct FavoriteUseCases {
    func interactor(_ folder: URL, fetcher: FakePageFetcher = FakePageFetcher(picture: fetchedPicture), time: FakeTime = FakeTime(),
                    screenSize: Int = 10) throws -> FavoritesInteractor {
        FavoritesInteractor(store: try FavoritesStore(directory: folder), unavailable: nil, fetcher: fetcher, time: time,
                            screenSize: screenSize)
    }

    @Test func whatCannotBeFetchedIsReportedAndFetchedLater() async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = FakePageFetcher(picture: fetchedPicture)
            fetcher.fail(pages: .badStatus.with(status: 503, detail: "HTTP 503"), pictures: .timeout)
            let favorites = try interactor(folder, fetcher: fetcher)
            let recipe = SampleRecipes.make(1...1)[0]
            let report = try await favorites.save(recipe)
            #expect(report.missing.map(\.part) == [.page, .picture])
            #expect(report.missing.first?.error.status == 503)
            #expect(report.missing.first?.error.operation == .saveFavorite)
            #expect(!report.wasFavorite)
            #expect(try await favorites.favorite(id: recipe.id)?.missing == [.page, .picture])
            #expect(try await favorites.incomplete() == [recipe.id])

            fetcher.recover()
            let completed = try #require(try await favorites.completeMissing(recipe.id))
            #expect(completed.missing.isEmpty)
            #expect(completed.hasPage && completed.hasPicture)
            let whole = try #require(try await favorites.favorite(id: recipe.id))
            #expect(whole.missing.isEmpty)
            #expect(whole.thumbnail?.bytes == PictureFixtures.palettePNG)
            let saved = try #require(try await favorites.savedPage(for: recipe.id))
            #expect(saved.page.document.blocks.contains(.paragraph("Page of \(recipe.href)")))
            #expect(try await favorites.incomplete().isEmpty)
        }
    }

    @Test func starringAFavoriteAgainNeverErasesWhatItWasSavedWith() async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = FakePageFetcher(picture: fetchedPicture)
            let favorites = try interactor(folder, fetcher: fetcher)
            let recipe = SampleRecipes.make(1...1)[0]
            _ = try await favorites.save(recipe)
            fetcher.fail(pages: .unreachable, pictures: .unreachable)
            let again = try await favorites.save(recipe)
            #expect(again.wasFavorite)
            #expect(again.missing.isEmpty)
            #expect(again.hasPage && again.hasPicture)
            let whole = try #require(try await favorites.favorite(id: recipe.id))
            #expect(whole.page != nil)
            #expect(whole.thumbnail?.bytes == PictureFixtures.palettePNG)
            #expect(fetcher.pageAsks.count == 1, "nothing is fetched for what the favorite already has")
        }
    }

    @Test func theFavoritesScreenIsNewestFirstNumberedAndPaged() async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let favorites = try interactor(folder, time: time, screenSize: 4)
            for recipe in SampleRecipes.make(1...10) {
                time.advance(by: 60)
                _ = try await favorites.save(recipe)
            }
            let first = try await favorites.firstScreen(matching: "")
            #expect(first.favorites.map(\.number) == [1, 2, 3, 4])
            #expect(first.favorites.map(\.summary.recipe.title) == ["Recipe 10", "Recipe 9", "Recipe 8", "Recipe 7"])
            #expect(first.total == 10)
            #expect(!first.isLast)
            let second = try #require(try await favorites.nextScreen())
            #expect(second.favorites.map(\.number) == [5, 6, 7, 8])
            #expect(try await favorites.favorite(number: 6)?.recipe.title == "Recipe 5")
            let last = try #require(try await favorites.nextScreen())
            #expect(last.favorites.map(\.number) == [9, 10])
            #expect(last.isLast)
            #expect(try await favorites.nextScreen() == nil)
            #expect(try await favorites.previousScreen()?.favorites.map(\.number) == [5, 6, 7, 8])
            let searched = try await favorites.firstScreen(matching: "recipe 4")
            #expect(searched.favorites.map(\.summary.recipe.title) == ["Recipe 4"])
        }
    }

    @Test func aNumberMeansTheFavoriteShownUnderItWhateverHappensMeanwhile() async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let favorites = try interactor(folder, time: time, screenSize: 4)
            let recipes = SampleRecipes.make(1...6)
            for recipe in recipes {
                time.advance(by: 60)
                _ = try await favorites.save(recipe)
            }
            _ = try await favorites.firstScreen(matching: "")
            // Shown: 1 Recipe 6, 2 Recipe 5, 3 Recipe 4, 4 Recipe 3. A save lands (another process, or a
            // download finishing), and favorite 2 is removed.
            time.advance(by: 60)
            _ = try await favorites.save(SampleRecipes.make(7...7)[0])
            #expect(try await favorites.favorite(number: 3)?.recipe.title == "Recipe 4")
            #expect(try await favorites.remove(recipes[4].id)?.recipe.title == "Recipe 5")
            #expect(try await favorites.favorite(number: 2) == nil, "2 was removed; nothing else takes its number")
            #expect(await favorites.listedRecipe(number: 2)?.isFavorite == false)
            #expect(try await favorites.favorite(number: 3)?.recipe.title == "Recipe 4")
            // The next screen goes on after the last one shown, numbers too.
            let next = try #require(try await favorites.nextScreen())
            #expect(next.favorites.map(\.number) == [5, 6])
            #expect(next.favorites.map(\.summary.recipe.title) == ["Recipe 2", "Recipe 1"])
            // The screen shown again leaves the removed one out, and keeps the numbers.
            let again = try #require(try await favorites.previousScreen())
            #expect(again.favorites.map(\.number) == [1, 3, 4])
        }
    }

    @Test func removingCanBeUndoneWithEverythingItWasSavedWith() async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = FakePageFetcher(picture: fetchedPicture)
            let favorites = try interactor(folder, fetcher: fetcher)
            let recipe = SampleRecipes.make(1...1)[0]
            _ = try await favorites.save(recipe)
            let saved = try #require(try await favorites.favorite(id: recipe.id))
            #expect(try await favorites.remove(recipe.id) != nil)
            #expect(try await favorites.remove(recipe.id) == nil)
            fetcher.fail(pages: .unreachable, pictures: .unreachable)
            #expect(try await favorites.restore(recipe.id)?.recipe == recipe)
            #expect(try await favorites.favorite(id: recipe.id) == saved)
            #expect(try await favorites.restore(recipe.id) == nil)
        }
    }

    @Test func withoutAStoreEveryUseCaseSaysWhy() async {
        let favorites = FavoritesInteractor(store: nil, unavailable: .storageTooNew.with(detail: "version 9"), fetcher: FakePageFetcher(),
                                            time: FakeTime())
        let recipe = SampleRecipes.make(1...1)[0]
        #expect(await favorites.unavailableReason() == .storageTooNew)
        await #expect(throws: UseCaseError.storageTooNew) { try await favorites.save(recipe) }
        await #expect(throws: UseCaseError.storageTooNew) { try await favorites.firstScreen(matching: "") }
        await #expect(throws: UseCaseError.storageTooNew) { try await favorites.remove(recipe.id) }
        await #expect(throws: UseCaseError.storageTooNew) { try await favorites.incomplete() }
    }
}

/// A saved copy that cannot be read.
final class BrokenSavedPages: SavedPageProviding {
    func savedPage(for id: RecipeID) async throws(UseCaseError) -> (page: RecipePage, savedAt: Date)? {
        throw UseCaseError.storageCorrupt.with(operation: .favorites, detail: "file is not a database")
    }
}

@Suite struct Reading {
    @Test func aPageJustReadIsSavedWithoutFetchingItAgainAndThenReadOffline() async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = FakePageFetcher(picture: fetchedPicture)
            let recent = RecentPages()
            let favorites = FavoritesInteractor(store: try FavoritesStore(directory: folder), unavailable: nil, fetcher: fetcher,
                                                recentPages: recent, time: FakeTime())
            let reading = ReadingInteractor(fetcher: fetcher, saved: favorites, recent: recent)
            let recipe = SampleRecipes.make(2...2)[0]
            let online = try await reading.read(recipe)
            #expect(online.source == .online)
            _ = try await reading.read(recipe)
            #expect(fetcher.pageAsks.count == 1)
            #expect(try await favorites.save(recipe).missing.isEmpty)
            #expect(fetcher.pageAsks.count == 1)
            fetcher.fail(pages: .unreachable, pictures: .unreachable)
            let offline = try await reading.read(recipe)
            #expect(offline.source == .saved(FakeTime().now()))
            #expect(offline.document == online.document)
        }
    }

    @Test func aFailedReadSaysItWasAPageReadNotASearch() async {
        let fetcher = FakePageFetcher(unknown: .notFound)
        let reading = ReadingInteractor(fetcher: fetcher, saved: nil)
        let recipe = SampleRecipes.make(1...1)[0]
        do {
            _ = try await reading.read(recipe)
            Issue.record("a missing page was read")
        } catch {
            #expect(error == .serverError)
            #expect(error.status == 404)
            #expect(error.operation == .readPage)
        }
    }

    @Test func aSavedCopyThatCannotBeReadFallsBackOnlineAndSaysWhy() async throws {
        let reading = ReadingInteractor(fetcher: FakePageFetcher(), saved: BrokenSavedPages())
        let page = try await reading.read(SampleRecipes.make(1...1)[0])
        #expect(page.source == .online)
        #expect(page.savedCopyProblem == .storageCorrupt)
    }

    @Test func aLinkThatIsNotAWebAddressIsRefusedAsSuch() async {
        let reading = ReadingInteractor(fetcher: WebPageFetcher(transport: HTTPTransport()), saved: nil)
        let recipe = Recipe(title: "Trap", href: "javascript:alert(1)", ingredients: [], thumbnail: nil)
        await #expect(throws: UseCaseError.invalidAddress) { try await reading.read(recipe) }
    }
}
