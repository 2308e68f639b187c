import Foundation
import Entity
import Services
import Interactor
import PuppyServer
import PuppyCatalog
import TestSupport
import ServiceSupport
import HTTPTransport

/// What a full walk of a quirky search costs in requests, from the server's own counts.
struct RequestEconomy: Section {
    let title = "Request economy over full walks of quirky searches"
    let reference = "the fewest requests the paging design allows for the same walk: every page up to the last one "
        + "with results once, each failed page once more (the single retry), and the 3 empty pages past the end that "
        + "the gap window needs"

    func run(quick: Bool, into report: inout SectionReport) async throws {
        let queries = (quick ? ["salt"] : ["salt", "garlic", "eggs", "onions, garlic", "butter, sugar"]).map { SearchQuery(ingredientText: $0) }
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, quirks: Quirk.realistic, seed: 1, threads: 1)
        let server = PuppyServer(catalog: try Catalog.bundled(), configuration: configuration)
        try server.start()
        defer { server.shutdown() }
        let probe = HTTPTransport(configuration: .init(timeout: .seconds(8)))
        defer { probe.shutdown() }

        var (requests, minimum, resultPages, failedPages, mostInFlight, shown, onServer) = (0, 0, 0, 0, 0, 0, 0)
        var (moreThanTwice, twiceNotFailed, neverAsked) = (0, 0, 0)
        try await TemporaryDirectory.with { folder in
            let stack = try ClientStack(apiURL: server.apiURL, dataDirectory: folder, prefetch: true)
            try await ClientStack.using([stack]) {
                for query in queries {
                    server.resetStatistics()
                    shown += try await walk(query, stack.app.search)
                    let asked = server.statistics
                    let census = try await census(query, RecipePuppyClient(apiURL: server.apiURL, transport: probe))
                    let lastWithResults = census.resultPages.last ?? 0
                    requests += asked.apiRequests
                    minimum += lastWithResults + census.failed.filter { $0 <= lastWithResults }.count + 3
                    resultPages += census.resultPages.count
                    failedPages += census.failed.count
                    mostInFlight = max(mostInFlight, asked.maxAPIRequestsInFlight)
                    onServer += census.recipes
                    moreThanTwice += asked.pageRequests.values.filter { $0 > 2 }.count
                    twiceNotFailed += asked.pageRequests.filter { $0.value == 2 && !census.failed.contains($0.key.page) }.count
                    let key = { APIPageKey(ingredients: query.ingredients.joined(separator: ","), query: query.title, page: $0) }
                    neverAsked += (1...census.lastPageNeeded).filter { asked.pageRequests[key($0)] == nil }.count
                }
            }
        }

        let pages = Double(max(1, resultPages))
        report.figures = [
            Figure("requests per page with results", Double(requests) / pages, "req/page", reference: Double(minimum) / pages),
            Figure("pages asked for more than twice", count: moreThanTwice).atMost(0),
            Figure("pages asked for twice that had not failed", count: twiceNotFailed).atMost(0),
            Figure("most requests in flight at once", count: mostInFlight).atMost(1),
            Figure("recipes shown, of those the server has", count: shown, reference: onServer),
        ]
        report.notes = [
            "Searches \(queries.map { "`\($0.ingredients.joined(separator: ", "))`" }.joined(separator: ", ")) over the bundled "
                + "catalog, PuppyServer with `quirks: Quirk.realistic` (padded titles, entities, empty pages, HTTP 500 "
                + "pages, malformed bodies, repeated recipes, empty thumbnails; seed 1).",
            "Each walk types `n` the moment a screen is shown, until the end of results, so the prefetch and the screen "
                + "asked for compete: the case where a duplicate request would appear.",
            "In all: \(requests) API requests for \(resultPages) pages with results, \(failedPages) failing pages (HTTP 500 or a "
                + "body the client rejects, checked page by page after each walk); the design's minimum is \(minimum).",
            neverAsked == 0 ? "No page up to the end was left unasked." : "\(neverAsked) page(s) up to the end were never asked for.",
        ]
    }

    /// Walks a search from its first screen to the end; returns how many recipes were shown.
    private func walk(_ query: SearchQuery, _ search: SearchInteractor) async throws -> Int {
        var result = await search.search(query)
        var shown = 0
        for _ in 0..<10_000 {
            guard case .screen(let screen) = result else { break }
            shown = screen.recipes.last?.number ?? shown
            result = await search.next()
        }
        guard case .endOfResults = result else { throw BenchError("the walk of \(query.summary) ended with \(result), not the end of results") }
        await search.waitForPrefetch()
        return shown
    }

    /// Each page of a search asked once with RecipeBook's own client (so "failed" means what the client
    /// counts as failed), up to the third gap in a row: the pages with results, the failed ones, the
    /// distinct recipes over all, and the last page a walk must ask for.
    private func census(_ query: SearchQuery, _ client: RecipePuppyClient) async throws
        -> (resultPages: [Int], failed: Set<Int>, recipes: Int, lastPageNeeded: Int) {
        var (resultPages, failed, recipes, gapsInARow, number) = ([Int](), Set<Int>(), Set<RecipeID>(), 0, 0)
        while gapsInARow < 3 {
            number += 1
            guard number < 10_000 else { throw BenchError("the pages of \(query.summary) do not end") }
            do throws(ServiceError) {
                let page = try await client.page(query, number: number)
                gapsInARow = page.recipes.isEmpty ? gapsInARow + 1 : 0
                if !page.recipes.isEmpty { resultPages.append(number) }
                recipes.formUnion(page.recipes.map(\.id))
            } catch {
                if error.isNetworkLevel { throw BenchError("page \(number) of \(query.summary) could not be fetched: \(error)") }
                failed.insert(number)
                gapsInARow += 1
            }
        }
        return (resultPages, failed, recipes.count, number)
    }
}
