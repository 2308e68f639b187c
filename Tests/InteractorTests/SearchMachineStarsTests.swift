import Foundation
import Testing
import Entity
import Services
import TestSupport
@testable import Interactor

/// A screen's favorite stars, as the machine sees them: it asks for them (`readStars`), the runner
/// reads the favorites and answers (`starsRead`), and only then is the command answered.
@Suite struct FavoriteStarsThroughTheMachine {
    let query = SearchQuery(ingredientText: "eggs")
    let recipes = SampleRecipes.make(1...10)
    let configuration = SearchInteractor.Configuration(prefetch: false, startsFromSavedPages: false).machine

    /// A search whose first page brought ten recipes: what the machine said then.
    func searched(_ machine: inout SearchMachine) throws -> [SearchMachine.Effect] {
        let effects = machine.validSearch(1, query)
        guard case .fetch(let request)? = effects.first else { throw Unexpected(effects: effects) }
        return machine.handle(.pageArrived(request.id, SearchPage(number: 1, recipes: recipes)))
    }

    struct Unexpected: Error {
        let effects: [SearchMachine.Effect]
    }

    func screen(_ effects: [SearchMachine.Effect]) -> RecipeScreen? {
        effects.lazy.compactMap { if case .reply(1, .screen(let screen)) = $0 { screen } else { nil } }.first
    }

    @Test func aScreenIsAnsweredOnlyOnceItsStarsAreRead() throws {
        var machine = SearchMachine(configuration: configuration)
        let filled = try searched(&machine)
        #expect(filled == [.readStars(1, recipes.map(\.id))])
        #expect(!machine.isSettled)
        let answered = machine.handle(.starsRead(1, [recipes[2].id, recipes[7].id], problem: nil))
        let shown = try #require(screen(answered))
        #expect(shown.recipes.map(\.isFavorite) == (0..<10).map { $0 == 2 || $0 == 7 })
        #expect(shown.starsProblem == nil)
        #expect(machine.isSettled)
    }

    @Test func favoritesThatCannotBeReadLeaveTheStarsOffAndSayWhy() throws {
        var machine = SearchMachine(configuration: configuration)
        _ = try searched(&machine)
        let shown = try #require(screen(machine.handle(.starsRead(1, [], problem: .storage))))
        #expect(shown.recipes.allSatisfy { $0.isFavorite == nil })
        #expect(shown.starsProblem == .storage)
        #expect(shown.recipes.count == 10)
    }

    @Test func aCancelWhileTheStarsAreReadDoesNotLoseTheScreen() throws {
        var machine = SearchMachine(configuration: configuration)
        _ = try searched(&machine)
        #expect(machine.handle(.cancel(1)).isEmpty, "the screen was filled: only its stars are being read")
        #expect(screen(machine.handle(.starsRead(1, [], problem: nil)))?.recipes.count == 10)
    }

    @Test func aRecipeByItsNumberIsAnsweredWithItsStarOnceItIsRead() throws {
        var machine = SearchMachine(configuration: configuration)
        _ = try searched(&machine)
        _ = machine.handle(.starsRead(1, [], problem: nil))
        #expect(machine.handle(.command(2, .recipe(number: 3))) == [.readStars(2, [recipes[2].id])])
        #expect(!machine.isSettled)
        let answered = machine.handle(.starsRead(2, [recipes[2].id], problem: nil))
        guard case .recipe(2, let listed?)? = answered.first, answered.count == 1 else { Issue.record("\(answered)"); return }
        #expect(listed.number == 3 && listed.recipe == recipes[2] && listed.isFavorite == true)
        #expect(machine.isSettled)
        // Favorites that cannot be read: no star, neither on nor off.
        _ = machine.handle(.command(3, .recipe(number: 4)))
        #expect(machine.handle(.starsRead(3, [], problem: .storage)) == [.recipe(3, ListedRecipe(number: 4, recipe: recipes[3], isFavorite: nil))])
        // A number the search has not shown is nil at once, with nothing read.
        #expect(machine.handle(.command(4, .recipe(number: 11))) == [.recipe(4, nil)])
        #expect(machine.handle(.command(5, .recipe(number: 0))) == [.recipe(5, nil)])
    }

    @Test func aRecipeAskedForWithNoSearchIsNil() {
        var machine = SearchMachine(configuration: configuration)
        #expect(machine.handle(.command(1, .recipe(number: 1))) == [.recipe(1, nil)])
    }

    @Test func starsForACommandThatWaitsForNoneAreImpossible() throws {
        var machine = SearchMachine(configuration: configuration, haltsOnImpossibleEvents: false)
        _ = try searched(&machine)
        _ = machine.handle(.starsRead(1, [], problem: nil))
        #expect(machine.handle(.starsRead(1, [], problem: nil)).isEmpty)
        #expect(machine.takeImpossibleEvents() == ["stars read for command 1, which waits for none"])
    }
}
