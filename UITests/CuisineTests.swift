import Foundation
import Testing
import PuppyServer
import PuppyCatalog
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

    /// A cuisine nobody knows is bad usage naming the known ones (exit 2, before any search); a known
    /// cuisine none of the recipes found has is "nothing found", said on stderr with exit 3; JSON is `[]`.
    @Test func aOneShotCuisineNobodyKnowsIsBadUsageAndAKnownOneThatMatchesNothingIsNothingFound() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let environment = BinaryRunner.environment(home: home)
                let unknown = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "search", "onions", "--cuisine", "narnian"],
                                                   environment: environment)
                #expect(unknown.status == 2)
                #expect(unknown.output.isEmpty)
                #expect(unknown.errors.hasPrefix("recipes: --cuisine knows no cuisine \"narnian\"; the cuisines are: African, American,"),
                        "\(unknown.errors)")
                #expect(unknown.errors.contains("Thai, Tunisian"))
                let text = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "search", "chocolate", "--cuisine", "uzbek"],
                                                environment: environment)
                #expect(text.status == 3)
                #expect(text.output.isEmpty, "\(text.output.debugDescription)")
                #expect(text.errors.contains("No recipes of the cuisine Uzbek with chocolate"), "\(text.errors)")
                let json = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "search", "chocolate", "--cuisine", "Uzbek",
                                                            "--json"], environment: environment)
                #expect(json.status == 3)
                #expect(json.output == "[]\n")
            }
        }
    }

    /// At the prompt, `filter cuisine Martian` is refused naming the cuisines and turns nothing on; Tab
    /// on `filter cuisine ` lists every name alone, in columns within the terminal's width.
    @Test func onATerminalAnUnknownCuisineIsRefusedAndTabListsTheNamesInColumns() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString, "--color", "never"], home: home,
                                                                 rows: 24, columns: 80)
                let refused = try #require(terminal.enter("filter cuisine Martian", expecting: "There is no cuisine"))
                #expect(refused.contains("Cuisines:"))
                #expect(refused.contains("African, American,"))
                #expect(refused.contains("West African"))
                let afterward = try #require(terminal.enter("onions", expecting: "Recipes with onions"))
                #expect(!afterward.contains("Martian"), "no filter was turned on")
                let mark = terminal.bytes.count
                terminal.type("filter cuisine ")
                terminal.type(TerminalKeys.tab)
                #expect(terminal.waitFor("West African", after: mark))
                #expect(terminal.waitFor("recipes> filter cuisine ", after: mark))
                var screen = ScreenEmulator(rows: 24, columns: 80)
                screen.feed(terminal.bytes)
                let listed = screen.screen.filter { $0.contains("Thai") || $0.contains("Uzbek") || $0.contains("African") }
                #expect(!listed.isEmpty)
                #expect(!screen.screen.joined().contains("filter cuisine Thai"), "the names alone")
                #expect(listed.allSatisfy { $0.split(separator: " ", omittingEmptySubsequences: true).count >= 3 }, "in columns: \(listed)")
                #expect(screen.lines.allSatisfy { $0.count <= 80 }, "no row wraps")
                terminal.type(TerminalKeys.control("u"))
                #expect(terminal.quit() == 0)
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
                // The text names the cuisine as the prompt does, after each recipe's link.
                let text = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "search", "garlic", "--cuisine", "thai"],
                                                environment: BinaryRunner.environment(home: home))
                #expect(text.status == 0, "\(text.errors)")
                let links = text.output.split(separator: "\n").filter { $0.contains("://") }
                #expect(!links.isEmpty)
                #expect(links.allSatisfy { $0.hasSuffix("/recipes/\($0.split(separator: "/").last?.split(separator: " ").first ?? "") · Thai") },
                        "\(text.output)")
            }
        }
    }
}
