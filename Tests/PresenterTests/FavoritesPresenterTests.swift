import Foundation
import Testing
import Entity
@testable import Services
import Interactor
import Router
import TestSupport
@testable import Presenter

/// A picture that decodes, as every fetched picture a favorite keeps must.
let fetchedPicture = RecipeImage(bytes: PictureFixtures.palettePNG, contentType: "image/png")

@MainActor
@Suite struct FavoritesPresenting {
    /// Saves recipes 1…`count` through the search list, newest last, and waits for the saves.
    func stackWithFavorites(_ folder: URL, count: Int, fetcher: FakePageFetcher = FakePageFetcher(picture: fetchedPicture)) async throws -> PresenterStack {
        let time = FakeTime()
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...12)), store: try FavoritesStore(directory: folder),
                                   fetcher: fetcher, time: time)
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        for number in 1...count {
            time.advance(by: 60)
            await stack.presenter.list.favorite(number)
            await stack.presenter.finish()
        }
        return stack
    }

    @Test func savingSaysWhatWasSavedAndAgainThatItIsAFavoriteAlready() async throws {
        try await TemporaryDirectory.with { folder in
            let stack = try await stackWithFavorites(folder, count: 1)
            #expect(stack.view.messages.map(\.text).filter { !$0.hasPrefix("Waiting") } == [
                "★ “Recipe 1” is a favorite; fetching its page and picture…", "★ Saved “Recipe 1” with its page and picture: readable offline.",
            ])
            await stack.presenter.list.favorite(1)
            await stack.presenter.finish()
            #expect(stack.view.messages.last?.text == "“Recipe 1” is already a favorite.")
        }
    }

    @Test func aRecipeWithoutAPictureIsNotSaidToBeSavedWithOne() async throws {
        try await TemporaryDirectory.with { folder in
            let noPicture = Recipe(title: "Plain Rice", href: "http://example.test/rice", ingredients: ["rice"], thumbnail: nil)
            let stack = PresenterStack(FakeSearcher(recipes: [noPicture]), store: try FavoritesStore(directory: folder), fetcher: FakePageFetcher())
            await stack.presenter.search(ingredients: ["rice"], title: "")
            await stack.presenter.list.favorite(1)
            await stack.presenter.finish()
            #expect(stack.view.messages.map(\.text).filter { !$0.hasPrefix("Waiting") } == [
                "★ “Plain Rice” is a favorite; fetching its page…", "★ Saved “Plain Rice” with its page: readable offline.",
            ])
        }
    }

    @Test func aPictureThatDoesNotDecodeIsNotKeptAndTheReportSaysSo() async throws {
        try await TemporaryDirectory.with { folder in
            let garbage = RecipeImage(bytes: Data("<html>Not found</html>".utf8), contentType: "image/png")
            let stack = try await stackWithFavorites(folder, count: 1, fetcher: FakePageFetcher(picture: garbage))
            let report = try #require(stack.view.messages.last)
            #expect(report.kind == .warning)
            #expect(report.text.hasPrefix("★ Saved “Recipe 1”, but not its picture ("), "\(report.text)")
            #expect(report.hint == "Open favorites and type refresh to fetch what is missing.")
            await stack.presenter.showFavorites(matching: "")
            await stack.presenter.list.show(1)
            guard case .recipe(let detail) = stack.view.shown.last else { Issue.record("favorite 1 not shown"); return }
            #expect(detail.fields.first { $0.label == "Picture" }?.value == "not saved (refresh fetches it)")
        }
    }

    @Test func unfavoritingKeepsTheNumbersAndSaysHowToUndo() async throws {
        try await TemporaryDirectory.with { folder in
            let stack = try await stackWithFavorites(folder, count: 3)
            await stack.presenter.showFavorites(matching: "")
            #expect(stack.view.lastScreen?.cards.map(\.title) == ["Recipe 3", "Recipe 2", "Recipe 1"])
            await stack.presenter.list.unfavorite(2)
            let removed = try #require(stack.view.messages.last)
            #expect(removed.text == "Removed “Recipe 2” from favorites.")
            #expect(removed.hint == "fav 2 puts it back, with its page and picture.")
            await stack.presenter.list.unfavorite(2)
            #expect(stack.view.messages.last?.text == "“Recipe 2” (2) is no longer a favorite.")
            await stack.presenter.list.show(3)
            guard case .recipe(let detail) = stack.view.shown.last else { Issue.record("favorite 3 not shown"); return }
            #expect(detail.title == "Recipe 1")
            await stack.presenter.list.favorite(2)
            #expect(stack.view.messages.last?.text == "★ “Recipe 2” is a favorite again, with everything it was saved with.")
            await stack.presenter.showFavorites(matching: "")
            #expect(stack.view.lastScreen?.cards.map(\.title) == ["Recipe 3", "Recipe 2", "Recipe 1"])
        }
    }

    @Test func backAfterRemovingShowsTheScreenNotAnotherRecipe() async throws {
        try await TemporaryDirectory.with { folder in
            let stack = try await stackWithFavorites(folder, count: 3)
            await stack.presenter.showFavorites(matching: "")
            await stack.presenter.list.show(2)
            await stack.presenter.list.unfavorite(2)
            stack.view.clear()
            await stack.presenter.back()
            #expect(stack.view.lastScreen?.cards.map(\.number) == [1, 3])
        }
    }

    @Test func refreshFetchesWhatEveryFavoriteLacksNotJustThoseOnScreen() async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = FakePageFetcher(picture: fetchedPicture)
            fetcher.fail(pages: .unreachable, pictures: nil)
            let stack = try await stackWithFavorites(folder, count: 5, fetcher: fetcher)
            #expect(stack.view.messages.last?.text.hasPrefix("★ Saved “Recipe 5”, but not its page") == true)
            await stack.presenter.showFavorites(matching: "recipe 5")
            fetcher.recover()
            stack.view.clear()
            await stack.presenter.list.refresh()
            #expect(stack.view.messages.count == 5)
            #expect(stack.view.messages.allSatisfy { $0.text.hasSuffix("is a favorite, with its page and picture.") })
            stack.view.clear()
            await stack.presenter.list.refresh()
            #expect(stack.view.messages.map(\.text) == ["Nothing is missing: every favorite has its page and picture."])
        }
    }

    @Test func aDatabaseThatFailsIsSaidNotTakenForNothingMissing() async throws {
        try await TemporaryDirectory.with { folder in
            let stack = try await stackWithFavorites(folder, count: 1)
            await stack.presenter.showFavorites(matching: "")
            // Another program breaks the file under the running store.
            let other = try SQLiteDatabase(path: folder.appendingPathComponent(FavoritesStore.fileName).path, create: false)
            try other.execute("DROP TABLE favorites")
            other.close()
            stack.view.clear()
            await stack.presenter.list.refresh()
            let message = try #require(stack.view.messages.last)
            #expect(message.kind == .error)
            #expect(!message.text.hasPrefix("Nothing is missing"))
        }
    }
}
