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

    @Test func aRecipePageCarriesItsRecipeAsJSONLDAndAsVisibleHTMLOverHTTP() async throws {
        try await PuppyServerFixture.withServer { server in
            let recipe = try #require(try PuppyServerFixture.sampleCatalog().recipes.first { $0.id == "shakshuka" })
            let page = server.baseURL.appendingPathComponent("recipes/shakshuka")
            let (body, response) = try await Client.get(page)
            #expect(response.statusCode == 200)
            let html = String(decoding: body, as: UTF8.self)

            let graph = try jsonLD(in: html)
            #expect(graph["@context"] as? String == "https://schema.org")
            #expect(node("WebSite", in: graph) != nil)
            #expect(node("WebPage", in: graph)?["url"] as? String == page.absoluteString)
            let recipeNode = try #require(node("Recipe", in: graph))
            #expect(recipeNode["name"] as? String == "Shakshuka")
            #expect(recipeNode["recipeIngredient"] as? [String] == recipe.pageIngredientLines)
            let lines = try #require(recipeNode["recipeIngredient"] as? [String])
            #expect(zip(lines, recipe.ingredients).allSatisfy { $0.hasSuffix(" " + $1) }, "each catalog name after its amount: \(lines)")
            #expect(recipeNode["recipeCuisine"] as? [String] == ["Tunisian"])
            #expect(recipeNode["image"] as? [String] == [server.baseURL.absoluteString + "/pictures/shakshuka.png"])
            #expect((recipeNode["author"] as? [String: Any])?["name"] as? String == "PuppyServer Kitchen")
            #expect(!(recipeNode["description"] as? String ?? "").isEmpty)
            #expect((recipeNode["recipeYield"] as? [String])?.first.flatMap(Int.init) != nil)
            let prep = try #require((recipeNode["prepTime"] as? String).flatMap(minutes))
            let cook = try #require((recipeNode["cookTime"] as? String).flatMap(minutes))
            #expect((recipeNode["totalTime"] as? String).flatMap(minutes) == prep + cook)
            #expect(prep > 0 && cook > 0)
            let steps = try #require(recipeNode["recipeInstructions"] as? [[String: Any]])
            #expect(steps.count >= 2)
            #expect(steps.allSatisfy { $0["@type"] as? String == "HowToStep" && !($0["text"] as? String ?? "").isEmpty })
            let stepTexts = steps.compactMap { $0["text"] as? String }
            #expect(stepTexts == ["Soften onions and peppers in oil, add garlic, spices and tomatoes and simmer until thick.",
                                  "Crack in the eggs and cover until the whites set."])

            // The same recipe, visible.
            #expect(html.contains("<h1>Shakshuka</h1>"))
            for line in recipe.pageIngredientLines { #expect(html.contains("<li>\(line)</li>"), "\(line)") }
            for (number, step) in stepTexts.enumerated() {
                #expect(html.contains("<li id=\"step-\(number + 1)\">\(step)</li>"), "step \(number + 1)")
            }
            #expect(html.contains(#"<ol class="instructions">"#))
            #expect(html.contains(##"href="#recipe""##) && html.contains(#"id="recipe""#))
            for part in [#"class="site-header""#, #"class="logo""#, #"class="breadcrumbs""#, #"class="newsletter""#,
                         #"class="site-footer""#, #"class="intro""#, "Servings:", "Prep time:", "Total time:"] {
                #expect(html.contains(part), "\(part)")
            }
            #expect(html.contains(#"<img class="hero" src="/pictures/shakshuka.png" width="480" height="360""#))
            let (picture, pictureResponse) = try await Client.get(server.baseURL.appendingPathComponent("pictures/shakshuka.png"))
            #expect(pictureResponse.value(forHTTPHeaderField: "Content-Type") == "image/png")
            #expect(try DecodedPNG(Array(picture)).width == 480)
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

    /// A bread is baked from flour: a title's "Bún" (rice noodles) or a lobster roll does not make one.
    @Test func aCourseOfBreadAsksForFlour() throws {
        let catalog = try Catalog(recipes: [
            CatalogRecipe(id: "bun-cha", title: "Bún Chả", cuisine: "Vietnamese", ingredients: ["ground pork", "rice noodles"], method: "Grill."),
            CatalogRecipe(id: "naan", title: "Naan", cuisine: "Indian", ingredients: ["flour", "yeast", "yogurt"], method: "Bake."),
        ])
        let responder = makeResponder(catalog)
        func category(_ id: String) throws -> String? {
            let html = String(decoding: responder.get("/recipes/\(id)").body, as: UTF8.self)
            return (try #require(node("Recipe", in: try jsonLD(in: html)))["recipeCategory"] as? [String])?.first
        }
        #expect(try category("bun-cha") == "Main Course")
        #expect(try category("naan") == "Bread")
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

    @Test func durationsAndDatesAreWrittenTheWayPagesWriteThem() {
        #expect(RecipeFacts.isoDuration(minutes: 45) == "PT45M")
        #expect(RecipeFacts.isoDuration(minutes: 90) == "PT1H30M")
        #expect(RecipeFacts.isoDuration(minutes: 120) == "PT2H")
        #expect(RecipeFacts.isoDuration(seconds: 95) == "PT1M35S")
        #expect(RecipeFacts.readableDuration(minutes: 75) == "1 hr 15 mins")
        #expect(RecipeFacts.date(daysAfter2015: 0) == "2015-01-01")
        #expect(RecipeFacts.date(daysAfter2015: 59) == "2015-03-01")
        #expect(RecipeFacts.date(daysAfter2015: 365 + 59) == "2016-02-29")
    }

    @Test func aRecipePageShowsTitleCuisineIngredientsAndMethodEscaped() throws {
        let response = responder.get("/recipes/macaroni-and-cheese")
        #expect(response.status.code == 200)
        #expect(response.contentType == "text/html; charset=utf-8")
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.contains("<h1>Macaroni &amp; Cheese</h1>"))
        #expect(html.contains("American"))
        #expect(html.contains(" cheddar cheese</li>"))
        #expect(html.contains("Make a roux with butter and flour"))
        #expect(html.contains("<style>") && html.contains("<script>"))
        #expect(html.contains("href=\"/api/?i=macaroni\""))
        #expect(html.contains("<img src=\"/pictures/macaroni-and-cheese.png\""))
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
        #expect((recipeNode["recipeIngredient"] as? [String])?.first?.hasSuffix(" <i>") == true)
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

    // MARK: - Videos

    @Test func aboutAThirdOfRecipesHaveAVideoAndOnlyTheyHaveAVideoPage() throws {
        let large = try PuppyServerFixture.generatedCatalog(count: 300)
        let withVideo = large.recipes.filter { RecipeFacts(recipe: $0).hasVideo }
        let share = Double(withVideo.count) / Double(large.recipes.count)
        #expect((0.25...0.42).contains(share), "share \(share)")

        let responder = makeResponder(large)
        for recipe in large.recipes.prefix(40) {
            let html = String(decoding: responder.get("/recipes/\(recipe.id)").body, as: UTF8.self)
            let recipeNode = try #require(node("Recipe", in: try jsonLD(in: html)))
            let video = responder.get("/videos/\(recipe.id)")
            if RecipeFacts(recipe: recipe).hasVideo {
                let object = try #require(recipeNode["video"] as? [String: Any])
                #expect(object["@type"] as? String == "VideoObject")
                #expect(object["embedUrl"] as? String == "http://recipes.test/videos/\(recipe.id)")
                #expect(object["contentUrl"] == nil)
                #expect(object["thumbnailUrl"] as? [String] == ["http://recipes.test/pictures/\(recipe.id).png"])
                #expect(video.status.code == 200)
                #expect(html.contains("href=\"/videos/\(recipe.id)\""))
            } else {
                #expect(recipeNode["video"] == nil)
                #expect(video.status.code == 404)
            }
        }
    }

    @Test func aVideoPageIsAnHonestStandInWithAVideoElementOverHTTP() async throws {
        let catalog = try PuppyServerFixture.sampleCatalog()
        let recipe = try #require(catalog.recipes.first { RecipeFacts(recipe: $0).hasVideo })
        try await PuppyServerFixture.withServer { server in
            let (body, response) = try await Client.get(server.baseURL.appendingPathComponent("videos/\(recipe.id)"))
            #expect(response.statusCode == 200)
            let html = String(decoding: body, as: UTF8.self)
            #expect(html.contains("<video controls"))
            #expect(html.contains("poster=\"/pictures/\(recipe.id).png\""))
            #expect(html.contains("stand-in"))
            #expect(!html.contains("<source"))
            #expect(html.contains("href=\"/recipes/\(recipe.id)\""))
        }
    }

    // MARK: - Pictures

    @Test func aPictureIsAValidTruecolourPNGOfItsSizeCompressedWithFixedHuffmanCodes() async throws {
        try await PuppyServerFixture.withServer { server in
            let (body, response) = try await Client.get(server.baseURL.appendingPathComponent("pictures/palak-paneer.png"))
            #expect(response.statusCode == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "image/png")
            let png = try DecodedPNG(Array(body))
            #expect(png.width == 480 && png.height == 360)
            #expect(try Inflate.blockTypes(png.zlibStream) == [1])
            #expect(body.count < 480 * 360 * 3 / 3)

            let (thumbnail, _) = try await Client.get(server.baseURL.appendingPathComponent("thumbnails/palak-paneer.png"))
            let small = try DecodedPNG(Array(thumbnail))
            #expect(small.width == 160 && small.height == 120)
        }
    }

    @Test func theSameRecipeGetsTheSameBytesWhateverTheSeedAndRun() {
        let first = responder.get("/pictures/shakshuka.png").body
        let again = makeResponder(catalog, seed: 99).get("/pictures/shakshuka.png").body
        #expect(first == again)
        #expect(SiteResponder.png(catalog.recipes[0], PictureSizes.thumbnail) == responder.get("/thumbnails/shakshuka.png").body)
    }

    @Test func dissimilarDishesLookDifferentAndTakeTheColourOfTheirIngredients() throws {
        // The middle of the food, where the base colour shows (garnish aside): averaged over a patch.
        func middle(_ id: String) throws -> (red: Int, green: Int, blue: Int) {
            let png = try DecodedPNG(responder.get("/pictures/\(id).png").body)
            var sums = (0, 0, 0)
            var count = 0
            for y in stride(from: 150, to: 210, by: 3) {
                for x in stride(from: 170, to: 230, by: 3) {
                    let (red, green, blue) = png.colour(x: x, y: y)
                    sums = (sums.0 + red, sums.1 + green, sums.2 + blue)
                    count += 1
                }
            }
            return (sums.0 / count, sums.1 / count, sums.2 / count)
        }
        let spinach = try middle("palak-paneer")
        let tomato = try middle("chili-con-carne")
        let rice = try middle("fried-rice")
        #expect(spinach.green > spinach.red && spinach.green > spinach.blue, "\(spinach)")
        #expect(tomato.red > tomato.green + 40, "\(tomato)")
        #expect(rice.red > 150 && rice.green > 140 && rice.blue > 90, "\(rice)")
        #expect(responder.get("/pictures/palak-paneer.png").body != responder.get("/pictures/chili-con-carne.png").body)
    }

    @Test func thumbnailsDifferBetweenRecipesAndAreAllValid() throws {
        let all = catalog.recipes.map { responder.get("/thumbnails/\($0.id).png").body }
        #expect(Set(all).count == catalog.recipes.count)
        for bytes in all.prefix(6) { #expect(try DecodedPNG(bytes).height == 120) }
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
        "/videos/", "/videos/nothing-like-this", "/videos/shakshuka/extra",
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
