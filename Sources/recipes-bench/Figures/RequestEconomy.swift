import Foundation
import Entity
import Services
import Interactor
import PuppyServer

/// 2. What a full walk of a quirky search costs in requests, from the server's own counts.
struct RequestEconomy: Benchmark {
    let number = 2
    let title = "Request economy over full walks of quirky searches"
    let reference = "the fewest requests the paging design allows for the same walk: every page up to the last one "
        + "with results once, each failed page once more (the single retry), and the 3 empty pages past the end that "
        + "the gap window needs"

    /// What the walks added up to.
    private struct Totals {
        var requests = 0
        var minimum = 0
        var resultPages = 0
        var askedMoreThanTwice = 0
        var askedTwiceWithoutFailing = 0
        var neverAsked = 0
        var mostInFlight = 0
        var recipesShown = 0
        var recipesOnServer = 0
        var failedPages = 0
    }

    func run(_ scale: Scale, into report: inout SectionReport) async throws {
        let queries = scale.pick(
            quick: [SearchQuery(ingredientText: "salt")],
            full: [SearchQuery(ingredientText: "salt"), SearchQuery(ingredientText: "garlic"),
                   SearchQuery(ingredientText: "eggs"), SearchQuery(ingredientText: "onions, garlic"),
                   SearchQuery(ingredientText: "butter, sugar")]
        )
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, quirks: Quirk.realistic, seed: 1, threads: 1)
        let server = PuppyServer(catalog: try Catalog.bundled(), configuration: configuration)
        try server.start()
        defer { server.shutdown() }
        let folder = try TemporaryFolder("economy")
        defer { folder.remove() }
        let stack = try ClientStack(apiURL: server.apiURL, dataDirectory: folder.url, prefetch: true)
        let probe = HTTPTransport(configuration: .init(timeout: .seconds(8)))
        defer { probe.shutdown() }

        var totals = Totals()
        do {
            for query in queries {
                server.resetStatistics()
                totals.recipesShown += try await walk(query, stack.search)
                let statistics = server.statistics
                let pages = try await PageCensus.take(query, client: RecipePuppyClient(apiURL: server.apiURL, transport: probe))
                add(statistics, pages, query, to: &totals)
            }
        } catch {
            await stack.shutdown()
            throw error
        }
        await stack.shutdown()

        report.figures = [
            Figure("requests per page with results", value: Quantity(Double(totals.requests) / Double(max(1, totals.resultPages)), .requestsPerPage),
                   reference: Quantity(Double(totals.minimum) / Double(max(1, totals.resultPages)), .requestsPerPage)),
            Figure("pages asked for more than twice", value: .count(totals.askedMoreThanTwice), targets: [.atMost(0)]),
            Figure("pages asked for twice that had not failed", value: .count(totals.askedTwiceWithoutFailing), targets: [.atMost(0)]),
            Figure("most requests in flight at once", value: .count(totals.mostInFlight), targets: [.atMost(1)]),
            Figure("recipes shown, of those the server has", value: .count(totals.recipesShown),
                   reference: .count(totals.recipesOnServer)),
        ]
        let described = queries.map { "`\($0.ingredients.joined(separator: ", "))`" }.joined(separator: ", ")
        report.notes = [
            "Searches \(described) over the bundled 692-recipe catalog, PuppyServer with `quirks: Quirk.realistic` "
                + "(padded titles, entities, empty pages, HTTP 500 pages, malformed bodies, repeated recipes, empty thumbnails; seed 1).",
            "Each walk types `n` the moment a screen is shown, until the end of results, so the prefetch and the screen "
                + "asked for compete: the case where a duplicate request would appear.",
            "In all: \(totals.requests) API requests for \(totals.resultPages) pages with results, \(totals.failedPages) failing pages "
                + "(HTTP 500 or a body the client rejects, checked page by page after each walk); the design's minimum is \(totals.minimum).",
            totals.neverAsked == 0 ? "No page up to the end was left unasked."
                : "\(totals.neverAsked) page(s) up to the end were never asked for.",
        ]
    }

    /// Walks a search from its first screen to the end; returns how many recipes were shown.
    @MainActor
    private func walk(_ query: SearchQuery, _ search: SearchInteractor) async throws -> Int {
        var result = await search.search(query)
        var shown = 0
        var screens = 0
        while case .screen(let screen) = result {
            shown = screen.recipes.last?.number ?? shown
            screens += 1
            guard screens < 10_000 else { throw BenchError("the walk of \(query.summary) did not end") }
            result = await search.next()
        }
        guard case .endOfResults = result else {
            throw BenchError("the walk of \(query.summary) stopped with \(result) instead of the end of results")
        }
        await search.waitForPrefetch()
        return shown
    }

    private func add(_ statistics: RequestStatistics, _ census: PageCensus, _ query: SearchQuery, to totals: inout Totals) {
        let ingredients = query.ingredients.joined(separator: ",")
        totals.requests += statistics.apiRequests
        totals.mostInFlight = max(totals.mostInFlight, statistics.maxAPIRequestsInFlight)
        totals.resultPages += census.resultPages.count
        totals.failedPages += census.failedPages.count
        totals.minimum += census.minimumRequests
        totals.recipesOnServer += census.recipeCount
        for (key, count) in statistics.pageRequests {
            if count > 2 { totals.askedMoreThanTwice += 1 }
            if count == 2, !census.failedPages.contains(key.page) { totals.askedTwiceWithoutFailing += 1 }
        }
        for page in 1...census.lastPageNeeded
        where statistics.pageRequests[APIPageKey(ingredients: ingredients, query: query.title, page: page)] == nil {
            totals.neverAsked += 1
        }
    }
}
