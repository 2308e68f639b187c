import Foundation
import Testing
import Entity
import Services
import PuppyServer
import TestSupport
@testable import Interactor
import HTTPTransport

@Suite struct PictureSources {
    let recipe = Recipe(title: "Omelette", href: "http://example.test/omelette", ingredients: ["eggs"],
                        thumbnail: "http://example.test/thumbnails/omelette.png")
    let pageImage = "http://example.test/photos/omelette.jpg"

    /// The picture use case over `fetcher`, with the page of `recipe` read (so its recipe is known).
    func pictures(_ fetcher: AddressedPageFetcher, read: Bool = true) async throws -> PictureInteractor {
        let reading = ReadingInteractor(fetcher: fetcher, saved: nil)
        if read { _ = try await reading.read(recipe) }
        return PictureInteractor(fetcher: fetcher, favorites: nil, reading: reading)
    }

    func fetcher(_ recipe: Recipe, image: AddressedPageFetcher.Answer?) -> AddressedPageFetcher {
        var pictures: [String: AddressedPageFetcher.Answer] = [:]
        pictures[pageImage] = image
        if let thumbnail = recipe.thumbnail { pictures[thumbnail] = .picture(PictureFixtures.palettePNG, type: "image/png") }
        return AddressedPageFetcher(pages: [recipe.href: AddressedPageFetcher.page(title: recipe.title, image: pageImage)], pictures: pictures)
    }

    @Test func thePagesPictureIsShownOnceThePageIsKnownAndCardsKeepTheThumbnail() async throws {
        try await PuppyServerFixture.withServer { server in
            let transport = HTTPTransport(configuration: .init(timeout: .seconds(5)))
            defer { transport.shutdown() }
            let fetcher = WebPageFetcher(transport: transport)
            let reading = ReadingInteractor(fetcher: fetcher, saved: nil)
            let pictures = PictureInteractor(fetcher: fetcher, favorites: nil, reading: reading)
            let shakshuka = served("shakshuka", title: "Shakshuka", by: server)

            let before = try await pictures.picture(of: shakshuka, fittingWidth: 1024, height: 1024, png: false)
            #expect(before.address == shakshuka.thumbnail, "the page is not known yet: it is not fetched for its picture")
            #expect(before.image.width == 32 && before.image.height == 32)

            _ = try await reading.read(shakshuka)
            let after = try await pictures.picture(of: shakshuka, fittingWidth: 1024, height: 1024, png: true)
            #expect(after.address == server.baseURL.absoluteString + "/pictures/shakshuka.jpg")
            #expect(after.image.width == 32 && after.image.height == 32)
            #expect(after.png?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)

            let card = try await pictures.picture(of: shakshuka, fittingWidth: 120, height: 100, png: false, pagePicture: false)
            #expect(card.address == shakshuka.thumbnail)
        }
    }

    @Test(arguments: [
        AddressedPageFetcher.Answer.picture(Data("<!doctype html><p>Moved</p>".utf8), type: "image/jpeg"),
        .picture(PictureFixtures.baselineJPEG.prefix(100), type: "image/jpeg"),
        .failure(.badStatus.with(status: 403, detail: "HTTP 403")),
        .failure(.unreachable),
    ])
    func aPagePictureThatCannotBeFetchedOrDecodedGivesWayToTheThumbnail(image: AddressedPageFetcher.Answer) async throws {
        let fetcher = fetcher(recipe, image: image)
        let shown = try await pictures(fetcher).picture(of: recipe, fittingWidth: 64, height: 64, png: false)
        #expect(shown.address == recipe.thumbnail)
        #expect(fetcher.pictureAsks == [pageImage, try #require(recipe.thumbnail)])
    }

    @Test func withoutAThumbnailTheFailedPagePictureIsTheReasonGiven() async throws {
        let bare = Recipe(title: recipe.title, href: recipe.href, ingredients: recipe.ingredients, thumbnail: nil)
        let fetcher = fetcher(bare, image: .failure(.badStatus.with(status: 404, detail: "HTTP 404 for \(pageImage)")))
        let reading = ReadingInteractor(fetcher: fetcher, saved: nil)
        let pictures = PictureInteractor(fetcher: fetcher, favorites: nil, reading: reading)
        do {
            _ = try await pictures.picture(of: bare, fittingWidth: 64, height: 64, png: false)
            Issue.record("the page is not known yet, and there is no thumbnail")
        } catch {
            #expect(error == .pictureUnavailable)
            #expect(error.detail == "the recipe has no picture")
        }
        _ = try await reading.read(bare)
        do {
            _ = try await pictures.picture(of: bare, fittingWidth: 64, height: 64, png: false)
            Issue.record("the page's picture is gone and there is no thumbnail")
        } catch {
            #expect(error == .serverError)
            #expect(error.status == 404)
            #expect(error.operation == .readPicture)
        }
    }

    @Test func aFavoriteWithoutASavedPictureShowsThePictureItsSavedPageNames() async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = fetcher(recipe, image: .failure(.timeout))
            fetcher.set(try #require(recipe.thumbnail), .failure(.timeout))
            let favorites = FavoritesInteractor(store: try FavoritesStore(directory: folder), unavailable: nil, fetcher: fetcher, time: FakeTime())
            #expect(try await favorites.save(recipe).missing.map(\.part) == [.picture])
            fetcher.set(pageImage, .picture(PictureFixtures.lossyWebP, type: "image/webp"))
            // No page read in this run: the favorite's saved page names the picture.
            let pictures = PictureInteractor(fetcher: fetcher, favorites: favorites, reading: ReadingInteractor(fetcher: fetcher, saved: favorites))
            let shown = try await pictures.picture(of: recipe, fittingWidth: 64, height: 64, png: false)
            #expect(shown.address == pageImage)
        }
    }
}

@Suite struct RecentPictureMemory {
    func picture(_ size: Int, _ byte: UInt8 = 1) -> RecipeImage {
        RecipeImage(bytes: Data(repeating: byte, count: size), contentType: "image/png")
    }

    @Test func theLeastRecentlyUsedPicturesGoFirstToStayWithinTheBudget() async {
        let recent = RecentPictures(budget: 100)
        await recent.remember(picture(40, 1), at: "a")
        await recent.remember(picture(40, 2), at: "b")
        #expect(await recent.picture(at: "a") == picture(40, 1))
        // c does not fit beside both: b, used least recently, goes.
        await recent.remember(picture(40, 3), at: "c")
        #expect(await recent.picture(at: "b") == nil)
        #expect(await recent.picture(at: "a") == picture(40, 1))
        #expect(await recent.picture(at: "c") == picture(40, 3))
        // Replacing a picture counts its new size only; one larger than the budget is not kept at all.
        await recent.remember(picture(60, 4), at: "a")
        #expect(await recent.picture(at: "c") == picture(40, 3))
        await recent.remember(picture(101), at: "d")
        #expect(await recent.picture(at: "d") == nil)
        #expect(await recent.picture(at: "a") == picture(60, 4))
    }
}
