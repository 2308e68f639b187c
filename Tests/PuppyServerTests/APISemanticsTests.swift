@testable import PuppyCatalog
import Foundation
import Testing
import TestSupport
@testable import PuppyServer

@Suite("API semantics")
struct APISemanticsTests {
    let catalog: Catalog
    let responder: SiteResponder

    init() throws {
        catalog = try PuppyServerFixture.sampleCatalog()
        responder = makeResponder(catalog)
    }

    private func ids(_ query: String, page: Int = 1) -> [String] {
        guard case .results(let results) = responder.page(query, page) else { return ["<not a page>"] }
        return results.map { String($0.href.split(separator: "/").last ?? "") }
    }

    private func allIDs(_ query: String) -> [String] {
        responder.walk(query).results.map { String($0.href.split(separator: "/").last ?? "") }
    }

    private func expected(_ isMatch: (CatalogRecipe) -> Bool) -> [String] {
        catalog.recipes.filter(isMatch).map(\.id)
    }

    @Test func theEnvelopeHasExactlyTheRealShapeAndEscapesEverySlash() throws {
        let response = responder.get("/api/?i=eggs,butter&q=omelet")
        #expect(response.status.code == 200)
        #expect(response.contentType == "text/javascript")
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body == #"{"title":"Recipe Puppy","version":0.1,"href":"http:\/\/recipes.test\/","results":[{"title":"French Omelet","href":"http:\/\/recipes.test\/recipes\/french-omelet","ingredients":"eggs, butter, salt, chives","thumbnail":"http:\/\/recipes.test\/thumbnails\/french-omelet.jpg","cuisine":"French"}]}"#)
    }

    @Test func nonASCIITitlesAreEscapedAsUnicodeEscapesLikeThePHPOriginal() {
        let body = String(decoding: responder.get("/api/?q=creme").body, as: UTF8.self)
        #expect(body.contains(#""title":"Cr\u00e8me Br\u00fbl\u00e9e""#))
        #expect(Envelope.decode(Array(body.utf8))?.results.first?.title == "Crème Brûlée")
    }

    /// Catalog ids of the recipes matching, fewest ingredients first, catalog order among equals.
    private func ranked(_ isMatch: (CatalogRecipe) -> Bool) -> [String] {
        let matching = catalog.recipes.filter(isMatch)
        return matching.enumerated().sorted { ($0.element.ingredients.count, $0.offset) < ($1.element.ingredients.count, $1.offset) }
            .map(\.element.id)
    }

    @Test func ingredientsMatchWhenTheRecipeHasEveryOneNamedExactlyFirstThenUnderItsOtherNamesAndKinds() {
        #expect(ids("i=garlic") == Array(ranked { $0.ingredients.contains("garlic") }.prefix(10)))
        let named = ranked { $0.ingredients.contains("onions") && $0.ingredients.contains("garlic") }
        let found = allIDs("i=onions,garlic")
        #expect(Array(found.prefix(named.count)) == named)
        // Then the recipes with a kind of onion (green onions are onions) and garlic.
        let others = ranked { recipe in
            !named.contains(recipe.id) && recipe.ingredients.contains("garlic") && recipe.ingredients.contains { $0.hasSuffix("onions") }
        }
        #expect(Array(found.dropFirst(named.count)) == others)
        #expect(!others.isEmpty)
        #expect(allIDs("i=onion") == allIDs("i=onions"))
        #expect(allIDs("i=cheese") == ranked { $0.ingredients.contains { $0.hasSuffix("cheese") || ["feta", "paneer"].contains($0) } })
        #expect(allIDs("i=oil") == ranked { $0.ingredients.contains { $0.hasSuffix("oil") } })
        #expect(allIDs("i=parmesan%20cheese") == ["spaghetti-carbonara", "risotto-milanese", "moussaka"])
    }

    @Test func ingredientSearchesRankByFewestOtherIngredientsKeepingCatalogOrderAmongEquals() throws {
        let recipes = [
            CatalogRecipe(id: "chicken-salad", title: "Chicken Salad", ingredients: ["chicken", "lettuce", "mayonnaise"], method: "Toss."),
            CatalogRecipe(id: "roast-chicken", title: "Roast Chicken", ingredients: ["chicken", "chicken"], method: "Roast."),
            CatalogRecipe(id: "chicken-soup", title: "Chicken Soup", ingredients: ["chicken", "carrots"], method: "Simmer."),
            CatalogRecipe(id: "plain-chicken", title: "Plain Chicken", ingredients: ["Chicken"], method: "Grill."),
            CatalogRecipe(id: "chicken-rice", title: "Chicken Rice", ingredients: ["rice", "chicken"], method: "Steam."),
        ]
        let responder = makeResponder(try Catalog(recipes: recipes))
        let found = responder.walk("i=chicken").results.map { String($0.href.split(separator: "/").last ?? "") }
        // "chicken, chicken" has no other ingredient, as on the real service's i=chicken page.
        #expect(found == ["roast-chicken", "plain-chicken", "chicken-soup", "chicken-rice", "chicken-salad"])
        let both = responder.walk("i=rice,chicken").results.map { String($0.href.split(separator: "/").last ?? "") }
        #expect(both == ["chicken-rice"])
        // Without ingredients, catalog order.
        let titled = responder.walk("q=chicken").results.map { String($0.href.split(separator: "/").last ?? "") }
        #expect(titled == recipes.map(\.id))
    }

    @Test func ingredientNamesAreTrimmedLowerCasedAndEmptyItemsDropped() {
        let plain = allIDs("i=onions,garlic")
        #expect(allIDs("i=%20Onions%20,,GARLIC,") == plain)
        #expect(allIDs("i=garlic,onions") == plain)
        #expect(allIDs("i=black++pepper") == allIDs("i=black%20pepper"))
    }

    @Test func queryWordsMustEachPrefixATitleWordIgnoringCaseAndAccents() {
        #expect(allIDs("q=omelet") == ["french-omelet", "spanish-omelette"])
        #expect(allIDs("q=omelet") == allIDs("q=OMELET"))
        #expect(allIDs("q=omelets") == ["french-omelet"])
        #expect(allIDs("q=omelette") == ["spanish-omelette"])
        #expect(allIDs("q=french+omel") == ["french-omelet"])
        #expect(allIDs("q=creme+brulee") == ["creme-brulee"])
        #expect(allIDs("q=pho") == ["pho-bo"])
        #expect(allIDs("q=tso%27s") == ["general-tsos-chicken"])
        #expect(allIDs("q=chicken+tikka") == ["chicken-tikka-masala"])
        #expect(allIDs("q=hicken").isEmpty)
    }

    @Test func queryWordsMatchTitlesFirstThenTheIngredientsAndTheMethod() {
        // A typed whole word matches whole words: the French omelet's "soft omelet" is not an omelette.
        #expect(allIDs("q=omelette") == ["spanish-omelette"])
        // Every word somewhere in the recipe: the title has "soup", an ingredient "chicken".
        #expect(allIDs("q=chicken+soup") == ["tortilla-soup"])
        // Title matches first (catalog order), then recipes whose ingredients or method hold the word.
        let roux = allIDs("q=roux")
        #expect(roux == ["macaroni-and-cheese"])
        let cream = allIDs("q=cream")
        let inTitles = expected { $0.title.lowercased().contains("cream") }
        #expect(Array(cream.prefix(inTitles.count)) == inTitles)
        #expect(cream.dropFirst(inTitles.count).sorted() == expected {
            !$0.title.lowercased().contains("cream") && ($0.ingredients.joined(separator: " ") + " " + $0.method).lowercased().contains("cream")
        }.sorted())
        #expect(cream.contains("creme-brulee") && cream.contains("quiche-lorraine"))
        #expect(allIDs("q=nothing+mentions+this").isEmpty)
    }

    @Test func ingredientsAndQueryWordsCombine() {
        #expect(allIDs("i=butter&q=omelet") == ["french-omelet"])
        let titled = ranked { $0.ingredients.contains("garlic") && $0.title.contains("Chicken") }
        let found = allIDs("i=garlic&q=chicken")
        #expect(Array(found.prefix(titled.count)) == titled)
        #expect(found.dropFirst(titled.count) == ArraySlice(ranked {
            $0.ingredients.contains("garlic") && !$0.title.contains("Chicken") && $0.ingredients.contains("chicken")
        }))
    }

    @Test func bothEmptyListsTheWholeCatalogInCatalogOrder() {
        #expect(allIDs("q=") == catalog.recipes.map(\.id))
        #expect(allIDs("i=&q=") == catalog.recipes.map(\.id))
        #expect(ids("") == Array(catalog.recipes.map(\.id).prefix(10)))
    }

    @Test func pagesHoldTenResultsAndTheLastOneTheRest() {
        #expect(ids("i=garlic", page: 1).count == 10)
        #expect(ids("i=garlic", page: 2).count == 10)
        #expect(ids("i=garlic", page: 3).count == 3)
        #expect(ids("q=", page: 4).count == 6)
    }

    @Test func aMissingPageIsPageOneAndAnythingButAPositiveIntegerIsABadRequest() {
        #expect(responder.get("/api/?i=garlic").body == responder.get("/api/?i=garlic&p=1").body)
        #expect(responder.get("/api/?i=garlic&p=").body == responder.get("/api/?i=garlic&p=1").body)
        #expect(responder.get("/api/?i=garlic&p=007").body == responder.get("/api/?i=garlic&p=7").body)
        for page in ["0", "-1", "1.5", "abc", "%201", "1e3", "0x2"] {
            #expect(responder.get("/api/?i=garlic&p=\(page)").status.code == 400, "p=\(page)")
        }
        #expect(responder.get("/api/?i=%ZZ").status.code == 400)
        #expect(responder.get("/api/?q=%FF").status.code == 400)
        // The answer names the parameter that is wrong, not the page.
        for (parameter, says) in [("i=%ZZ", "i must be"), ("q=%FF", "q must be"), ("i=garlic&callback=%E0%80", "callback must be"),
                                  ("i=garlic&p=x", "p must be a positive integer")] {
            let text = String(decoding: responder.get("/api/?\(parameter)").body, as: UTF8.self)
            #expect(text.hasPrefix("400 Bad Request: \(says)"), "\(parameter): \(text)")
            #expect(says.hasPrefix("p ") || !text.contains("p must"), "\(parameter): \(text)")
        }
    }

    @Test func pastTheEndPagesAreEmptyThenFarPastTheRealServicesHTML500() {
        // 23 garlic recipes: 3 pages, then 20 empty pages, then 500.
        #expect(responder.page("i=garlic", 4) == .results([]))
        #expect(responder.page("i=garlic", 23) == .results([]))
        let farPast = responder.get("/api/?i=garlic&p=24")
        #expect(farPast.status.code == 500)
        #expect(farPast.contentType?.hasPrefix("text/html") == true)
        #expect(String(decoding: farPast.body, as: UTF8.self).contains("404 File Not Found"))
        #expect(responder.get("/api/?i=garlic&p=100000000000000").status.code == 500)
        #expect(responder.get("/api/?i=garlic&p=99999999999999999999999999").status.code == 500)
        #expect(responder.page("i=nothing-has-this", 1) == .results([]))
        #expect(responder.get("/api/?i=nothing-has-this&p=21").status.code == 500)
    }

    @Test func unknownParametersAreIgnoredAndTheLastRepeatedOneWins() {
        #expect(responder.get("/api/?i=garlic&key=&page=1").body == responder.get("/api/?i=garlic").body)
        #expect(responder.get("/api/?i=eggs&i=garlic").body == responder.get("/api/?i=garlic").body)
        #expect(responder.get("/api?i=garlic").body == responder.get("/api/?i=garlic").body)
    }

    @Test func aPublicURLIsTheOriginOfEveryHrefAndThumbnail() throws {
        let publicResponder = makeResponder(catalog, origin: "https://recipes.example.org/")
        let decoded = try #require(Envelope.decode(publicResponder.get("/api/?q=shakshuka").body))
        #expect(decoded.href == "https://recipes.example.org/")
        #expect(decoded.results.first?.href == "https://recipes.example.org/recipes/shakshuka")
        #expect(decoded.results.first?.thumbnail == "https://recipes.example.org/thumbnails/shakshuka.jpg")
    }

    @Test func catalogHrefsAndThumbnailsAreServedAsGiven() throws {
        let custom = try Catalog(recipes: [
            CatalogRecipe(id: "a", title: "A", cuisine: "x", ingredients: ["y"], method: "m",
                          href: "https://elsewhere.example/a?x=1&y=2", thumbnail: ""),
        ])
        let result = try #require(Envelope.decode(makeResponder(custom).get("/api/").body)?.results.first)
        #expect(result.href == "https://elsewhere.example/a?x=1&y=2")
        #expect(result.thumbnail == "")
    }

    @Test func apiPageKeysAreNormalizedLikeTheServerNormalizesQueries() {
        #expect(APIPageKey(ingredients: " Onions,garlic,,", query: "OMELETS  crème", page: 2)
            == APIPageKey(ingredients: "garlic,onions", query: "creme omelets", page: 2))
        #expect(APIPageKey(ingredients: "garlic").description == "i=garlic&q=&p=1")
    }
}

@Suite("Search index")
struct SearchIndexTests {
    /// Speed is the benchmark's business; this checks the index answers a large catalog correctly.
    @Test func aLargeCatalogIsSearchedCorrectly() throws {
        let catalog = try PuppyServerFixture.generatedCatalog(count: 30_000)
        let index = SearchIndex(recipes: catalog.recipes)
        #expect(index.matches(ingredients: ["garlic", "onions"], words: []).count == 30_000 / 6)
        #expect(index.matches(ingredients: ["garlic"], words: ["dish", "12346"]) == [12_345])
        let nines = index.matches(ingredients: [], words: ["dish", "9"])
        #expect(nines.count == catalog.recipes.filter { $0.title.split(separator: " ").contains { $0.hasPrefix("9") } }.count)
        #expect(nines == nines.sorted())
    }
}
