import Foundation
import Testing
import Entity
import Services
import PuppyServer
import PuppyCatalog
import HTTPTransport
import ServiceSupport
import TestSupport
@testable import Interactor

/// A server that matches names only as written, played against a `SearchMachine` with no tasks: every
/// request is answered at once from a table of pages by the ingredients asked for.
@Suite struct WideningASearchAgainstALiteralServer {
    static func recipe(_ number: Int, _ ingredients: [String]) -> Recipe {
        Recipe(title: "Recipe \(number)", href: "http://example.test/recipes/\(number)", ingredients: ingredients, thumbnail: nil)
    }

    let pages: [[String]: [[Recipe]]] = [
        ["cheese"]: [[recipe(1, ["cheese", "eggs"]), recipe(2, ["cheese", "feta"])]],
        ["feta"]: [[recipe(2, ["cheese", "feta"]), recipe(3, ["feta", "olives"])]],
        ["parmesan cheese"]: [[recipe(4, ["parmesan cheese", "pasta"])]],
        ["cream of tartar"]: [[recipe(9, ["cream of tartar"])]],
    ]

    /// Hands `command` to `machine` and carries out what it asks at once: the query is valid, nothing is
    /// kept on disk or starred, and each request is answered from `pages` (past a list's end, an empty
    /// page), each page saying `matchesKinds`. Returns the replies; what was asked for goes to `asked`.
    func drive(_ machine: inout SearchMachine, _ id: Int, _ command: SearchMachine.Command, matchesKinds: Bool?,
               asked: inout [([String], Int)]) -> [ScreenResult] {
        var replies: [ScreenResult] = []
        var pending = machine.handle(.command(id, command))
        while !pending.isEmpty {
            switch pending.removeFirst() {
            case .validateQuery(let command, _):
                pending += machine.handle(.queryValidated(command, nil))
            case .lookUpKept(let lookUp):
                pending += machine.handle(.keptLookedUp(lookUp.id, .nothing))
            case .readStars(let command, _):
                pending += machine.handle(.starsRead(command, [], problem: nil))
            case .fetch(let request):
                asked.append((request.query.ingredients, request.page))
                let list = pages[request.query.ingredients] ?? []
                let recipes = request.page <= list.count ? list[request.page - 1] : []
                pending += machine.handle(.pageArrived(request.id, SearchPage(number: request.page, recipes: recipes, matchesKinds: matchesKinds)))
            case .reply(id, let result):
                replies.append(result)
            default:
                break
            }
        }
        return replies
    }

    /// Runs `command` to its reply (see `drive`); returns the reply and what was asked for.
    func run(_ command: SearchMachine.Command, matchesKinds: Bool?, screenSize: Int = 10) -> (reply: ScreenResult?, asked: [([String], Int)]) {
        var configuration = SearchInteractor.Configuration(screenSize: screenSize, prefetch: false).machine
        configuration.gapWindow = 3
        var machine = SearchMachine(configuration: configuration)
        var asked: [([String], Int)] = []
        let reply = drive(&machine, 1, command, matchesKinds: matchesKinds, asked: &asked).last
        return (reply, asked)
    }

    @Test func theSearchGoesOnUnderTheKindsResultsShowedAndSaysWhichFoundRecipes() throws {
        let (reply, asked) = run(.search(SearchQuery(ingredientText: "cheese"), namesSeen: ["parmesan cheese", "cream of tartar"]),
                                 matchesKinds: false)
        guard case .screen(let screen)? = reply else { Issue.record("no screen: \(String(describing: reply))"); return }
        // What was typed first, then what it found under other names, each recipe once.
        #expect(screen.recipes.map(\.recipe.title) == ["Recipe 1", "Recipe 2", "Recipe 3", "Recipe 4"])
        #expect(screen.recipes.map(\.number) == [1, 2, 3, 4])
        #expect(screen.alsoAskedFor == ["feta", "parmesan cheese"])
        #expect(screen.status == .last)
        #expect(screen.query == SearchQuery(ingredientText: "cheese"))
        #expect(!asked.contains { $0.0 == ["cream of tartar"] })
        // A name the server has nothing under costs one request, not a run of empty pages.
        let queso = asked.filter { $0.0 == ["queso"] }
        #expect(queso.map(\.1) == [1])
        #expect(asked.filter { $0.0 == ["cheese"] }.map(\.1) == [1, 2, 3, 4])
    }

    @Test func aServerThatMatchesByKindsIsAskedOnlyWhatWasTyped() {
        let (reply, asked) = run(.search(SearchQuery(ingredientText: "cheese"), namesSeen: ["parmesan cheese"]), matchesKinds: true)
        guard case .screen(let screen)? = reply else { Issue.record("no screen"); return }
        #expect(screen.recipes.count == 2)
        #expect(screen.alsoAskedFor.isEmpty)
        #expect(asked.allSatisfy { $0.0 == ["cheese"] })
    }

    @Test func pagesThatDoNotSayHowTheServerMatchesWidenNothing() {
        let (_, asked) = run(.search(SearchQuery(ingredientText: "cheese"), namesSeen: ["parmesan cheese"]), matchesKinds: nil)
        #expect(asked.allSatisfy { $0.0 == ["cheese"] })
    }

    @Test func aSearchThatFindsNothingAsTypedFindsWhatOtherNamesHold() {
        let (reply, _) = run(.search(SearchQuery(ingredientText: "cheeses"), namesSeen: ["feta"]), matchesKinds: false)
        guard case .screen(let screen)? = reply else { Issue.record("no screen: \(String(describing: reply))"); return }
        #expect(screen.recipes.map(\.recipe.title) == ["Recipe 2", "Recipe 3"])
        #expect(screen.alsoAskedFor == ["feta"])
    }

    @Test func theScreenFillsAcrossSearchesAndSaysEachNameOnce() {
        var configuration = SearchInteractor.Configuration(screenSize: 2, prefetch: false).machine
        configuration.gapWindow = 3
        var machine = SearchMachine(configuration: configuration)
        var screens: [RecipeScreen] = []
        var last: ScreenResult?
        for (id, command) in [(1, SearchMachine.Command.search(SearchQuery(ingredientText: "cheese"), namesSeen: ["parmesan cheese"])),
                              (2, .next), (3, .next)] {
            var asked: [([String], Int)] = []
            for result in drive(&machine, id, command, matchesKinds: false, asked: &asked) {
                if case .screen(let screen) = result { screens.append(screen) } else { last = result }
            }
        }
        #expect(screens.map { $0.recipes.map(\.number) } == [[1, 2], [3, 4]])
        #expect(screens.map(\.alsoAskedFor) == [[], ["feta", "parmesan cheese"]])
        // The other names for cheese were still to be asked for after the second screen.
        #expect(screens.map(\.status) == [.more, .more])
        #expect(last == .endOfResults(SearchQuery(ingredientText: "cheese")))
    }
}

/// The same over real HTTP: PuppyServer, literal or not, and the client as the program wires it.
@Suite struct WideningOverHTTP {
    let catalog: Catalog

    init() throws {
        catalog = try Catalog(recipes: [
            CatalogRecipe(id: "toast", title: "Cheese on Toast", ingredients: ["bread", "cheese", "butter"], method: "Grill."),
            CatalogRecipe(id: "carbonara", title: "Carbonara", ingredients: ["spaghetti", "eggs", "parmesan cheese"], method: "Toss."),
            CatalogRecipe(id: "salad", title: "Greek Salad", ingredients: ["tomatoes", "feta", "olives"], method: "Toss."),
            CatalogRecipe(id: "quiche", title: "Quiche", ingredients: ["eggs", "cheese", "feta"], method: "Bake."),
            CatalogRecipe(id: "meringue", title: "Meringue", ingredients: ["egg whites", "sugar", "cream of tartar"], method: "Whip."),
        ])
    }

    /// Every screen of a search for cheese, having seen `parmesan cheese` before, and the server's count.
    func cheese(quirks: Set<Quirk>) async throws -> (titles: [String], alsoAskedFor: [String], statistics: RequestStatistics) {
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: .init(quirks: quirks)) { server in
            let transport = HTTPTransport(configuration: .init(timeout: .seconds(10)))
            defer { transport.shutdown() }
            let interactor = SearchInteractor(searcher: RecipePuppyClient(apiURL: server.apiURL, transport: transport), favorites: nil,
                                              time: SystemTime(), configuration: .init(screenSize: 2, prefetch: false))
            var titles: [String] = []
            var also: [String] = []
            var result = await interactor.search(SearchQuery(ingredientText: "cheese"), namesSeen: ["parmesan cheese", "cream of tartar"])
            while case .screen(let screen) = result {
                titles += screen.recipes.map(\.recipe.title)
                also += screen.alsoAskedFor
                result = await interactor.next()
            }
            return (titles, also, server.statistics)
        }
    }

    @Test func aLiteralServerIsAskedForTheKindsAndSaysNothingOfMatching() async throws {
        let (titles, also, statistics) = try await cheese(quirks: [.literal])
        #expect(titles == ["Cheese on Toast", "Quiche", "Greek Salad", "Carbonara"])
        #expect(also == ["feta", "parmesan cheese"])
        #expect(statistics.pageRequests[APIPageKey(ingredients: "cream of tartar")] == nil)
        #expect(statistics.pageRequests[APIPageKey(ingredients: "feta")] == 1)
    }

    @Test func aServerMatchingByKindsIsAskedOnlyForWhatWasTyped() async throws {
        let (titles, also, statistics) = try await cheese(quirks: [])
        #expect(Set(titles) == ["Cheese on Toast", "Quiche", "Greek Salad", "Carbonara"])
        #expect(also.isEmpty)
        #expect(statistics.pageRequests.keys.allSatisfy { $0.ingredients == "cheese" })
    }
}
