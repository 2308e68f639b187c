import Foundation
import PuppyServer
import PuppyCatalog
import TestSupport

/// "What can I make": `recipes have` with a pantry of 30 ingredients, launch to exit, on the embedded
/// server (which ranks its whole bundled catalog for `have=`), beside the one-shot search on the same
/// server and the partial ranking against a server without the extension.
struct PantryRankingSpeed: Section {
    let title = "What can I make: `recipes have` with a 30-ingredient pantry"
    let reference = "`recipes search garlic --json` on the embedded server, the same launch, catalog and binary, interleaved"

    /// 30 of the bundled catalog's most used ingredients, salt, pepper, water and oil left out (they
    /// count as held anyway).
    static func pantry() throws -> [String] {
        var counts: [String: Int] = [:]
        for recipe in try Catalog.bundled().recipes {
            for name in recipe.ingredients { counts[name, default: 0] += 1 }
        }
        let staples = ["salt", "water", "oil", "pepper"]
        return counts.filter { name, _ in !staples.contains { name.hasSuffix($0) } }
            .sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(30).map(\.key)
    }

    func run(quick: Bool, into report: inout SectionReport) async throws {
        let recipes = try Tools.recipesBinary()
        let pantry = try Self.pantry().joined(separator: ", ")
        let repetitions = quick ? 9 : 41
        var have = Samples(), search = Samples(), partial = Samples()
        var counts: [Int] = []
        var partialNotes = 0
        // Against a server without `have=`, the one-shot ranks what single-ingredient searches bring.
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, threads: 1)
        configuration.answersHave = false
        let plain = PuppyServer(catalog: try Catalog.bundled(), configuration: configuration)
        try plain.start()
        defer { plain.shutdown() }
        try await TemporaryDirectory.with { folder in
            let environment = Tools.environment(home: folder)
            let runs: [(String, [String])] = [
                ("have", ["have", pantry, "--json"]),
                ("search", ["search", "garlic", "--json"]),
                ("partial", ["--api", plain.apiURL.absoluteString, "have", pantry, "--json"]),
            ]
            // One untimed round first: it creates the favorites file and the cache, and warms the page cache.
            for round in -1..<repetitions {
                for (name, arguments) in runs.rotated(by: max(0, round)) {
                    let child = try RunningProcess(recipes, arguments, environment: environment)
                    child.closeInput()
                    let result = child.finish(timeout: .seconds(60))
                    guard result.status == 0, let end = child.outputEndedAt else {
                        throw BenchError("recipes \(name) ended with status \(result.status): \(result.errors.prefix(300))")
                    }
                    guard round >= 0 else { continue }
                    switch name {
                    case "have":
                        have.append(end - child.started)
                        // Output that is not a JSON list counts as no recipes ranked, which the report then shows.
                        let items = (try? JSONSerialization.jsonObject(with: result.standardOutput) as? [Any])?.count ?? 0
                        counts.append(items)
                    case "search":
                        search.append(end - child.started)
                    default:
                        partial.append(end - child.started)
                        if result.errors.contains("Partial ranking") { partialNotes += 1 }
                    }
                }
            }
        }
        report.figures = [
            Figure("`recipes have` (30 ingredients) on the embedded server, launch → exit: median", have.median, reference: search.median).atMost(50),
            Figure("`recipes have`, launch → exit: p90", have.percentile(90), reference: search.percentile(90)),
            Figure("`recipes have`, launch → exit: slowest", have.percentile(100), reference: search.percentile(100)),
            Figure("recipes ranked (missing at most 2)", count: counts.first ?? 0),
            Figure("the same against a server without have= (partial: single-ingredient searches), launch → exit: median",
                   partial.median, reference: search.median),
            Figure("partial runs that said so on stderr", count: partialNotes, reference: partial.values.count),
        ]
        report.notes = [
            "Pantry (30 of the bundled catalog's most used ingredients, staples left out): \(pantry).",
            "\(repetitions) runs of each after one untimed round, in rotating order; HOME in a temporary folder, stdin closed; the "
                + "time runs from posix_spawn to the end of the program's output (its exit). The embedded server starts in the "
                + "process, loads and indexes the bundled catalog, and ranks all of it for `have=`; the one-shot walks the ranked "
                + "pages and ranks them again by the pantry rule over each recipe's ingredients.",
            "The partial run: PuppyServer with `--no-have` listening in the benchmark's process (bundled catalog, one thread); "
                + "the one-shot makes at most 60 single-ingredient searches of at most 3 pages each.",
        ]
    }
}
