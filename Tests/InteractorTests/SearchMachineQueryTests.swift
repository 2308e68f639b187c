import Foundation
import Testing
import Entity
import Services
import TestSupport
@testable import Interactor

extension SearchMachine {
    /// Search command `id` for `query`, its query found valid: what the machine said then.
    mutating func validSearch(_ id: Int, _ query: SearchQuery) -> [Effect] {
        let asked = handle(.command(id, .search(query)))
        guard asked == [.validateQuery(id, query)] else { return asked }
        return handle(.queryValidated(id, nil))
    }
}

/// A search's query, as the machine sees it: it asks whether the query can be sent (`validateQuery`),
/// the runner asks the search service and answers (`queryValidated`), and only a valid one starts.
@Suite struct SearchQueriesThroughTheMachine {
    let query = SearchQuery(ingredientText: "eggs")
    let unsendable = SearchQuery(ingredientText: "x")

    @Test func aQueryThatCannotBeSentIsAnsweredFailedAndChangesNothing() throws {
        var driver = MachineDriver([1: [.recipes(SampleRecipes.make(1...10))]],
                                   configuration: SearchInteractor.Configuration(prefetch: false).machine)
        _ = driver.run(.search(query))
        var machine = driver.machine
        #expect(machine.handle(.command(7, .search(unsendable))) == [.validateQuery(7, unsendable)], "the query is validated first")
        #expect(!machine.isSettled)
        let answered = machine.handle(.queryValidated(7, .invalidQuery))
        #expect(answered == [.reply(7, .failed(UseCaseError(.invalidQuery, during: .search)))])
        #expect(machine.session?.query == query, "the search shown stays shown")
        #expect(machine.session?.found.count == 10)
        #expect(machine.isSettled)
    }

    @Test func aValidQueryStartsItsSearch() {
        var machine = SearchMachine(configuration: SearchInteractor.Configuration(prefetch: false).machine)
        _ = machine.handle(.command(1, .search(query)))
        let started = machine.handle(.queryValidated(1, nil))
        guard case .lookUpKept(let lookUp)? = started.first, started.count == 1 else { Issue.record("\(started)"); return }
        #expect(lookUp.query == query && lookUp.page == 1)
    }

    @Test func aRefreshSearchesForTheQueryShownAgainFromTheStart() throws {
        var driver = MachineDriver([1: [.recipes(SampleRecipes.make(1...10))], 2: [.recipes(SampleRecipes.make(11...20))]],
                                   configuration: SearchInteractor.Configuration(prefetch: false, startsFromSavedPages: false).machine)
        _ = driver.run(.search(query))
        _ = driver.run(.next)
        var machine = driver.machine
        #expect(machine.handle(.command(3, .refresh)) == [.validateQuery(3, query)], "a new search: its query validated first")
        let started = machine.handle(.queryValidated(3, nil))
        guard case .fetch(let request)? = started.first, started.count == 1 else { Issue.record("\(started)"); return }
        #expect(request.query == query && request.page == 1 && request.attempt == 1)
        #expect(machine.session?.found.isEmpty == true, "a new search: nothing found yet")
    }

    @Test func aRefreshWithNoSearchIsNoSearch() {
        var machine = SearchMachine(configuration: SearchInteractor.Configuration(prefetch: false).machine)
        #expect(machine.handle(.command(1, .refresh)) == [.reply(1, .noSearch)])
        #expect(machine.session == nil)
        #expect(machine.isSettled)
    }

    @Test func aValidationForACommandThatAskedForNoneIsImpossible() {
        var machine = SearchMachine(configuration: SearchInteractor.Configuration(prefetch: false).machine, haltsOnImpossibleEvents: false)
        #expect(machine.handle(.queryValidated(3, nil)).isEmpty)
        #expect(machine.takeImpossibleEvents() == ["a query validated for command 3, which asked for none"])
        #expect(machine.session == nil)
    }
}
