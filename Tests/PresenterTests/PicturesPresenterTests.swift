import Foundation
import Testing
import Entity
import Services
import Interactor
import Router
import PuppyServer
import TestSupport
@testable import Presenter
import HTTPTransport

@MainActor
@Suite struct PicturesPresenting {
    func stack(picture: RecipeImage?, boxes: [PicturePurpose: PictureBox]) -> PresenterStack {
        let fetcher = FakePageFetcher(picture: picture)
        let stack = PresenterStack(FakeSearcher(recipes: SampleRecipes.make(1...3)), fetcher: fetcher, pictures: true)
        stack.view.pictureBoxes = boxes
        return stack
    }

    @Test func detailsShowThePictureScaledToTheViewsBoxAboveTheText() async throws {
        let stack = stack(picture: RecipeImage(bytes: PictureFixtures.baselineJPEG, contentType: "image/jpeg"),
                          boxes: [.detail: PictureBox(width: 8, height: 8, wantsPNG: true)])
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.show(2)
        let shown = stack.view.shown.suffix(2)
        guard case .picture(let picture, .detail)? = shown.first, case .recipe(let detail)? = shown.last else {
            Issue.record("expected the picture, then the details: \(shown)")
            return
        }
        #expect(detail.title == "Recipe 2")
        #expect(picture.width <= 8 && picture.height <= 8)
        #expect(picture.png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the terminal wants a PNG and gets one")
        #expect(picture.link == "http://example.test/thumbnails/2.png")
    }

    @Test func aViewWithoutPicturesGetsTheTextAlone() async throws {
        let stack = stack(picture: RecipeImage(bytes: PictureFixtures.baselineJPEG, contentType: "image/jpeg"), boxes: [:])
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.show(2)
        guard case .recipe = stack.view.shown.last else { Issue.record("no details"); return }
        #expect(!stack.view.shown.contains { if case .picture = $0 { true } else { false } })
        await stack.presenter.list.picture(2)
        #expect(stack.view.messages.last?.text == "No picture can be drawn here; it is at http://example.test/thumbnails/2.png.")
    }

    @Test func aDamagedPictureIsUnavailableNeverACrash() async throws {
        let stack = stack(picture: RecipeImage(bytes: PictureFixtures.baselineJPEG.prefix(40), contentType: "image/jpeg"),
                          boxes: [.large: PictureBox(width: 64, height: 64, wantsPNG: false), .detail: PictureBox(width: 8, height: 8, wantsPNG: false)])
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.picture(1)
        let message = try #require(stack.view.messages.last)
        #expect(message.text.hasPrefix("Picture unavailable ("))
        await stack.presenter.list.show(1)
        guard case .recipe = stack.view.shown.last else { Issue.record("details are shown without their picture"); return }
    }

    @Test func picturesBesideResultsComeWithTheCardsWhenTurnedOn() async throws {
        let stack = stack(picture: RecipeImage(bytes: PictureFixtures.baselineJPEG, contentType: "image/jpeg"),
                          boxes: [.card: PictureBox(width: 12, height: 10, wantsPNG: false)])
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        #expect(stack.view.lastScreen?.cards.allSatisfy { $0.picture == nil } == true, "off at first")
        await stack.presenter.set(.pictures(true))
        #expect(stack.view.messages.last?.text == "Pictures beside results: on.")
        await stack.presenter.list.first()
        #expect(stack.view.lastScreen?.cards.allSatisfy { $0.picture != nil } == true)
        await stack.presenter.set(.pictures(false))
        #expect(stack.view.messages.last?.text == "Pictures beside results: off.")
    }

    @Test func detailsTheReaderAndPicNShowThePagesPictureOnceItsPageIsReadCardsTheThumbnail() async throws {
        let server = PuppyServer(catalog: try PuppyServerFixture.sampleCatalog(), configuration: .init(host: "127.0.0.1", port: 0))
        try server.start()
        defer { server.shutdown() }
        let transport = HTTPTransport(configuration: .init(timeout: .seconds(5)))
        defer { transport.shutdown() }
        let base = server.baseURL.absoluteString
        let shakshuka = Recipe(title: "Shakshuka", href: "\(base)/recipes/shakshuka", ingredients: ["eggs"],
                               thumbnail: "\(base)/thumbnails/shakshuka.png")
        let stack = PresenterStack(FakeSearcher(recipes: [shakshuka]), fetcher: WebPageFetcher(transport: transport), pictures: true)
        let box = PictureBox(width: 1024, height: 1024, wantsPNG: false)
        stack.view.pictureBoxes = [.card: PictureBox(width: 120, height: 100, wantsPNG: false), .detail: box, .large: box]
        func lastPicture(_ purpose: PicturePurpose) -> PictureModel? {
            for item in stack.view.shown.reversed() { if case .picture(let picture, purpose) = item { return picture } }
            return nil
        }
        await stack.presenter.search(ingredients: ["eggs"], title: "")
        await stack.presenter.list.show(1)
        #expect(lastPicture(.detail)?.link == shakshuka.thumbnail, "the page is not known yet")

        await stack.presenter.list.open(1, .recipe)
        guard case .page(let page) = stack.view.shown.last else { Issue.record("no page shown"); return }
        let pagePicture = "\(base)/pictures/shakshuka.jpg"
        #expect(page.title == "Shakshuka")
        #expect(stack.view.pagePictures.last??.link == pagePicture)
        #expect(stack.view.pagePictures.last??.width == 32)
        await stack.presenter.list.show(1)
        #expect(lastPicture(.detail)?.link == pagePicture)
        await stack.presenter.list.picture(1)
        #expect(lastPicture(.large)?.link == pagePicture)

        await stack.presenter.set(.pictures(true))
        await stack.presenter.list.first()
        #expect(stack.view.lastScreen?.cards.first?.picture?.link == shakshuka.thumbnail)
    }
}
