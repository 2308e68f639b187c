import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Entity
import PuppyServer
import PuppyCatalog
import TestSupport

/// How well an ingredient search finds what a cook means: the judged searches of `JudgedSearches`
/// (`SearchJudge`) run against PuppyServer over HTTP, every page of each, scored by recall, false matches
/// and searches that found nothing where the catalog has recipes for them, for each half of the set.
///
/// `RECIPEBOOK_JUDGE_CATALOG=FILE` judges another catalog (JSON Lines, as `puppy-server --catalog` reads);
/// `RECIPEBOOK_JUDGE_API=URL` asks another server (such as an older `puppy-server` on the same catalog)
/// instead of starting one; `RECIPEBOOK_JUDGE_DETAILS=1` lists each search's misses and false matches on
/// stderr.
struct SearchQuality: Section {
    let title = "Searching as a cook asks: the judged searches' recall and false matches, by half"
    let reference = "the targets of issue 31: recall ≥ 95 %, false matches ≤ 3 %, no empty search where recipes exist"

    func run(quick: Bool, into report: inout SectionReport) async throws {
        let environment = ProcessInfo.processInfo.environment
        let catalog: Catalog
        if let file = environment["RECIPEBOOK_JUDGE_CATALOG"], !file.isEmpty {
            catalog = try Catalog.load(contentsOf: URL(fileURLWithPath: file))
        } else {
            catalog = try Catalog.bundled()
        }
        let judge = try SearchJudge()
        let outcomes: [SearchJudge.Outcome]
        if let api = environment["RECIPEBOOK_JUDGE_API"], let url = URL(string: api), !api.isEmpty {
            outcomes = try await Self.judgeAll(judge, catalog: catalog, api: url)
            report.notes.append("Asked \(api).")
        } else {
            let server = PuppyServer(catalog: catalog, configuration: ServerConfiguration(host: "127.0.0.1", port: 0))
            try server.start()
            defer { server.shutdown() }
            outcomes = try await Self.judgeAll(judge, catalog: catalog, api: server.apiURL)
        }
        if environment["RECIPEBOOK_JUDGE_DETAILS"].map({ !$0.isEmpty && $0 != "0" }) ?? false {
            for outcome in outcomes where !outcome.missed.isEmpty || !outcome.falseMatches.isEmpty {
                Console.message("[\(outcome.search.half.rawValue)] \(outcome.search.typed): found \(outcome.found), "
                    + "expected \(outcome.expectedFound)/\(outcome.expected)")
                for missed in outcome.missed.prefix(6) { Console.message("    missed: \(missed.joined(separator: ", "))") }
                for wrong in outcome.falseMatches.prefix(6) { Console.message("    false:  \(wrong.joined(separator: ", "))") }
            }
        }
        for half in SearchJudge.Half.allCases {
            let score = SearchJudge.Score(outcomes.filter { $0.search.half == half })
            Self.add(score, named: "half \(half.rawValue)", to: &report)
        }
        Self.measureMatching(judge: judge, catalog: catalog, quick: quick, into: &report)
        let whole = SearchJudge.Score(outcomes)
        Self.add(whole, named: "all", to: &report)
        report.notes.append("\(judge.searches.count) judged searches (\(outcomes.filter { $0.search.terms.count > 1 }.count) of several "
            + "ingredients) on a catalog of \(catalog.recipes.count) recipes; halves split by a hash of the search.")
        if !whole.emptyWhereExpected.isEmpty {
            report.notes.append("Empty where recipes exist: \(whole.emptyWhereExpected.joined(separator: "; ")).")
        }
    }

    /// A typed ingredient to the catalog's names it finds, as the server's index does it: the food table's
    /// concept of what was typed, looked up among the concepts of every catalog name (made once, as the
    /// index is). Every judged ingredient many times; the median, and the slowest of a 10,000-character name.
    private static func measureMatching(judge: SearchJudge, catalog: Catalog, quick: Bool, into report: inout SectionReport) {
        let facts = FoodFacts.standard
        var namesByConcept: [String: [String]] = [:]
        for name in Set(catalog.recipes.flatMap(\.ingredients)) {
            for concept in facts.concepts(of: name) { namesByConcept[concept, default: []].append(name) }
        }
        let typed = Array(Set(judge.searches.flatMap(\.terms))).sorted()
        let clock = ContinuousClock()
        var samples = Samples()
        var found = 0
        for _ in 0..<(quick ? 20 : 200) {
            for name in typed {
                let began = clock.now
                found &+= namesByConcept[facts.concept(of: name)]?.count ?? 0
                samples.append(clock.now - began)
            }
        }
        let long = String(repeating: "cheese ", count: 1_430)
        var longSamples = Samples()
        for _ in 0..<(quick ? 5 : 50) {
            let began = clock.now
            found &+= namesByConcept[facts.concept(of: long)]?.count ?? 0
            longSamples.append(clock.now - began)
        }
        report.figures.append(Figure("typed ingredient to its names, median (µs)", samples.median * 1000, "µs").below(50))
        report.figures.append(Figure("the same, p99 (µs)", samples.percentile(99) * 1000, "µs").below(50))
        report.figures.append(Figure("a 10,000-character name, slowest (µs)", (longSamples.values.max() ?? 0) * 1000, "µs"))
        report.notes.append("Matching: \(typed.count) typed ingredients × \(quick ? 20 : 200) (\(found) names found in all).")
    }

    private static func add(_ score: SearchJudge.Score, named name: String, to report: inout SectionReport) {
        report.figures.append(Figure("recall, \(name) (\(score.searches) searches)", score.recall * 100, "%").notBelow(95))
        report.figures.append(Figure("false matches, \(name)", score.falseMatchRate * 100, "%").atMost(3))
        report.figures.append(Figure("empty where recipes exist, \(name)", count: score.emptyWhereExpected.count).atMost(0))
    }

    /// Every search, every page until an empty one, results mapped back to catalog positions by href.
    static func judgeAll(_ judge: SearchJudge, catalog: Catalog, api: URL) async throws -> [SearchJudge.Outcome] {
        var positionByID: [String: Int] = [:]
        var positionByHref: [String: Int] = [:]
        for (position, recipe) in catalog.recipes.enumerated() {
            positionByID[recipe.id] = position
            if let href = recipe.href { positionByHref[href] = position }
        }
        let ingredients = catalog.recipes.map(\.ingredients)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        var outcomes: [SearchJudge.Outcome] = []
        for search in judge.searches {
            var found: [Int] = []
            for page in 1...10_000 {
                guard var components = URLComponents(url: api, resolvingAgainstBaseURL: false) else { throw BenchError("bad API address \(api)") }
                components.queryItems = [URLQueryItem(name: "i", value: search.terms.joined(separator: ",")), URLQueryItem(name: "p", value: "\(page)")]
                guard let url = components.url else { throw BenchError("cannot ask for \(search.typed)") }
                let (data, response) = try await session.data(from: url)
                guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                    throw BenchError("\(url) answered \((response as? HTTPURLResponse)?.statusCode ?? 0)")
                }
                let envelope = try JSONDecoder().decode(Envelope.self, from: data)
                if envelope.results.isEmpty { break }
                for result in envelope.results {
                    if let position = positionByHref[result.href] ?? result.href.split(separator: "/").last.flatMap({ positionByID[String($0)] }) {
                        found.append(position)
                    }
                }
            }
            outcomes.append(judge.judge(search, catalog: ingredients, found: found))
        }
        return outcomes
    }

    private struct Envelope: Decodable {
        struct Result: Decodable {
            let href: String
        }
        let results: [Result]
    }
}
