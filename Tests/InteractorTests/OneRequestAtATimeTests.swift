import Foundation
import Testing
import Entity
import Services
import PuppyServer
import PuppyCatalog
import TestSupport
@testable import Interactor
@testable import Services
import ServiceSupport
import HTTPTransport

/// Every command's API requests through one owner, against PuppyServer over real HTTP: the server's own
/// count of requests in flight says whether two were ever on the wire together.
@Suite struct OneRequestAtATimeTests {
    static func owner(_ server: PuppyServer) -> (OneRequestAtATime, HTTPTransport) {
        let transport = HTTPTransport(configuration: .init(timeout: .seconds(10)))
        return (OneRequestAtATime(RecipePuppyClient(apiURL: server.apiURL, transport: transport)), transport)
    }

    /// `have` typed while the next screen of a search is being fetched in the background waits for that
    /// page: the ranking's requests never overlap the search's.
    @Test func haveDuringAPrefetchPutsNoSecondRequestOnTheWire() async throws {
        let catalog = try Catalog.bundled()
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: .init(latency: .milliseconds(300))) { server in
            let (api, transport) = Self.owner(server)
            defer { transport.shutdown() }
            let search = SearchInteractor(searcher: api, favorites: nil, time: SystemTime(),
                                          configuration: .init(screenSize: 10, prefetch: true))
            let matching = PantryMatchInteractor(ranked: api, searcher: api, limits: .init(rankedPages: 2))
            guard case .screen = await search.search(SearchQuery(ingredientText: "garlic")) else {
                Issue.record("no first screen")
                return
            }
            // The next screen is on its way now; the pantry's ranking starts beside it.
            let result = await matching.matches(for: ["eggs", "milk", "flour"].map(PantryItem.init(name:)), maxMissing: 2, strict: false)
            guard case .matches(let found) = result else {
                Issue.record("no ranking: \(result)")
                return
            }
            #expect(!found.matches.isEmpty)
            await search.settle()
            let statistics = server.statistics
            #expect(statistics.apiRequests >= 3)
            #expect(statistics.maxAPIRequestsInFlight == 1)
        }
    }

    /// Requests from many tasks at once go out one after another, each answered.
    @Test func requestsFromManyTasksGoOutOneAtATime() async throws {
        try await PuppyServerFixture.withServer(configuration: .init(latency: .milliseconds(50))) { server in
            let (api, transport) = Self.owner(server)
            defer { transport.shutdown() }
            let answered = await withTaskGroup(of: Bool.self) { group in
                for number in 1...6 {
                    group.addTask { (try? await api.page(SearchQuery(ingredientText: "eggs"), number: number)) != nil }
                }
                group.addTask {
                    (try? await api.rankedPage(PantryRankRequest(names: ["eggs"], maxMissing: 1, strict: false), number: 1)) != nil
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(answered == 7)
            #expect(server.statistics.apiRequests == 7)
            #expect(server.statistics.maxAPIRequestsInFlight == 1)
        }
    }

    /// A request cancelled while it waits for its turn leaves at once, unsent, and the one in flight is
    /// not disturbed. (The server holds every answer, so nothing here depends on timing.)
    @Test func aRequestCancelledWhileWaitingIsNeverSent() async throws {
        let server = try ScriptedHTTPServer { _ in [.hold] }
        defer { server.shutdown() }
        let transport = HTTPTransport(configuration: .init(timeout: .seconds(120)))
        defer { transport.shutdown() }
        let api = OneRequestAtATime(RecipePuppyClient(apiURL: server.baseURL.appendingPathComponent("api/"), transport: transport))
        let first = Task { () async throws(ServiceError) -> SearchPage in try await api.page(SearchQuery(ingredientText: "eggs"), number: 1) }
        // Polled: neither the server's count nor the line of waiting requests has an event to await, and
        // adding one only for the test would change the code it guards. Nothing here waits on a time.
        while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        let waiting = Task { () async throws(ServiceError) -> SearchPage in try await api.page(SearchQuery(ingredientText: "milk"), number: 1) }
        while api.waiting == 0 { try await Task.sleep(for: .milliseconds(5)) }
        waiting.cancel()
        let outcome = await waiting.result
        #expect(throws: ServiceError.cancelled) { try outcome.get() }
        #expect(api.waiting == 0)
        first.cancel()
        let firstOutcome = await first.result
        #expect(throws: ServiceError.cancelled) { try firstOutcome.get() }
        #expect(server.requestCount == 1)
    }
}
