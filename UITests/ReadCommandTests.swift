import Foundation
import Testing
import PuppyServer
import TestSupport

/// `recipes read URL|FILE`: the recipe in one page, as a card or one JSON object, with exit codes a
/// script can trust.
@Suite struct ReadCommand {
    static let page = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Leek Tart | Somebody's Kitchen</title>
        <script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
          {"@type": "WebSite", "name": "Somebody's Kitchen"},
          {"@type": ["Recipe"], "name": "Leek &amp;amp; Gruyère Tart", "recipeYield": ["6", "6 slices"], "totalTime": "PT1H15M",
           "prepTime": "PT25M", "cookTime": "PT50M", "recipeCuisine": "French", "image": {"@type": "ImageObject", "url": "https://example.com/tart.jpg"},
           "video": {"@type": "VideoObject", "contentUrl": "https://example.com/tart.mp4"},
           "recipeIngredient": ["3 leeks", "150 g gruyère cheese", "2 eggs", "200 ml cream"],
           "recipeInstructions": [{"@type": "HowToSection", "name": "Pastry", "itemListElement": [{"@type": "HowToStep", "text": "Blind-bake the case."}]},
                                  {"@type": "HowToSection", "name": "Filling", "itemListElement": [
                                      {"@type": "HowToStep", "text": "Sweat the <b>leeks</b>."}, {"@type": "HowToStep", "text": "Whisk eggs and cream; bake."}]}]}
        ]}</script></head>
        <body><header><nav><a href="/">Home</a> <a href="/login">Log in</a></nav></header><h1>Leek Tart</h1>
        <div class="newsletter">Subscribe!</div><p>Lots of words about tarts.</p><footer>© Somebody</footer></body></html>
        """

    func run(_ arguments: [String], in folder: URL) throws -> ProcessResult {
        try BinaryRunner.run("recipes", arguments, environment: BinaryRunner.environment(home: folder))
    }

    /// The links the bundled catalog's recipes are listed with (`recipes have`, `recipes search`) are read
    /// from the embedded server, scaled as asked, counted things in whole numbers past five.
    @Test func aLinkOfTheBundledCatalogIsReadFromTheEmbeddedServer() throws {
        try TemporaryDirectory.withSync { folder in
            let result = try run(["read", "http://puppy.localhost/recipes/mapo-tofu", "--servings", "8", "--units", "metric"], in: folder)
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.hasPrefix("Mapo Tofu (麻婆豆腐)\n(read online from puppy.localhost)\n"), "\(result.output)")
            #expect(result.output.contains("Scaled ×2 to serve 8"), "\(result.output)")
            #expect(result.output.contains("• 900 g ground pork"), "\(result.output)")
            #expect(result.output.contains("https://github.com/ronaldl29/public-domain-recipes/blob/61b488ee/content/mapo-tofu.md"),
                    "\(result.output)")
            #expect(result.output.contains("licence: Unlicense (public domain)"), "\(result.output)")
        }
    }

    @Test func aFileGivesOneJSONObjectWithTheDocumentedKeys() throws {
        try TemporaryDirectory.withSync { folder in
            let file = folder.appendingPathComponent("tart.html")
            try Data(Self.page.utf8).write(to: file)
            let result = try run(["read", file.path, "--json"], in: folder)
            #expect(result.status == 0)
            #expect(result.errors.isEmpty)
            let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
            for key in ["title", "ingredients", "ingredient_groups", "steps", "yields", "total_minutes", "prep_minutes", "cook_minutes",
                        "image", "video", "cuisine", "category", "source_url", "lactose", "lactose_ingredients"] {
                #expect(object.keys.contains(key), "\(key)")
            }
            #expect(object["title"] as? String == "Leek & Gruyère Tart", "entities escaped twice are decoded")
            #expect(object["ingredients"] as? [String] == ["3 leeks", "150 g gruyère cheese", "2 eggs", "200 ml cream"])
            #expect(object["steps"] as? [String] == ["Pastry", "Blind-bake the case.", "Filling", "Sweat the leeks.", "Whisk eggs and cream; bake."])
            #expect(object["total_minutes"] as? Int == 75)
            #expect(object["prep_minutes"] as? Int == 25)
            #expect(object["cook_minutes"] as? Int == 50)
            #expect(object["image"] as? String == "https://example.com/tart.jpg")
            #expect(object["video"] as? String == "https://example.com/tart.mp4")
            #expect(object["cuisine"] as? String == "French")
            #expect(object["lactose"] as? Bool == true)
            #expect(object["lactose_ingredients"] as? [String] == ["150 g gruyère cheese", "200 ml cream"])
            let groups = try #require(object["ingredient_groups"] as? [[String: Any]])
            #expect(groups.count == 1)
            #expect(groups.first?["ingredients"] as? [String] == ["3 leeks", "150 g gruyère cheese", "2 eggs", "200 ml cream"])
        }
    }

    @Test func theCardHasTheRecipeAndNoneOfTheSiteAroundIt() throws {
        try TemporaryDirectory.withSync { folder in
            let file = folder.appendingPathComponent("tart.html")
            try Data(Self.page.utf8).write(to: file)
            let result = try run(["read", file.path], in: folder)
            #expect(result.status == 0)
            let text = result.output
            #expect(text.hasPrefix("Leek & Gruyère Tart\n"))
            #expect(text.contains("6 slices · 1 h 15 min (prep 25 min, cook 50 min) · French"))
            #expect(text.contains("\nIngredients\n  • 3 leeks\n"))
            #expect(text.contains("\nMethod\nPastry\n  1. Blind-bake the case.\n\nFilling\n  2. Sweat the leeks.\n  3. Whisk eggs and cream; bake."))
            #expect(text.contains("  Video:   https://example.com/tart.mp4"))
            for noise in ["Log in", "Subscribe", "Lots of words", "©"] { #expect(!text.contains(noise), "\(noise)") }
            #expect(!text.contains("\u{1B}"), "no colour into a pipe")
        }
    }

    @Test func aPageOfTheServerIsReadOverHTTP() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { folder in
                let address = server.baseURL.appendingPathComponent("recipes/shakshuka").absoluteString
                let result = try run(["read", address, "--json"], in: folder)
                #expect(result.status == 0, "\(result.errors)")
                let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
                #expect(object["title"] as? String == "Shakshuka")
                #expect((object["ingredients"] as? [String])?.contains("eggs") == true)
                #expect((object["steps"] as? [String])?.isEmpty == false)
                #expect(object["cuisine"] as? String == "Tunisian")
                #expect(object["source_url"] as? String != nil)
            }
        }
    }

    @Test func exitCodesSayWhatHappened() async throws {
        try await TemporaryDirectory.with { folder in
            let none = folder.appendingPathComponent("none.html")
            try Data("<html><body><h1>About us</h1><p>We like food.</p></body></html>".utf8).write(to: none)
            let nothing = try run(["read", none.path, "--json"], in: folder)
            #expect(nothing.status == 3)
            #expect(nothing.output.isEmpty)
            #expect(nothing.errors == "No recipe found in \(none.path): the page holds none RecipeBook can read.\n")

            let missing = try run(["read", folder.appendingPathComponent("gone.html").path], in: folder)
            #expect(missing.status == 1)
            #expect(missing.errors.hasPrefix("Error: Cannot read the page file ("))
            #expect(missing.errors.split(separator: "\n").count == 1)

            let refused = try run(["read", "ftp://example.com/pie.html"], in: folder)
            #expect(refused.status == 2)
            #expect(refused.errors == "recipes: read takes http:// and https:// addresses and files, not ftp: addresses\n")

            let unreachable = try run(["--timeout", "2", "read", "http://127.0.0.1:1/pie"], in: folder)
            #expect(unreachable.status == 1)
            #expect(unreachable.errors.hasPrefix("Error: Cannot reach the recipe's site"))

            let leftBehind = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(leftBehind == ["none.html"], "reading writes nothing: no favorites, no cache of a file")
        }
    }

    @Test func hostileTextNeverReachesTheTerminalOrJQ() throws {
        try TemporaryDirectory.withSync { folder in
            var bytes = Data("""
                <script type="application/ld+json">{"@type": "Recipe", "name": "Bad\\u001b[2J\\u001b]52;c;ZXZpbA==\\u0007 Pie\\u202e",
                "recipeIngredient": ["1 egg\\r\\nrm -rf /", "\\u0000salt"], "recipeInstructions": "Bake\\u0085 it."}</script>
                """.utf8)
            bytes.append(contentsOf: [0xFF, 0xFE, 0xC3, 0x28])
            let file = folder.appendingPathComponent("bad.html")
            try bytes.write(to: file)
            for arguments in [["read", file.path, "--json"], ["read", file.path, "--color", "always"]] {
                let result = try run(arguments, in: folder)
                #expect(result.status == 0)
                let controls = result.output.unicodeScalars.filter {
                    ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                }
                let allowed = arguments.contains("always") ? controls.filter { $0 != "\u{1B}" } : controls
                #expect(allowed.isEmpty, "\(arguments): \(controls.map { String($0.value, radix: 16) })")
                #expect(!result.output.contains("]52;"))
                #expect(!result.output.contains("[2J"))
            }
        }
    }

    /// A web address pasted at the prompt reads that page, as `recipes read` does, and is not a search
    /// (nor offered as the last one at the next start).
    @Test func anAddressPastedAtThePromptReadsItsPage() async throws {
        try await TemporaryDirectory.with { home in
            let terminal = try PseudoTerminalProcess.recipes([], home: home)
            let mark = terminal.bytes.count
            terminal.type("http://puppy.localhost/recipes/swedish-pancakes\r")
            #expect(terminal.waitFor("-- ", after: mark))
            let card = String(decoding: terminal.bytes[mark...], as: UTF8.self)
            #expect(card.contains("Swedish Pancakes") && card.contains("Ingredients") && card.contains("3 Eggs, beaten"))
            #expect(!card.contains("Recipes with"))
            terminal.type("q")
            #expect(terminal.waitFor("recipes> ", after: mark))
            // The card just read is scaled as a listed recipe's is.
            let scaledMark = terminal.bytes.count
            terminal.type("serves 8\r")
            #expect(terminal.waitFor("-- ", after: scaledMark))
            let scaled = String(decoding: terminal.bytes[scaledMark...], as: UTF8.self)
            #expect(scaled.contains("Scaled ×2 to serve 8, written for 4.") && scaled.contains("6 Eggs, beaten"))
            terminal.type("q")
            #expect(terminal.waitFor("recipes> ", after: scaledMark))
            #expect(terminal.quit() == 0)
            let again = try PseudoTerminalProcess.recipes([], home: home)
            #expect(again.enter("favorites", expecting: "recipes>") != nil)
            #expect(!again.transcript.contains("Last time you searched"))
            #expect(again.quit() == 0)
        }
    }

    /// A compressed page says what it is, as the same file over HTTP does, instead of holding no recipe.
    @Test func aCompressedPageFileSaysWhatItIs() async throws {
        try await TemporaryDirectory.with { home in
            let path = home.appendingPathComponent("page.html.gz").path
            // A gzip member holding nothing: its header is what tells it apart.
            let gzip: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03, 0x03, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]
            #expect(FileManager.default.createFile(atPath: path, contents: Data(gzip)))
            let run = try BinaryRunner.run("recipes", ["read", path], environment: BinaryRunner.environment(home: home))
            #expect(run.status == 1)
            #expect(run.errors.contains("\(path) is a gzip-compressed file, not a web page: gunzip -k \(path) uncompresses it"), "\(run.errors)")
            #expect(!run.errors.contains("No recipe found"))
        }
    }
}
