import Foundation
import Testing
import Entity
import Services
import TestSupport
@testable import Interactor

/// The pages kept on disk, as the machine sees them: it asks (`lookUpKept`), the runner reads the disk
/// and answers (`keptLookedUp`), and the machine decides what the answer means.
@Suite struct KeptPagesThroughTheMachine {
    let query = SearchQuery(ingredientText: "eggs")
    let savedAt = Date(timeIntervalSince1970: 1_000)

    func configuration(prefetch: Bool = false, fromDisk: Bool = true, budget: Duration? = nil) -> SearchMachine.Configuration {
        SearchInteractor.Configuration(prefetch: prefetch, startsFromSavedPages: fromDisk, requestBudget: budget).machine
    }

    func lookUps(_ effects: [SearchMachine.Effect]) -> [SearchMachine.KeptLookUp] {
        effects.compactMap { if case .lookUpKept(let lookUp) = $0 { lookUp } else { nil } }
    }

    func fetches(_ effects: [SearchMachine.Effect]) -> [SearchMachine.Request] {
        effects.compactMap { if case .fetch(let request) = $0 { request } else { nil } }
    }

    func replies(_ effects: [SearchMachine.Effect]) -> [ScreenResult] {
        effects.compactMap { if case .reply(_, let result) = $0 { result } else { nil } }
    }

    func keptPage(_ number: Int, _ range: ClosedRange<Int>) -> SearchPage {
        SearchPage(number: number, recipes: SampleRecipes.make(range), savedAt: savedAt)
    }

    @Test func aSearchWhoseFirstPageIsKeptIsShownFromTheDiskWithoutAskingTheNetwork() throws {
        var machine = SearchMachine(configuration: configuration())
        let asked = machine.validSearch(1, query)
        let first = try #require(lookUps(asked).first)
        #expect(asked == [.lookUpKept(first)], "the disk is asked before anything else")
        #expect(first.query == query && first.page == 1 && first.wants == .page)
        #expect(machine.session == nil, "the search starts once the disk has answered")
        // Kept: the walk reads its first page from the disk too, and shows it without the network.
        let walk = machine.handle(.keptLookedUp(first.id, .page(keptPage(1, 1...10))))
        let read = try #require(lookUps(walk).first)
        #expect(fetches(walk).isEmpty)
        #expect(read.page == 1 && read.wants == .page)
        let shown = machine.handle(.keptLookedUp(read.id, .page(keptPage(1, 1...10))))
        guard case .screen(let screen)? = replies(machine.handle(.starsRead(1, [], problem: nil))).first else { Issue.record("no screen"); return }
        #expect(screen.recipes.map(\.number) == Array(1...10))
        #expect(screen.saved == SavedResults(savedAt: savedAt, offline: false))
        // Then the server is asked for the page shown from the disk: a check, not the walk.
        #expect(fetches(shown).map(\.purpose) == [.check])
    }

    @Test func aSearchWhoseFirstPageIsNotKeptAsksTheNetworkAndTheDiskNoMore() throws {
        var machine = SearchMachine(configuration: configuration())
        let first = try #require(lookUps(machine.validSearch(1, query)).first)
        let started = machine.handle(.keptLookedUp(first.id, .nothing))
        #expect(lookUps(started).isEmpty)
        let request = try #require(fetches(started).first)
        #expect(request.page == 1 && request.source == .network)
        _ = machine.handle(.pageArrived(request.id, SearchPage(number: 1, recipes: SampleRecipes.make(1...10))))
        guard case .screen(let screen)? = replies(machine.handle(.starsRead(1, [], problem: nil))).first else { Issue.record("no screen"); return }
        #expect(screen.saved == nil)
    }

    @Test func aPageTheDiskDoesNotHoldIsAskedOfTheNetwork() throws {
        var machine = SearchMachine(configuration: configuration())
        let first = try #require(lookUps(machine.validSearch(1, query)).first)
        let read = try #require(lookUps(machine.handle(.keptLookedUp(first.id, .page(keptPage(1, 1...5))))).first)
        // Five recipes on page 1: the screen wants page 2, which is looked for on disk first.
        let second = try #require(lookUps(machine.handle(.keptLookedUp(read.id, .page(keptPage(1, 1...5))))).first)
        #expect(second.page == 2 && second.wants == .page)
        let asked = machine.handle(.keptLookedUp(second.id, .nothing))
        let request = try #require(fetches(asked).first)
        #expect(request.id == second.id && request.page == 2)
        #expect(machine.flight == .fetching(request, cancelled: false))
        #expect(replies(asked).isEmpty, "nothing kept is not an empty page")
    }

    @Test func aNetworkFailureEndsTheWalkOfflineOnlyWhenNoLaterPageIsKept() throws {
        // A first try that used the page's time up is not made again: its failure is the last.
        var machine = SearchMachine(configuration: configuration(fromDisk: false, budget: .seconds(2)))
        let request = try #require(fetches(machine.validSearch(1, query)).first)
        let failed = machine.handle(.pageFailed(request.id, .unreachable, elapsed: .milliseconds(1_900)))
        let past = try #require(lookUps(failed).first)
        #expect(failed == [.lookUpKept(past)])
        #expect(past.page == 2 && past.wants == .anything)

        var nothingKept = machine
        #expect(replies(nothingKept.handle(.keptLookedUp(past.id, .nothing))) == [.offline(.unreachable)])

        var laterKept = machine
        let goesOn = laterKept.handle(.keptLookedUp(past.id, .something))
        #expect(replies(goesOn).isEmpty)
        #expect(fetches(goesOn).map(\.page) == [2], "page 1 is a gap, and the walk goes on")
    }

    @Test func aFailureTheServerMadeAsksNothingOfTheDisk() throws {
        var machine = SearchMachine(configuration: configuration(fromDisk: false, budget: .seconds(2)))
        let request = try #require(fetches(machine.validSearch(1, query)).first)
        let failed = machine.handle(.pageFailed(request.id, .badStatus.with(status: 500, detail: "HTTP 500"), elapsed: .milliseconds(1_900)))
        #expect(lookUps(failed).isEmpty)
        #expect(fetches(failed).map(\.page) == [2])
    }

    @Test func theOneShotModeAsksTheNetworkFirst() throws {
        var machine = SearchMachine(configuration: configuration(fromDisk: false))
        let effects = machine.validSearch(1, query)
        #expect(lookUps(effects).isEmpty)
        #expect(fetches(effects).map(\.source) == [.network])
    }

    @Test func aSearchCancelledWhileTheDiskIsAskedIsAnsweredAndItsLookUpDropped() throws {
        var machine = SearchMachine(configuration: configuration(), haltsOnImpossibleEvents: false)
        let first = try #require(lookUps(machine.validSearch(1, query)).first)
        #expect(!machine.isSettled)
        #expect(machine.handle(.cancel(1)) == [.reply(1, .cancelled)])
        #expect(machine.isSettled)
        #expect(machine.handle(.keptLookedUp(first.id, .page(keptPage(1, 1...10)))).isEmpty)
        #expect(machine.session == nil)
        #expect(machine.impossibleEvents.isEmpty, "a late look-up is expected")
        // A newer command answers a search still waiting for the disk "cancelled".
        let again = try #require(lookUps(machine.validSearch(2, query)).first)
        #expect(machine.handle(.command(3, .next)) == [.reply(2, .cancelled), .reply(3, .noSearch)])
        #expect(machine.handle(.keptLookedUp(again.id, .nothing)).isEmpty)
        #expect(machine.handle(.keptLookedUp(again.id + 7, .nothing)).isEmpty)
        #expect(machine.takeImpossibleEvents() == ["a look-up \(again.id + 7) answered, never made"])
    }
}
