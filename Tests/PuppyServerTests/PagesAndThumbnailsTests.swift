@testable import PuppyCatalog
import Foundation
import Testing
import TestSupport
@testable import PuppyServer

/// The JSON-LD of a page, parsed by Foundation's JSON parser.
private func jsonLD(in html: String) throws -> [String: Any] {
    let open = #"<script type="application/ld+json">"#
    let start = try #require(html.range(of: open))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let text = String(html[start.upperBound..<end.lowerBound])
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

/// The node of a type in a JSON-LD `@graph`.
private func node(_ type: String, in graph: [String: Any]) -> [String: Any]? {
    (graph["@graph"] as? [[String: Any]])?.first { $0["@type"] as? String == type }
}

private func minutes(_ duration: String) -> Int? {
    guard let match = duration.wholeMatch(of: /PT(?:(\d+)H)?(?:(\d+)M)?/) else { return nil }
    return (match.1.flatMap { Int($0) } ?? 0) * 60 + (match.2.flatMap { Int($0) } ?? 0)
}

@Suite("Pages and pictures")
struct PagesAndThumbnailsTests {
    let catalog: Catalog
    let responder: SiteResponder

    init() throws {
        catalog = try PuppyServerFixture.sampleCatalog()
        responder = makeResponder(catalog)
    }

    // MARK: - Recipe pages

    /// A recipe of the bundled cookbook taken from a source, with a photo, servings and both times.
    private static func sourcedRecipe(in catalog: Catalog) throws -> CatalogRecipe {
        try #require(catalog.recipes.first {
            $0.isFromSource && $0.photo != nil && $0.servings != nil && $0.prepMinutes != nil && $0.cookMinutes != nil && $0.author != nil
        })
    }

    @Test func aSourcedRecipesPageCarriesItsFactsAsTheSourceGivesThemAndItsCreditOverHTTP() async throws {
        let bundled = try Catalog.bundled()
        let recipe = try Self.sourcedRecipe(in: bundled)
        try await PuppyServerFixture.withServer(catalog: bundled) { server in
            let page = server.baseURL.appendingPathComponent("recipes/\(recipe.id)")
            let (body, response) = try await Client.get(page)
            #expect(response.statusCode == 200)
            let html = String(decoding: body, as: UTF8.self)

            let graph = try jsonLD(in: html)
            #expect(graph["@context"] as? String == "https://schema.org")
            #expect(node("WebPage", in: graph)?["url"] as? String == page.absoluteString)
            let recipeNode = try #require(node("Recipe", in: graph))
            #expect(recipeNode["name"] as? String == recipe.title)
            #expect(recipeNode["recipeIngredient"] as? [String] == recipe.lines)
            #expect(recipeNode["recipeYield"] as? String == recipe.servings)
            #expect((recipeNode["prepTime"] as? String).flatMap(minutes) == recipe.prepMinutes)
            #expect((recipeNode["cookTime"] as? String).flatMap(minutes) == recipe.cookMinutes)
            #expect((recipeNode["author"] as? [String: Any])?["name"] as? String == recipe.author)
            #expect(recipeNode["isBasedOn"] as? String == recipe.source)
            #expect(recipeNode["license"] as? String == recipe.licence)
            #expect(recipeNode["recipeCategory"] == nil)
            let steps = try #require(recipeNode["recipeInstructions"] as? [[String: Any]])
            #expect(steps.compactMap { $0["text"] as? String } == recipe.steps)
            let image = try #require((recipeNode["image"] as? [String])?.first)
            #expect(image == server.baseURL.absoluteString + "/pictures/\(recipe.id).jpg")

            // The same, visible, and nothing said to be an estimate.
            for line in try #require(recipe.lines) { #expect(html.contains("<li>\(HTMLText.escape(line))</li>"), "\(line)") }
            #expect(html.contains("Servings: <span class=\"yield\">\(HTMLText.escape(recipe.servings ?? ""))</span>"))
            #expect(html.contains("class=\"source\" href=\"\(HTMLText.escape(recipe.source ?? ""))\""))
            #expect(!html.lowercased().contains("estimate"))

            let (picture, pictureResponse) = try await Client.get(URL(string: image) ?? page)
            #expect(pictureResponse.value(forHTTPHeaderField: "Content-Type") == "image/jpeg")
            #expect(Array(picture.prefix(3)) == [0xFF, 0xD8, 0xFF])
            let (thumbnail, _) = try await Client.get(server.baseURL.appendingPathComponent("thumbnails/\(recipe.id).jpg"))
            #expect(thumbnail.count < picture.count)
        }
    }

    @Test func anOutlineShowsItsNamesAndMethodWithNoAmountsServingsTimesOrPicture() throws {
        let catalog = try Catalog(recipes: PuppyServerFixture.sampleRecipes)
        let responder = makeResponder(catalog)
        let recipe = try #require(catalog.recipes.first { $0.id == "shakshuka" })
        let html = String(decoding: responder.get("/recipes/shakshuka").body, as: UTF8.self)
        let recipeNode = try #require(node("Recipe", in: try jsonLD(in: html)))
        #expect(recipeNode["recipeIngredient"] as? [String] == recipe.ingredients)
        for key in ["recipeYield", "prepTime", "cookTime", "totalTime", "image", "datePublished", "recipeCategory", "video"] {
            #expect(recipeNode[key] == nil, "\(key)")
        }
        for part in ["Servings:", "Prep time:", "<img", "estimate"] { #expect(!html.contains(part), "\(part)") }
        #expect(html.contains("An outline"))
        #expect(responder.get("/pictures/shakshuka.jpg").status.code == 404)
        #expect(responder.get("/thumbnails/shakshuka.png").status.code == 404)
        let stepTexts = (recipeNode["recipeInstructions"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
        #expect(stepTexts == ["Soften onions and peppers in oil, add garlic, spices and tomatoes and simmer until thick.",
                              "Crack in the eggs and cover until the whites set."])
    }

    @Test func aResultWithoutAPhotoHasAnEmptyThumbnailAndOneWithAPhotoItsAddress() throws {
        let bundled = try Catalog.bundled()
        let responder = makeResponder(bundled)
        let withPhoto = try Self.sourcedRecipe(in: bundled)
        let without = try #require(bundled.recipes.first { $0.photo == nil })
        for (recipe, expected) in [(withPhoto, "http://recipes.test/thumbnails/\(withPhoto.id).jpg"), (without, "")] {
            let results = try #require(Envelope.decode(responder.get("/api/?q=\(QueryText.encode(recipe.title))").body)).results
            #expect(results.first { $0.title == recipe.title }?.thumbnail == expected, "\(recipe.id)")
        }
    }

    @Test func aRecipeWithoutACuisineLeavesItOutOfItsPage() throws {
        let plain = try Catalog(recipes: [CatalogRecipe(id: "toast", title: "Toast", ingredients: ["bread", "butter"], method: "Toast the bread. Butter it.")])
        let html = String(decoding: makeResponder(plain).get("/recipes/toast").body, as: UTF8.self)
        let recipeNode = try #require(node("Recipe", in: try jsonLD(in: html)))
        #expect(recipeNode["recipeCuisine"] == nil)
        #expect((recipeNode["recipeInstructions"] as? [Any])?.count == 2)
        #expect(!html.contains("Cuisine:"))
    }

    @Test func aPagesOpeningSentenceTakesAnBeforeAVowel() throws {
        let catalog = try Catalog(recipes: [
            CatalogRecipe(id: "nasi", title: "Nasi Goreng", cuisine: "Indonesian", ingredients: ["rice", "eggs"], method: "Fry the rice."),
            CatalogRecipe(id: "pho", title: "Pho", cuisine: "Vietnamese", ingredients: ["noodles", "beef"], method: "Simmer the broth."),
        ])
        let responder = makeResponder(catalog)
        func description(_ id: String) throws -> String? {
            let html = String(decoding: responder.get("/recipes/\(id)").body, as: UTF8.self)
            return try #require(node("Recipe", in: try jsonLD(in: html)))["description"] as? String
        }
        #expect(try description("nasi")?.hasPrefix("Nasi Goreng: an Indonesian ") == true)
        #expect(try description("pho")?.hasPrefix("Pho: a Vietnamese ") == true)
    }

    @Test func theMethodIsCutIntoStepsAtSentencesSemicolonsAndThen() {
        #expect(RecipeFacts.steps("Brown the beef. Add the wine; simmer, then serve hot.")
            == ["Brown the beef.", "Add the wine.", "Simmer.", "Then serve hot."])
        #expect(RecipeFacts.steps("Mix 1.5 cups of flour with water") == ["Mix 1.5 cups of flour with water."])
        #expect(RecipeFacts.steps("One step only.") == ["One step only."])
    }

    @Test func durationsAreWrittenTheWayPagesWriteThem() {
        #expect(RecipeFacts.isoDuration(minutes: 45) == "PT45M")
        #expect(RecipeFacts.isoDuration(minutes: 90) == "PT1H30M")
        #expect(RecipeFacts.isoDuration(minutes: 120) == "PT2H")
        #expect(RecipeFacts.readableDuration(minutes: 75) == "1 hr 15 mins")
    }

    @Test func aRecipePageShowsTitleCuisineIngredientsAndMethodEscaped() throws {
        let response = responder.get("/recipes/macaroni-and-cheese")
        #expect(response.status.code == 200)
        #expect(response.contentType == "text/html; charset=utf-8")
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.contains("<h1>Macaroni &amp; Cheese</h1>"))
        #expect(html.contains("<img class=\"hero\" src=\"http://recipes.test/pictures/macaroni-and-cheese.jpg\""))
        #expect(html.contains("American"))
        #expect(html.contains("<li>cheddar cheese</li>"))
        #expect(html.contains("Make a roux with butter and flour"))
        #expect(html.contains("<style>") && html.contains("<script>"))
        #expect(html.contains("href=\"/api/?i=macaroni\""))
    }

    @Test func markupInCatalogTextIsEscapedOnThePageAndInItsJSONLD() throws {
        let hostile = try Catalog(recipes: [
            CatalogRecipe(id: "x", title: "<script>alert(1)</script>", cuisine: "\"><b>", ingredients: ["<i>"], method: "a & b < c </script>"),
        ])
        let html = String(decoding: makeResponder(hostile).get("/recipes/x").body, as: UTF8.self)
        #expect(!html.contains("<script>alert"))
        #expect(html.components(separatedBy: "</script>").count - 1 == 2)  // the page's own two scripts
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&quot;&gt;&lt;b&gt;"))
        #expect(html.contains("A &amp; b &lt; c &lt;/script&gt;."))
        let recipeNode = try #require(node("Recipe", in: try jsonLD(in: html)))
        #expect(recipeNode["name"] as? String == "<script>alert(1)</script>")
        #expect((recipeNode["recipeIngredient"] as? [String])?.first == "<i>")
    }

    @Test func theTrailingSlashVariantOfAnHrefServesTheSamePage() {
        #expect(responder.get("/recipes/shakshuka/").body == responder.get("/recipes/shakshuka").body)
        #expect(responder.get("HTTP://RECIPES.TEST:80/recipes/shakshuka").body == responder.get("/recipes/shakshuka").body)
    }

    @Test func theIndexPageLinksToTheAPIAndSomeRecipesAndHoldsTheNavigationsAnchors() {
        let html = String(decoding: responder.get("/").body, as: UTF8.self)
        #expect(html.contains("36 recipes"))
        #expect(html.contains("/recipes/shakshuka"))
        #expect(html.contains(#"id="recipes""#) && html.contains(#"id="about""#))
    }

    // MARK: - Pictures

    @Test func aCatalogFilesPhotosAreServedFromBesideItAndABadOneLeavesItsRecipeWithoutAPicture() throws {
        try TemporaryDirectory.withSync { folder in try checkPhotosBeside(folder) }
    }

    private func checkPhotosBeside(_ folder: URL) throws {
        try PictureFixtures.baselineJPEG.write(to: folder.appendingPathComponent("toast.jpg"))
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("bad.jpg"))
        try Data(count: CatalogPhotos.maxPhotoBytes + 1).write(to: folder.appendingPathComponent("huge.jpg"))
        let lines = [
            #"{"id":"toast","title":"Toast","ingredients":["bread"],"steps":["Toast it."],"lines":["2 slices bread"],"photo":"toast.jpg"}"#,
            #"{"id":"bad","title":"Bad","ingredients":["bread"],"method":"Toast it.","photo":"bad.jpg"}"#,
            #"{"id":"gone","title":"Gone","ingredients":["bread"],"method":"Toast it.","photo":"missing.jpg"}"#,
            #"{"id":"huge","title":"Huge","ingredients":["bread"],"method":"Toast it.","photo":"huge.jpg"}"#,
            #"{"id":"far","title":"Far","ingredients":["bread"],"method":"Toast it.","photo":"https://pictures.test/far.jpg"}"#,
        ]
        let file = folder.appendingPathComponent("catalog.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let catalog = try Catalog.load(contentsOf: file)
        #expect(catalog.recipes.count == 5)
        #expect(catalog.warnings.count == 3)
        #expect(catalog.warnings.contains { $0.hasPrefix("catalog.jsonl:2: photo \"bad.jpg\" is not a JPEG, PNG or WebP image") })
        #expect(catalog.warnings.contains { $0.hasPrefix("catalog.jsonl:3: photo \"missing.jpg\" cannot be read") })
        #expect(catalog.warnings.contains { $0.hasPrefix("catalog.jsonl:4: photo \"huge.jpg\" is larger than 4 MB") })
        let responder = makeResponder(catalog)
        let served = responder.get("/pictures/toast.jpg")
        #expect(served.contentType == "image/jpeg")
        #expect(served.body == Array(PictureFixtures.baselineJPEG))
        #expect(responder.get("/thumbnails/toast.jpg").body == Array(PictureFixtures.baselineJPEG))
        for id in ["bad", "gone", "huge"] { #expect(responder.get("/pictures/\(id).jpg").status.code == 404) }
        let results = try #require(Envelope.decode(responder.get("/api/?i=bread").body)).results
        #expect(Dictionary(uniqueKeysWithValues: results.map { ($0.title, $0.thumbnail) }) == [
            "Toast": "http://recipes.test/thumbnails/toast.jpg", "Bad": "", "Gone": "", "Huge": "", "Far": "https://pictures.test/far.jpg",
        ])
    }

    @Test func aPictureIsMadeOnlyWhenAskedForAndThenKept() {
        let cache = BodyCache(maxBytes: 100)
        var made = 0
        _ = cache.body(for: 1) { made += 1; return [1, 2, 3] }
        _ = cache.body(for: 1) { made += 1; return [9] }
        #expect(made == 1)
        _ = cache.body(for: 2) { [UInt8](repeating: 0, count: 60) }
        _ = cache.body(for: 3) { [UInt8](repeating: 0, count: 60) }  // over the bound: 1 and 2 go
        #expect(cache.body(for: 1) { made += 1; return [4] } == [4])
        #expect(made == 2)
    }

    // MARK: - Routing

    @Test(arguments: [
        "/recipes/../api/", "/recipes/..%2Fapi", "/recipes/%2e%2e/%2e%2e/etc/passwd", "/recipes/%2Fetc%2Fpasswd",
        "/thumbnails/..%2F..%2Fetc%2Fpasswd.png", "/thumbnails/../recipes/shakshuka.png", "/recipes/shakshuka%00",
        "/recipes/SHAKSHUKA", "/recipes/shakshuka//", "/recipes//shakshuka", "/../../etc/passwd", "/api/../recipes/shakshuka",
        "http://evil.example/../../etc/passwd", "/thumbnails/shakshuka", "/thumbnails/shakshuka.png/", "/recipes/", "/favicon.ico",
        "/Recipes/shakshuka", "/recipes/shakshuka.png", "/etc/passwd", "/pictures/shakshuka", "/pictures/..%2Fshakshuka.png",
        "/videos/shakshuka", "/pictures/shakshuka.gif", "/thumbnails/shakshuka.",
    ])
    func traversalAndUnknownPathsReachOnlyNotFound(target: String) {
        #expect(responder.get(target).status.code == 404, "\(target)")
    }

    @Test(arguments: ["/recipes/%zz", "/recipes/%C3", "*", "example.com:80", "/a#b"])
    func badlyEncodedTargetsAreBadRequests(target: String) {
        #expect(responder.get(target).status.code == 400, "\(target)")
    }

    @Test func otherMethodsOnKnownPathsAre405WithAllow() {
        for method in ["POST", "PUT", "DELETE", "PATCH", "get", "options"] {
            let response = responder.get("/api/?i=garlic", method: method)
            #expect(response.status.code == 405)
            #expect(response.headers.contains(HTTPHeader(name: "Allow", value: "GET, HEAD, OPTIONS")))
        }
        #expect(responder.get("/nowhere", method: "POST").status.code == 404)
    }
}
