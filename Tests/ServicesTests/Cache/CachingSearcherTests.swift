import Foundation
import Testing
import Entity
import TestSupport
@testable import Services
import ServiceSupport

@Suite struct CachingSearcherRules {
    let query = SearchQuery(ingredientText: "onions, garlic")
    let recipes = SampleRecipes.make(1...10)

    func searcher(_ network: FakeSearcher, folder: URL, time: FakeTime, source: String = "http://api.test/api/") -> CachingSearcher {
        CachingSearcher(network: network, cache: SearchCache(store: CacheStore(directory: folder, time: time), source: source))
    }

    @Test func aPageFromTheNetworkIsSavedAndReturnedAsFresh() async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let network = FakeSearcher(script: [1: [.recipes(recipes)]])
            let caching = searcher(network, folder: folder, time: time)
            let page = try await caching.page(query, number: 1)
            #expect(page == SearchPage(number: 1, recipes: recipes))
            #expect(page.savedAt == nil)
            let saved = try #require(caching.cachedPage(query, number: 1))
            #expect(saved.recipes == recipes)
            #expect(saved.savedAt == time.now())
            #expect(caching.cachedPage(query, number: 2) == nil)
        }
    }

    @Test(arguments: [ServiceError.timeout, .unreachable, .connectionLost])
    func whenTheNetworkFailsTheSavedPageAnswersWithItsTime(_ failure: ServiceError) async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let network = FakeSearcher(script: [1: [.recipes(recipes), .failure(failure)]])
            let caching = searcher(network, folder: folder, time: time)
            let fetchedAt = time.now()
            _ = try await caching.page(query, number: 1)
            time.advance(by: 3600)
            let page = try await caching.page(query, number: 1)
            #expect(page.recipes == recipes)
            #expect(page.savedAt == fetchedAt)
            #expect(network.asks == [1, 1])
        }
    }

    @Test(arguments: [ServiceError.badStatus.with(status: 500, detail: "HTTP 500"), .malformedBody, .cancelled, .tooLarge])
    func aServerThatAnswersBadlyIsNotReplacedByTheCache(_ failure: ServiceError) async throws {
        try await TemporaryDirectory.with { folder in
            let network = FakeSearcher(script: [1: [.recipes(recipes), .failure(failure)]])
            let caching = searcher(network, folder: folder, time: FakeTime())
            _ = try await caching.page(query, number: 1)
            await #expect(throws: failure) { try await caching.page(query, number: 1) }
            #expect(caching.cachedPage(query, number: 1) != nil)
        }
    }

    @Test func withNothingSavedTheNetworkErrorIsThrown() async throws {
        try await TemporaryDirectory.with { folder in
            let network = FakeSearcher(script: [1: [.recipes(recipes), .failure(.unreachable)]], fallback: .failure(.unreachable))
            let caching = searcher(network, folder: folder, time: FakeTime())
            _ = try await caching.page(query, number: 1)
            await #expect(throws: ServiceError.unreachable) { try await caching.page(query, number: 2) }
            await #expect(throws: ServiceError.unreachable) {
                try await caching.page(SearchQuery(ingredientText: "garlic"), number: 1)
            }
        }
    }

    @Test func anEmptyPageIsSavedTooSoAnOfflineWalkSkipsItAsOnline() async throws {
        try await TemporaryDirectory.with { folder in
            let network = FakeSearcher(script: [1: [.recipes([]), .failure(.unreachable)]])
            let caching = searcher(network, folder: folder, time: FakeTime())
            _ = try await caching.page(query, number: 1)
            let offline = try await caching.page(query, number: 1)
            #expect(offline.recipes.isEmpty)
            #expect(offline.savedAt != nil)
        }
    }

    @Test func theSameQueryTypedDifferentlySharesItsPages() async throws {
        try await TemporaryDirectory.with { folder in
            let network = FakeSearcher(script: [1: [.recipes(recipes)]])
            let caching = searcher(network, folder: folder, time: FakeTime())
            _ = try await caching.page(SearchQuery(ingredientText: " Onions ,garlic,onions"), number: 1)
            #expect(caching.cachedPage(query, number: 1)?.recipes == recipes)
            #expect(caching.cachedPage(SearchQuery(ingredientText: "garlic, onions"), number: 1) == nil)
            #expect(caching.cachedPage(SearchQuery(ingredientText: "onions, garlic", title: "soup"), number: 1) == nil)
        }
    }

    @Test func pagesFromOneServerNeverAnswerForAnother() async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            _ = try await searcher(FakeSearcher(script: [1: [.recipes(recipes)]]), folder: folder, time: time, source: "http://one.test/api/")
                .page(query, number: 1)
            let other = searcher(FakeSearcher(script: [:], fallback: .failure(.unreachable)), folder: folder, time: time, source: "http://two.test/api/")
            #expect(other.cachedPage(query, number: 1) == nil)
            await #expect(throws: ServiceError.unreachable) { try await other.page(query, number: 1) }
        }
    }

    @Test func askingTheCacheFirstDoesNotAskTheNetwork() async throws {
        try await TemporaryDirectory.with { folder in
            let network = FakeSearcher(script: [1: [.recipes(recipes)]])
            let caching = searcher(network, folder: folder, time: FakeTime())
            #expect(caching.cachedPage(query, number: 1) == nil)
            _ = try await caching.page(query, number: 1)
            _ = caching.cachedPage(query, number: 1)
            #expect(network.asks == [1])
        }
    }

    @Test func aCacheThatCannotBeWrittenLeavesSearchesWorking() async throws {
        try await TemporaryDirectory.with { folder in
            // A file where the cache folder should be.
            let blocked = folder.appendingPathComponent("recipebook")
            try Data("not a folder".utf8).write(to: blocked)
            let network = FakeSearcher(script: [1: [.recipes(recipes), .failure(.timeout)]])
            let store = CacheStore(directory: blocked)
            let caching = CachingSearcher(network: network, cache: SearchCache(store: store, source: "s"))
            #expect(try await caching.page(query, number: 1).recipes == recipes)
            #expect(store.usage().lastProblem == .storage)
            await #expect(throws: ServiceError.timeout) { try await caching.page(query, number: 1) }
        }
    }

    @Test func validationIsTheNetworkSearchers() throws {
        try TemporaryDirectory.withSync { folder in
            let caching = searcher(FakeSearcher(script: [:]), folder: folder, time: FakeTime())
            #expect(throws: ServiceError.invalidQuery) { try caching.validate(SearchQuery(ingredients: [])) }
            try caching.validate(query)
        }
    }
}
