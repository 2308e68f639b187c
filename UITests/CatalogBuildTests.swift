import Foundation
import Testing
import TestSupport
import PuppyServer

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
}
