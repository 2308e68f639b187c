import Foundation
import Testing
import PuppyServer
import PuppyCatalog
import TestSupport

/// The built `recipes` binary, run through pipes as a script would.
@Suite(.serialized) struct PipedSessions {
    func withHome<T>(_ body: (URL) async throws -> T) async throws -> T {
        try await TemporaryDirectory.with(body)
    }

    @Test func theEmbeddedServerAnswersAOneShotJSONSearch() async throws {
        try await withHome { home in
            let result = try BinaryRunner.run("recipes", ["search", "onions, garlic", "--json", "--count", "5"],
                                              environment: BinaryRunner.environment(home: home))
            #expect(result.status == 0, "\(result.errors)")
            let records = try JSONSerialization.jsonObject(with: result.standardOutput) as? [[String: Any]]
            let list = try #require(records)
            #expect(list.count == 5)
            for record in list {
                let ingredients = record["ingredients"] as? [String] ?? []
                #expect(ingredients.contains("onions") && ingredients.contains("garlic"))
                #expect(Set(record.keys) == ["number", "title", "href", "ingredients", "thumbnail", "cuisine", "lactose", "favorite"])
                #expect((record["href"] as? String)?.hasPrefix("http://puppy.localhost/recipes/") == true)
            }
            #expect(list.map { $0["number"] as? Int } == [1, 2, 3, 4, 5])
        }
    }

    @Test func typingASearchShowsTheFirstScreenAndQuitLeavesCleanly() async throws {
        try await withHome { home in
            let result = try BinaryRunner.run("recipes", [], input: "onions, garlic\nquit\n", environment: BinaryRunner.environment(home: home))
            #expect(result.status == 0)
            let output = result.output
            #expect(output.contains("Recipes with onions, garlic"))
            #expect(output.contains(" 1. "))
            #expect(output.contains("10. "))
            #expect(output.contains("LACTOSE"))
            #expect(output.contains("Recipes 1–10 · screen 1"))
            #expect(!output.contains("\u{1B}["), "no colour into a pipe")
            #expect(result.errors.isEmpty, "\(result.errors)")
        }
    }

    @Test func theEndOfInputLeavesCleanlyToo() async throws {
        try await withHome { home in
            let result = try BinaryRunner.run("recipes", [], input: "eggs", environment: BinaryRunner.environment(home: home))
            #expect(result.status == 0)
            #expect(result.output.contains("Recipes with eggs"))
        }
    }

    @Test func aFullSessionAgainstARealisticallyQuirkyServer() async throws {
        let catalog = try Catalog.bundled()
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: .init(quirks: Quirk.realistic, seed: 11)) { server in
            try await withHome { home in
                let script = """
                garlic
                n
                n
                n
                n
                n
                p
                12
                o 12
                o 12 page
                12
                filter lactose-free
                n
                filter all
                frobnicate the oven 7 :
                :frobnicate
                open twelve
                back
                quit

                """
                let result = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString], input: script,
                                                  environment: BinaryRunner.environment(home: home))
                #expect(result.status == 0)
                let output = result.output
                let screens = output.components(separatedBy: "Recipes with garlic").count - 1
                #expect(screens >= 8)
                #expect(output.contains("Recipes 1–10 · screen 1"))
                #expect(output.contains("Recipes 51–60 · screen 6"))
                #expect(output.contains("Recipes 41–50 · screen 5 · n next · p previous"))
                // The recipe view, its recipe card, its whole page, and the view again with the method
                // read from the page.
                #expect(output.contains("12. "))
                #expect(output.contains("  Link:"))
                #expect(output.contains("\nIngredients\n"))
                #expect(output.contains("\nMethod\n"))
                #expect(output.contains("o 12 page shows the whole page"))
                #expect(output.contains("References"))
                #expect(output.contains("o 12 shows the recipe card"))
                #expect(output.contains("  Method:\n    1. "))
                #expect(output.contains("Recipes with garlic · lactose-free"))
                // Bad commands: one line each, and the session goes on.
                let errors = output.split(separator: "\n").filter { $0.hasPrefix("Error: ") }
                #expect(errors.contains { $0.contains("Unknown command \":frobnicate\"") })
                #expect(errors.contains { $0.contains("open wants a recipe number, not \"twelve\"") })
                // The quirks were met and reported, never fatal.
                #expect(output.contains("Skipped") || output.contains("malformed"))
                // Numbers are unique across the whole session's screens of the unfiltered search.
                #expect(!output.contains("\u{1B}"))
                #expect(server.statistics.maxAPIRequestsInFlight == 1)
                #expect(server.statistics.mostRequestsForOnePage <= 2)
            }
        }
    }

    @Test func aTitleFullOfEscapeSequencesReachesTheScreenAsHarmlessText() async throws {
        let hostile = "Evil\u{1B}[2J\u{1B}[H Pie\u{1B}]52;c;aGFja2Vk\u{07}\u{1B}]0;owned\u{1B}\\\u{1B}P+q\u{1B}\\\u{07}\u{08}\u{08}\r Deluxe\u{9B}31m"
        let catalog = try Catalog(recipes: [
            CatalogRecipe(id: "evil-pie", title: hostile, cuisine: "Nowhere", ingredients: ["eggs", "milk\u{1B}[31m", "\u{1B}]52;c;eA==\u{07}sugar"],
                          method: "<script>alert(1)</script> \u{1B}[2J Bake it."),
        ], source: "hostile")
        try await PuppyServerFixture.withServer(catalog: catalog) { server in
            try await withHome { home in
                let environment = BinaryRunner.environment(home: home)
                let result = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "--color", "always"],
                                                  input: "eggs\n1\no 1\nquit\n", environment: environment)
                #expect(result.status == 0)
                let bytes = [UInt8](result.standardOutput)
                // Only our own colour codes (ESC [ digits ; m) may appear; nothing else from the title.
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == 0x1B {
                        var end = index + 1
                        #expect(end < bytes.count && bytes[end] == UInt8(ascii: "["))
                        end += 1
                        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) || bytes[end] == UInt8(ascii: ";") {
                            end += 1
                        }
                        #expect(end < bytes.count && bytes[end] == UInt8(ascii: "m"), "a non-colour escape reached the terminal")
                        index = end + 1
                        continue
                    }
                    #expect(byte >= 0x20 || byte == 0x0A, "control byte \(byte) reached the terminal")
                    index += 1
                }
                let text = result.output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
                #expect(text.contains("Evil Pie Deluxe"))
                #expect(!text.contains("52;c;"))
                #expect(!text.contains("\u{C2}\u{9B}"))

                let json = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "search", "eggs", "--json"],
                                                environment: environment)
                #expect(json.status == 0)
                #expect(json.output.contains("Evil Pie Deluxe"))
                #expect(!json.output.contains("\\u001b") && !json.output.contains("\\u0007") && !json.output.contains("52;c;"),
                        "JSON carries no escape sequence: the recipe was cleaned when it came in")
            }
        }
    }

    @Test func exitCodesAreTheDocumentedOnes() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await withHome { home in
                let environment = BinaryRunner.environment(home: home)
                let api = ["--api", server.apiURL.absoluteString]
                let found = try BinaryRunner.run("recipes", api + ["search", "garlic", "--count", "3"], environment: environment)
                #expect(found.status == 0)
                #expect(found.output.hasPrefix("1. "))
                #expect(found.output.contains("http://127.0.0.1:\(server.port)/recipes/"))
                let nothing = try BinaryRunner.run("recipes", api + ["search", "unobtainium", "--json"], environment: environment)
                #expect(nothing.status == 3)
                #expect(nothing.output == "[]\n")
                #expect(nothing.errors.contains("No recipes with unobtainium"))
                let typo = try BinaryRunner.run("recipes", api + ["search", "chese"], environment: environment)
                #expect(typo.status == 3)
                #expect(typo.errors.contains("No recipes with chese. Did you mean cheese?"), "\(typo.errors)")
                let usage = try BinaryRunner.run("recipes", ["search"], environment: environment)
                #expect(usage.status == 2)
                #expect(usage.errors.hasPrefix("recipes: search needs ingredients"))
                // A search that cannot be made as typed is bad usage too, said in one line.
                let tooMany = try BinaryRunner.run("recipes", api + ["search", (1...21).map { "name\($0)" }.joined(separator: ",")],
                                                   environment: environment)
                #expect(tooMany.status == 2)
                #expect(tooMany.errors.contains("it has 21 ingredients, more than the 20 a search takes"), "\(tooMany.errors)")
                let tooLong = try BinaryRunner.run("recipes", api + ["search", String(repeating: "a", count: 10_000)], environment: environment)
                #expect(tooLong.status == 2)
                #expect(tooLong.errors.split(separator: "\n").count == 1, "\(tooLong.errors)")
                let unknown = try BinaryRunner.run("recipes", ["--frobnicate"], environment: environment)
                #expect(unknown.status == 2)
                let dead = try BinaryRunner.run("recipes", ["--api", "http://127.0.0.1:9/api/", "search", "eggs"], environment: environment)
                #expect(dead.status == 1)
                #expect(dead.errors.contains("Cannot reach the recipe server"))
                // Refused on loopback: the network works, the server does not.
                #expect(dead.errors.contains("The server at 127.0.0.1:9 is not answering (is it running?)"), "\(dead.errors)")
                #expect(!dead.errors.contains("offline"))
                #expect(dead.output.isEmpty)
                let help = try BinaryRunner.run("recipes", ["--help"], environment: environment)
                #expect(help.status == 0)
                #expect(help.output.contains("Exit codes: 0 found, 1 error, 2 bad usage, 3 nothing found"))
                // Each command's help is its own; `recipes help` works; a bare query searches.
                let readHelp = try BinaryRunner.run("recipes", ["read", "--help"], environment: environment)
                #expect(readHelp.status == 0)
                #expect(readHelp.output.hasPrefix("Usage: recipes [OPTIONS] read URL|FILE"), "\(readHelp.output)")
                #expect(!readHelp.output.contains("--missing"))
                #expect(readHelp.output != help.output)
                let helpCommand = try BinaryRunner.run("recipes", ["help"], environment: environment)
                #expect(helpCommand.status == 0 && helpCommand.output == help.output)
                let bare = try BinaryRunner.run("recipes", api + ["onions, garlic"], environment: environment)
                let searched = try BinaryRunner.run("recipes", api + ["search", "onions, garlic"], environment: environment)
                #expect(bare.status == 0, "\(bare.errors)")
                #expect(!bare.output.isEmpty && bare.output == searched.output)
            }
        }
    }

    @Test func pagesOfAOneShotSearchFollowOnWithStableNumbers() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled(), configuration: .init(quirks: Quirk.realistic)) { server in
            try await withHome { home in
                let environment = BinaryRunner.environment(home: home)
                let api = ["--api", server.apiURL.absoluteString]
                let second = try BinaryRunner.run("recipes", api + ["search", "eggs", "--count", "7", "--page", "2", "--json"], environment: environment)
                #expect(second.status == 0)
                let records = try JSONSerialization.jsonObject(with: second.standardOutput) as? [[String: Any]] ?? []
                #expect(records.map { $0["number"] as? Int } == Array(8...14))
            }
        }
    }

    @Test func everyDistinctMatchOfAQuirkyServerInOneShot() async throws {
        let catalog = try Catalog.bundled()
        let expected = try await PuppyServerFixture.titles(matching: "cinnamon", in: catalog)
        try #require(expected.count > 30 && expected.count <= 100)
        // Seed 4 gives this search malformed, failing and empty pages among its real ones.
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: .init(quirks: Quirk.realistic, seed: 4)) { server in
            try await withHome { home in
                let result = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "search", "cinnamon", "--json", "--count", "100"],
                                                  environment: BinaryRunner.environment(home: home))
                #expect(result.status == 0)
                let records = try JSONSerialization.jsonObject(with: result.standardOutput) as? [[String: Any]] ?? []
                let titles = records.compactMap { $0["title"] as? String }
                #expect(titles.count == expected.count)
                #expect(Set(titles) == expected)
                #expect(result.errors.contains("Skipped") || result.errors.contains("malformed"))
                #expect(server.statistics.maxAPIRequestsInFlight == 1)
                #expect(server.statistics.mostRequestsForOnePage <= 2)
            }
        }
    }
}
