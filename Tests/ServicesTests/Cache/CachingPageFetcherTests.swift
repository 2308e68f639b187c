import Foundation
import Testing
import Entity
import TestSupport
@testable import Services
import ServiceSupport

@Suite struct CachingPageFetcherRules {
    let href = "http://example.test/recipes/1"
    let thumbnail = "http://example.test/thumbnails/1.png"
    let html = "<h1>Shakshuka</h1><p>Soften onions and peppers in oil.</p><a href=\"/more\">more</a>"

    func fetcher(_ network: FakePageFetcher, folder: URL, time: FakeTime, maxThumbnailBytes: Int = 256 << 10) -> CachingPageFetcher {
        CachingPageFetcher(network: network, cache: PageCache(store: CacheStore(directory: folder, time: time), maxThumbnailBytes: maxThumbnailBytes))
    }

    @Test func aPageFromTheNetworkIsSavedAndReturnedAsFresh() async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let network = FakePageFetcher(pages: [href: html])
            let caching = fetcher(network, folder: folder, time: time)
            let fetched = try await caching.fetchPage(at: href)
            #expect(fetched.savedAt == nil)
            #expect(fetched.page.html == html)
            let saved = try #require(caching.cachedPage(at: href))
            #expect(saved.page == fetched.page)
            #expect(saved.savedAt == time.now())
            // The same page under another spelling of its address.
            #expect(caching.cachedPage(at: "HTTP://Example.test:80/recipes/1/#method")?.page == fetched.page)
            #expect(caching.cachedPage(at: "http://example.test/recipes/2") == nil)
        }
    }

    @Test(arguments: [ServiceError.timeout, .unreachable, .connectionLost])
    func whenTheNetworkFailsTheSavedPageAnswersWithItsTime(_ failure: ServiceError) async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let network = FakePageFetcher(pages: [href: html])
            let caching = fetcher(network, folder: folder, time: time)
            let fetchedAt = time.now()
            let online = try await caching.page(at: href)
            time.advance(by: 600)
            network.fail(pages: failure, pictures: failure)
            let offline = try await caching.fetchPage(at: href)
            #expect(offline.page == online)
            #expect(offline.savedAt == fetchedAt)
            let again = try await caching.page(at: href)
            #expect(again == online)
            await #expect(throws: failure) { try await caching.page(at: "http://example.test/recipes/2") }
        }
    }

    @Test(arguments: [ServiceError.badStatus.with(status: 500, detail: "HTTP 500"), .malformedBody, .cancelled, .invalidAddress])
    func aServerThatAnswersBadlyIsNotReplacedByTheCache(_ failure: ServiceError) async throws {
        try await TemporaryDirectory.with { folder in
            let network = FakePageFetcher(pages: [href: html])
            let caching = fetcher(network, folder: folder, time: FakeTime())
            _ = try await caching.page(at: href)
            _ = try await caching.thumbnail(at: thumbnail)
            network.fail(pages: failure, pictures: failure)
            await #expect(throws: failure) { try await caching.page(at: href) }
            await #expect(throws: failure) { try await caching.thumbnail(at: thumbnail) }
            #expect(caching.cachedPage(at: href) != nil)
            #expect(caching.cachedThumbnail(at: thumbnail) != nil)
        }
    }

    @Test func thumbnailsAreSavedAndAnswerOffline() async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let picture = RecipeImage(bytes: Data([0x89, 0x50, 0x4E, 0x47, 0x0A, 0x0D, 0, 255]), contentType: "image/png")
            let network = FakePageFetcher(pages: [:], picture: picture)
            let caching = fetcher(network, folder: folder, time: time)
            let online = try await caching.fetchThumbnail(at: thumbnail)
            #expect(online == FetchedThumbnail(image: picture, savedAt: nil))
            time.advance(by: 60)
            network.fail(pages: nil, pictures: .unreachable)
            let offline = try await caching.fetchThumbnail(at: thumbnail)
            #expect(offline == FetchedThumbnail(image: picture, savedAt: Date(timeIntervalSince1970: 1_800_000_000)))
            #expect(caching.cachedThumbnail(at: thumbnail)?.image == picture)
            await #expect(throws: ServiceError.unreachable) { try await caching.thumbnail(at: "http://example.test/thumbnails/2.png") }
        }
    }

    @Test func aThumbnailOverTheLimitIsNotSaved() async throws {
        try await TemporaryDirectory.with { folder in
            let picture = RecipeImage(bytes: Data(repeating: 7, count: 1025), contentType: "image/jpeg")
            let caching = fetcher(FakePageFetcher(pages: [:], picture: picture), folder: folder, time: FakeTime(), maxThumbnailBytes: 1024)
            let fetched = try await caching.thumbnail(at: thumbnail)
            #expect(fetched == picture)
            #expect(caching.cachedThumbnail(at: thumbnail) == nil)
        }
    }

    @Test func theBrowserAddressIsTheNetworkFetchers() throws {
        try TemporaryDirectory.withSync { folder in
            #expect(fetcher(FakePageFetcher(), folder: folder, time: FakeTime()).browserAddress(for: href) == href)
        }
    }
}
