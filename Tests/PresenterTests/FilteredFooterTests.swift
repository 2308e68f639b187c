import Foundation
import Testing
import Entity
@testable import Interactor
@testable import Presenter

@Suite("A screen's footer says how many recipes its filter hid")
struct FilteredFooterTests {
    func screen(recipes: [ListedRecipe], hidden: Int, pagesLookedAt: Int? = nil) -> RecipeScreen {
        RecipeScreen(query: SearchQuery(ingredientText: "lentils"), index: 0, recipes: recipes, status: .last,
                     filter: RecipeFilter(cuisine: "Italian"), gaps: [], droppedCount: 0, unreadableCount: 0, hiddenCount: hidden,
                     pagesLookedAt: pagesLookedAt, starsProblem: nil, saved: nil, alsoAskedFor: [])
    }

    @Test func whenNonePassTheCountIsWhereTheScreenStandsAndHasAShortForm() throws {
        let first = try #require(ScreenFormatter.screen(screen(recipes: [], hidden: 12), messages: Messages(), now: Date()).hints.hints.first)
        #expect(first.text == "No recipes pass the filter: 12 hidden by Italian so far")
        #expect(first.rank == 0)
        #expect(first.short == "None pass: 12 hidden")
        let looking = ScreenFormatter.screen(screen(recipes: [], hidden: 3, pagesLookedAt: 2), messages: Messages(), now: Date())
        #expect(looking.footer.hasPrefix("No recipes pass the filter yet: 3 hidden by Italian so far · looked through 2 pages"))
        // Nothing hidden: nothing to count.
        let nothing = ScreenFormatter.screen(screen(recipes: [], hidden: 0), messages: Messages(), now: Date())
        #expect(nothing.hints.hints.first?.text == "No recipes pass the filter")
        #expect(!nothing.footer.contains("hidden"))
    }

    @Test func withRecipesShownTheCountIsAHintThatMayGo() {
        let recipe = Recipe(title: "Lentil Soup", href: "http://example.test/soup", ingredients: ["lentils"], thumbnail: nil, cuisine: "Italian")
        let model = ScreenFormatter.screen(screen(recipes: [ListedRecipe(number: 1, recipe: recipe)], hidden: 4), messages: Messages(), now: Date())
        let hidden = model.hints.hints.filter { $0.text.contains("hidden") }
        #expect(hidden.map(\.text) == ["4 hidden by Italian so far"])
        #expect(hidden.first?.rank == 2)
    }
}
