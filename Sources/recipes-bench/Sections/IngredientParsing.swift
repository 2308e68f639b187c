import Foundation
import Entity
import PuppyServer
import PuppyCatalog

/// Reading ingredient lines into their parts, in this process, against a regular expression that only
/// finds a line's number, unit and the rest (the shape of the simplest parsers).
struct IngredientParsing: Section {
    let title = "Reading an ingredient line into its parts"
    let reference = "one regular expression (NSRegularExpression: a number, a unit from a list, the rest) over the same line"

    /// The labelled lines beside the repository: `$RECIPEBOOK_INGREDIENT_LINES`, else
    /// `../shared/data/ingredient-lines/shared.jsonl`.
    static func corpus() -> URL {
        Tools.sharedData("RECIPEBOOK_INGREDIENT_LINES", "ingredient-lines/shared.jsonl")
    }

    func run(quick: Bool, into report: inout SectionReport) async throws {
        var (lines, source) = try Self.lines()
        if quick { lines = stride(from: 0, to: lines.count, by: 4).map { lines[$0] } }
        let expression = try Self.referenceExpression()
        let rounds = quick ? 5 : 15
        var parsing = Samples(), matching = Samples()
        var unsure = 0
        let clock = ContinuousClock()
        for line in lines {
            // The fastest of several rounds: what the work costs, not what the scheduler added to it.
            var fastest = Duration.seconds(60), fastestMatch = Duration.seconds(60)
            var parsed: IngredientLine?
            for _ in 0..<rounds {
                let started = clock.now
                parsed = IngredientLine(parsing: line)
                fastest = min(fastest, clock.now - started)
                let matchStarted = clock.now
                let range = NSRange(line.startIndex..., in: line)
                _ = expression.firstMatch(in: line, range: range)
                fastestMatch = min(fastestMatch, clock.now - matchStarted)
            }
            if parsed?.isUnsure == true { unsure += 1 }
            parsing.append(fastest)
            matching.append(fastestMatch)
        }
        // Samples hold milliseconds; the figures are in microseconds.
        let micro = { (value: Double) in value * 1000 }
        report.figures = [
            Figure("parsing a line: median", micro(parsing.median), "µs", reference: micro(matching.median)).atMost(20),
            Figure("parsing a line: 90th percentile", micro(parsing.percentile(90)), "µs", reference: micro(matching.percentile(90))),
            Figure("parsing a line: slowest", micro(parsing.percentile(100)), "µs", reference: micro(matching.percentile(100))),
            Figure("lines read without confidence", count: unsure),
        ]
        report.notes = [
            "\(lines.count) lines: \(source).",
            "Each line parsed \(rounds) times in a row in this process (`IngredientLine(parsing:)`); the fastest time of each line "
                + "counts. The reference matches one NSRegularExpression (an optional number or fraction, an optional unit from the "
                + "parser's unit table, the rest) against the same line, timed the same way.",
        ]
    }

    /// The labelled lines when they are there, else lines made from the bundled catalog's ingredients.
    static func lines() throws -> ([String], String) {
        let file = corpus()
        // Without the labelled lines beside the repository, the catalog's lines are measured instead.
        if let data = try? Data(contentsOf: file) {
            let lines = data.split(separator: UInt8(ascii: "\n")).compactMap { row -> String? in
                // A row that is not a JSON object with an input is left out, as the scorer would have it.
                (try? JSONSerialization.jsonObject(with: row) as? [String: Any])?["input"] as? String
            }
            if !lines.isEmpty { return (lines, "the labelled lines at \(file.path)") }
        }
        return (try generatedLines(), "made from the bundled catalog's ingredient names (no labelled lines at \(file.path))")
    }

    /// Lines as recipes write them, from the catalog's names: a seeded mix of amounts, units, sizes,
    /// preparations and comments.
    static func generatedLines() throws -> [String] {
        let names = Array(Set(try Catalog.bundled().recipes.flatMap(\.ingredients))).sorted()
        guard !names.isEmpty else { throw BenchError("the bundled catalog has no ingredients") }
        let amounts = ["1", "2", "1 ½", "¾", "1/2", "2-3", "250g/9oz", "1 (14 oz)", "a", "3 to 4", "0.5", ""]
        let units = ["cups", "tbsp", "tsp", "g", "ml", "can", "large", "heaped tablespoons", "cloves", "pinch of", "", "oz"]
        let before = ["finely chopped", "fresh", "", "", "freshly grated", "small"]
        let after = [", divided", ", to taste", " (optional)", ", peeled and diced", "", " or 2 shallots", ", plus extra to serve"]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func pick<T>(_ items: [T]) -> T {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return items[Int((seed >> 33) % UInt64(items.count))]
        }
        return (0..<6000).map { index in
            [pick(amounts), pick(units), pick(before), names[index % names.count]].filter { !$0.isEmpty }.joined(separator: " ") + pick(after)
        }
    }

    static func referenceExpression() throws -> NSRegularExpression {
        let units = ["cups", "cup", "tablespoons", "tablespoon", "tbsp", "teaspoons", "teaspoon", "tsp", "grams", "gram", "g", "kg",
                     "ml", "l", "ounces", "ounce", "oz", "pounds", "pound", "lb", "cans", "can", "cloves", "clove", "pinch", "handful"]
        let number = #"(?:\d+\s+\d+/\d+|\d+/\d+|\d+(?:[.,]\d+)?|[½⅓⅔¼¾⅛])"#
        return try NSRegularExpression(pattern: #"^\s*(\#(number)(?:\s*(?:-|to)\s*\#(number))?)?\s*(?:(\#(units.joined(separator: "|")))\.?(?![A-Za-z]))?\s*(.*)$"#,
                                       options: [.caseInsensitive])
    }
}
