import Foundation
import Testing
import Entity
@testable import Interactor
@testable import Presenter

@Suite("A screen says under which other names a literal server was asked")
struct OtherNamesNoteTests {
    func screen(alsoAskedFor: [String]) -> RecipeScreen {
        let recipe = Recipe(title: "Greek Salad", href: "http://example.test/salad", ingredients: ["tomatoes", "feta"], thumbnail: nil)
        return RecipeScreen(query: SearchQuery(ingredientText: "cheese"), index: 0, recipes: [ListedRecipe(number: 1, recipe: recipe)],
                            status: .last, filter: .all, gaps: [], droppedCount: 0, unreadableCount: 0, hiddenCount: 0,
                            pagesLookedAt: nil, starsProblem: nil, saved: nil, alsoAskedFor: alsoAskedFor)
    }

    @Test func theNamesThatFoundRecipesAreSaidInOneLine() {
        for mode in [Messages.Mode.interactive, .oneShot] {
            let notes = Messages(mode: mode).notes(screen(alsoAskedFor: ["feta", "parmesan cheese"]))
            #expect(notes.map(\.text) == ["This server matches ingredient names only as written: also searched for feta and parmesan cheese."])
        }
        let model = ScreenFormatter.screen(screen(alsoAskedFor: ["feta"]), messages: Messages(), now: Date())
        #expect(model.notes.map(\.text) == ["This server matches ingredient names only as written: also searched for feta."])
        #expect(Messages().notes(screen(alsoAskedFor: [])).isEmpty)
    }
}
