import Foundation
import Testing
import Entity
import Services
import PuppyServer
import PuppyCatalog
import TestSupport
@testable import Interactor
import HTTPTransport
import ServiceSupport

/// "What can I make" over real HTTP: PuppyServer ranking its whole catalog, and the bounded walk of
/// single-ingredient searches against a server without the extension.
@Suite struct PantryMatching {
    static let recipes = [
        CatalogRecipe(id: "pancakes", title: "Pancakes", ingredients: ["flour", "eggs", "milk", "butter", "salt"], method: "Whisk and fry."),
        CatalogRecipe(id: "omelette", title: "Omelette", ingredients: ["eggs", "butter", "chives", "black pepper"], method: "Beat and fold."),
        CatalogRecipe(id: "crepes", title: "Crêpes", ingredients: ["flour", "eggs", "milk", "sugar", "oranges"], method: "Thin."),
        CatalogRecipe(id: "salad", title: "Salad", ingredients: ["lettuce", "olive oil", "salt"], method: "Toss."),
        CatalogRecipe(id: "boiled-egg", title: "Boiled Egg", ingredients: ["eggs", "water", "sea salt"], method: "Boil."),
        CatalogRecipe(id: "jalapeno-eggs", title: "Jalapeño Eggs", ingredients: ["large eggs", "jalapeños", "tomatoes"], method: "Fry."),
        CatalogRecipe(id: "tomato-soup", title: "Tomato Soup", ingredients: ["tomatoes", "onions", "cream", "basil"], method: "Simmer."),
    ] + (1...25).map { number in
        CatalogRecipe(id: "milk-dish-\(number)", title: "Milk Dish \(number)", ingredients: ["milk", "rice", "cardamom", "saffron"], method: "Stir.")
    }

    static func client(_ server: PuppyServer) -> RecipePuppyClient {
        // (20 s: room for a machine busy with every other suite; no test here waits for this one to run out.)
        RecipePuppyClient(apiURL: server.apiURL, transport: HTTPTransport(configuration: .init(timeout: .seconds(20))))
    }

    static func pantry(_ names: String...) -> [PantryItem] {
        names.map(PantryItem.init(name:))
    }

    @Test func theServerRanksItsWholeCatalogAndEveryRecipeSaysWhatItUsesAndLacks() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test")) { server in
            let client = Self.client(server)
            let counting = CountingSearcher(client)
            let matching = PantryMatchInteractor(ranked: client, searcher: counting)
            guard case .matches(let result) = await matching.matches(for: Self.pantry("eggs", "milk", "flour", "butter"), maxMissing: 2, strict: false)
            else { Issue.record("no ranking"); return }
            #expect(result.partial == nil)
            #expect(result.matches.map(\.recipe.title) == ["Pancakes", "Boiled Egg", "Omelette", "Crêpes", "Jalapeño Eggs"])
            #expect(result.matches.map(\.number) == [1, 2, 3, 4, 5])
            #expect(result.matches.map(\.entry.usesText) == ["uses 5 of 5", "uses 3 of 3", "uses 3 of 4", "uses 3 of 5", "uses 1 of 3"])
            #expect(result.matches.map(\.entry.missing) == [[], [], ["chives"], ["sugar", "oranges"], ["jalapeños", "tomatoes"]])
            #expect(counting.requests == 0, "no single-ingredient search")

            // Every page of a long ranking is read; strict and the limit narrow it.
            guard case .matches(let milk) = await matching.matches(for: Self.pantry("milk", "rice", "cardamom"), maxMissing: 1, strict: true)
            else { Issue.record("no ranking"); return }
            #expect(milk.matches.count == 25)
            #expect(milk.matches.allSatisfy { $0.entry.missing == ["saffron"] })
            guard case .matches(let none) = await matching.matches(for: Self.pantry("eggs"), maxMissing: 0, strict: true)
            else { Issue.record("no ranking"); return }
            #expect(none.matches.isEmpty)
        }
    }

    @Test func aRankingIsReadInTheServersLargerPagesOneRequestForAllOfIt() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test")) { server in
            let client = Self.client(server)
            let matching = PantryMatchInteractor(ranked: client, searcher: client)
            guard case .matches(let milk) = await matching.matches(for: Self.pantry("milk", "rice", "cardamom"), maxMissing: 1, strict: true)
            else { Issue.record("no ranking"); return }
            #expect(milk.matches.count == 25)
            // 25 recipes a page of 10 would take 3 requests; the server's answer says its page holds 500,
            // so the first page, short of that, is the last.
            #expect(server.statistics.apiRequests == 1)
        }
    }

    /// A server that ranks but says nothing of its page size (PuppyServer before `per=`): 10 a page.
    struct TenAPageRanker: PantryRankedSearching {
        let recipes: [Recipe]

        func rankedPage(_ request: PantryRankRequest, number: Int) async throws(ServiceError) -> RankedPage {
            RankedPage(page: SearchPage(number: number, recipes: Array(recipes.dropFirst((number - 1) * 10).prefix(10))), isRanked: true)
        }
    }

    @Test func aServerThatSaysNothingOfItsPageSizeIsReadTenAPageToTheEnd() async {
        let recipes = (1...25).map { Recipe(title: "Milk Dish \($0)", href: "http://example.org/\($0)", ingredients: ["milk", "rice"], thumbnail: nil) }
        let ranker = TenAPageRanker(recipes: recipes)
        let matching = PantryMatchInteractor(ranked: ranker, searcher: FakeSearcher(script: [:]))
        guard case .matches(let result) = await matching.matches(for: Self.pantry("milk", "rice"), maxMissing: 0, strict: true)
        else { Issue.record("no ranking"); return }
        #expect(result.matches.count == 25)
    }

    @Test func namesMatchAsTheSearchMatchesThemAndATypoIsSuggested() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test")) { server in
            let client = Self.client(server)
            let matching = PantryMatchInteractor(ranked: client, searcher: client)
            guard case .matches(let result) = await matching.matches(for: Self.pantry("2 large Eggs, beaten", "jalapeno", "tomato", "mlik"),
                                                                     maxMissing: 0, strict: false)
            else { Issue.record("no ranking"); return }
            #expect(result.matches.map(\.recipe.title).contains("Jalapeño Eggs"))
            #expect(result.unmatched.map(\.name) == ["mlik"])
            #expect(result.unmatched.first?.suggestions == ["milk"])
        }
    }

    @Test func againstAServerWithoutTheExtensionSingleIngredientSearchesAreRankedAndSaidPartial() async throws {
        var configuration = ServerConfiguration()
        configuration.answersHave = false
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test"), configuration: configuration) { server in
            let client = Self.client(server)
            let counting = CountingSearcher(client)
            let matching = PantryMatchInteractor(ranked: client, searcher: counting, limits: .init(pagesPerName: 3, fallbackRequests: 60))
            guard case .matches(let result) = await matching.matches(for: Self.pantry("eggs", "milk", "flour", "butter", "salt"),
                                                                     maxMissing: 2, strict: false)
            else { Issue.record("no ranking"); return }
            #expect(result.partial?.why == .noExtension)
            #expect(result.partial?.cutShort == false)
            // Salt is a staple: not searched. eggs 1 page, milk 3 pages (27 recipes), flour 1, butter 1.
            #expect(counting.requests == 6)
            #expect(result.partial?.requests == 6)
            // The partial ranking holds what its searches find: a search for eggs finds `large eggs` too.
            #expect(result.matches.map(\.recipe.title) == ["Pancakes", "Boiled Egg", "Omelette", "Crêpes", "Jalapeño Eggs"])

            // The bound on requests cuts the walk short, and says so.
            let bounded = PantryMatchInteractor(ranked: client, searcher: client, limits: .init(pagesPerName: 3, fallbackRequests: 2))
            guard case .matches(let cut) = await bounded.matches(for: Self.pantry("milk", "eggs"), maxMissing: 2, strict: false)
            else { Issue.record("no ranking"); return }
            #expect(cut.partial?.cutShort == true && cut.partial?.requests == 2)
            #expect(!cut.matches.contains { $0.recipe.title == "Boiled Egg" }, "eggs were never searched")
        }
    }

    /// A recipe listed again under its href with a tracking query is ranked once by the walk of
    /// single-ingredient searches (PuppyServer's own ranking never lists a recipe twice).
    @Test func aRecipeListedAgainUnderATrackingQueryIsRankedOnce() async throws {
        var configuration = ServerConfiguration(quirks: [.tracking])
        configuration.answersHave = false
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test"), configuration: configuration) { server in
            let matching = PantryMatchInteractor(ranked: Self.client(server), searcher: Self.client(server),
                                                 limits: .init(pagesPerName: 5, fallbackRequests: 60))
            guard case .matches(let result) = await matching.matches(for: Self.pantry("milk", "rice", "cardamom"), maxMissing: 1, strict: true)
            else { Issue.record("no ranking"); return }
            let titles = result.matches.map(\.recipe.title)
            #expect(titles.count == 25)
            #expect(Set(titles).count == titles.count, "a recipe was ranked twice")
        }
    }

    @Test func aServerThatRefusesHaveWithA4xxIsWalkedTheOldWay() async throws {
        let results = #"{"results":[{"title":"Fried Eggs","href":"http:\/\/x\/fried","ingredients":"eggs, butter","thumbnail":""}]}"#
        let server = try ScriptedHTTPServer { request in
            if request.target.contains("have=") { return [.response(status: 400, contentType: "text/plain", body: "no")] }
            if request.target.contains("p=1") { return [.response(body: results)] }
            return [.response(body: #"{"results":[]}"#)]
        }
        defer { server.shutdown() }
        let api = server.baseURL.appendingPathComponent("api/")
        let client = RecipePuppyClient(apiURL: api, transport: HTTPTransport(configuration: .init(timeout: .seconds(5))))
        let matching = PantryMatchInteractor(ranked: client, searcher: client)
        guard case .matches(let result) = await matching.matches(for: Self.pantry("eggs", "butter"), maxMissing: 2, strict: false)
        else { Issue.record("no ranking"); return }
        #expect(result.partial?.why == .noExtension)
        #expect(result.matches.map(\.recipe.title) == ["Fried Eggs"])
        #expect(result.matches.first?.entry.usesText == "uses 2 of 2")
    }

    @Test func withTheServerGoneAndNothingKeptItFails() async throws {
        let server = try ScriptedHTTPServer { _ in [.response(body: #"{"results":[]}"#)] }
        let api = server.baseURL.appendingPathComponent("api/")
        server.shutdown()
        let client = RecipePuppyClient(apiURL: api, transport: HTTPTransport(configuration: .init(timeout: .seconds(2))))
        let matching = PantryMatchInteractor(ranked: client, searcher: client)
        let result = await matching.matches(for: Self.pantry("eggs"), maxMissing: 2, strict: false)
        #expect(result == .failed(.unreachable))
    }
}

/// "What can I make" against a server that stops answering: one time-out for the whole command, and
/// nothing more sent once the network has failed.
@Suite struct PantryMatchingWithinOneTimeOut {
    static let pantry = PantryMatching.pantry("eggs", "milk", "flour", "rice", "basil")
    static let pudding = #"{"results":[{"title":"Rice Pudding","href":"http:\/\/x\/pudding","ingredients":"rice, milk","thumbnail":""}]}"#

    static func client(_ server: ScriptedHTTPServer) -> RecipePuppyClient {
        RecipePuppyClient(apiURL: server.baseURL.appendingPathComponent("api/"), transport: HTTPTransport(configuration: .init(timeout: .seconds(20))))
    }

    @Test func aServerThatNeverAnswersCostsOneTimeOutNotOneForEveryName() async throws {
        let server = try ScriptedHTTPServer { _ in [.hold] }
        defer { server.shutdown() }
        let client = Self.client(server)
        let matching = PantryMatchInteractor(ranked: client, searcher: client, limits: .init(budget: .milliseconds(300)))
        let result = await matching.matches(for: Self.pantry, maxMissing: 2, strict: false)
        guard case .failed(let error) = result else { Issue.record("\(result)"); return }
        #expect(error == .timeout)
        #expect(error.detail.contains("within 0.3 s, the time-out for the whole command"), "\(error.detail)")
        #expect(server.requestCount <= 1, "the ranking only, no search for each of the 5 names")
    }

    @Test func aFailureOfTheNetworkEndsTheSearchesForEachNameAtOnce() async throws {
        let server = try ScriptedHTTPServer { request in
            request.target.contains("have=") ? [.response(status: 400, contentType: "text/plain", body: "no")] : [.reset]
        }
        defer { server.shutdown() }
        let client = Self.client(server)
        let matching = PantryMatchInteractor(ranked: client, searcher: client)
        let result = await matching.matches(for: Self.pantry, maxMissing: 2, strict: false)
        #expect(result == .failed(.connectionLost))
        #expect(server.requestCount == 2, "the ranking and the first name's search")
    }

    @Test func afterTheTimeOutTheSearchesGoOnOverThePagesKeptWithoutAsking() async throws {
        let silent = Locked(false)
        let server = try ScriptedHTTPServer { request in
            if silent.withLock({ $0 }) { return [.hold] }
            if request.target.contains("have=") { return [.response(status: 400, contentType: "text/plain", body: "no")] }
            return [.response(body: request.target.contains("i=rice") ? Self.pudding : #"{"results":[]}"#)]
        }
        defer { server.shutdown() }
        try await TemporaryDirectory.with { folder in
            let client = Self.client(server)
            let caching = CachingSearcher(network: client, cache: SearchCache(store: CacheStore(directory: folder, time: FakeTime()), source: "s"))
            // No time-out of the command's own online: a busy machine does not make this phase fail.
            let online = PantryMatchInteractor(ranked: client, searcher: caching, saved: caching)
            guard case .matches(let first) = await online.matches(for: Self.pantry, maxMissing: 2, strict: false)
            else { Issue.record("no ranking online"); return }
            #expect(first.matches.map(\.recipe.title) == ["Rice Pudding"])
            #expect(first.partial?.why == .noExtension)

            silent.withLock { $0 = true }
            let asked = server.requestCount
            let offline = PantryMatchInteractor(ranked: client, searcher: caching, saved: caching, limits: .init(budget: .milliseconds(300)))
            guard case .matches(let second) = await offline.matches(for: Self.pantry, maxMissing: 2, strict: false)
            else { Issue.record("no ranking from the kept pages"); return }
            #expect(second.matches.map(\.recipe.title) == ["Rice Pudding"])
            #expect(second.partial?.why == .timedOut)
            #expect(second.partial?.requests == 5, "one kept page for each name")
            // The ranking only (none at all when the time ran out before it could be sent); before, one
            // more search for each name.
            #expect(server.requestCount <= asked + 1, "the ranking only")
        }
    }
}
