import Foundation
import Testing
import PuppyServer
import PuppyCatalog
import TestSupport

/// The kitchen as a person uses it: on a pseudo-terminal from "what can I make" to a shopping list in a
/// file, and the one-shot commands a script runs.
@Suite(.serialized) struct Kitchen {
    static let pantry = "eggs, milk, flour, butter, sugar"

    @Test func fromWhatCanIMakeToAShoppingListOnAFile() async throws {
        try await TemporaryDirectory.with { home in
            // The embedded server and its bundled catalog, as `recipes` runs for a person.
            let terminal = try PseudoTerminalProcess.recipes([], home: home)
            let ranked = try #require(terminal.enter("have \(Self.pantry)", expecting: "· n next"))
            #expect(ranked.contains("Recipes to make with eggs, milk, flour, butter, sugar · at most 2 missing"))
            #expect(ranked.contains(" 1. \u{1B}[1mSwedish Pancakes"))
            #expect(ranked.contains("uses 6 of 6 · nothing missing"))

            // The card opens in the pager, with the amounts its source gives; q closes it.
            var mark = terminal.bytes.count
            terminal.type("o 1\r")
            #expect(terminal.waitFor("-- ", after: mark))
            let card = String(decoding: terminal.bytes[mark...], as: UTF8.self)
            #expect(card.contains("• 3 Eggs, beaten") && card.contains("• 1 cup Flour") && card.contains("• 6-8 tbsp Butter"))
            terminal.type("q")
            #expect(terminal.waitFor("recipes> ", after: mark))

            mark = terminal.bytes.count
            terminal.type("serves 8\r")
            #expect(terminal.waitFor("Scaled ×2 to serve 8, written for 4.", after: mark))
            #expect(terminal.waitFor("-- ", after: mark))
            let scaled = String(decoding: terminal.bytes[mark...], as: UTF8.self)
            #expect(scaled.contains("• 6 Eggs, beaten") && scaled.contains("• 2 cups Flour") && scaled.contains("• 2 tbsp Sugar"))
            // Everything on a scaled card is scaled: its yield, and the lines its Lactose line names.
            #expect(scaled.contains("8 servings ·") && !scaled.contains("4 servings"))
            #expect(scaled.contains("Lactose: from 3 ⅓ cups Milk; ¾–1 cup Butter"))
            terminal.type("q")
            #expect(terminal.waitFor("recipes> ", after: mark))

            mark = terminal.bytes.count
            terminal.type("units metric\r")
            #expect(terminal.waitFor("Recipe cards show amounts in metric from now on (remembered).", after: mark))
            #expect(terminal.waitFor("Amounts in metric.", after: mark))
            #expect(terminal.waitFor("-- ", after: mark))
            let metric = String(decoding: terminal.bytes[mark...], as: UTF8.self)
            #expect(metric.contains("• 240 g Flour") && metric.contains("• 170–230 g Butter") && metric.contains("• 6 Eggs, beaten"))
            terminal.type("q")
            #expect(terminal.waitFor("recipes> ", after: mark))

            #expect(terminal.enter("list 1", expecting: "Added “Swedish Pancakes” ×2 to the shopping list: 6 ingredients.") != nil)
            let list = try #require(terminal.enter("list", expecting: "Shopping list for 1 recipe"))
            #expect(list.contains("1. Swedish Pancakes ×2"))
            #expect(list.contains("Dairy and eggs") && list.contains("• 6 Eggs") && list.contains("• 170–230 g Butter"))
            #expect(list.contains("Dry goods") && list.contains("• 240 g Flour"))
            #expect(list.contains("Left off, in the kitchen already: Salt"))

            let file = home.appendingPathComponent("shopping.md")
            // The path is long: the line that says where may wrap.
            let written = try #require(terminal.enter("list --export \(file.path)", expecting: "items)."))
            #expect(written.contains("Wrote the shopping list to \(file.path) (5"))
            #expect(terminal.quit() == 0)
            let markdown = try String(contentsOf: file, encoding: .utf8)
            #expect(markdown == """
                # Shopping list

                For Swedish Pancakes ×2.

                ## Dairy and eggs

                - [ ] 170–230 g Butter
                - [ ] 6 Eggs
                - [ ] 790 ml Milk

                ## Dry goods

                - [ ] 240 g Flour
                - [ ] 2 tbsp Sugar

                Left off, in the kitchen already: Salt.

                """)

            // The next run remembers the units and the list, with no server needed for the list.
            let oneShot = try BinaryRunner.run("recipes", ["list"], environment: BinaryRunner.environment(home: home))
            #expect(oneShot.status == 0)
            #expect(oneShot.output.hasPrefix("Shopping list for 1 recipe\n  1. Swedish Pancakes ×2\n\nDairy and eggs\n  • 170–230 g Butter\n  • 6 Eggs\n  • 790 ml Milk\n"))
        }
    }

    @Test func pantryAddKeepsWhatEachItemNamesAndSaysWhatItDoesNotKnow() async throws {
        try await TemporaryDirectory.with { home in
            let terminal = try PseudoTerminalProcess.recipes([], home: home)
            let said = try #require(terminal.enter("pantry add 2 cups rice, 3 cloves garlic, minced, chese", expecting: "takes it off."))
            #expect(said.contains("Added to your pantry: rice, garlic, chese."))
            #expect(said.contains("RecipeBook does not know “chese” (did you mean") && said.contains("cheese?)."))
            let pantry = try #require(terminal.enter("pantry", expecting: "In your pantry"))
            #expect(pantry.contains("In your pantry (3): rice, garlic, chese."))
            #expect(terminal.quit() == 0)
        }
    }

    @Test func imperialMeasuresAreRefusedNamingTheChoices() async throws {
        try await TemporaryDirectory.with { home in
            let terminal = try PseudoTerminalProcess.recipes([], home: home)
            let said = try #require(terminal.enter("units imperial", expecting: "as-written."))
            #expect(said.contains("There are no imperial measures here"))
            #expect(!said.contains("US measures from now on"))
            #expect(terminal.quit() == 0)
            let run = try BinaryRunner.run("recipes", ["read", "http://puppy.localhost/recipes/swedish-pancakes", "--units", "imperial"],
                                           environment: BinaryRunner.environment(home: home))
            #expect(run.status == 2)
            #expect(run.errors.contains("not the 568 ml imperial pint"))
            #expect(run.output.isEmpty)
        }
    }

    @Test func theOneShotRanksTheBundledCatalogWithWhatEachRecipeLacks() async throws {
        try await TemporaryDirectory.with { home in
            let run = try BinaryRunner.run("recipes", ["have", Self.pantry, "--json"], environment: BinaryRunner.environment(home: home))
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.errors.isEmpty)
            let items = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [[String: Any]])
            #expect(items.count > 10)
            #expect(items.first?["title"] as? String == "Swedish Pancakes")
            #expect(items.first?["missing"] as? [String] == [])
            #expect(items.first?["uses"] as? Int == 6 && items.first?["of"] as? Int == 6)
            let missing = items.compactMap { $0["missing"] as? [String] }
            #expect(missing.count == items.count)
            #expect(missing.map(\.count) == missing.map(\.count).sorted(), "fewest missing first")
            #expect(missing.allSatisfy { $0.count <= 2 })
            #expect(items.first { $0["title"] as? String == "Croissants" }?["missing"] as? [String] == ["yeast"])
            for key in ["number", "title", "href", "ingredients", "thumbnail", "cuisine", "lactose", "favorite", "missing", "uses", "of"] {
                #expect(items.first?[key] != nil, "\(key)")
            }

            let none = try BinaryRunner.run("recipes", ["have", "eggs, water", "--missing", "0", "--strict"], environment: BinaryRunner.environment(home: home))
            #expect(none.status == 3 || none.status == 0)
            let text = try BinaryRunner.run("recipes", ["have", "eggs, mlik, flour", "--missing", "1"], environment: BinaryRunner.environment(home: home))
            #expect(text.status == 0)
            #expect(text.output.contains("uses ") && text.output.contains("http://puppy.localhost/recipes/"))
            #expect(text.errors.contains("No recipe listed uses \"mlik\": did you mean milk?"))
        }
    }

    @Test func againstAServerWithoutTheExtensionTheRankingIsPartialAndSaysSo() async throws {
        var configuration = ServerConfiguration()
        configuration.answersHave = false
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled(), configuration: configuration) { server in
            try await TemporaryDirectory.with { home in
                let run = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "have", Self.pantry, "--json"],
                                               environment: BinaryRunner.environment(home: home))
                #expect(run.status == 0, "\(run.errors)")
                #expect(run.errors.contains("Partial ranking: this server does not rank recipes for a pantry"))
                let items = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [[String: Any]])
                #expect(!items.isEmpty && items.allSatisfy { ($0["missing"] as? [String])?.count ?? 9 <= 2 })
            }
        }
    }

    @Test func theOneShotReaderScalesAndConvertsAndItsJSONSaysHow() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let address = server.baseURL.appendingPathComponent("recipes/swedish-pancakes").absoluteString
                let text = try BinaryRunner.run("recipes", ["read", address, "--servings", "8", "--units", "metric"],
                                                environment: BinaryRunner.environment(home: home))
                #expect(text.status == 0, "\(text.errors)")
                #expect(text.output.contains("Scaled ×2 to serve 8, written for 4. Amounts in metric."))
                #expect(text.output.contains("• 240 g Flour") && text.output.contains("• 6 Eggs, beaten"))

                let json = try BinaryRunner.run("recipes", ["read", address, "--servings", "8", "--units", "metric", "--json"],
                                                environment: BinaryRunner.environment(home: home))
                let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
                #expect(object["factor"] as? Double == 2 && object["servings"] as? Double == 8 && object["units"] as? String == "metric")
                let shown = try #require(object["shown_ingredients"] as? [[String: Any]])
                #expect(shown.first?["text"] as? String == "6 Eggs, beaten")
                #expect(shown.first?["as_written"] as? Bool == false)
                #expect(object["ingredients"] as? [String] == ["3 Eggs, beaten", "1 tsp Salt", "1 tbsp Sugar", "1 cup Flour", "1 - 2/3 cups Milk",
                                                              "6-8 tbsp Butter"])

                let plain = try BinaryRunner.run("recipes", ["read", address, "--json"], environment: BinaryRunner.environment(home: home))
                let plainObject = try #require(try JSONSerialization.jsonObject(with: plain.standardOutput) as? [String: Any])
                #expect(plainObject["shown_ingredients"] == nil && plainObject["factor"] == nil, "nothing asked, nothing added")
            }
        }
    }

    @Test func theOneShotListIsJSONAndSaysWhenItIsEmpty() async throws {
        try await TemporaryDirectory.with { home in
            let empty = try BinaryRunner.run("recipes", ["list", "--json"], environment: BinaryRunner.environment(home: home))
            #expect(empty.status == 3)
            #expect(empty.output == "{\n  \"in_pantry\" : [\n\n  ],\n  \"items\" : [\n\n  ],\n  \"recipes\" : [\n\n  ]\n}\n")
            #expect(empty.errors.contains("The shopping list is empty."))

            let added = try BinaryRunner.run("recipes", [], input: "have eggs, milk, flour\nlist 1\npantry add eggs\nq\n",
                                             environment: BinaryRunner.environment(home: home))
            #expect(added.output.contains("to the shopping list"), "\(added.output)")
            let list = try BinaryRunner.run("recipes", ["list", "--json"], environment: BinaryRunner.environment(home: home))
            #expect(list.status == 0)
            let object = try #require(try JSONSerialization.jsonObject(with: list.standardOutput) as? [String: Any])
            let recipes = try #require(object["recipes"] as? [[String: Any]])
            #expect(recipes.count == 1 && recipes.first?["lines_from_page"] as? Bool == true)
            let items = try #require(object["items"] as? [[String: Any]])
            #expect(!items.isEmpty && items.allSatisfy { $0["aisle"] is String && $0["text"] is String && $0["amounts"] is [Any] })
            #expect((object["in_pantry"] as? [String])?.contains("eggs") == true)
        }
    }
}
