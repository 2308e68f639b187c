import Foundation
import Testing
import PuppyServer
import TestSupport

/// Cuisines from the server: on the cards, as a filter that keeps numbers, and in one-shot output.
@Suite struct Cuisines {
    @Test func cardsShowTheCuisineAndAFilterNarrowsToIt() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let run = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString],
                                               input: "garlic\nfilter cuisine italian\nfilter lactose-free\nfilter all\nquit\n",
                                               environment: BinaryRunner.environment(home: home, extra: ["COLUMNS": "200"]))
                #expect(run.status == 0)
                let screens = run.output.components(separatedBy: "\nRecipes with garlic")
                #expect(screens.count == 5)
                let unfiltered = screens[1]
                #expect(unfiltered.contains("127.0.0.1 · "))
                let italian = screens[2]
                #expect(italian.hasPrefix(" · Italian\n"), "the filter named as the results name it")
                let italianSites = italian.split(separator: "\n").filter { $0.contains("127.0.0.1") }
                #expect(!italianSites.isEmpty)
                #expect(italianSites.allSatisfy { $0.hasSuffix("127.0.0.1 · Italian") })
                let both = screens[3]
                #expect(both.hasPrefix(" · Italian · lactose-free\n"))
                #expect(!both.contains("LACTOSE"))
                #expect(both.contains("hidden by Italian · lactose-free"))
                // Numbers stay with their recipes through every filter.
                let numbered = { (text: String) -> [String: String] in
                    var found: [String: String] = [:]
                    for line in text.split(separator: "\n") {
                        let trimmed = line.drop { $0 == " " }
                        if let dot = trimmed.firstRange(of: ". "), Int(trimmed[..<dot.lowerBound]) != nil {
                            found[String(trimmed[..<dot.lowerBound])] = String(trimmed[dot.upperBound...]).replacingOccurrences(of: " LACTOSE", with: "")
                        }
                    }
                    return found
                }
                let all = numbered(screens[4]).merging(numbered(unfiltered)) { first, _ in first }
                for (number, title) in numbered(both) { #expect(all[number] == nil || all[number] == title) }
            }
        }
    }

    /// A cuisine none of the recipes has is "nothing found", said on stderr with exit 3; JSON is `[]`.
    @Test func aOneShotCuisineThatMatchesNothingIsNothingFound() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let environment = BinaryRunner.environment(home: home)
                let text = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "search", "onions", "--cuisine", "narnian"],
                                                environment: environment)
                #expect(text.status == 3)
                #expect(text.output.isEmpty, "\(text.output.debugDescription)")
                #expect(text.errors.contains("No recipes of the cuisine narnian with onions"), "\(text.errors)")
                let json = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "search", "onions", "--cuisine", "narnian",
                                                            "--json"], environment: environment)
                #expect(json.status == 3)
                #expect(json.output == "[]\n")
            }
        }
    }

    @Test func aOneShotSearchFiltersByCuisineAndPrintsIt() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let run = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "search", "garlic", "--cuisine", "THAI",
                                                           "--json", "--count", "50"],
                                               environment: BinaryRunner.environment(home: home))
                #expect(run.status == 0, "\(run.errors)")
                let records = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [[String: Any]])
                #expect(!records.isEmpty)
                #expect(records.allSatisfy { $0["cuisine"] as? String == "Thai" })
            }
        }
    }
}
