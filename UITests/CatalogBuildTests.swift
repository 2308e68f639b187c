import Foundation
import Testing
import TestSupport
import PuppyServer
import PuppyCatalog

/// A recipe page as sites publish them: schema.org JSON-LD with ingredient lines and steps.
private func page(title: String, cuisine: String, ingredients: [String], steps: [String], image: String) -> String {
    let lines = ingredients.map { "\"\($0)\"" }.joined(separator: ",")
    let howTo = steps.map { #"{"@type":"HowToStep","text":"\#($0)"}"# }.joined(separator: ",")
    return """
    <!DOCTYPE html><html><head><title>\(title) | A Food Blog</title>
    <script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"\(title)","recipeCuisine":"\(cuisine)",
    "image":"\(image)","recipeIngredient":[\(lines)],"recipeInstructions":[\(howTo)]}</script>
    </head><body><h1>\(title)</h1><p>A story about this dish.</p></body></html>
    """
}

@Suite("recipes catalog build")
struct CatalogBuildTests {
    @Test func savedPagesBecomeACatalogThatPuppyServerServesToAnyClient() async throws {
        try await TemporaryDirectory.with { folder in
            let soup = folder.appendingPathComponent("soup.html")
            try Data(page(title: "French Onion Soup", cuisine: "French",
                          ingredients: ["4 large onions, thinly sliced", "2 tbsp butter", "1 litre beef stock", "100 g gruyère cheese, grated"],
                          steps: ["Cook the onions slowly in the butter.", "Add the stock and simmer."], image: "https://example.org/soup.jpg").utf8)
                .write(to: soup)
            let salad = folder.appendingPathComponent("salad.html")
            try Data(page(title: "Crème Salad, Version 2", cuisine: "", ingredients: ["1 cucumber", "200g yogurt", "2 onions (red)"],
                          steps: ["Slice and mix."], image: "/relative.jpg").utf8).write(to: salad)
            let empty = folder.appendingPathComponent("empty.html")
            try Data("<html><body><p>No recipe.</p></body></html>".utf8).write(to: empty)

            let result = try BinaryRunner.run("recipes", ["catalog", "build", soup.path, empty.path, salad.path, soup.path],
                                              environment: BinaryRunner.environment(home: folder))
            #expect(result.status == 0)
            #expect(result.errors.contains("empty.html"))
            let catalog = try Catalog(jsonLines: result.output, source: "my.jsonl")
            #expect(catalog.recipes.map(\.id) == ["french-onion-soup", "creme-salad-version-2", "french-onion-soup-2"])
            let first = try #require(catalog.recipes.first)
            #expect(first.title == "French Onion Soup" && first.cuisine == "French")
            #expect(first.ingredients == ["onions", "butter", "beef stock", "gruyère cheese"])
            #expect(first.method == "Cook the onions slowly in the butter. Add the stock and simmer.")
            #expect(first.thumbnail == "https://example.org/soup.jpg" && first.href == nil)
            #expect(catalog.recipes[1].thumbnail == nil && catalog.recipes[1].ingredients == ["cucumber", "yogurt", "onions"])

            // The collection, served: an old client's search finds both onion dishes.
            try await PuppyServerFixture.withServer(catalog: catalog) { server in
                guard let url = URL(string: server.apiURL.absoluteString + "?i=onions") else { throw URLError(.badURL) }
                let body = try String(contentsOf: url, encoding: .utf8)
                #expect(body.contains("French Onion Soup") && body.contains("Cr\\u00e8me Salad, Version 2"))
            }
        }
    }

    @Test func pagesWithoutARecipeOrUnreadableAreNotACatalog() async throws {
        try await TemporaryDirectory.with { folder in
            let empty = folder.appendingPathComponent("empty.html")
            try Data("<html><body><p>No recipe.</p></body></html>".utf8).write(to: empty)
            let environment = BinaryRunner.environment(home: folder)
            let none = try BinaryRunner.run("recipes", ["catalog", "build", empty.path], environment: environment)
            #expect(none.status == 3 && none.output.isEmpty)
            let missing = try BinaryRunner.run("recipes", ["catalog", "build", folder.appendingPathComponent("missing.html").path], environment: environment)
            #expect(missing.status == 1 && missing.output.isEmpty && missing.errors.contains("missing.html"))
            let usage = try BinaryRunner.run("recipes", ["catalog", "build"], environment: environment)
            #expect(usage.status == 2 && usage.errors.contains("catalog build"))
            let scheme = try BinaryRunner.run("recipes", ["catalog", "build", "ftp://example.org/pie"], environment: environment)
            #expect(scheme.status == 2)
        }
    }

    @Test func aFolderOfMarkdownAndCooklangRecipesBecomesACatalogThatPuppyServerServes() async throws {
        try await TemporaryDirectory.with { folder in
            let collection = folder.appendingPathComponent("collection")
            func write(_ text: String, _ path: String) throws {
                let url = collection.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            try write("""
            ---
            title: "Leek and Potato Soup"
            cuisine: British
            servings: 4
            total_time: 45 min
            tags: [soup, winter]
            source: https://example.org/leek-soup
            author: A. Cook
            ---

            ## Ingredients
            - 3 large leeks, sliced
            - 500 g potatoes (floury)

            ## Method
            1. Soften the leeks.
            2. Add the potatoes and simmer.
            """, "soups/leek-and-potato.md")
            try write(">> servings: 2\nFry @leeks{2} in @butter{1%tbsp} in a #pan{} for ~{5%minutes}.\n", "mains/buttered_leeks.cook")
            try write("", "empty.md")
            try write("---\ntitle: open\n## Ingredients\n- 1 leek\n", "open.md")
            try write("# Big\n## Ingredients\n" + (1...10_000).map { "- \($0) g leeks" }.joined(separator: "\n") + "\n## Steps\n1. Cook.\n", "big.md")
            try write("# Deep\n## Ingredients\n" + String(repeating: "- ", count: 100_000) + "2 leeks\n## Steps\n1. Cook.\n", "deep.md")
            try write("# Escape\u{1B}]52;c;ZXZpbA==\u{07}d\n## Ingredients\n- 1 leek\n## Steps\n1. Cook.\n", "name\u{1B}[31m.md")
            try Data([0x00, 0x01, 0xFF, 0xFE, 0x00]).write(to: collection.appendingPathComponent("binary.md"))
            let large = collection.appendingPathComponent("large.md")
            _ = FileManager.default.createFile(atPath: large.path, contents: nil)
            let handle = try FileHandle(forWritingTo: large)
            try handle.truncate(atOffset: 50 << 20)
            try handle.close()

            let result = try BinaryRunner.run("recipes", ["catalog", "build", collection.path],
                                              environment: BinaryRunner.environment(home: folder))
            #expect(result.status == 0)
            let errorLines = result.errors.split(separator: "\n")
            // One line for each file that gave no recipe or was cut short; none carries an escape.
            #expect(errorLines.count == 5)
            for name in ["binary.md", "empty.md", "large.md", "open.md", "big.md: 10000 ingredient lines"] {
                #expect(errorLines.filter { $0.contains(name) }.count == 1, "\(name)")
            }
            #expect(!result.errors.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
            let catalog = try Catalog(jsonLines: result.output, source: "collection.jsonl")
            #expect(catalog.recipes.map(\.id) == ["big", "deep", "escaped", "buttered-leeks", "leek-and-potato-soup"])
            let soup = try #require(catalog.recipes.last)
            #expect(soup.title == "Leek and Potato Soup" && soup.cuisine == "British" && soup.ingredients == ["leeks", "potatoes"])
            #expect(soup.lines == ["3 large leeks, sliced", "500 g potatoes (floury)"] && soup.steps == ["Soften the leeks.", "Add the potatoes and simmer."])
            #expect(soup.servings == "4" && soup.totalMinutes == 45 && soup.tags == ["soup", "winter"])
            #expect(soup.source == "https://example.org/leek-soup" && soup.author == "A. Cook")
            let leeks = catalog.recipes[3]
            #expect(leeks.title == "Buttered leeks" && leeks.lines == ["2 leeks", "1 tbsp butter"] && leeks.servings == "2")
            #expect(leeks.steps == ["Fry leeks in butter in a pan for 5 minutes."])
            #expect(catalog.recipes[0].lines?.count == 1_000 && catalog.recipes[0].ingredients == ["leeks"])

            try await PuppyServerFixture.withServer(catalog: catalog) { server in
                guard let url = URL(string: server.apiURL.absoluteString + "?i=leeks&q=soup") else { throw URLError(.badURL) }
                let body = try String(contentsOf: url, encoding: .utf8)
                #expect(body.contains("Leek and Potato Soup") && !body.contains("Buttered leeks"))
            }
        }
    }
}
