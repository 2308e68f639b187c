import Foundation
import Interactor
import PuppyServer
import PuppyCatalog
import TestSupport

/// A repeated search's first screen from the search cache, against the same search's first screen from
/// a server answering in 150 ms, in the client `recipes` wires.
struct RepeatedSearch: Section {
    let title = "A repeated search's first screen, from the cache"
    let reference = "the same search's first screen the first time it was run, from the server answering in 150 ms ± 30 %, "
        + "in the same client just before"

    /// Ingredients with at least 89 recipes each in the bundled catalog: page 1 fills a screen.
    static let searches = ["salt", "onions", "garlic", "eggs", "butter", "sugar", "flour", "vegetable oil", "milk", "tomatoes",
                           "olive oil", "chicken", "potatoes", "black pepper", "rice"]

    func run(quick: Bool, into report: inout SectionReport) async throws {
        let searches = Array(Self.searches.prefix(quick ? 5 : 15))
        let server = PuppyServer(catalog: try Catalog.bundled(),
                                 configuration: .init(host: "127.0.0.1", port: 0, latency: .milliseconds(150), threads: 1))
        try server.start()
        defer { server.shutdown() }
        var (fromServer, fromCache) = (Samples(), Samples())
        var checks: [String] = []
        var requestsDuringRepeat = 0
        var cacheFolder = ""
        try await TemporaryDirectory.with { folder in
            let stack = try ClientStack(apiURL: server.apiURL, dataDirectory: folder, prefetch: true)
            cacheFolder = stack.cacheDirectory.path.replacingOccurrences(of: folder.path, with: "TMP")
            try await ClientStack.using([stack]) {
                // One untimed search and its repeat first: the cache folder is made, the favorites file opened.
                for ingredients in ["cinnamon"] + searches {
                    let first = try await stack.timeScreen { await stack.presenter.search(ingredients: [ingredients], title: "") }
                    guard await settle(stack) == nil else { throw BenchError("`\(ingredients)` was shown from the cache the first time") }
                    let before = server.statistics.apiRequests
                    let again = try await stack.timeScreen { await stack.presenter.search(ingredients: [ingredients], title: "") }
                    let duringRepeat = server.statistics.apiRequests - before
                    guard let check = await settle(stack) else {
                        throw BenchError("`\(ingredients)` run again was not shown from the cache")
                    }
                    guard ingredients != "cinnamon" else { continue }
                    fromServer.append(first)
                    fromCache.append(again)
                    checks.append("\(check)")
                    requestsDuringRepeat += duringRepeat
                }
            }
        }

        report.figures = [
            Figure("repeated search, intent → first screen written, from the cache: median", fromCache.median,
                   reference: fromServer.median),
            Figure("repeated search, from the cache: slowest", fromCache.percentile(100), reference: fromServer.percentile(100)),
        ]
        let current = checks.filter { $0 == "current" }.count
        report.notes = [
            "\(searches.count) searches (\(searches.map { "`\($0)`" }.joined(separator: ", "))) over the bundled catalog, "
                + "each run twice in a row in one client wired as `recipes` wires it (prefetch and cache on; the cache in "
                + "`\(cacheFolder)` through `$XDG_CACHE_HOME`, empty at the start), after one untimed search run twice.",
            "PuppyServer in the benchmark's process on 127.0.0.1, one thread, answering every request in 150 ms ± 30 %.",
            "Timed from calling the Presenter's `search` to the screen's text reaching the view's sink. Between runs the benchmark "
                + "waits for the prefetch and, after a repeat, for the check of the kept pages against the server, so no request "
                + "of one run is in flight during the next.",
            "Every repeat was shown from the cache (the interactor's check of the kept pages ran after each); the server found "
                + "the kept pages current \(current) times of \(checks.count). API requests the server received while a repeat was "
                + "timed (the check starting as the screen is written): \(requestsDuringRepeat).",
        ]
    }

    /// Waits for the background work of the search shown; returns what checking its kept pages against
    /// the server found (nil when it was not shown from the cache).
    @MainActor
    private func settle(_ stack: ClientStack) async -> SavedResultsCheck? {
        await stack.app.search.waitForPrefetch()
        let check = await stack.app.search.savedResultsCheck()
        await stack.app.search.waitForPrefetch()
        return check
    }
}
