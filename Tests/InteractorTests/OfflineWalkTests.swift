import Foundation
import Testing
import Entity
import Services
import TestSupport
@testable import Interactor

/// A search walked online keeps its pages on disk; with the network gone, the same search walks what
/// was kept, through the real cache in a temporary folder.
@Suite struct OfflineWalks {
    let query = SearchQuery(ingredientText: "eggs")

    /// Every recipe of a search, 100 to a screen, and how the last screen ended.
    func walk(_ searcher: any RecipeSearching, saved: (any SavedSearchPages)? = nil,
              time: FakeTime) async -> (recipes: [Recipe], savedAt: [Date?], last: ScreenResult) {
        let search = SearchInteractor(searcher: searcher, saved: saved, favorites: nil, time: time,
                                      configuration: .init(screenSize: 100, prefetch: false, startsFromSavedPages: false))
        var recipes: [Recipe] = []
        var savedAt: [Date?] = []
        var result = await search.search(query)
        while case .screen(let screen) = result {
            recipes += screen.recipes.map(\.recipe)
            savedAt.append(screen.saved?.savedAt)
            if screen.status != .more { break }
            result = await search.next()
        }
        return (recipes, savedAt, result)
    }

    func cache(_ folder: URL, _ time: FakeTime) -> SearchCache {
        SearchCache(store: CacheStore(directory: folder, time: time), source: "s")
    }

    @Test func offlineTheSavedPagesAreWalkedAndEndAsOnline() async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let many = SampleRecipes.make(1...25)
            let cache = cache(folder, time)
            let online = await walk(CachingSearcher(network: FakeSearcher(recipes: many), cache: cache), time: time)
            let down = FakeSearcher(script: [:], fallback: .failure(.unreachable))
            let offline = await walk(CachingSearcher(network: down, cache: cache), time: time)
            #expect(offline.recipes == many)
            #expect(offline.recipes == online.recipes)
            // Pages 4 to 6 came back empty and were saved, so the walk ends as it did online.
            guard case .screen(let screen) = offline.last else { Issue.record("no screen"); return }
            #expect(screen.status == .last)
            #expect(offline.savedAt == [time.now()])
        }
    }

    @Test func offlineTheWalkSaysOfflineAtThePagesNeverSaved() async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let many = SampleRecipes.make(1...25)
            let cache = cache(folder, time)
            let first = SearchInteractor(searcher: CachingSearcher(network: FakeSearcher(recipes: many), cache: cache), favorites: nil,
                                         time: time, configuration: .init(prefetch: false, startsFromSavedPages: false))
            _ = await first.search(query)
            _ = await first.next()
            let down = FakeSearcher(script: [:], fallback: .failure(.unreachable))
            let offline = await walk(CachingSearcher(network: down, cache: cache), time: time)
            #expect(offline.recipes == Array(many[0..<20]))
            guard case .screen(let screen) = offline.last else { Issue.record("no screen"); return }
            #expect(screen.status == .offline(.unreachable))
            #expect(down.asks == [1, 2, 3, 3])
        }
    }

    /// Page 2 failed online (the server garbled it); offline, the walk passes over it to the pages kept
    /// after it instead of ending there.
    @Test func offlineTheWalkPassesAPageTheServerGarbledOnline() async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let many = SampleRecipes.make(1...25)
            let cache = cache(folder, time)
            let garbled = FakeSearcher(script: [1: [.recipes(Array(many[0..<10]))], 2: [.failure(.malformedBody)],
                                                3: [.recipes(Array(many[20..<25]))]])
            let online = await walk(CachingSearcher(network: garbled, cache: cache), time: time)
            #expect(online.recipes == Array(many[0..<10]) + Array(many[20..<25]))
            let down = FakeSearcher(script: [:], fallback: .failure(.unreachable))
            let offlineSearcher = CachingSearcher(network: down, cache: cache)
            let offline = await walk(offlineSearcher, saved: offlineSearcher, time: time)
            #expect(offline.recipes == online.recipes)
            guard case .screen(let screen) = offline.last else { Issue.record("no screen"); return }
            #expect(screen.status == .last)
        }
    }

    /// Pages 5 and 6 garbled online, 7, 8 and 10 good: offline, the walk passes over the two pages
    /// remembered as skipped and shows every good recipe it showed online.
    @Test func offlineTheWalkPassesARunOfPagesTheServerGarbledOnline() async throws {
        try await TemporaryDirectory.with { folder in
            let time = FakeTime()
            let many = SampleRecipes.make(1...100)
            func page(_ number: Int) -> FakeSearcher.Answer { .recipes(Array(many[(number - 1) * 10..<number * 10])) }
            let cache = cache(folder, time)
            let garbled = FakeSearcher(script: [
                1: [page(1)], 2: [page(2)], 3: [page(3)], 4: [page(4)], 5: [.failure(.malformedBody)],
                6: [.failure(.badStatus.with(status: 500, detail: "HTTP 500"))], 7: [page(7)], 8: [page(8)], 9: [.recipes([])], 10: [page(10)],
            ])
            let online = await walk(CachingSearcher(network: garbled, cache: cache), time: time)
            let good = [1, 2, 3, 4, 7, 8, 10].flatMap { Array(many[($0 - 1) * 10..<$0 * 10]) }
            #expect(online.recipes == good)
            let down = FakeSearcher(script: [:], fallback: .failure(.unreachable))
            let offlineSearcher = CachingSearcher(network: down, cache: cache)
            let offline = await walk(offlineSearcher, saved: offlineSearcher, time: time)
            #expect(offline.recipes == good)
            guard case .screen(let screen) = offline.last else { Issue.record("no screen"); return }
            #expect(screen.status == .last)
        }
    }
}
