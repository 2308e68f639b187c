import Foundation
import Testing
import Entity
import Services
import PuppyServer
import TestSupport
@testable import Interactor
import HTTPTransport

@Suite struct FavoritePictures {
    let recipe = Recipe(title: "Omelette", href: "http://example.test/omelette", ingredients: ["eggs"],
                        thumbnail: "http://example.test/thumbnails/omelette.png")
    let pageImage = "http://example.test/photos/omelette.jpg"

    func favorites(_ folder: URL, _ fetcher: any PageFetching) throws -> FavoritesInteractor {
        FavoritesInteractor(store: try FavoritesStore(directory: folder), unavailable: nil, fetcher: fetcher, time: FakeTime())
    }

    func fetcher(image: AddressedPageFetcher.Answer?, thumbnail: AddressedPageFetcher.Answer? = .picture(PictureFixtures.palettePNG, type: "image/png"))
        -> AddressedPageFetcher {
        var pictures: [String: AddressedPageFetcher.Answer] = [:]
        pictures[pageImage] = image
        if let address = recipe.thumbnail { pictures[address] = thumbnail }
        return AddressedPageFetcher(pages: [recipe.href: AddressedPageFetcher.page(title: recipe.title, image: pageImage)], pictures: pictures)
    }

    @Test func aLargePagePictureIsKeptScaledDownToTheBoundAsPNG() async throws {
        try await TemporaryDirectory.with { folder in
            let photo = PictureFixtures.flatGreyJPEG(width: 3000, height: 2000)
            let fetcher = fetcher(image: .picture(photo, type: "image/jpeg"))
            let report = try await favorites(folder, fetcher).save(recipe)
            #expect(report.missing.isEmpty && report.hasPicture)
            let kept = try #require(try await favorites(folder, fetcher).favorite(id: recipe.id)?.thumbnail)
            #expect(kept.contentType == "image/png")
            #expect(try size(of: kept.bytes) == [1024, 683])
            #expect(fetcher.pictureAsks == [pageImage], "the thumbnail is not fetched when the page's picture will do")
        }
    }

    @Test func aPagePictureWithinTheBoundIsKeptAsFetchedTypedByItsBytes() async throws {
        try await TemporaryDirectory.with { folder in
            // The server calls the JPEG a PNG; the bytes say what it is.
            let fetcher = fetcher(image: .picture(PictureFixtures.baselineJPEG, type: "image/png"))
            _ = try await favorites(folder, fetcher).save(recipe)
            let kept = try #require(try await favorites(folder, fetcher).favorite(id: recipe.id)?.thumbnail)
            #expect(kept.bytes == PictureFixtures.baselineJPEG)
            #expect(kept.contentType == "image/jpeg")
        }
    }

    @Test(arguments: [
        AddressedPageFetcher.Answer.picture(Data("<html>Gone</html>".utf8), type: "image/jpeg"),
        .picture(PictureFixtures.gif, type: "image/gif"),
        .failure(.badStatus.with(status: 404, detail: "HTTP 404")),
        .failure(.timeout),
    ])
    func aPagePictureThatCannotBeHadGivesWayToTheThumbnail(image: AddressedPageFetcher.Answer) async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = fetcher(image: image)
            let report = try await favorites(folder, fetcher).save(recipe)
            #expect(report.missing.isEmpty)
            #expect(try await favorites(folder, fetcher).favorite(id: recipe.id)?.thumbnail?.bytes == PictureFixtures.palettePNG)
            #expect(fetcher.pictureAsks == [pageImage, try #require(recipe.thumbnail)])
        }
    }

    @Test func aPictureThatDoesNotDecodeIsNotKeptAndTheReportSaysWhy() async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = fetcher(image: .picture(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]), type: "image/jpeg"),
                                  thumbnail: .picture(Data("not a picture".utf8), type: "image/png"))
            let favorites = try favorites(folder, fetcher)
            let report = try await favorites.save(recipe)
            #expect(report.hasPage)
            #expect(!report.hasPicture)
            #expect(report.missing.map(\.part) == [.picture])
            #expect(report.missing.first?.error == .pictureUnavailable)
            let saved = try #require(try await favorites.favorite(id: recipe.id))
            #expect(saved.thumbnail == nil, "no garbage is kept")
            #expect(saved.missing == [.picture], "refresh tries again")
        }
    }

    @Test func aFavoriteCompletedLaterGetsThePicturesOfItsSavedPage() async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = fetcher(image: .failure(.timeout), thumbnail: .failure(.timeout))
            let favorites = try favorites(folder, fetcher)
            #expect(try await favorites.save(recipe).missing.map(\.part) == [.picture])
            fetcher.set(pageImage, .picture(PictureFixtures.lossyWebP, type: "image/webp"))
            let completed = try #require(try await favorites.completeMissing(recipe.id))
            #expect(completed.missing.isEmpty && completed.hasPicture)
            #expect(try await favorites.favorite(id: recipe.id)?.thumbnail?.bytes == PictureFixtures.lossyWebP)
        }
    }

    @Test func aStarredRecipeKeepsItsPagesPictureAndShowsItWithTheServerGone() async throws {
        try await TemporaryDirectory.with { folder in
            let server = PuppyServer(catalog: try PuppyServerFixture.sampleCatalog(), configuration: .init(host: "127.0.0.1", port: 0))
            try server.start()
            defer { server.shutdown() }
            let transport = HTTPTransport(configuration: .init(timeout: .seconds(5)))
            defer { transport.shutdown() }
            let fetcher = WebPageFetcher(transport: transport)
            let favorites = try favorites(folder, fetcher)
            let reading = ReadingInteractor(fetcher: fetcher, saved: favorites)
            let pictures = PictureInteractor(fetcher: fetcher, favorites: favorites, reading: reading)
            let shakshuka = served("shakshuka", title: "Shakshuka", by: server)

            let report = try await favorites.save(shakshuka)
            #expect(report.missing.isEmpty && report.hasPage && report.hasPicture)
            let kept = try #require(try await favorites.favorite(id: shakshuka.id)?.thumbnail)
            #expect(Array(kept.bytes) == Array(PictureFixtures.baselineJPEG), "the page's picture, not the grey thumbnail")

            server.shutdown()
            let shown = try await pictures.picture(of: shakshuka, fittingWidth: 1024, height: 1024, png: false)
            #expect(shown.address == nil, "from the store")
            #expect(shown.image.width == 32 && shown.image.height == 32)
            let beside = try await pictures.picture(of: shakshuka, fittingWidth: 120, height: 100, png: false, pagePicture: false)
            #expect(beside.address == nil)
        }
    }
}
