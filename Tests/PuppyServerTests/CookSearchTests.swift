@testable import PuppyCatalog
import Foundation
import Testing
import TestSupport
@testable import PuppyServer

/// Dishes whose ingredients test what a cook means by a word: kinds, other names, false friends.
private let pantry: [CatalogRecipe] = [
    CatalogRecipe(id: "carbonara", title: "Carbonara", ingredients: ["spaghetti", "eggs", "parmesan cheese", "guanciale"], method: "Toss."),
    CatalogRecipe(id: "greek-salad", title: "Greek Salad", ingredients: ["tomatoes", "cucumbers", "feta", "olives", "red onions"], method: "Toss."),
    CatalogRecipe(id: "toast", title: "Cheese on Toast", ingredients: ["bread", "cheese", "butter"], method: "Grill."),
    CatalogRecipe(id: "meringue", title: "Meringue", ingredients: ["egg whites", "sugar", "cream of tartar"], method: "Whip."),
    CatalogRecipe(id: "satay", title: "Satay Sauce", ingredients: ["peanut butter", "soy sauce", "limes", "fish sauce"], method: "Stir."),
    CatalogRecipe(id: "soup", title: "Squash Soup", ingredients: ["butternut squash", "onions", "nutmeg", "heavy cream"], method: "Blend."),
    CatalogRecipe(id: "chili", title: "Chili", ingredients: ["black beans", "kidney beans", "jalapeños", "ground beef", "green bell peppers"], method: "Simmer."),
    CatalogRecipe(id: "bean-salad", title: "Bean Salad", ingredients: ["green beans", "shallots", "black pepper"], method: "Toss."),
    CatalogRecipe(id: "panna-cotta", title: "Panna Cotta", ingredients: ["heavy cream", "vanilla bean", "sugar", "gelatin"], method: "Set."),
    CatalogRecipe(id: "stroganoff", title: "Stroganoff", ingredients: ["beef", "mushrooms", "sour cream", "egg noodles"], method: "Stir."),
    CatalogRecipe(id: "cookies", title: "Cookies", ingredients: ["flour", "brown sugar", "butter", "eggs"], method: "Bake."),
    CatalogRecipe(id: "shortbread", title: "Shortbread", ingredients: ["flour", "caster sugar", "butter"], method: "Bake."),
    CatalogRecipe(id: "fish-pie", title: "Fish Pie", ingredients: ["cod fillets", "prawns", "potatoes", "milk", "butter"], method: "Bake."),
    CatalogRecipe(id: "pad-thai", title: "Pad Thai", ingredients: ["rice noodles", "shrimp", "scallions", "fish sauce", "peanuts"], method: "Fry."),
    CatalogRecipe(id: "hummus", title: "Hummus", ingredients: ["garbanzo beans", "tahini", "lemon juice"], method: "Blend."),
    CatalogRecipe(id: "baba-ganoush", title: "Baba Ganoush", ingredients: ["aubergines", "tahini", "coriander leaves"], method: "Blend."),
    CatalogRecipe(id: "float", title: "Soda Float", ingredients: ["dr pepper", "vanilla ice cream"], method: "Pour."),
    CatalogRecipe(id: "jelly", title: "Jelly Bean Bark", ingredients: ["jelly beans", "white chocolate"], method: "Melt."),
    CatalogRecipe(id: "curry", title: "Thai Curry", ingredients: ["chicken thighs", "coconut milk", "green curry paste"], method: "Simmer."),
]

@Suite("Searching as a cook asks")
struct CookSearchTests {
    let responder: SiteResponder

    init() throws {
        responder = makeResponder(try Catalog(recipes: pantry))
    }

    private func ids(_ ingredients: String) -> [String] {
        let query = ingredients.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: ","))) ?? ingredients
        return responder.walk("i=" + query).results.map { String($0.href.split(separator: "/").last ?? "") }
    }

    @Test(arguments: [
        // A family finds its kinds and the names made of it, the recipe naming it exactly first.
        ("cheese", ["toast", "carbonara", "greek-salad"]), ("parmesan", ["carbonara"]),
        ("beans", ["bean-salad", "hummus", "chili"]), ("pasta", ["carbonara"]), ("noodles", ["stroganoff", "pad-thai"]),
        ("fish", ["fish-pie"]), ("chili", ["chili"]), ("chilies", ["chili"]), ("shellfish", ["fish-pie", "pad-thai"]),
        ("sugar", ["meringue", "panna-cotta", "shortbread", "cookies"]), ("chicken", ["curry"]), ("eggs", ["carbonara", "cookies", "meringue"]),
        ("lemons", ["hummus"]), ("nuts", []), ("pepper", ["bean-salad", "chili"]),
        // Other names, both ways.
        ("shrimp", ["pad-thai", "fish-pie"]), ("prawns", ["fish-pie", "pad-thai"]), ("spring onions", ["pad-thai"]),
        ("green onions", ["pad-thai"]), ("chickpeas", ["hummus"]), ("eggplant", ["baba-ganoush"]), ("cilantro", ["baba-ganoush"]),
        // False friends are never found.
        ("cream", ["soup", "panna-cotta", "stroganoff"]), ("butter", ["toast", "shortbread", "cookies", "fish-pie"]),
        ("milk", ["fish-pie"]), ("vanilla", ["panna-cotta"]),
        // A narrow search stays narrow.
        ("green beans", ["bean-salad"]), ("sour cream", ["stroganoff"]), ("brown sugar", ["cookies"]),
        ("black pepper", ["bean-salad"]), ("bell peppers", ["chili"]), ("heavy cream", ["soup", "panna-cotta"]),
    ])
    func aTypedIngredientFindsWhatACookMeans(typed: String, expected: [String]) {
        #expect(ids(typed) == expected, "\(typed)")
    }

    @Test func severalIngredientsStillMeanAllOfThem() {
        #expect(ids("cheese,tomatoes") == ["greek-salad"])
        #expect(ids("beans,beef") == ["chili"])
        #expect(ids("butter,brown sugar") == ["cookies"])
        #expect(ids("cream,cream of tartar").isEmpty)
    }

    @Test func aRecipeNamingWhatWasTypedComesBeforeOneFoundThroughAFamilyWhateverItsSize() throws {
        let responder = makeResponder(try Catalog(recipes: [
            CatalogRecipe(id: "small-kind", title: "A", ingredients: ["feta"], method: "Eat."),
            CatalogRecipe(id: "big-exact", title: "B", ingredients: ["cheese", "bread", "butter", "ham"], method: "Eat."),
            CatalogRecipe(id: "small-exact", title: "C", ingredients: ["cheese", "crackers"], method: "Eat."),
        ]))
        let found = responder.walk("i=cheese").results.map { String($0.href.split(separator: "/").last ?? "") }
        #expect(found == ["small-exact", "big-exact", "small-kind"])
    }

    @Test func haveCountsAnIngredientHeldUnderAnotherNameOrAsAKind() {
        let body = String(decoding: responder.get("/api/?have=green+onions,rice+noodles,prawns,fish+sauce,peanuts&missing=0").body, as: UTF8.self)
        #expect(body.contains("Pad Thai"))
        let cheese = String(decoding: responder.get("/api/?have=spaghetti,eggs,cheese,guanciale&missing=0").body, as: UTF8.self)
        #expect(cheese.contains("Carbonara"))
        // A name held under another name is not reported as unknown.
        #expect(String(decoding: responder.get("/api/?have=spring+onions").body, as: UTF8.self).contains(#""unknown":[]"#))
        // Peanut butter is not butter.
        let butter = String(decoding: responder.get("/api/?have=butter,soy+sauce,limes,fish+sauce&missing=0").body, as: UTF8.self)
        #expect(!butter.contains("Satay"))
    }

    @Test func aServerSaysItMatchesByKindsUnlessItIsLiteral() throws {
        let header = { (response: ServerResponse) in response.headers.first { $0.name == "X-Ingredient-Matching" }?.value }
        #expect(header(responder.get("/api/?i=cheese")) == "kinds")
        #expect(header(responder.get("/api/?i=cheese&format=xml")) == "kinds")
        #expect(header(responder.get("/api/?i=zzqx")) == "kinds")
        let literal = makeResponder(try Catalog(recipes: pantry), quirks: [.literal])
        #expect(header(literal.get("/api/?i=cheese")) == nil)
        // Names as written: the toast lists cheese; the carbonara's parmesan cheese and the salad's feta are not found.
        let found = literal.walk("i=cheese").results.map { String($0.href.split(separator: "/").last ?? "") }
        #expect(found == ["toast"])
        #expect(literal.walk("i=scallions").results.map(\.title) == ["Pad Thai"])
        #expect(literal.walk("i=spring+onions").results.isEmpty)
    }

    @Test func oddSearchesGetAClearAnswerQuickly() {
        let many = (1...200).map { "ingredient\($0)" }.joined(separator: ",")
        #expect(responder.get("/api/?i=" + many).status == .ok)
        #expect(ids(many).isEmpty)
        let long = String(repeating: "cheese", count: 1_700)
        let clock = ContinuousClock()
        let took = clock.measure { #expect(ids(long).isEmpty) }
        #expect(took < .seconds(1))
        #expect(ids("сыр").isEmpty)
        #expect(ids("奶酪,🧀").isEmpty)
        #expect(ids("cheese,cheese,CHEESE") == ids("cheese"))
        // A name of more than 256 bytes is no catalog's name, whatever folding would make of it: it is not folded.
        #expect(!ids("cheese" + String(repeating: " ", count: 250)).isEmpty)
        #expect(ids("cheese" + String(repeating: " ", count: 251)).isEmpty)
        #expect(responder.get("/api/?i=" + String(repeating: "a", count: 7_000)).status == .ok)
    }
}
