import Foundation
import Glibc
import Testing
import Entity
import Services
import Interactor
import Router
import TestSupport
@testable import Presenter
import ServiceSupport

/// A server's ranking for a pantry, kept in memory: its recipes, 10 a page, ranked as given.
final class FakePantryRanking: PantryRankedSearching {
    let recipes: [Recipe]

    init(_ recipes: [Recipe]) {
        self.recipes = recipes
    }

    func rankedPage(_ request: PantryRankRequest, number: Int) async throws(ServiceError) -> RankedPage {
        let start = (number - 1) * 10
        return RankedPage(page: SearchPage(number: number, recipes: Array(recipes.dropFirst(start).prefix(10))), isRanked: true)
    }
}

/// The presenters with the kitchen, over fakes and a real favorites database.
@MainActor
struct KitchenStack {
    let view = RecordingView()
    let router = Router()
    let presenter: RecipesPresenter
    /// `recipes list` and `recipes have` over the same kitchen.
    let oneShot: KitchenOneShotPresenter

    init(folder: URL, recipes: [Recipe], pages: [String: String]) throws {
        let fetcher = FakePageFetcher(pages: pages, unknown: .notFound, picture: nil)
        let store = try FavoritesStore(directory: folder)
        let opening = FavoritesOpening(.success(store))
        let time = FakeTime()
        let favoritesInteractor = FavoritesInteractor(opening: opening, fetcher: fetcher, time: time)
        let reading = ReadingInteractor(fetcher: fetcher, saved: favoritesInteractor)
        let actions = RecipeActions(reading: reading, router: router, pictures: nil)
        let favorites = FavoritesPresenter(favorites: favoritesInteractor, router: router, actions: actions)
        let searcher = FakeSearcher(recipes: recipes)
        let search = SearchInteractor(searcher: searcher, favorites: opening, time: time, configuration: .init(prefetch: false))
        let results = SearchPresenter(search: search, router: router, favorites: favorites, actions: actions, now: { time.now() })
        let kitchen = KitchenInteractor(opening: opening, reading: reading, time: time)
        let matching = PantryMatchInteractor(ranked: FakePantryRanking(recipes), searcher: searcher, favorites: opening)
        let matches = PantryMatchPresenter(matching: matching, kitchen: kitchen, router: router, favorites: favorites, actions: actions)
        presenter = RecipesPresenter(results: results, favorites: favorites, router: router, kitchen: KitchenPresenter(kitchen: kitchen),
                                     pantryMatches: matches)
        presenter.view = view
        oneShot = KitchenOneShotPresenter(kitchen: kitchen, matching: matching)
    }

    var lastPage: PageModel? {
        view.shown.last { if case .page = $0 { true } else { false } }.flatMap { if case .page(let page) = $0 { page } else { nil } }
    }

    /// The ingredient items of the last card shown, as `marker text`.
    var lastIngredients: [String] {
        (lastPage?.blocks ?? []).compactMap { block in
            if case .item(let marker, let text, _) = block, !marker.hasSuffix(".") { return "\(marker) \(text)" }
            return nil
        }
    }

    func perform(_ command: Command) async {
        await presenter.prepare()
        await presenter.perform(command)
    }
}

@MainActor
@Suite struct KitchenPresenting {
    static func page(_ title: String, yields: String, lines: [String]) -> String {
        RecipePageFixture.page(title, yields: yields, lines: lines)
    }

    static let recipes = [
        Recipe(title: "Pancakes", href: "http://example.test/recipes/1", ingredients: ["flour", "milk", "eggs", "salt"], thumbnail: nil),
        Recipe(title: "Ginger Tea", href: "http://example.test/recipes/2", ingredients: ["ginger", "water", "honey"], thumbnail: nil),
        Recipe(title: "Crêpes", href: "http://example.test/recipes/3", ingredients: ["flour", "milk", "eggs", "butter"], thumbnail: nil),
    ]
    static let pages = [
        "http://example.test/recipes/1": page("Pancakes", yields: "4 servings", lines: ["1 cup flour", "1 cup milk", "2 eggs", "salt, to taste"]),
        "http://example.test/recipes/2": page("Ginger Tea", yields: "2", lines: ["3 x 2 x 4 cm ginger", "2 cups water", "1 tbsp honey"]),
        "http://example.test/recipes/3": page("Crêpes", yields: "Serves 2", lines: ["100 g flour", "250 ml milk", "1 egg", "1 tbsp butter"]),
    ]

    @Test func aCardIsScaledByTimesOrServingsAndShownInTheUnitsRemembered() async throws {
        try await TemporaryDirectory.with { folder in
            let stack = try KitchenStack(folder: folder, recipes: Self.recipes, pages: Self.pages)
            await stack.perform(.search(ingredients: ["flour"], title: ""))
            await stack.perform(.scale(.times(2)))
            #expect(stack.view.messages.last?.text == "There is no recipe card to scale.")

            await stack.perform(.open(1, .recipe))
            #expect(stack.lastIngredients == ["• 1 cup flour", "• 1 cup milk", "• 2 eggs", "• salt, to taste"])
            #expect(stack.lastPage?.note == nil)
            await stack.perform(.scale(.times(2)))
            #expect(stack.lastIngredients == ["• 2 cups flour", "• 2 cups milk", "• 4 eggs", "• salt, to taste"])
            #expect(stack.lastPage?.note == "Scaled ×2.")
            await stack.perform(.scale(.serving(6)))
            #expect(stack.lastIngredients == ["• 1 ½ cups flour", "• 1 ½ cups milk", "• 3 eggs", "• salt, to taste"])
            #expect(stack.lastPage?.note == "Scaled ×1.5 to serve 6, written for 4.")
            await stack.perform(.units(.metric))
            #expect(stack.view.messages.last?.text == "Recipe cards show amounts in metric from now on (remembered).")
            #expect(stack.lastIngredients == ["• 180 g flour", "• 350 ml milk", "• 3 eggs", "• salt, to taste"])
            #expect(stack.lastPage?.note == "Scaled ×1.5 to serve 6, written for 4. Amounts in metric.")

            // Another recipe opens as written, in the units remembered; `o N serves M` scales it at once.
            await stack.perform(.openScaled(3, .serving(4)))
            #expect(stack.lastIngredients == ["• 200 g flour", "• 500 ml milk", "• 2 eggs", "• 2 tbsp butter"])
            await stack.perform(.open(1, .recipe))
            #expect(stack.lastIngredients == ["• 120 g flour", "• 240 ml milk", "• 2 eggs", "• salt, to taste"])
        }
        // The units are remembered in the database: a new session shows cards in them.
    }

    /// Servings that would scale a card past 1/100–100 times leave it as written and say why; a factor
    /// outside the range is refused naming it; an amount that cannot be scaled sensibly is marked `?`.
    @Test func everythingOnAScaledCardIsScaledItsYieldAndLactoseLineToo() async throws {
        try await TemporaryDirectory.with { folder in
            let stack = try KitchenStack(folder: folder, recipes: Self.recipes, pages: Self.pages)
            await stack.perform(.search(ingredients: ["flour"], title: ""))
            await stack.perform(.open(3, .recipe))
            @MainActor func facts() -> String? {
                stack.lastPage?.blocks.lazy.compactMap { if case .paragraph(let text) = $0 { text } else { nil } }.first
            }
            @MainActor func lactose() -> String? {
                stack.lastPage?.blocks.lazy.compactMap { if case .field("Lactose", let value) = $0 { value } else { nil } }.first
            }
            #expect(facts() == "2 servings")
            #expect(lactose() == "from 250 ml milk; 1 tbsp butter")
            await stack.perform(.scale(.serving(4)))
            #expect(facts() == "4 servings")
            #expect(lactose() == "from 500 ml milk; 2 tbsp butter")
            await stack.perform(.units(.us))
            await stack.perform(.scale(.times(3)))
            #expect(facts() == "6 servings")
            #expect(lactose() == "from 3 ¼ cups milk; 3 tbsp butter")
        }
    }

    @Test func aScalePastTheRangeIsRefusedAndTheCardSaysWhy() async throws {
        try await TemporaryDirectory.with { folder in
            let pages = ["http://example.test/recipes/1": Self.page("Pancakes", yields: "Serves 1000", lines: ["1 cup flour", "1 onion"])]
            let stack = try KitchenStack(folder: folder, recipes: Self.recipes, pages: pages)
            await stack.perform(.search(ingredients: ["flour"], title: ""))
            await stack.perform(.openScaled(1, .serving(2)))
            #expect(stack.lastIngredients == ["• 1 cup flour", "• 1 onion"])
            #expect(stack.lastPage?.note == "Serving 2 from a recipe written for 1000 would make it 1/500 times; a card is scaled from 1/100 to 100 times,"
                    + " so it is not scaled.")
            await stack.perform(.scale(.times(0.01)))
            #expect(stack.lastIngredients == ["• ½ tsp flour", "? 1 onion"])
            await stack.perform(.list(.add([1])))
            await stack.perform(.openScaled(1, .serving(2)))
            await stack.perform(.list(.add([1])))
            #expect(stack.view.messages.last?.text.contains("past 1/100 to 100 times, so it is listed as written") == true,
                    "\(stack.view.messages.suffix(2).map(\.text))")
        }
        #expect(Messages().input(.badFactor("0.001")).text == "x wants how many times to make the recipe, from 1/100 to 100 times, not \"0.001\".")
    }

    @Test func pantryAddNamesTheLimitOfWhatHaveCanSend() async throws {
        try await TemporaryDirectory.with { folder in
            let stack = try KitchenStack(folder: folder, recipes: Self.recipes, pages: Self.pages)
            await stack.perform(.pantry(.add([String(repeating: "x", count: 61)])))
            #expect(stack.view.messages.last?.text
                    == "Nothing added to your pantry: “\(String(repeating: "x", count: 40))…” is longer than the 60 characters have can send for a name.")
            await stack.perform(.pantry(.add((1...101).map { "herb \($0)" })))
            #expect(stack.view.messages.last?.text == "Nothing added to your pantry: it holds 0 names, and 101 more would pass the 100 have can send.")
        }
    }

    @Test func theUnitsAreRememberedAcrossSessions() async throws {
        try await TemporaryDirectory.with { folder in
            let first = try KitchenStack(folder: folder, recipes: Self.recipes, pages: Self.pages)
            await first.perform(.units(.metric))
            let second = try KitchenStack(folder: folder, recipes: Self.recipes, pages: Self.pages)
            await second.perform(.currentUnits)
            #expect(second.view.messages.last?.text == "Recipe cards show amounts in metric.")
            await second.perform(.search(ingredients: ["flour"], title: ""))
            await second.perform(.open(1, .recipe))
            #expect(second.lastIngredients.first == "• 120 g flour")
        }
    }

    @Test func aLineThatCannotBeReadWithConfidenceIsShownAsWrittenAndMarkedOnlyWhenAskedToChange() async throws {
        try await TemporaryDirectory.with { folder in
            let stack = try KitchenStack(folder: folder, recipes: Self.recipes, pages: Self.pages)
            await stack.perform(.search(ingredients: ["ginger"], title: ""))
            await stack.perform(.open(2, .recipe))
            #expect(stack.lastIngredients == ["• 3 x 2 x 4 cm ginger", "• 2 cups water", "• 1 tbsp honey"])
            await stack.perform(.scale(.times(2)))
            #expect(stack.lastIngredients == ["? 3 x 2 x 4 cm ginger", "• 4 cups water", "• 2 tbsp honey"])
            #expect(stack.lastPage?.note?.hasSuffix("? marks a line shown as written: its amount could not be read with confidence.") == true)
        }
    }

    @Test func theShoppingListTakesRecipesByNumberAtTheScaleOfTheirCardAndIsWrittenToAFile() async throws {
        try await TemporaryDirectory.with { folder in
            let stack = try KitchenStack(folder: folder, recipes: Self.recipes, pages: Self.pages)
            await stack.perform(.list(.show))
            #expect(stack.view.messages.last?.text == "The shopping list is empty.")
            await stack.perform(.search(ingredients: ["flour"], title: ""))
            await stack.perform(.openScaled(1, .times(2)))
            await stack.perform(.list(.add([1, 3])))
            #expect(stack.view.messages.map(\.text).suffix(2) == ["Added “Pancakes” ×2 to the shopping list: 4 ingredients.",
                                                                  "Added “Crêpes” to the shopping list: 4 ingredients."])
            await stack.perform(.list(.add([9])))
            #expect(stack.view.messages.last?.text == "There is no recipe 9 in this search.")
            await stack.perform(.pantry(.add(["eggs"])))
            await stack.perform(.list(.show))
            let list = try #require(stack.view.shoppingLists.last)
            #expect(list.heading == "Shopping list for 2 recipes")
            #expect(list.recipes == ["1. Pancakes ×2", "2. Crêpes"])
            #expect(list.sections == [
                .init(title: "Dairy and eggs", items: ["1 tbsp butter", "720 ml milk"]),
                .init(title: "Dry goods", items: ["340 g flour"]),
            ])
            #expect(list.leftOff == "Left off, in the kitchen already: eggs, salt")

            let path = folder.appendingPathComponent("list.md").path
            await stack.perform(.list(.export(path)))
            #expect(stack.view.messages.last?.text == "Wrote the shopping list to \(path) (3 items).")
            let markdown = try String(contentsOfFile: path, encoding: .utf8)
            #expect(markdown.contains("## Dairy and eggs\n\n- [ ] 1 tbsp butter\n- [ ] 720 ml milk\n"))
            #expect(markdown.hasPrefix("# Shopping list\n\nFor Pancakes ×2; Crêpes.\n"))
            let pipe = folder.appendingPathComponent("pipe.md").path
            #expect(mkfifo(pipe, 0o600) == 0)
            await stack.perform(.list(.export(pipe)))
            #expect(stack.view.messages.last?.text == "Did not write \(pipe): it is a named pipe; give the name of a new file or of a regular file to replace.")

            await stack.perform(.list(.remove(1)))
            #expect(stack.view.messages.last?.text == "Took “Pancakes” off the shopping list.")
            await stack.perform(.list(.remove(5)))
            #expect(stack.view.messages.last?.text == "There is no recipe 5 on the shopping list.")
            await stack.perform(.list(.clear))
            #expect(stack.view.messages.last?.text == "Cleared the shopping list (1 recipe).")
        }
    }

    /// A line whose amount no kitchen measures (a decimal of 400 digits read as NaN before) is on the list
    /// without an amount, and `recipes list --json` encodes the list.
    @Test func aLineBeyondAnyKitchenNeverStopsTheListBeingWrittenAsJSON() async throws {
        try await TemporaryDirectory.with { folder in
            let digits = "0." + String(repeating: "1", count: 800)
            let pages = ["http://example.test/recipes/1": Self.page("Pancakes", yields: "4 servings",
                                                                     lines: ["\(digits) cup cream", "-5 eggs", "1 cup flour"])]
            let stack = try KitchenStack(folder: folder, recipes: Self.recipes, pages: pages)
            await stack.perform(.search(ingredients: ["flour"], title: ""))
            await stack.perform(.list(.add([1])))
            guard case .found(let record, _) = await stack.oneShot.list() else {
                Issue.record("the list was not found")
                return
            }
            let encoder = JSONEncoder()
            let json = String(decoding: try encoder.encode(record), as: UTF8.self)
            #expect(!json.contains("nan"))
            let cream = try #require(record.items.first { $0.name.hasPrefix("0.111") && $0.name.hasSuffix("cup cream") })
            #expect(cream.amounts.isEmpty)
            #expect(record.items.first { $0.name == "-5 eggs" }?.amounts.isEmpty == true, "shown as written, not as 5 eggs")
        }
    }

    @Test func haveRanksTheRecipesAndItsNumbersOpenAndListThem() async throws {
        try await TemporaryDirectory.with { folder in
            let stack = try KitchenStack(folder: folder, recipes: Self.recipes, pages: Self.pages)
            await stack.perform(.have(HaveRequest(names: [])))
            #expect(stack.view.messages.last?.text == "Your pantry is empty and no ingredients were named.")
            await stack.perform(.pantry(.add(["flour", "milk", "eggs"])))
            await stack.perform(.have(HaveRequest(names: [])))
            let screen = try #require(stack.view.lastScreen)
            #expect(screen.heading == "Recipes to make with flour, milk, eggs · at most 2 missing")
            #expect(screen.cards.map(\.title) == ["Pancakes", "Crêpes"])
            #expect(screen.cards.map(\.ingredients) == ["uses 4 of 4 · nothing missing", "uses 3 of 4 · missing: butter"])
            #expect(stack.router.current == .pantryMatches)

            await stack.perform(.open(2, .recipe))
            #expect(stack.lastPage?.title == "Crêpes")
            await stack.perform(.scale(.serving(4)))
            await stack.perform(.list(.add([2])))
            #expect(stack.view.messages.last?.text == "Added “Crêpes” ×2 to the shopping list: 4 ingredients.")
            await stack.perform(.back)
            #expect(stack.router.current == .pantryMatches)
            #expect(stack.view.lastScreen?.cards.map(\.title) == ["Pancakes", "Crêpes"])

            await stack.perform(.have(HaveRequest(names: ["honey", "water"], maxMissing: 0, strict: true)))
            #expect(stack.view.messages.last?.text == "Nothing found to make with honey, water missing at most 0.")
        }
    }

    @Test func thePantryIsKeptAndSaysWhatChanged() async throws {
        try await TemporaryDirectory.with { folder in
            let stack = try KitchenStack(folder: folder, recipes: Self.recipes, pages: Self.pages)
            await stack.perform(.pantry(.show))
            #expect(stack.view.messages.last?.text == "Your pantry is empty.")
            await stack.perform(.pantry(.add(["eggs", "milk"])))
            #expect(stack.view.messages.last?.text == "Added to your pantry: eggs, milk.")
            await stack.perform(.pantry(.add(["Eggs", "flour"])))
            #expect(stack.view.messages.last?.text == "Added to your pantry: flour. In it already: Eggs.")
            await stack.perform(.pantry(.remove(["milk", "cheese"])))
            #expect(stack.view.messages.last?.text == "Took off your pantry: milk. Not in it: cheese.")
            await stack.perform(.pantry(.show))
            #expect(stack.view.messages.last?.text == "In your pantry (2): eggs, flour.")
            await stack.perform(.pantry(.clear))
            #expect(stack.view.messages.last?.text == "Emptied your pantry (2 names).")
        }
    }

    @Test func pantryAddSaysAtOnceWhichNamesNoRecipeWillMatchWithCloseNames() async throws {
        try await TemporaryDirectory.with { folder in
            let stack = try KitchenStack(folder: folder, recipes: Self.recipes, pages: Self.pages)
            await stack.perform(.pantry(.add(["2 cups rice", "chese", "smoked paprika"])))
            let said = try #require(stack.view.messages.last)
            #expect(said.text == "Added to your pantry: rice, chese, smoked paprika. RecipeBook does not know “chese” (did you mean cheese?).")
            #expect(said.hint == "pantry remove chese takes it off.")
            await stack.perform(.pantry(.add(["garlic"])))
            #expect(stack.view.messages.last?.text == "Added to your pantry: garlic.")
        }
    }

    @Test func aListItemAgreesWithItsCountAndIsWrittenInTheUnitsAsked() throws {
        let list = ShoppingList(recipes: [ShoppingList.Recipe(title: "Pudding", lines: ["2 eggs", "1 cup milk", "salt"], factor: 0.5),
                                          ShoppingList.Recipe(title: "Toast", lines: ["salt, to taste"])], staples: false)
        let text = list.items.map { KitchenFormatter.itemText($0, units: .metric) }
        #expect(text.contains("1 egg"))
        #expect(text.contains("120 ml milk"))
        #expect(text.contains("salt"))
        #expect(list.items.map { KitchenFormatter.itemText($0) }.contains("½ cup milk"))
    }

    @Test func eggsAreBoughtWhole() throws {
        let list = ShoppingList(recipes: [ShoppingList.Recipe(title: "Pudding", lines: ["2 eggs", "2 onions"], factor: 1.0 / 3)], staples: false)
        let text = list.items.map { KitchenFormatter.itemText($0) }
        #expect(text.contains("1 egg"), "\(text)")
        #expect(text.contains("⅔ onion"), "\(text)")
    }
}

/// What writing the shopping list's file came to, in words that name the cause.
@Suite struct ListFileMessages {
    @Test func eachCauseGetsItsOwnAdviceAndNoNameIsSaidAsSuch() {
        let messages = Messages(mode: .interactive)
        let hints = [FileOutcome.Cause.noSpace, .notPermitted, .readOnlyDisk, .nameTooLong, .noFolder, .other].map {
            messages.listWritten(.failed("/x/list.md", reason: "why", cause: $0), items: 1).hint
        }
        #expect(Set(hints).count == hints.count, "one piece of advice a cause: \(hints)")
        #expect(hints.allSatisfy { $0?.contains("Check the folder and the disk") != true })
        #expect(hints.first == "Free some space on the disk, and try again.")
        #expect(hints[5] == nil, "a cause not known is named by its reason alone")
        let none = messages.listWritten(.refused("", reason: "no file name was given"), items: 1)
        #expect(none.text == "Did not write the shopping list: no file name was given.")
        #expect(!none.text.contains("Cannot write :"))
    }
}
