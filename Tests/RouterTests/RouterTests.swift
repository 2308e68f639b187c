import Testing
@testable import Router

@MainActor
@Suite struct Navigation {
    @Test func backRetracesTheTrail() {
        let router = Router()
        router.reset(to: .results)
        router.show(.recipe(number: 3, list: .results))
        router.show(.reader(number: 3, list: .results))
        #expect(router.back() == .recipe(number: 3, list: .results))
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
        for number in 1...10 { router.show(.recipe(number: number, list: .results)) }
        var steps = 0
        while router.back() != nil { steps += 1 }
        #expect(steps == 3)
    }

    @Test func numbersReferToTheListLastShown() {
        let router = Router()
        router.reset(to: .results)
        #expect(router.activeList == .results)
        router.show(.favorites)
        #expect(router.activeList == .favorites)
        router.show(.help)
        #expect(router.activeList == .favorites)
        router.show(.recipe(number: 2, list: .favorites))
        #expect(router.activeList == .favorites)
        _ = router.back()
        _ = router.back()
        _ = router.back()
        #expect(router.activeList == .results)
    }
}
