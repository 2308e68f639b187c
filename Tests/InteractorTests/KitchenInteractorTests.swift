import Foundation
import Testing
import Entity
import Services
import TestSupport
@testable import Interactor

/// The shopping list and the pantry through the use cases, on a real SQLite file: recipes added with
/// their pages' lines, merged across recipes, less the pantry, and still whole with the network gone.
@Suite struct KitchenUseCases {
    static func page(_ title: String, yields: String, lines: [String]) -> String {
        RecipePageFixture.page(title, yields: yields, lines: lines)
    }

    static let pancakes = Recipe(title: "Pancakes", href: "http://example.test/recipes/pancakes", ingredients: ["flour", "milk", "eggs"], thumbnail: nil)
    static let crepes = Recipe(title: "Crêpes", href: "http://example.test/recipes/crepes", ingredients: ["flour", "milk", "eggs"], thumbnail: nil)
    static let scones = Recipe(title: "Scones", href: "http://example.test/recipes/scones", ingredients: ["flour", "butter", "salt"], thumbnail: nil)
    static let pages = [
        pancakes.href: page("Pancakes", yields: "4 servings", lines: ["1 cup plain flour", "1 cup milk", "2 large eggs", "1 tbsp sugar", "pinch of salt"]),
        crepes.href: page("Crêpes", yields: "Serves 2", lines: ["100 g flour", "250 ml milk", "1 egg", "1 tbsp butter, melted"]),
    ]

    func makeKitchen(_ folder: URL, fetcher: FakePageFetcher) throws -> (KitchenInteractor, FavoritesStore) {
        let store = try FavoritesStore(directory: folder)
        let opening = FavoritesOpening(.success(store))
        let reading = ReadingInteractor(fetcher: fetcher, saved: nil)
        return (KitchenInteractor(opening: opening, reading: reading, time: FakeTime()), store)
    }

    @Test func recipesAddedFromTheirPagesMergeAcrossRecipesOnTheListFromTheDatabase() async throws {
        try await TemporaryDirectory.with { folder in
            let fetcher = FakePageFetcher(pages: Self.pages, unknown: .notFound)
            let (kitchen, store) = try makeKitchen(folder, fetcher: fetcher)
            let first = try await kitchen.addToList(Self.pancakes, scale: .serving(8))
            #expect(first.recipe.factor == 2 && first.recipe.linesFromPage && !first.wasOnTheList)
            _ = try await kitchen.addToList(Self.crepes)
            // A page that cannot be read: its names, without amounts.
            let scones = try await kitchen.addToList(Self.scones, scale: .times(3))
            #expect(!scones.recipe.linesFromPage && scones.pageProblem == .serverError && scones.recipe.lines == ["flour", "butter", "salt"])
            _ = try await kitchen.addToPantry(["eggs"])
            await store.close()

            // Another run, with the network gone: the list is made from what the database keeps.
            fetcher.fail(pages: .unreachable, pictures: .unreachable)
            let (again, _) = try makeKitchen(folder, fetcher: fetcher)
            let screen = try await again.list()
            #expect(screen.recipes.map(\.title) == ["Pancakes", "Crêpes", "Scones"])
            func item(_ name: String) -> ShoppingList.Item? { screen.list.items.first { $0.key == IngredientKey(name: name) } }
            // 2 cups (×2 for 8 servings) and 100 g of flour meet through the density table; the scones
            // add a need with no amount.
            #expect(item("flour")?.amountText == "340 g")
            #expect(item("flour")?.alsoUnmeasured == true)
            #expect(item("milk")?.amountText == "720 ml")
            #expect(item("sugar")?.amountText == "2 tbsp")
            #expect(item("butter")?.amountText == "1 tbsp")
            #expect(item("egg") == nil, "the pantry holds eggs")
            #expect(screen.list.inPantry.map(\.name) == ["eggs", "salt"])
            #expect(screen.list.aisles.map(\.aisle) == [.dairyAndEggs, .dryGoods])

            #expect(try await again.removeFromList(number: 2)?.title == "Crêpes")
            #expect(try await again.removeFromList(number: 9) == nil)
            #expect(try await again.list().list.items.first { $0.key == IngredientKey(name: "milk") }?.amountText == "2 cups")
            #expect(try await again.clearList() == 2)
        }
    }

    @Test func theUnitsAreRememberedAndTheListIsWrittenInThem() async throws {
        try await TemporaryDirectory.with { folder in
            let (kitchen, _) = try makeKitchen(folder, fetcher: FakePageFetcher(pages: Self.pages, unknown: .notFound))
            #expect(try await kitchen.units() == nil)
            try await kitchen.setUnits(.metric)
            #expect(try await kitchen.units() == .metric)
            _ = try await kitchen.addToList(Self.pancakes)
            let screen = try await kitchen.list()
            #expect(screen.units == .metric)
            #expect(screen.list.items.first { $0.key == IngredientKey(name: "milk") }?.amountText(in: screen.units) == "240 ml")
        }
    }

    @Test func thePantryTakesNamesOnceAndSaysWhatWasThere() async throws {
        try await TemporaryDirectory.with { folder in
            let (kitchen, _) = try makeKitchen(folder, fetcher: FakePageFetcher())
            let first = try await kitchen.addToPantry(["eggs", "Milk", "eggs", " "])
            #expect(first.added.map(\.name) == ["eggs", "Milk"] && first.already.isEmpty)
            let second = try await kitchen.addToPantry(["large eggs", "flour"])
            #expect(second.added.map(\.name) == ["flour"] && second.already.map(\.name) == ["eggs"])
            let removed = try await kitchen.removeFromPantry(["milk", "cheese"])
            #expect(removed.removed.map(\.name) == ["Milk"] && removed.notThere.map(\.name) == ["cheese"])
            #expect(try await kitchen.pantry().map(\.name) == ["eggs", "flour"])
        }
    }

    @Test func thePantryKeepsWhatEachItemNamesNotItsAmountOrPreparation() async throws {
        try await TemporaryDirectory.with { folder in
            let (kitchen, _) = try makeKitchen(folder, fetcher: FakePageFetcher())
            let added = try await kitchen.addToPantry(["2 cups rice", "3 cloves garlic", "minced", "a dozen large eggs", "finely chopped"])
            #expect(added.added.map(\.name) == ["rice", "garlic", "eggs"])
            #expect(try await kitchen.pantry().map(\.name) == ["rice", "garlic", "eggs"])
        }
    }

    /// What `have` cannot send (a name past 60 characters, more than 100 names) is refused at `pantry add`,
    /// nothing of it added.
    @Test func thePantryRefusesWhatHaveCannotSend() async throws {
        try await TemporaryDirectory.with { folder in
            let (kitchen, _) = try makeKitchen(folder, fetcher: FakePageFetcher())
            let long = String(repeating: "very ", count: 12) + "long beans"
            let refusedLong = try await kitchen.addToPantry(["eggs", long])
            #expect(refusedLong.refused == .nameTooLong(long, limit: 60))
            #expect(refusedLong.added.isEmpty)
            #expect(try await kitchen.pantry().isEmpty)
            let ninetyNine = (1...99).map { "spice number \($0)" }
            #expect(try await kitchen.addToPantry(ninetyNine).refused == nil)
            let tooMany = try await kitchen.addToPantry(["flour", "milk", "spice number 3"])
            #expect(tooMany.refused == .tooMany(holding: 99, adding: 2, limit: 100))
            #expect(try await kitchen.pantry().count == 99)
            #expect(try await kitchen.addToPantry(["flour", "spice number 3"]).refused == nil, "the hundredth fits")
            #expect(try await kitchen.pantry().count == 100)
        }
    }

    @Test func writingTheListRefusesALinkAndWritesAFile() async throws {
        try await TemporaryDirectory.with { folder in
            let (kitchen, _) = try makeKitchen(folder, fetcher: FakePageFetcher())
            let path = folder.appendingPathComponent("list.md").path
            #expect(kitchen.write("# Shopping list\n", to: path) == .written(path))
            let link = folder.appendingPathComponent("link.md").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
            guard case .refused(link, let reason) = kitchen.write("x", to: link) else {
                Issue.record("the link was written through")
                return
            }
            #expect(reason.contains("symbolic link"))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "# Shopping list\n")
        }
    }
}
