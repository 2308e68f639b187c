import Foundation
import Entity
import Services
import Interactor
import Presenter
import TestSupport

/// Random sessions against the real layers and the reference model side by side: steps generated from
/// a seed, what each step shows compared, invariants checked after every step, and a failing session
/// shrunk to the fewest steps that still fail.
@MainActor
enum SessionChecker {
    struct Failure: Sendable, CustomStringConvertible {
        let seed: UInt64
        let world: World
        let steps: [Step]
        /// The step (index into `steps`) where it went wrong, and how.
        let at: Int
        let problem: String

        var description: String {
            var lines = ["seed \(seed): \(problem)", "world:", world.description, "steps:"]
            for (index, step) in steps.enumerated() {
                lines.append("  \(index == at ? "→" : " ") \(step)")
            }
            return lines.joined(separator: "\n")
        }
    }

    // MARK: Generating

    static func generate(seed: UInt64, length: Int = 16) -> (World, [Step]) {
        var random = SeededGenerator(seed: seed)
        let world = World.generate(&random)
        var model = ReferenceModel(world: world)
        var steps: [Step] = []
        while steps.count < length {
            let step = nextStep(model, &random)
            _ = model.apply(effective(step, model))
            steps.append(step)
        }
        return (world, steps)
    }

    private static func nextStep(_ model: ReferenceModel, _ random: inout SeededGenerator) -> Step {
        let numbers = model.interestingNumbers()
        let roll = Int.random(in: 0..<121, using: &random)
        let kitchenName = Int.random(in: 0..<World.kitchen.count, using: &random)
        let step: Step
        switch roll {
        case 0..<12: step = .search(Int.random(in: 0..<World.queries.count, using: &random))
        case 12..<32: step = .next
        case 32..<37: step = .previous
        case 37..<39: step = .first
        case 39..<42: step = model.onFavorites ? .next : .refresh
        case 100..<105: step = .pantryAdd(kitchenName)
        case 105..<107: step = .pantryRemove(kitchenName)
        case 107: step = .pantryShow
        case 108: step = .pantryClear
        case 109..<114:
            let names = Bool.random(using: &random) ? [] : (0..<World.kitchen.count).filter { _ in Bool.random(using: &random) }
            let paces: [Pace] = [.prompt, .prompt, .slow, .silent]
            step = .have(names, paces.randomElement(using: &random) ?? .prompt)
        case 114..<117: step = .haveAtOnce
        case 117: step = .list
        case 118..<121:
            // One number, or a few (one of them perhaps not listed).
            let count = Int.random(in: 0..<4, using: &random) == 0 ? 2 : 1
            step = .listAdd((0..<count).map { _ in numbers.randomElement(using: &random) ?? 1 })
        case 42..<46: step = .retry
        case 46..<50: step = .filterLactoseFree
        case 50..<54: step = .filterCuisine(model.cuisines.randomElement(using: &random) ?? "Thai")
        case 54..<57: step = .filterAll
        case 57..<63: step = .show(numbers.randomElement(using: &random) ?? 1)
        case 63..<71: step = .favorite(numbers.randomElement(using: &random) ?? 1)
        case 71..<75: step = .unfavorite(numbers.randomElement(using: &random) ?? 1)
        case 75..<81: step = .favorites
        case 81..<85: step = model.serverUp ? .serverDown : .serverUp
        case 85..<89: step = .savesLand
        case 89..<100:
            let names = (0..<World.kitchen.count).filter { _ in Bool.random(using: &random) }
            let candidates: [Step] = [.search(Int.random(in: 0..<World.queries.count, using: &random)), .next, .retry, .filterAll,
                                      .filterLactoseFree, .refresh, .first, .have(names, .prompt)]
            let inner = candidates.randomElement(using: &random) ?? .next
            step = (model.onFavorites || model.onRanking) && inner == .refresh ? .next : .interrupted(inner)
        default: step = .next
        }
        return step
    }

    /// The step as it runs now: Ctrl-C that would land when no request is on its way does nothing, so
    /// the step runs as typed (the model says whether one would be).
    static func effective(_ step: Step, _ model: ReferenceModel) -> Step {
        guard case .interrupted(let inner) = step else { return step }
        if inner == .refresh && (model.onFavorites || model.onRanking) { return inner }
        var copy = model
        let seen = copy.apply(step)
        return seen.contains { if case .message(let text) = $0 { text.hasPrefix("Cancelled") } else { false } } ? step : inner
    }

    // MARK: Running

    /// Runs `steps` in `world` on both sides; the first difference or broken invariant, if any.
    static func check(seed: UInt64, world: World, steps: [Step], store: FavoritesStore) async -> Failure? {
        await clear(store)
        let real = RealSession(world: world, store: store)
        var model = ReferenceModel(world: world)
        var shownTitles: [Int: String] = [:]
        var searchQuery: Int?
        func fail(_ index: Int, _ problem: String) -> Failure {
            Failure(seed: seed, world: world, steps: steps, at: index, problem: problem)
        }
        let trace = ProcessInfo.processInfo.environment["RECIPEBOOK_MODEL_TRACE"] != nil
        // What the steps before a step typed at once showed, and the model expected: compared with that
        // step's (the background of one may show during the other).
        var carried: (expected: [Observed], got: [Observed], startsASearch: Bool)?
        for (index, typed) in steps.enumerated() {
            let step = effective(typed, model)
            if trace { FileHandle.standardError.write(Data("seed \(seed) step \(index): \(step)\n".utf8)) }
            let atOnceNext = index + 1 < steps.count && steps[index + 1] == .haveAtOnce
            var expected = model.apply(step)
            let started = real.time.now()
            var got = await real.run(step, settles: !atOnceNext)
            let waited = real.time.now().timeIntervalSince(started) - 1
            if atOnceNext {
                carried = ((carried?.expected ?? []) + expected, (carried?.got ?? []) + got,
                           (carried?.startsASearch ?? false) || step.startsASearch)
                continue
            }
            let unordered = step == .savesLand || carried != nil
            let startsASearch = step.startsASearch || carried?.startsASearch == true
            if let before = carried {
                expected = before.expected + expected
                got = before.got + got
                carried = nil
            }
            let same = unordered ? expected.map(\.description).sorted() == got.map(\.description).sorted() : expected == got
            if !same {
                return fail(index, "after \(typed): expected\n    \(expected)\n  got\n    \(got)")
            }
            // At most one request in flight, ever, whichever commands sent them.
            if real.server.mostAtOnce > 1 { return fail(index, "\(real.server.mostAtOnce) requests were in flight at once") }
            // One time-out for a whole `have`, however many requests it makes, and the time its requests
            // took the model's.
            if case .have = step {
                if waited > Double(World.haveBudget) + 0.001 {
                    return fail(index, "have waited \(waited) s for the server, past its one time-out of \(World.haveBudget) s")
                }
                if abs(waited - Double(model.haveSpent)) > 0.001 {
                    return fail(index, "have waited \(waited) s for the server; the model says \(model.haveSpent) s")
                }
            }
            // The pantry holds what the model says (checked after the steps that change it).
            if step.touchesPantry {
                let held: [String]
                do {
                    held = try await store.pantry().map(\.name).sorted()
                } catch {
                    return fail(index, "the pantry could not be read: \(error)")
                }
                let said = model.pantry.map { World.kitchen[$0] }.sorted()
                if held != said { return fail(index, "the pantry holds \(held); the model says \(said)") }
            }
            // The shopping list holds what the model says, in its order.
            if step.touchesShoppingList {
                let held: [String]
                do {
                    held = try await store.shoppingList().map(\.title)
                } catch {
                    return fail(index, "the shopping list could not be read: \(error)")
                }
                let said = model.shoppingList.map { world.recipes[$0].title }
                if held != said { return fail(index, "the shopping list holds \(held); the model says \(said)") }
            }
            // Numbers stay with their recipes for the whole search; no recipe is listed twice.
            if model.search?.query != searchQuery || startsASearch {
                shownTitles = [:]
                searchQuery = model.search?.query
            }
            for case .results(let numbers, let titles, _, _) in got {
                for (number, title) in zip(numbers, titles) {
                    if let before = shownTitles[number], before != title {
                        return fail(index, "recipe \(number) was \(before), now \(title)")
                    }
                    if let other = shownTitles.first(where: { $0.value == title && $0.key != number }) {
                        return fail(index, "\(title) is listed as \(other.key) and as \(number)")
                    }
                    shownTitles[number] = title
                }
            }
            // Every favorite acknowledged is in the database, with every field it was listed with
            // (checked after the steps that change favorites).
            guard step.touchesFavorites else { continue }
            for favorite in model.favorites {
                let listed = world.recipes[favorite.id]
                let stored: Favorite?
                do {
                    stored = try await store.favorite(listed.id)
                } catch {
                    return fail(index, "the favorites database failed: \(error)")
                }
                guard let stored else { return fail(index, "\(listed.title) was acknowledged as a favorite but is not in the database") }
                if stored.recipe != listed { return fail(index, "\(listed.title) is stored as \(stored.recipe), listed as \(listed)") }
            }
            let count: Int
            do {
                count = try await store.count()
            } catch {
                return fail(index, "the favorites database failed: \(error)")
            }
            if count != model.favorites.count { return fail(index, "\(count) favorites stored, \(model.favorites.count) acknowledged") }
        }
        real.fetcher.release()
        await real.presenter.settle(saves: true)
        return nil
    }

    private static func clear(_ store: FavoritesStore) async {
        do {
            for summary in try await store.list(limit: 10_000) { _ = try await store.remove(summary.recipe.id) }
            _ = try await store.clearPantry()
            _ = try await store.clearShoppingList()
        } catch {
            // A database that cannot be cleared fails the first check that reads it, saying why.
        }
    }

    // MARK: Shrinking

    /// The shortest run of steps found that still fails, by taking out chunks of steps, then single
    /// steps, then the Ctrl-C of interrupted steps.
    static func shrink(_ failure: Failure, store: FavoritesStore) async -> Failure {
        var best = failure
        var chunk = max(1, best.steps.count / 2)
        while chunk >= 1 {
            var start = 0
            var improved = false
            while start < best.steps.count {
                var candidate = best.steps
                candidate.removeSubrange(start..<min(candidate.count, start + chunk))
                if let smaller = await check(seed: best.seed, world: best.world, steps: candidate, store: store) {
                    best = smaller
                    improved = true
                } else {
                    start += chunk
                }
            }
            if !improved { chunk /= 2 }
        }
        for index in best.steps.indices {
            guard index < best.steps.count, case .interrupted(let inner) = best.steps[index] else { continue }
            var candidate = best.steps
            candidate[index] = inner
            if let simpler = await check(seed: best.seed, world: best.world, steps: candidate, store: store) { best = simpler }
        }
        return Failure(seed: best.seed, world: best.world, steps: Array(best.steps.prefix(best.at + 1)), at: best.at, problem: best.problem)
    }
}

extension Step {
    var touchesPantry: Bool {
        switch self {
        case .pantryAdd, .pantryRemove, .pantryClear: return true
        default: return false
        }
    }

    var touchesShoppingList: Bool {
        if case .listAdd = self { return true }
        return false
    }

    var touchesFavorites: Bool {
        switch self {
        case .favorite, .unfavorite, .savesLand: return true
        default: return false
        }
    }

    var startsASearch: Bool {
        switch self {
        case .search, .refresh: return true
        case .interrupted(let inner): return inner.startsASearch
        default: return false
        }
    }
}
