import Testing
import Entity
@testable import Router

@MainActor
@Suite struct Navigation {
    func reference(_ number: Int, in list: RecipeList = .results) -> RecipeReference {
        RecipeReference(list: list, number: number, id: RecipeID(href: "http://example.test/recipes/\(number)"))
    }

    @Test func backRetracesTheTrail() {
        let router = Router()
        router.reset(to: .results)
        router.show(.recipe(reference(3)))
        router.show(.reader(reference(3)))
        #expect(router.back() == .recipe(reference(3)))
        #expect(router.back() == .results)
        #expect(router.back() == .start)
        #expect(router.back() == nil)
        #expect(router.current == .start)
    }

    @Test func showingTheSameScreenTwiceAddsNoStep() {
        let router = Router()
        router.reset(to: .results)
        router.show(.results)
        router.show(.help)
        router.show(.help)
        #expect(router.back() == .results)
    }

    @Test func historyIsBounded() {
        let router = Router(depth: 3)
        for number in 1...10 { router.show(.recipe(reference(number))) }
        var steps = 0
        while router.back() != nil { steps += 1 }
        #expect(steps == 3)
    }

    @Test func numbersReferToTheListLastShownNeverToAGuess() {
        let router = Router()
        router.reset(to: .results)
        #expect(router.activeList == .results)
        router.show(.favorites)
        #expect(router.activeList == .favorites)
        router.show(.help)
        #expect(router.activeList == .favorites)
        router.show(.recipe(reference(2, in: .results)))
        #expect(router.activeList == .results)
        _ = router.back()
        #expect(router.activeList == .favorites, "back on help: numbers still mean what they meant there")
        _ = router.back()
        _ = router.back()
        #expect(router.current == .results)
        #expect(router.activeList == .results)
    }

    @Test func aRouteKeepsTheRecipeItShowedNotJustItsNumber() {
        let router = Router()
        router.reset(to: .favorites)
        let shown = RecipeReference(list: .favorites, number: 2, id: RecipeID(href: "http://example.test/soup"))
        router.show(.recipe(shown))
        router.show(.favorites)
        guard case .recipe(let back)? = router.back() else {
            Issue.record("back did not return to the recipe")
            return
        }
        #expect(back.id == RecipeID(href: "http://example.test/soup"))
        #expect(router.activeList == .favorites)
    }
}
