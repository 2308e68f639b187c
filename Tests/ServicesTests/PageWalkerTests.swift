import Foundation
import Testing
import Entity
import TestSupport
@testable import Services

@Suite struct PageWalking {
    let query = SearchQuery(ingredientText: "eggs")
    let recipes = SampleRecipes.make(1...50)

    func page(_ range: ClosedRange<Int>) -> FakeSearcher.Answer { .recipes(Array(recipes[(range.lowerBound - 1)...(range.upperBound - 1)])) }

    func walk(_ walker: PageWalker) async throws -> (pages: [Int], skipped: [SkippedPage], end: WalkEnd) {
        var pages: [Int] = []
        var skipped: [SkippedPage] = []
        while true {
            let step = try await walker.next()
            skipped += step.skipped
            switch step.outcome {
            case .page(let page): pages.append(page.number)
            case .end(let end): return (pages, skipped, end)
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
        #expect(result.end.kind == .exhausted)
        #expect(result.end.run.map(\.number) == [8, 9, 10])
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

    @Test func aNetworkFailureAfterItsRetryIsOfflineAtOnceNotTheEnd() async throws {
        let searcher = FakeSearcher(script: [1: [page(1...10)]], fallback: .failure(.unreachable))
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime())
        let result = try await walk(walker)
        #expect(result.pages == [1])
        #expect(result.end.kind == .offline)
        #expect(result.end.lastFailedPage?.failure == .unreachable)
        #expect(result.end.lastFailedPage?.attempts == 2)
        // Probing further pages of a server that does not answer would only multiply the wait.
        #expect(searcher.asks == [1, 2, 2])
    }

    @Test func aServerFailingEveryPageIsFailingNotEmpty() async throws {
        let searcher = FakeSearcher(script: [:], fallback: .failure(.badStatus.with(status: 500, detail: "HTTP 500")))
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime())
        let result = try await walk(walker)
        #expect(result.end.kind == .failing)
        #expect(searcher.asks == [1, 1, 2, 2, 3, 3])
    }

    @Test func aRunMixingFailuresWithAnEmptyAnswerIsExhausted() async throws {
        let error = FakeSearcher.Answer.failure(.badStatus.with(status: 500, detail: "HTTP 500"))
        let searcher = FakeSearcher(script: [1: [page(1...10)], 2: [error], 3: [.recipes([])], 4: [error]])
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime())
        #expect(try await walk(walker).end.kind == .exhausted)
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
        #expect(await walker.end?.kind == .exhausted)
    }

    @Test func afterTheEndTheWalkerAsksNothingMore() async throws {
        let searcher = FakeSearcher(script: [1: [page(1...10)]])
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime())
        _ = try await walk(walker)
        let asked = searcher.asks.count
        guard case .end = try await walker.next().outcome else {
            Issue.record("the walk went on after its end")
            return
        }
        #expect(searcher.asks.count == asked)
    }

    @Test func resumingAfterOfflineStartsAgainWhereTheRunBegan() async throws {
        let searcher = FakeSearcher(script: [1: [page(1...10)], 2: [.failure(.unreachable), .failure(.unreachable), page(11...20)]],
                                    fallback: .failure(.unreachable))
        let walker = PageWalker(query: query, searcher: searcher, time: FakeTime())
        #expect(try await walk(walker).end.kind == .offline)
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
