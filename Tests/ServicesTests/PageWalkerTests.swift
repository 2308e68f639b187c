import Foundation
import Testing
import Entity
import TestSupport
@testable import Services

@Suite struct PageWalking {
    let query = SearchQuery(ingredientText: "eggs")
    let recipes = SampleRecipes.make(1...50)

    func page(_ range: ClosedRange<Int>) -> FakeSearcher.Answer { .recipes(Array(recipes[(range.lowerBound - 1)...(range.upperBound - 1)])) }

    func walk(_ walker: PageWalker) async throws -> (pages: [Int], skipped: [SkippedPage], last: WalkStep.Outcome) {
        var pages: [Int] = []
        var skipped: [SkippedPage] = []
        while true {
            let step = try await walker.next()
            skipped += step.skipped
            switch step.outcome {
            case .page(let page): pages.append(page.number)
            case .end, .offline: return (pages, skipped, step.outcome)
            }
        }
    }

    @Test func emptyAndFailedPagesInTheMiddleDoNotEndTheWalk() async throws {
        let searcher = FakeSearcher(script: [
            1: [page(1...10)], 2: [.recipes([])], 3: [.failure(.badStatus.with(status: 500, detail: "HTTP 500"))],
            4: [page(11...20)], 5: [.failure(.malformedBody)], 6: [.recipes([])], 7: [page(21...25)],
        ])
        let time = FakeTime()
        let walker = PageWalker(query: query, searcher: searcher, time: time)
        let result = try await walk(walker)
        #expect(result.pages == [1, 4, 7])
        #expect(result.skipped.map(\.number) == [2, 3, 5, 6, 8, 9, 10])
        #expect(result.last == .end)
        #expect(searcher.asks == [1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 10])
        #expect(time.sleeps == [.milliseconds(200), .milliseconds(200)])
    }

    @Test func aFailedPageThatWorksOnRetryIsNotAGap() async throws {
        let searcher = FakeSearcher(script: [1: [.failure(.timeout), page(1...10)]])
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime())
        let step = try await walker.next()
        #expect(step.outcome == .page(SearchPage(number: 1, recipes: Array(recipes[0..<10]))))
        #expect(step.skipped.isEmpty)
    }

    @Test func aRunOfNetworkFailuresIsOfflineNotTheEnd() async throws {
        let searcher = FakeSearcher(script: [1: [page(1...10)]], fallback: .failure(.unreachable))
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime())
        let result = try await walk(walker)
        #expect(result.pages == [1])
        #expect(result.last == .offline(.unreachable))
        #expect(searcher.asks == [1, 2, 2, 3, 3, 4, 4])
    }

    @Test func aRunMixingNetworkFailuresWithAnAnswerIsTheEnd() async throws {
        let searcher = FakeSearcher(script: [1: [page(1...10)], 2: [.failure(.timeout)], 3: [.recipes([])], 4: [.failure(.timeout)]])
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime())
        #expect(try await walk(walker).last == .end)
    }

    @Test func theWindowIsConfigurable() async throws {
        let searcher = FakeSearcher(script: [1: [page(1...10)], 2: [.recipes([])], 3: [page(11...20)]])
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime(), configuration: .init(gapWindow: 1))
        let result = try await walk(walker)
        #expect(result.pages == [1])
        #expect(searcher.asks == [1, 2])
    }

    @Test func pagesMarkedRepeatedCountTowardTheEnd() async throws {
        let searcher = FakeSearcher(script: [:], fallback: page(1...10))
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime())
        var delivered = 0
        while case .page = try await walker.next().outcome {
            delivered += 1
            await walker.markLastPageRepeated()
        }
        #expect(delivered == 3)
        #expect(searcher.asks == [1, 2, 3])
        #expect(await walker.isFinished)
    }

    @Test func afterTheEndTheWalkerAsksNothingMore() async throws {
        let searcher = FakeSearcher(script: [1: [page(1...10)]])
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime())
        _ = try await walk(walker)
        let asked = searcher.asks.count
        #expect(try await walker.next().outcome == .end)
        #expect(searcher.asks.count == asked)
    }

    @Test func resumingAfterOfflineStartsAgainWhereTheRunBegan() async throws {
        let searcher = FakeSearcher(script: [1: [page(1...10)], 2: [.failure(.unreachable), .failure(.unreachable), page(11...20)]],
                                    fallback: .failure(.unreachable))
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime())
        #expect(try await walk(walker).last == .offline(.unreachable))
        await walker.resume()
        let step = try await walker.next()
        #expect(step.outcome == .page(SearchPage(number: 2, recipes: Array(recipes[10..<20]))))
    }

    @Test func cancellationStopsTheWalkAndLeavesThePageToRetry() async throws {
        let searcher = FakeSearcher(script: [1: [.failure(.cancelled)]])
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime())
        await #expect(throws: ServiceError.cancelled) { try await walker.next() }
        #expect(searcher.asks == [1])
    }
}
