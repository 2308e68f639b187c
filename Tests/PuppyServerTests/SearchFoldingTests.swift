@testable import PuppyCatalog
import Foundation
import Testing
import TestSupport
@testable import PuppyServer

/// Recipes written the way cooks write, to be found the way people type.
private let kitchen: [CatalogRecipe] = [
    CatalogRecipe(id: "omelette", title: "Cheese Omelette", cuisine: "French", ingredients: ["eggs", "butter", "cheddar cheese"], method: "Cook."),
    CatalogRecipe(id: "salsa", title: "Salsa Roja", cuisine: "Mexican", ingredients: ["tomatoes", "onions", "jalapeños", "cilantro"], method: "Chop."),
    CatalogRecipe(id: "stew", title: "Bean Stew", cuisine: "Italian", ingredients: ["potatoes", "bay leaves", "olive oil", "chilies"], method: "Simmer."),
    CatalogRecipe(id: "crumble", title: "Berry Crumble", cuisine: "British", ingredients: ["mixed berries", "flour", "butter"], method: "Bake."),
    CatalogRecipe(id: "pie", title: "Cherry Pies", ingredients: ["cherries", "flour", "butter"], method: "Bake."),
    CatalogRecipe(id: "tacos", title: "Fish Tacos", cuisine: "Mexican", ingredients: ["fish", "corn tortillas", "limes", "chili"], method: "Fry."),
    CatalogRecipe(id: "raita", title: "Raita", cuisine: "Indian", ingredients: ["yoghurt", "cucumbers", "mint leaves"], method: "Stir."),
    CatalogRecipe(id: "soup", title: "Crème Du Barry", cuisine: "French", ingredients: ["cauliflower", "heavy cream", "leeks"], method: "Blend."),
    CatalogRecipe(id: "dressing", title: "Vinaigrette", ingredients: ["oil", "vinegar", "glass of water"], method: "Shake."),
]

@Suite("Matching as people type")
struct SearchFoldingTests {
    let responder: SiteResponder

    init() throws {
        responder = makeResponder(try Catalog(recipes: kitchen))
    }

    private func ids(_ query: String) -> [String] {
        responder.walk(query).results.map { String($0.href.split(separator: "/").last ?? "") }
    }

    @Test(arguments: [
        // Singular and plural, both ways.
        ("i=egg", ["omelette"]), ("i=eggs", ["omelette"]), ("i=EGGS", ["omelette"]),
        ("i=onion", ["salsa"]), ("i=tomato", ["salsa"]), ("i=tomatoes", ["salsa"]),
        ("i=potato", ["stew"]), ("i=potatoes", ["stew"]),
        ("i=bay+leaf", ["stew"]), ("i=bay+leaves", ["stew"]),
        ("i=mixed+berry", ["crumble"]), ("i=cherry", ["pie"]), ("i=cucumber", ["raita"]), ("i=leek", ["soup"]),
        ("i=lime", ["tacos"]), ("i=corn+tortilla", ["tacos"]),
        // Accents and case.
        ("i=jalapenos", ["salsa"]), ("i=Jalapeno", ["salsa"]), ("i=jalape%C3%B1o", ["salsa"]), ("i=JALAPE%C3%91OS", ["salsa"]),
        // Spellings of chili and yogurt.
        // (Jalapeños are chilies, after the recipes that name chilies.)
        ("i=chili", ["stew", "tacos", "salsa"]), ("i=chilies", ["stew", "tacos", "salsa"]), ("i=chillies", ["stew", "tacos", "salsa"]),
        ("i=chilli", ["stew", "tacos", "salsa"]), ("i=yogurt", ["raita"]),
        // A name is what its last words are: olive oil is an oil, mixed berries are berries, cheddar cheese
        // a cheese, bay leaves and mint leaves leaves (and cilantro is coriander leaves); the name itself first.
        ("i=oil", ["dressing", "stew"]), ("i=olive+oils", ["stew"]), ("i=berry", ["crumble"]), ("i=cheese", ["omelette"]),
        ("i=leaf", ["raita", "salsa", "stew"]), ("i=olive", []), ("i=mixed", []), ("i=cheddar", ["omelette"]),
        ("i=glass+of+water", ["dressing"]), ("i=glas+of+water", []),
        // Title words: a typed whole word matches whole title words, a start of a word matches its start.
        ("q=omelettes", ["omelette"]), ("q=omel", ["omelette"]), ("q=berries", ["crumble"]), ("q=pie", ["pie"]),
        ("q=pies", ["pie"]), ("q=creme", ["soup"]), ("q=CR%C3%88ME", ["soup"]), ("q=taco", ["tacos"]), ("q=tacos", ["tacos"]),
        ("q=bean", ["stew"]), ("q=beans", ["stew"]), ("q=be", ["stew", "crumble"]), ("q=fishes", ["tacos"]),
        ("i=butter&q=cherries", ["pie"]), ("i=eggs,butter&q=cheeses", ["omelette"]),
    ])
    func whatPeopleTypeFindsWhatCooksWrote(query: String, expected: [String]) {
        #expect(ids(query) == expected, "\(query)")
    }

    @Test(arguments: [
        ("eggs", "egg"), ("egg", "egg"), ("tomatoes", "tomato"), ("tomato", "tomato"), ("potatoes", "potato"),
        ("berries", "berri"), ("berry", "berri"), ("leaves", "leaf"), ("leaf", "leaf"), ("knives", "knif"), ("knife", "knif"),
        ("cheeses", "chees"), ("cheese", "chees"), ("peaches", "peach"), ("peach", "peach"), ("glasses", "glass"),
        ("glass", "glass"), ("asparagus", "asparagus"), ("hummus", "hummus"), ("couscous", "couscous"),
        ("cookies", "cooki"), ("cookie", "cooki"), ("fries", "fri"), ("fry", "fri"), ("turkeys", "turkey"), ("turkey", "turkey"),
        ("pies", "pie"), ("pie", "pie"), ("peas", "pea"), ("gas", "gas"), ("chillies", "chili"), ("chiles", "chili"),
        ("kiwis", "kiwi"), ("geese", "goos"), ("goose", "goos"), ("mice", "mous"),
    ])
    func wordsFoldToOneKeyWhicheverFormTheyTake(word: String, key: String) {
        #expect(String(decoding: SearchFolding.foldWord(Array(word.utf8)), as: UTF8.self) == key)
    }

    @Test func foldingKeepsWhatIsNotALetterAndSaysWhenAWordChanged() {
        #expect(SearchFolding.fold("Sun-Dried Tomatoes 7Up") == ("sun-dried tomato 7up", true))
        #expect(SearchFolding.fold("black pepper") == ("black pepper", false))
        #expect(SearchFolding.fold("Crème") == ("crem", true))
        #expect(SearchFolding.term("omel") == ("omel", false))
        #expect(SearchFolding.term("omelets") == ("omelet", true))
    }

    @Test func resultsCarryTheirCuisineWhenTheCatalogGivesOneOverHTTP() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: kitchen)) { server in
            let (body, _) = try await Client.api(server, "i=butter")
            let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            let results = try #require(object["results"] as? [[String: Any]])
            #expect(results.map { $0["title"] as? String } == ["Cheese Omelette", "Berry Crumble", "Cherry Pies"])
            #expect(results.map { $0["cuisine"] as? String } == ["French", "British", nil])
            #expect(results[2].keys.sorted() == ["href", "ingredients", "thumbnail", "title"])
            #expect(Envelope.decode(Array(body))?.results.count == 3)  // clients that do not know the key still read it
        }
    }

    @Test func pluralsMatchOverHTTPToo() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: kitchen)) { server in
            let (body, _) = try await Client.api(server, "i=Jalapeno,tomato,onion")
            #expect(Envelope.decode(Array(body))?.results.map(\.title) == ["Salsa Roja"])
        }
    }
}
