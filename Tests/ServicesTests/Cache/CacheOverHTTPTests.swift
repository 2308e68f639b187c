import Foundation
import Testing
import Entity
import PuppyServer
import TestSupport
@testable import Services
import ServiceSupport
import HTTPTransport

/// The caches over real HTTP against PuppyServer: pages fetched while it runs answer after it stopped.
@Suite struct CacheOverHTTP {
    @Test func searchesAndPagesFetchedOnlineAnswerAfterTheServerIsGone() async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let store = CacheStore(directory: folder.appendingPathComponent("recipebook"), time: time)
            let transport = HTTPTransport(configuration: .init(timeout: .seconds(5)))
            defer { transport.shutdown() }
            let garlic = SearchQuery(ingredientText: "garlic")
            try await PuppyServerFixture.withServer { server in
                let searcher = CachingSearcher(network: RecipePuppyClient(apiURL: server.apiURL, transport: transport),
                                               cache: SearchCache(store: store, source: "puppy"))
                let fetcher = CachingPageFetcher(network: WebPageFetcher(transport: transport), cache: PageCache(store: store))
                var online: [SearchPage] = []
                for number in 1...3 {
                    online.append(try await searcher.page(garlic, number: number))
                }
                #expect(online.allSatisfy { $0.savedAt == nil })
                #expect(online.map(\.recipes.count) == [10, 10, 3])
                let first = try #require(online.first?.recipes.first)
                let page = try await fetcher.fetchPage(at: first.href)
                #expect(page.savedAt == nil)
                #expect(!page.page.document.plainText.isEmpty)
                let picture = try await fetcher.thumbnail(at: try #require(first.thumbnail))
                let fetchedAt = time.now()
                time.advance(by: 1800)

                server.shutdown()

                for number in 1...3 {
                    let offline = try await searcher.page(garlic, number: number)
                    #expect(offline.recipes == online[number - 1].recipes)
                    #expect(offline.savedAt == fetchedAt)
                }
                do throws(ServiceError) {
                    _ = try await searcher.page(garlic, number: 4)
                    Issue.record("page 4 was never fetched, yet it answered")
                } catch {
                    #expect(error.isNetworkLevel, "\(error)")
                }
                let offlinePage = try await fetcher.fetchPage(at: first.href)
                #expect(offlinePage.page == page.page)
                #expect(offlinePage.savedAt == fetchedAt)
                #expect(try await fetcher.thumbnail(at: try #require(first.thumbnail)) == picture)
            }
            let usage = store.usage()
            #expect(usage.entries == 5)
            #expect(usage.bytes < 64 << 10)
        }
    }
}
