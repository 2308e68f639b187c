import Foundation
import Testing
import Entity
import PageReader
import RecipeReader
@testable import Services
import Interactor
import Router
import TestSupport
@testable import Presenter
import ServiceSupport

/// A fetcher whose pages are all kept in the cache, and whose network is down.
final class KeptPages: PageFetching {
    let pages: [String: String]
    let network = FakePageFetcher(pages: [:], unknown: .notFound, picture: nil)

    init(_ pages: [String: String]) {
        self.pages = pages
        network.fail(pages: .unreachable.with(detail: "offline"), pictures: nil)
    }

    func page(at href: String) async throws(ServiceError) -> RecipePage { try await network.page(at: href) }
    func thumbnail(at url: String) async throws(ServiceError) -> RecipeImage { try await network.thumbnail(at: url) }
    func browserAddress(for href: String) -> String { href.replacingOccurrences(of: "example.test", with: "127.0.0.1:8080") }
    func keptPage(at href: String) -> RecipePage? {
        pages[href].map { RecipePage(html: $0, document: HTMLReader.read($0), recipe: RecipeExtractor.extract(html: $0, url: URL(string: href))) }
    }
}

@MainActor
@Suite struct RecipeVideosPresenting {
    /// A recipe page whose structured data names `video` (none when nil).
    static func page(video: String?) -> String {
        let member = video.map { #","video":{"@type":"VideoObject","name":"How to","embedUrl":"\#($0)"}"# } ?? ""
        return """
        <html><head><title>Pie</title><script type="application/ld+json">
        {"@context":"https://schema.org","@type":"Recipe","name":"Pie","recipeYield":"6","recipeIngredient":["2 apples","1 crust"],
         "recipeInstructions":"Fill the crust and bake."\(member)}
        </script></head><body><h1>Pie</h1></body></html>
        """
    }

    static let pages = [
        "http://example.test/recipes/1": page(video: "http://example.test/videos/1"),
        "http://example.test/recipes/2": page(video: nil),
        "http://example.test/recipes/4": page(video: "file:///etc/passwd"),
    ]

    @Test func detailsShowTheVideoOnceThePageIsKnown() async throws {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)), pages: Self.pages)
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.show(1)
        guard case .recipe(let before) = stack.view.shown.last else { Issue.record("no recipe shown"); return }
        #expect(!before.fields.contains { $0.label == "Video" }, "the page was not read: nothing is fetched for the details")
        await stack.presenter.list.open(1, .recipe)
        await stack.presenter.list.show(1)
        guard case .recipe(let after) = stack.view.shown.last else { Issue.record("no recipe shown"); return }
        #expect(after.fields.suffix(2).map(\.label) == ["Yields", "Video"])
        #expect(after.fields.first { $0.label == "Video" }?.value == "http://example.test/videos/1")
        await stack.presenter.list.open(2, .recipe)
        await stack.presenter.list.show(2)
        guard case .recipe(let noVideo) = stack.view.shown.last else { Issue.record("no recipe shown"); return }
        #expect(noVideo.fields.contains { $0.label == "Yields" } && !noVideo.fields.contains { $0.label == "Video" })
    }

    @Test func theVideoOpensInTheBrowserReadingThePageOnlyWhenItIsNotKnown() async throws {
        let fetcher = FakePageFetcher(pages: Self.pages, unknown: .notFound, picture: nil)
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)), fetcher: fetcher)
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.web(1, .video)
        #expect(stack.view.opened == ["http://example.test/videos/1"])
        #expect(stack.view.messages.last?.text == "Opened the video of “Recipe 1” with test-browser: http://example.test/videos/1")
        #expect(stack.view.activities == ["Searching eggs", nil, "Reading the page of Recipe 1", nil])
        await stack.presenter.list.web(1, .video)
        #expect(stack.view.opened.count == 2)
        #expect(fetcher.pageAsks == ["http://example.test/recipes/1"], "the second time the page read a moment ago is used")
        await stack.presenter.list.web(1, .page)
        #expect(stack.view.opened.last == "http://example.test/recipes/1")
        #expect(stack.view.messages.last?.text == "Opened “Recipe 1” with test-browser: http://example.test/recipes/1")
    }

    @Test func aPageKeptInTheCacheNamesTheVideoWithoutTheNetworkAtItsBrowserAddress() async throws {
        let fetcher = KeptPages(Self.pages)
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)), fetcher: fetcher)
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.web(1, .video)
        #expect(stack.view.opened == ["http://127.0.0.1:8080/videos/1"])
        #expect(fetcher.network.pageAsks.isEmpty, "the kept page was used, not the network")
    }

    @Test func aPageWithoutAVideoSaysSoAndOpensNothing() async throws {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)), pages: Self.pages)
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.web(2, .video)
        #expect(stack.view.messages.last == MessageModel(.info, "Recipe 2's page names no video."))
        await stack.presenter.list.copyLink(2, .video)
        #expect(stack.view.messages.last == MessageModel(.info, "Recipe 2's page names no video."))
        // A page that cannot be read says why, as o N would.
        await stack.presenter.list.web(3, .video)
        #expect(stack.view.messages.last?.kind == .error)
        #expect(stack.view.messages.last?.text.contains("404") == true)
        // A video named by an address that is not on the web is not handed to the browser.
        await stack.presenter.list.web(4, .video)
        #expect(stack.view.messages.last?.text
                == "Recipe 4's page names its video as file:///etc/passwd, which is not a web address; nothing was opened.")
        // Nor put on the clipboard.
        await stack.presenter.list.copyLink(4, .video)
        #expect(stack.view.messages.last?.text
                == "Recipe 4's page names its video as file:///etc/passwd, which is not a web address; nothing was copied.")
        #expect(stack.view.opened.isEmpty)
        #expect(stack.view.copied.isEmpty)
    }

    @Test func theVideoLinkIsCopied() async throws {
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)), pages: Self.pages)
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.copyLink(1, .video)
        #expect(stack.view.copied == ["http://example.test/videos/1"])
        #expect(stack.view.messages.last?.text == "Copied the video link of “Recipe 1”: http://example.test/videos/1")
    }

    @Test func aFavoriteShowsAndOpensItsVideoFromTheSavedPage() async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = FakePageFetcher(pages: Self.pages, unknown: .notFound, picture: fetchedPicture)
            let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...5)), store: try FavoritesStore(directory: folder),
                                       fetcher: fetcher)
            await stack.presenter.search(ingredients: ["eggs"], title: "")
            await stack.presenter.list.favorite(1)
            await stack.presenter.finish()
            await stack.presenter.showFavorites(matching: "")
            await stack.presenter.list.show(1)
            guard case .recipe(let detail) = stack.view.shown.last else { Issue.record("favorite 1 not shown"); return }
            #expect(detail.fields.first { $0.label == "Video" }?.value == "http://example.test/videos/1")
            fetcher.fail(pages: .unreachable.with(detail: "offline"), pictures: nil)
            await stack.presenter.list.web(1, .video)
            #expect(stack.view.opened == ["http://example.test/videos/1"], "the saved page names the video with the network off")
        }
    }
}
