import Foundation
import Testing
import Entity
import Services
import TestSupport
@testable import Interactor

/// Plays a scripted server and disk against a `SearchMachine` with no tasks at all: every request it
/// sends is answered at once from the script, every look-up from the kept pages, every backoff elapses
/// at once.
struct MachineDriver {
    var machine: SearchMachine
    /// `script[n]` answers page n in turn (the last answer repeats); pages not scripted come back empty.
    var script: [Int: [FakeSearcher.Answer]]
    var fallback: FakeSearcher.Answer = .recipes([])
    /// Kept pages, whatever the query: what the machine's look-ups find.
    var kept: [Int: SearchPage] = [:]
    private(set) var asks: [Int] = []
    private(set) var waits: [Duration] = []
    private var nextCommand = 1

    init(_ script: [Int: [FakeSearcher.Answer]], fallback: FakeSearcher.Answer = .recipes([]),
         configuration: SearchMachine.Configuration = SearchInteractor.Configuration(prefetch: false).machine) {
        machine = SearchMachine(configuration: configuration)
        self.script = script
        self.fallback = fallback
    }

    /// Runs a command until nothing is left to do, and returns its reply.
    mutating func run(_ command: SearchMachine.Command) -> ScreenResult? {
        let id = nextCommand
        nextCommand += 1
        var reply: ScreenResult?
        var pending = machine.handle(.command(id, command))
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case .validateQuery(let command, _):
                pending += machine.handle(.queryValidated(command, nil))
            case .lookUpKept(let lookUp):
                pending += machine.handle(.keptLookedUp(lookUp.id, lookedUp(lookUp)))
            case .readStars(let command, _):
                pending += machine.handle(.starsRead(command, [], problem: nil))
            case .fetch(let request):
                pending += machine.handle(answer(request))
            case .wait(let request, let duration):
                waits.append(duration)
                pending += machine.handle(.backoffElapsed(request))
            case .reply(let to, let result) where to == id:
                reply = result
            default:
                break
            }
        }
        return reply
    }

    func lookedUp(_ lookUp: SearchMachine.KeptLookUp) -> SearchMachine.Kept {
        guard let page = kept[lookUp.page] else { return .nothing }
        return lookUp.wants == .page ? .page(page) : .something
    }

    private mutating func answer(_ request: SearchMachine.Request) -> SearchMachine.Event {
        asks.append(request.page)
        var answer = fallback
        if var answers = script[request.page], let first = answers.first {
            answer = first
            if answers.count > 1 {
                answers.removeFirst()
                script[request.page] = answers
            }
        }
        switch answer {
        case .recipes(let recipes): return .pageArrived(request.id, SearchPage(number: request.page, recipes: recipes))
        case .failure(let error): return .pageFailed(request.id, error)
        }
    }
}

/// The walk through a search's pages, driven through the machine with no network and no tasks.
@Suite struct WalkingThePages {
    let query = SearchQuery(ingredientText: "eggs")
    let recipes = SampleRecipes.make(1...50)

    func page(_ range: ClosedRange<Int>) -> FakeSearcher.Answer { .recipes(Array(recipes[(range.lowerBound - 1)...(range.upperBound - 1)])) }

    /// Every screen of 100 recipes until the walk stops.
    func walk(_ driver: inout MachineDriver) -> (shown: [Int], gaps: [Int], last: ScreenResult?) {
        var shown: [Int] = []
        var gaps: [Int] = []
        var result = driver.run(.search(query))
        while case .screen(let screen)? = result {
            shown += screen.recipes.map(\.number)
            gaps += screen.gaps.map(\.number)
            if screen.status != .more { break }
            result = driver.run(.next)
        }
        return (shown, gaps, result)
    }

    func bigScreens(prefetch: Bool = false, gapWindow: Int = 3) -> SearchMachine.Configuration {
        SearchInteractor.Configuration(screenSize: 100, prefetch: prefetch, gapWindow: gapWindow).machine
    }

    @Test func emptyAndFailedPagesInTheMiddleDoNotEndTheWalk() {
        var driver = MachineDriver([
            1: [page(1...10)], 2: [.recipes([])], 3: [.failure(.badStatus.with(status: 500, detail: "HTTP 500"))],
            4: [page(11...20)], 5: [.failure(.malformedBody)], 6: [.recipes([])], 7: [page(21...25)],
        ], configuration: bigScreens())
        let result = walk(&driver)
        #expect(result.shown == Array(1...25))
        #expect(result.gaps == [2, 3, 5, 6])
        guard case .screen(let screen)? = result.last else { Issue.record("no screen"); return }
        #expect(screen.status == .last)
        #expect(driver.asks == [1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 10])
        #expect(driver.waits == [.milliseconds(200), .milliseconds(200)])
    }

    @Test func aFailedPageThatWorksOnRetryIsNotAGap() {
        var driver = MachineDriver([1: [.failure(.timeout), page(1...10)]])
        guard case .screen(let screen)? = driver.run(.search(query)) else { Issue.record("no screen"); return }
        #expect(screen.recipes.map(\.number) == Array(1...10))
        #expect(screen.gaps.isEmpty)
        #expect(driver.asks == [1, 1])
    }

    @Test func aNetworkFailureAfterItsRetryIsOfflineAtOnceNotTheEnd() {
        var driver = MachineDriver([1: [page(1...10)]], fallback: .failure(.unreachable), configuration: bigScreens())
        let result = walk(&driver)
        #expect(result.shown == Array(1...10))
        guard case .screen(let screen)? = result.last else { Issue.record("no screen"); return }
        #expect(screen.status == .offline(.unreachable))
        // Probing further pages of a server that does not answer would only multiply the wait.
        #expect(driver.asks == [1, 2, 2])
    }

    @Test func aNetworkFailureBeforeAKeptPageIsAGapNotTheEnd() {
        var driver = MachineDriver([1: [page(1...10)]], fallback: .failure(.unreachable), configuration: bigScreens())
        driver.kept[3] = SearchPage(number: 3, recipes: Array(recipes[10..<20]), savedAt: Date(timeIntervalSince1970: 0))
        let result = walk(&driver)
        #expect(result.shown == Array(1...10), "page 3 is kept, but the walk asks the network for it")
        #expect(driver.asks == [1, 2, 2, 3, 3])
    }

    @Test func aServerFailingEveryPageIsFailingNotEmpty() {
        var driver = MachineDriver([:], fallback: .failure(.badStatus.with(status: 500, detail: "HTTP 500")))
        guard case .unanswered(_, let gaps)? = driver.run(.search(query)) else { Issue.record("not unanswered"); return }
        #expect(gaps.map(\.number) == [1, 2, 3])
        #expect(driver.asks == [1, 1, 2, 2, 3, 3])
    }

    @Test func aRunMixingFailuresWithAnEmptyAnswerIsExhausted() {
        let error = FakeSearcher.Answer.failure(.badStatus.with(status: 500, detail: "HTTP 500"))
        var driver = MachineDriver([1: [page(1...10)], 2: [error], 3: [.recipes([])], 4: [error]], configuration: bigScreens())
        guard case .screen(let screen)? = walk(&driver).last else { Issue.record("no screen"); return }
        #expect(screen.status == .last)
    }

    @Test func theWindowIsConfigurable() {
        var driver = MachineDriver([1: [page(1...10)], 2: [.recipes([])], 3: [page(11...20)]], configuration: bigScreens(gapWindow: 1))
        #expect(walk(&driver).shown == Array(1...10))
        #expect(driver.asks == [1, 2])
    }

    @Test func pagesThatBringNothingNewCountTowardTheEnd() {
        var driver = MachineDriver([:], fallback: page(1...10), configuration: bigScreens())
        #expect(walk(&driver).shown == Array(1...10))
        #expect(driver.asks == [1, 2, 3, 4])
    }

    @Test func afterTheEndNothingMoreIsAsked() {
        var driver = MachineDriver([1: [page(1...10)]], configuration: bigScreens())
        _ = walk(&driver)
        let asked = driver.asks.count
        #expect(driver.run(.next) == .endOfResults(query))
        #expect(driver.asks.count == asked)
    }

    @Test func retryAfterOfflineStartsAgainWhereTheRunBegan() {
        var driver = MachineDriver([1: [page(1...10)], 2: [.failure(.unreachable), .failure(.unreachable), page(11...20)]],
                                   fallback: .failure(.unreachable))
        _ = driver.run(.search(query))
        #expect(driver.run(.next) == .offline(.unreachable))
        guard case .screen(let screen)? = driver.run(.retry) else { Issue.record("no screen"); return }
        #expect(screen.recipes.map(\.number) == Array(11...20))
    }

    @Test func aPageCancelledFromOutsideIsAskedForAgain() {
        var driver = MachineDriver([1: [.failure(.cancelled), page(1...10)]])
        #expect(driver.run(.search(query)) == .cancelled)
        guard case .screen(let screen)? = driver.run(.next) else { Issue.record("no screen"); return }
        #expect(screen.recipes.map(\.number) == Array(1...10))
        #expect(driver.asks == [1, 1])
    }
}

/// The machine's own guarantees, by sending it events directly.
@Suite struct SearchMachineRules {
    let query = SearchQuery(ingredientText: "eggs")
    let configuration = SearchInteractor.Configuration(prefetch: true).machine

    func fetches(_ effects: [SearchMachine.Effect]) -> [SearchMachine.Request] {
        effects.compactMap { if case .fetch(let request) = $0 { request } else { nil } }
    }

    /// Search command `id` for `query`, its first page's look-up answered: nothing is kept.
    func search(_ machine: inout SearchMachine, _ id: Int, _ query: SearchQuery) -> [SearchMachine.Effect] {
        let effects = machine.validSearch(id, query)
        guard case .lookUpKept(let lookUp)? = effects.last else { return effects }
        return effects.dropLast() + machine.handle(.keptLookedUp(lookUp.id, .nothing))
    }

    @Test func aNewSearchWaitsForTheCancelledRequestBeforeSendingItsOwn() throws {
        var machine = SearchMachine(configuration: configuration)
        let first = try #require(fetches(search(&machine, 1, query)).first)
        let other = SearchQuery(ingredientText: "onions")
        let effects = search(&machine, 2, other)
        #expect(effects.contains(.cancel(first.id)))
        #expect(effects.contains(.reply(1, .cancelled)))
        #expect(fetches(effects).isEmpty, "a second request while the first is still in flight")
        // The old answer comes anyway: it is dropped, and only then is the new search's page asked for.
        let late = machine.handle(.pageArrived(first.id, SearchPage(number: 1, recipes: SampleRecipes.make(1...10))))
        let next = try #require(fetches(late).first)
        #expect(next.query == other)
        #expect(next.page == 1)
        _ = machine.handle(.pageArrived(next.id, SearchPage(number: 1, recipes: SampleRecipes.make(11...20))))
        let shown = machine.handle(.starsRead(2, [], problem: nil))
        guard case .reply(2, .screen(let screen))? = shown.first(where: { if case .reply = $0 { true } else { false } }) else {
            Issue.record("no screen for the new search")
            return
        }
        #expect(screen.recipes.map(\.recipe.title) == (11...20).map { "Recipe \($0)" })
    }

    @Test func cancellingACommandAnswersAtOnceAndTheLateAnswerIsDropped() throws {
        var machine = SearchMachine(configuration: configuration)
        let request = try #require(fetches(search(&machine, 1, query)).first)
        let cancelled = machine.handle(.cancel(1))
        #expect(cancelled.contains(.reply(1, .cancelled)))
        #expect(cancelled.contains(.cancel(request.id)))
        #expect(machine.handle(.pageArrived(request.id, SearchPage(number: 1, recipes: SampleRecipes.make(1...10)))).isEmpty)
        #expect(machine.session?.found.isEmpty == true)
        let again = try #require(fetches(machine.handle(.command(2, .next))).first)
        #expect(again.page == 1)
    }

    /// `--timeout` covers a page's retry too: a first try that used the time up is not made again, and
    /// a retry gets only what is left.
    @Test func aPagesRetryFitsInWhatIsLeftOfItsTime() throws {
        var configuration = SearchInteractor.Configuration(prefetch: false, requestBudget: .seconds(2)).machine
        configuration.retryBackoff = .milliseconds(200)
        var slow = SearchMachine(configuration: configuration)
        let first = try #require(fetches(search(&slow, 1, query)).first)
        let silent = slow.handle(.pageFailed(first.id, .timeout, elapsed: .milliseconds(1_900)))
        #expect(!silent.contains { if case .wait = $0 { true } else { false } }, "a retry after the time was used up")
        #expect(silent == [.lookUpKept(SearchMachine.KeptLookUp(id: first.id, query: query, page: 2, wants: .anything))])
        #expect(slow.handle(.keptLookedUp(first.id, .nothing)).contains(.reply(1, .offline(.timeout))))

        var quick = SearchMachine(configuration: configuration)
        let refused = try #require(fetches(search(&quick, 1, query)).first)
        #expect(quick.handle(.pageFailed(refused.id, .unreachable, elapsed: .milliseconds(500)))
            == [.wait(refused.id, .milliseconds(200))])
        let retry = try #require(fetches(quick.handle(.backoffElapsed(refused.id))).first)
        #expect(retry.attempt == 2)
        #expect(retry.within == .milliseconds(1_300))
    }

    /// An answer for a request never sent, or a second answer for one that has reported, cannot come by
    /// the machine's rules: it is kept as a programming error and changes nothing.
    @Test func impossibleAnswersAreKeptApartAndChangeNothing() throws {
        var machine = SearchMachine(configuration: configuration, haltsOnImpossibleEvents: false)
        let request = try #require(fetches(search(&machine, 1, query)).first)
        #expect(machine.handle(.pageArrived(request.id + 7, SearchPage(number: 1, recipes: SampleRecipes.make(1...10)))).isEmpty)
        #expect(machine.handle(.backoffElapsed(request.id + 7)).isEmpty)
        #expect(machine.flight == .fetching(request, cancelled: false))
        #expect(machine.impossibleEvents.count == 2)

        let page = SearchPage(number: 1, recipes: SampleRecipes.make(1...10))
        let shown = machine.handle(.pageArrived(request.id, page))
        #expect(shown.contains { if case .readStars(1, _) = $0 { true } else { false } })
        let prefetch = try #require(fetches(shown).first)
        #expect(machine.handle(.pageArrived(request.id, page)).isEmpty, "the same answer twice")
        #expect(machine.flight == .fetching(prefetch, cancelled: false))
        #expect(machine.session?.found.count == 10)
        #expect(machine.takeImpossibleEvents() == [
            "request \(request.id + 7) reported, but request \(request.id) is in flight",
            "a backoff elapsed for request \(request.id + 7), never sent",
            "request \(request.id) reported, but request \(prefetch.id) is in flight",
        ])
        #expect(machine.impossibleEvents.isEmpty)
    }

    /// Late events are expected and dropped without being called impossible: the answer to a cancelled
    /// request, the backoff of a retry dropped meanwhile, a cancel for a command already answered.
    @Test func lateEventsAreDroppedWithoutAWord() throws {
        var machine = SearchMachine(configuration: configuration, haltsOnImpossibleEvents: false)
        let first = try #require(fetches(search(&machine, 1, query)).first)
        #expect(machine.handle(.pageFailed(first.id, .unreachable)) == [.wait(first.id, configuration.retryBackoff)])
        #expect(machine.handle(.cancel(1)).contains(.reply(1, .cancelled)))
        #expect(machine.handle(.backoffElapsed(first.id)).isEmpty)
        #expect(machine.handle(.cancel(1)).isEmpty)
        let second = try #require(fetches(machine.handle(.command(2, .next))).first)
        #expect(machine.handle(.cancel(2)).contains(.cancel(second.id)))
        #expect(machine.handle(.pageArrived(second.id, SearchPage(number: 1, recipes: SampleRecipes.make(1...10)))).isEmpty)
        #expect(machine.impossibleEvents.isEmpty)
    }

    /// The phase of the search's walk, event by event: filling for a command, interrupted by Ctrl-C
    /// (nothing asked for after the late answer), filling again on the next command, then filling in the
    /// background after the screen, and still once that screen is full.
    @Test func thePhaseFollowsTheCommands() throws {
        var machine = SearchMachine(configuration: configuration)
        #expect(machine.session == nil)
        let first = try #require(fetches(search(&machine, 1, query)).first)
        #expect(machine.session?.phase == .filling(Fill(position: .first, owner: .command(1), isNewSearch: true)))
        _ = machine.handle(.cancel(1))
        #expect(machine.session?.phase == .interrupted)
        #expect(fetches(machine.handle(.pageFailed(first.id, .cancelled))).isEmpty)
        #expect(machine.session?.phase == .interrupted)
        let again = try #require(fetches(machine.handle(.command(2, .next))).first)
        #expect(machine.session?.phase == .filling(Fill(position: .first, owner: .command(2), isNewSearch: false)))
        let prefetch = try #require(fetches(machine.handle(.pageArrived(again.id, SearchPage(number: 1, recipes: SampleRecipes.make(1...10))))).first)
        #expect(machine.session?.phase == .filling(Fill(position: .from(11), owner: .prefetch, isNewSearch: false)))
        _ = machine.handle(.pageArrived(prefetch.id, SearchPage(number: 2, recipes: SampleRecipes.make(11...20))))
        #expect(machine.session?.phase == .still)
        #expect(!machine.isSettled, "the screen's stars are still being read")
        _ = machine.handle(.starsRead(2, [], problem: nil))
        #expect(machine.isSettled)
    }
}
