import Foundation
import Testing
import Entity
import Services
import PuppyServer
import PuppyCatalog
import TestSupport
@testable import Interactor
import ServiceSupport
import HTTPTransport

/// The client against PuppyServer over real HTTP, with the real service's habits switched on.
@Suite struct AgainstAQuirkyServer {
    let catalog: Catalog

    init() throws {
        catalog = try Catalog.bundled()
    }

    func client(_ server: PuppyServer, timeout: Duration = .seconds(5)) -> (RecipePuppyClient, HTTPTransport) {
        let transport = HTTPTransport(configuration: .init(timeout: timeout))
        return (RecipePuppyClient(apiURL: server.apiURL, transport: transport), transport)
    }

    /// What a quirk-free server answers: the recipes a client must show, however the server behaves.
    func titles(matching ingredient: String) async throws -> Set<String> {
        try await PuppyServerFixture.titles(matching: ingredient, in: catalog)
    }

    /// Every recipe of a search, one big screen at a time.
    func everything(_ interactor: SearchInteractor, _ query: SearchQuery) async -> (recipes: [ListedRecipe], skipped: [PageGap], last: ScreenResult) {
        var recipes: [ListedRecipe] = []
        var skipped: [PageGap] = []
        var result = await interactor.search(query)
        while case .screen(let screen) = result {
            recipes += screen.recipes
            skipped += screen.gaps
            if screen.status != .more { break }
            result = await interactor.next()
        }
        return (recipes, skipped, result)
    }

    @Test func paddedTitlesAndEntitiesComeOutClean() async throws {
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: .init(quirks: [.padding, .entities], seed: 7)) { server in
            let (client, transport) = client(server)
            defer { transport.shutdown() }
            let interactor = SearchInteractor(searcher: client, favorites: nil, time: SystemTime(),
                                              configuration: .init(screenSize: 100, prefetch: false))
            let found = await everything(interactor, SearchQuery(ingredientText: "garlic"))
            let garlic = try await titles(matching: "garlic")
            #expect(Set(found.recipes.map(\.recipe.title)) == garlic)
            // The server really did send them dirty.
            var body = ""
            for page in 1...((garlic.count + 9) / 10) {
                let raw = try await transport.get(QueryBuilder.url(api: server.apiURL, query: SearchQuery(ingredientText: "garlic"), page: page))
                body += String(decoding: raw.body, as: UTF8.self)
            }
            #expect(body.contains("\\r\\n") || body.contains("\\t"))
            #expect(body.contains("&#") || body.contains("&amp;") || body.range(of: "&[A-Za-z]+;", options: .regularExpression) != nil)
        }
    }

    /// With `tracking` too, a recipe listed again under its href with a tracking query is one recipe.
    @Test(arguments: [Quirk.realistic, Quirk.realistic.union([.tracking])])
    func emptyPagesErrorsAndRepeatsNeitherEndNorDuplicateTheResults(quirks: Set<Quirk>) async throws {
        let configuration = ServerConfiguration(quirks: quirks, seed: 3)
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: configuration) { server in
            let (client, transport) = client(server)
            defer { transport.shutdown() }
            let interactor = SearchInteractor(searcher: client, favorites: nil, time: SystemTime(),
                                              configuration: .init(screenSize: 10, prefetch: true, retryBackoff: .milliseconds(5)))
            let found = await everything(interactor, SearchQuery(ingredientText: "garlic"))
            let shown = found.recipes.map(\.recipe.title)
            #expect(shown.count == Set(shown).count, "a recipe was shown twice")
            let garlic = try await titles(matching: "garlic")
            #expect(Set(shown) == garlic)
            #expect(found.recipes.map(\.number) == Array(1...found.recipes.count))
            #expect(found.skipped.contains { $0.reason == .empty })
            #expect(found.skipped.contains { if case .failed(let error) = $0.reason { error == .serverError } else { false } })
            #expect(found.skipped.contains { if case .failed(let error) = $0.reason { error == .malformedResponse } else { false } })
            let statistics = server.statistics
            #expect(statistics.maxAPIRequestsInFlight == 1)
            #expect(statistics.mostRequestsForOnePage <= 2)
        }
    }

    @Test func theEndIsFoundAfterTheProbeWindow() async throws {
        try await PuppyServerFixture.withServer(catalog: catalog) { server in
            let (client, transport) = client(server)
            defer { transport.shutdown() }
            let interactor = SearchInteractor(searcher: client, favorites: nil, time: SystemTime(),
                                              configuration: .init(screenSize: 1000, prefetch: false, maxPagesPerScreen: 100))
            guard case .screen(let screen) = await interactor.search(SearchQuery(ingredientText: "garlic")) else {
                Issue.record("no screen")
                return
            }
            #expect(screen.status == .last)
            let garlic = try await titles(matching: "garlic")
            #expect(screen.recipes.count == garlic.count)
            let expectedPages = (garlic.count + 9) / 10
            #expect(server.statistics.apiRequests == expectedPages + 3)
        }
    }

    @Test func aStoppedServerIsOfflineNotTheEnd() async throws {
        let server = PuppyServer(catalog: catalog, configuration: .init())
        try server.start()
        let (client, transport) = client(server)
        defer { transport.shutdown() }
        let interactor = SearchInteractor(searcher: client, favorites: nil, time: SystemTime(),
                                          configuration: .init(prefetch: false, retryBackoff: .milliseconds(5)))
        guard case .screen = await interactor.search(SearchQuery(ingredientText: "garlic")) else {
            Issue.record("no first screen")
            return
        }
        server.shutdown()
        let next = await interactor.next()
        guard case .offline(let error) = next else {
            Issue.record("expected offline, got \(next)")
            return
        }
        #expect(error == .unreachable)
    }

    @Test func aSlowServerGivesATimeout() async throws {
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: .init(latency: .seconds(3))) { server in
            let (client, transport) = client(server, timeout: .milliseconds(300))
            defer { transport.shutdown() }
            await #expect(throws: ServiceError.timeout) { try await client.page(SearchQuery(ingredientText: "garlic"), number: 1) }
        }
    }

    /// Commands fired at once (paging, a filter, a newer search, the prefetch behind them all) still
    /// send one request at a time: the machine holds the one request in flight.
    @Test(.timeLimit(.minutes(1))) func commandsAtOnceNeverOverlapTheirRequests() async throws {
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: .init(latency: .milliseconds(20))) { server in
            let (client, transport) = client(server)
            defer { transport.shutdown() }
            // Counted where the requests leave: a cancelled request stays open at the server until it
            // notices the closed connection.
            let counted = CountingSearcher(client)
            let interactor = SearchInteractor(searcher: counted, favorites: nil, time: SystemTime())
            _ = await interactor.search(SearchQuery(ingredientText: "onions"))
            await withTaskGroup(of: Void.self) { group in
                group.addTask { _ = await interactor.next() }
                group.addTask { _ = await interactor.setFilter(.lactoseFree) }
                group.addTask { _ = await interactor.current() }
                group.addTask { _ = await interactor.search(SearchQuery(ingredientText: "garlic")) }
                group.addTask { _ = await interactor.next() }
            }
            await interactor.waitForPrefetch()
            #expect(counted.requests >= 3)
            #expect(counted.mostAtOnce == 1)
        }
    }

    @Test func pagingWithPrefetchNeverAsksForAPageTwice() async throws {
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: .init(latency: .milliseconds(5))) { server in
            let (client, transport) = client(server)
            defer { transport.shutdown() }
            let interactor = SearchInteractor(searcher: client, favorites: nil, time: SystemTime())
            _ = await interactor.search(SearchQuery(ingredientText: "eggs"))
            for _ in 0..<5 { _ = await interactor.next() }
            for _ in 0..<3 { _ = await interactor.previous() }
            await interactor.waitForPrefetch()
            let statistics = server.statistics
            #expect(statistics.mostRequestsForOnePage == 1)
            #expect(statistics.maxAPIRequestsInFlight == 1)
        }
    }
}
