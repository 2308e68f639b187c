@testable import PuppyCatalog
import Foundation
import Testing
import TestSupport
@testable import PuppyServer

/// `have=NAMES`: the whole catalog ranked by how few ingredients the names lack, over real HTTP.
@Suite("have= over HTTP")
struct PantryRankingAPITests {
    struct Ranked: Decodable, Equatable {
        let title: String
        let missing: [String]?
        let uses: Int?
        let of: Int?
    }

    struct Answer: Decodable {
        struct Have: Decodable {
            struct Unknown: Decodable, Equatable {
                let name: String
                let suggestions: [String]
            }

            let names: [String]
            let missing: Int
            let strict: Bool
            let unknown: [Unknown]
            /// Results a full page holds.
            let per: Int?
        }

        let have: Have?
        let results: [Ranked]
    }

    static let recipes = [
        CatalogRecipe(id: "pancakes", title: "Pancakes", ingredients: ["flour", "eggs", "milk", "butter", "salt"], method: "Whisk and fry."),
        CatalogRecipe(id: "omelette", title: "Omelette", ingredients: ["eggs", "butter", "chives", "black pepper"], method: "Beat and fold."),
        CatalogRecipe(id: "crepes", title: "Crêpes", ingredients: ["flour", "eggs", "milk", "sugar", "oranges"], method: "Thin."),
        CatalogRecipe(id: "salad", title: "Salad", ingredients: ["lettuce", "olive oil", "salt"], method: "Toss."),
        CatalogRecipe(id: "boiled-egg", title: "Boiled Egg", ingredients: ["eggs", "water", "sea salt"], method: "Boil."),
        CatalogRecipe(id: "jalapeno-eggs", title: "Jalapeño Eggs", ingredients: ["large eggs", "jalapeños", "tomatoes"], method: "Fry."),
    ]

    /// 31 recipes with eggs (one of them also in the short list above), for rankings longer than a page.
    static let manyEggDishes = recipes + (1...25).map { number in
        CatalogRecipe(id: "egg-dish-\(number)", title: "Egg Dish \(number)", ingredients: ["eggs", "rice", "chives"], method: "Stir.")
    }

    /// Every page of a `have=` answer, walked as a client walks them, until an empty one.
    static func walk(_ server: PuppyServer, _ query: String) async throws -> (have: Answer.Have?, results: [Ranked]) {
        var results: [Ranked] = []
        var have: Answer.Have?
        for page in 1...20 {
            let (body, response) = try await Client.api(server, query + "&p=\(page)")
            #expect(response.statusCode == 200)
            let answer = try JSONDecoder().decode(Answer.self, from: body)
            have = have ?? answer.have
            if answer.results.isEmpty { break }
            results += answer.results
        }
        return (have, results)
    }

    /// A server that builds its index on demand (a one-shot "what can I make" asks for rankings alone)
    /// answers rankings, searches and recipe pages as one that built it with the catalog.
    @Test func aServerIndexingOnDemandAnswersAsOneIndexedAtLoad() async throws {
        let catalog = try Catalog(recipes: Self.recipes, source: "test")
        func answers(_ server: PuppyServer) async throws -> [String] {
            let ranked = try await Self.walk(server, "have=eggs,milk,flour&missing=1").results.map(\.title)
            let (body, _) = try await Client.api(server, "i=eggs&q=pan")
            let searched = try JSONDecoder().decode(Answer.self, from: body).results.map(\.title)
            let (_, page) = try await Client.get(server.baseURL.appendingPathComponent("recipes/pancakes"))
            return ranked + ["|"] + searched + ["|", "\(page.statusCode)"]
        }
        var onDemand = ServerConfiguration()
        onDemand.indexesAtLoad = false
        let eager = try await PuppyServerFixture.withServer(catalog: catalog) { try await answers($0) }
        let lazy = try await PuppyServerFixture.withServer(catalog: catalog, configuration: onDemand) { try await answers($0) }
        #expect(eager.prefix { $0 != "|" }.contains("Pancakes") && eager.contains("Pancakes") && eager.last == "200", "\(eager)")
        #expect(lazy == eager)
    }

    @Test func theCatalogIsRankedFewestMissingFirstThenMostUsedEachWithWhatItLacks() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test")) { server in
            let (have, results) = try await Self.walk(server, "have=Eggs,milk,FLOUR,butter")
            #expect(have?.names == ["butter", "egg", "flour", "milk"])
            #expect(have?.missing == 2)
            #expect(have?.strict == false)
            #expect(results == [
                Ranked(title: "Pancakes", missing: [], uses: 5, of: 5),
                Ranked(title: "Boiled Egg", missing: [], uses: 3, of: 3),
                Ranked(title: "Omelette", missing: ["chives"], uses: 3, of: 4),
                Ranked(title: "Crêpes", missing: ["sugar", "oranges"], uses: 3, of: 5),
                Ranked(title: "Jalapeño Eggs", missing: ["jalapeños", "tomatoes"], uses: 1, of: 3),
            ])
        }
    }

    @Test func missingAndStrictNarrowTheListAndARecipeMustUseSomethingGiven() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test")) { server in
            let none = try await Self.walk(server, "have=eggs,milk,flour,butter&missing=0")
            #expect(none.results.map(\.title) == ["Pancakes", "Boiled Egg"])
            let strict = try await Self.walk(server, "have=eggs,milk,flour,butter&missing=0&strict=1")
            #expect(strict.results.map(\.title).isEmpty)
            #expect(strict.have?.strict == true)
            let strictOne = try await Self.walk(server, "have=eggs,milk,flour,butter&missing=1&strict=1")
            #expect(strictOne.results == [Ranked(title: "Pancakes", missing: ["salt"], uses: 4, of: 5)])
            // The salad uses only staples: nothing of what was given.
            let lettuce = try await Self.walk(server, "have=lettuce&missing=0")
            #expect(lettuce.results.map(\.title) == ["Salad"])
            let eggs = try await Self.walk(server, "have=eggs&missing=0")
            #expect(!eggs.results.map(\.title).contains("Salad"))
        }
    }

    @Test func namesMatchAsTheSearchMatchesThemPluralsAccentsAndPlainWords() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test")) { server in
            let (_, results) = try await Self.walk(server, "have=egg,jalapeno,tomato&missing=0")
            #expect(results.first { $0.title == "Jalapeño Eggs" } == Ranked(title: "Jalapeño Eggs", missing: [], uses: 3, of: 3))
        }
    }

    @Test func aNameNoRecipeHasComesBackWithTheNamesItIsCloseTo() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test")) { server in
            let (have, results) = try await Self.walk(server, "have=eggs,mlik,Tomatoe,xyz,jalapenoes")
            #expect(have?.unknown == [.init(name: "mlik", suggestions: ["milk"])])
            #expect(results.map(\.title).contains("Jalapeño Eggs"), "tomatoe and jalapenoes fold to the catalog's names")
        }
    }

    @Test func iAndQNarrowWhatIsRanked() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test")) { server in
            let (_, results) = try await Self.walk(server, "have=eggs,milk,flour,butter&i=flour")
            #expect(results.map(\.title) == ["Pancakes", "Crêpes"])
        }
    }

    @Test func withoutTheExtensionHaveIsIgnoredAsTheRealServiceIgnoredIt() async throws {
        var configuration = ServerConfiguration()
        configuration.answersHave = false
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test"), configuration: configuration) { server in
            let (have, results) = try await Self.walk(server, "have=eggs,milk")
            #expect(have == nil)
            #expect(results.map(\.title) == Self.recipes.map(\.title))
            #expect(results.allSatisfy { $0.missing == nil && $0.uses == nil })
        }
    }

    @Test func aBadMissingIsA400ThatSaysWhatItTakes() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test")) { server in
            for bad in ["-1", "51", "two", "999999999999"] {
                let (body, response) = try await Client.api(server, "have=eggs&missing=\(bad)")
                #expect(response.statusCode == 400)
                #expect(String(decoding: body, as: UTF8.self).contains("missing must be a whole number from 0 to 50"))
            }
        }
    }

    @Test func aRecipePuppyClientThatSendsNoHaveSeesTheOldAnswer() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test")) { server in
            let (body, _) = try await Client.api(server, "i=eggs")
            let text = String(decoding: body, as: UTF8.self)
            #expect(!text.contains("\"have\"") && !text.contains("\"missing\"") && !text.contains("\"uses\""))
        }
    }

    @Test func perAsksForLargerPagesOfARankingAndTheAnswerSaysHowManyAPageHolds() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.manyEggDishes, source: "test")) { server in
            let (have, byTen) = try await Self.walk(server, "have=eggs,rice")
            #expect(have?.per == 10)
            #expect(byTen.count > 24 && byTen.count < 36)
            var byTwelve: [Ranked] = []
            for page in 1...3 {
                let (body, response) = try await Client.api(server, "have=eggs,rice&per=12&p=\(page)")
                #expect(response.statusCode == 200)
                let answer = try JSONDecoder().decode(Answer.self, from: body)
                #expect(answer.have?.per == 12)
                #expect(answer.results.count == [12, 12, byTen.count - 24][page - 1])
                byTwelve += answer.results
            }
            #expect(byTwelve == byTen)
            // The whole ranking in one page; a size past the bounds is taken as the nearest.
            for (asked, said) in [("1000", 1000), ("99999999999999999999", 1000), ("3", 10), ("0", 10)] {
                let (body, _) = try await Client.api(server, "have=eggs,rice&per=\(asked)")
                let answer = try JSONDecoder().decode(Answer.self, from: body)
                #expect(answer.have?.per == said, "per=\(asked)")
                #expect(answer.results == Array(byTen.prefix(said)), "per=\(asked)")
            }
        }
    }

    @Test func perIsIgnoredOutsideARankingSoARecipePuppySearchIsTenAPage() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.manyEggDishes, source: "test")) { server in
            let (body, _) = try await Client.api(server, "i=eggs&per=100")
            let answer = try JSONDecoder().decode(Answer.self, from: body)
            #expect(answer.have == nil)
            #expect(answer.results.count == 10)
        }
        var configuration = ServerConfiguration()
        configuration.answersHave = false
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.manyEggDishes, source: "test"), configuration: configuration) { server in
            let (body, _) = try await Client.api(server, "have=eggs&per=100")
            #expect(try JSONDecoder().decode(Answer.self, from: body).results.count == 10)
        }
    }

    @Test func aPerThatIsNoNumberIsA400ThatSaysWhatItTakes() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: Self.recipes, source: "test")) { server in
            for bad in ["-1", "ten", "1e3", "12%2C5"] {
                let (body, response) = try await Client.api(server, "have=eggs&per=\(bad)")
                #expect(response.statusCode == 400, "per=\(bad)")
                #expect(String(decoding: body, as: UTF8.self).contains("per must be a whole number"), "per=\(bad)")
            }
        }
    }
}
