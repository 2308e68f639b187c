import Foundation
import Testing
import Entity
import Services
import TestSupport
@testable import Interactor

/// Pages and pictures that fail until the test lets them through.
final class FlakyFetcher: PageFetching {
    private let working = Locked(false)

    func recover() { working.withLock { $0 = true } }

    func page(at href: String) async throws(ServiceError) -> RecipePage {
        guard working.withLock({ $0 }) else { throw .badStatus.with(status: 503, detail: "HTTP 503 for \(href)") }
        let html = "<h1>Saved</h1><p>Page of \(href)</p>"
        return RecipePage(html: html, document: HTMLReader.read(html))
    }

    func thumbnail(at url: String) async throws(ServiceError) -> RecipeImage {
        guard working.withLock({ $0 }) else { throw .timeout }
        return RecipeImage(bytes: Data([1, 2, 3]), contentType: "image/png")
    }
}

@Suite struct FavoriteUseCases {
    @Test func whatCannotBeFetchedIsReportedAndFetchedLater() async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = FlakyFetcher()
            let favorites = FavoritesInteractor(store: try FavoritesStore(directory: folder), unavailable: nil, fetcher: fetcher, time: FakeTime())
            let recipe = SampleRecipes.make(1...1)[0]
            let outcome = await favorites.save(recipe)
            guard case .saved(_, let missing) = outcome else { Issue.record("not saved: \(outcome)"); return }
            #expect(missing.map(\.part) == [.page, .picture])
            #expect(missing.first?.error.status == 503)
            #expect(try await favorites.favorite(id: recipe.id)?.missing == [.page, .picture])

            fetcher.recover()
            guard case .saved(_, let stillMissing) = await favorites.completeMissing(recipe.id) else { Issue.record("not completed"); return }
            #expect(stillMissing.isEmpty)
            let whole = try #require(try await favorites.favorite(id: recipe.id))
            #expect(whole.missing.isEmpty)
            #expect(whole.thumbnail?.bytes == Data([1, 2, 3]))
            let saved = try #require(try await favorites.savedPage(for: recipe.id))
            #expect(saved.document.blocks.contains(.paragraph("Page of \(recipe.href)")))
        }
    }

    @Test func theFavoritesScreenIsNewestFirstNumberedAndPaged() async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let favorites = FavoritesInteractor(store: try FavoritesStore(directory: folder), unavailable: nil, fetcher: FlakyFetcher(),
                                                time: time, screenSize: 4)
            for recipe in SampleRecipes.make(1...10) {
                time.advance(by: 60)
                _ = await favorites.save(recipe)
            }
            guard case .success(let first) = await favorites.screen(0, matching: "") else { Issue.record("no screen"); return }
            #expect(first.favorites.map(\.number) == [1, 2, 3, 4])
            #expect(first.favorites.map(\.summary.recipe.title) == ["Recipe 10", "Recipe 9", "Recipe 8", "Recipe 7"])
            #expect(first.total == 10)
            guard case .success(let second) = await favorites.move(by: 1) else { Issue.record("no second screen"); return }
            #expect(second.favorites.map(\.number) == [5, 6, 7, 8])
            #expect(try await favorites.favorite(number: 6)?.recipe.title == "Recipe 5")
            guard case .success(let last) = await favorites.move(by: 5) else { Issue.record("no last screen"); return }
            #expect(last.favorites.map(\.number) == [9, 10])
            #expect(last.isLast)
            #expect(await favorites.remove(SampleRecipes.make(3...3)[0].id) == .success(true))
            guard case .success(let searched) = await favorites.screen(0, matching: "recipe 4") else { Issue.record("no search"); return }
            #expect(searched.favorites.map(\.summary.recipe.title) == ["Recipe 4"])
        }
    }

    @Test func withoutAStoreEveryUseCaseSaysWhy() async {
        let favorites = FavoritesInteractor(store: nil, unavailable: .storageTooNew.with(detail: "version 9"), fetcher: FlakyFetcher(), time: FakeTime())
        let recipe = SampleRecipes.make(1...1)[0]
        #expect(await favorites.save(recipe) == .failed(recipe, .storageTooNew))
        #expect(await favorites.screen(0, matching: "") == .failure(.storageTooNew))
        #expect(await favorites.remove(recipe.id) == .failure(.storageTooNew))
    }
}

/// Counts the pages it is asked for.
final class CountingFetcher: PageFetching {
    private let asks = Locked(0)
    var pageRequests: Int { asks.withLock { $0 } }

    func page(at href: String) async throws(ServiceError) -> RecipePage {
        asks.withLock { $0 += 1 }
        return RecipePage(html: "<p>\(href)</p>", document: HTMLReader.read("<p>\(href)</p>"))
    }

    func thumbnail(at url: String) async throws(ServiceError) -> RecipeImage {
        RecipeImage(bytes: Data([9]), contentType: "image/png")
    }
}

@Suite struct ReadingThenSaving {
    @Test func aPageJustReadIsSavedWithoutFetchingItAgain() async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = CountingFetcher()
            let recent = RecentPages()
            let favorites = FavoritesInteractor(store: try FavoritesStore(directory: folder), unavailable: nil, fetcher: fetcher,
                                                recentPages: recent, time: FakeTime())
            let reading = ReadingInteractor(fetcher: fetcher, saved: favorites, recent: recent)
            let recipe = SampleRecipes.make(2...2)[0]
            guard case .success(let online) = await reading.read(recipe) else { Issue.record("not read"); return }
            #expect(online.source == .online)
            _ = await reading.read(recipe)
            #expect(fetcher.pageRequests == 1)
            guard case .saved(_, let missing) = await favorites.save(recipe) else { Issue.record("not saved"); return }
            #expect(missing.isEmpty)
            #expect(fetcher.pageRequests == 1)
            guard case .success(let offline) = await reading.read(recipe) else { Issue.record("not read"); return }
            #expect(offline.source == .saved(FakeTime().now()))
            #expect(offline.document == online.document)
        }
    }
}
