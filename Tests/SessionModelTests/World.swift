import Foundation
import Entity

/// A small fast random number generator (SplitMix64): the same seed gives the same session.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What one page of the fake API server answers.
enum PageSpec: Equatable, Sendable, CustomStringConvertible {
    /// These recipes (by number in the world's pool), in this order.
    case results([Int])
    case empty
    /// HTTP 500 on every try.
    case serverError
    /// A body that is not the API's JSON, on every try.
    case malformed
    /// Fails the first try (HTTP 500), then answers these recipes.
    case flaky([Int])

    var description: String {
        switch self {
        case .results(let ids): return "\(ids)"
        case .empty: return "empty"
        case .serverError: return "500"
        case .malformed: return "garbled"
        case .flaky(let ids): return "flaky\(ids)"
        }
    }
}

/// The world one session runs in: the recipes there are, what the server answers for each search, and
/// the pages kept on disk from an earlier run.
struct World: Equatable, Sendable, CustomStringConvertible {
    static let cuisines = ["Thai", "Greek", "Italian"]
    static let queries = ["eggs", "onions"]

    /// Recipe `i` is `recipes[i]`.
    let recipes: [Recipe]
    /// For each query (by index in `queries`): pages 1, 2, …; every page after them is empty.
    let pages: [[PageSpec]]
    /// Pages of each query kept from an earlier run (recipe numbers), perhaps no longer what the server says.
    let kept: [[Int: [Int]]]

    static func recipe(_ number: Int, lactose: Bool, cuisine: String?) -> Recipe {
        Recipe(title: "Dish \(number)", href: "http://model.test/recipes/\(number)",
               ingredients: lactose ? ["eggs", "onions", "milk"] : ["eggs", "onions"],
               thumbnail: number % 4 == 0 ? nil : "http://model.test/pictures/\(number).png", cuisine: cuisine)
    }

    /// Every recipe a world can hold, made once: recipe `i` in each of the eight kinds (with or without
    /// milk, no cuisine or one of three).
    private static let pool: [[Recipe]] = (0..<8).map { kind in
        (0..<60).map { number in recipe(number, lactose: kind >= 4, cuisine: kind % 4 == 0 ? nil : cuisines[kind % 4 - 1]) }
    }

    static func generate(_ random: inout SeededGenerator) -> World {
        let count = Int.random(in: 6...60, using: &random)
        let recipes = (0..<count).map { number in
            pool[(Bool.random(using: &random) && Bool.random(using: &random) ? 4 : 0) + Int.random(in: 0...3, using: &random)][number]
        }
        var pages: [[PageSpec]] = []
        var kept: [[Int: [Int]]] = []
        for _ in queries {
            let length = Int.random(in: 0...(Int.random(in: 0...4, using: &random) == 0 ? 16 : 6), using: &random)
            var script: [PageSpec] = []
            for _ in 0..<length {
                let roll = Int.random(in: 0..<100, using: &random)
                let size = Int.random(in: 1...10, using: &random)
                let ids = (0..<size).map { _ in Int.random(in: 0..<count, using: &random) }
                switch roll {
                case 0..<62: script.append(.results(ids))
                case 62..<72: script.append(.empty)
                case 72..<80: script.append(.serverError)
                case 80..<88: script.append(.malformed)
                default: script.append(.flaky(ids))
                }
            }
            pages.append(script)
            var keptPages: [Int: [Int]] = [:]
            if Int.random(in: 0..<4, using: &random) == 0 {
                for number in 1...Int.random(in: 1...3, using: &random) {
                    keptPages[number] = (0..<Int.random(in: 0...6, using: &random)).map { _ in Int.random(in: 0..<count, using: &random) }
                }
            }
            kept.append(keptPages)
        }
        return World(recipes: recipes, pages: pages, kept: kept)
    }

    /// What the server answers for page `number` (from 1) of query `query`.
    func page(_ query: Int, _ number: Int) -> PageSpec {
        number >= 1 && number <= pages[query].count ? pages[query][number - 1] : .empty
    }

    var description: String {
        var lines: [String] = []
        for (index, query) in World.queries.enumerated() {
            lines.append("  \(query): pages \(pages[index]); kept \(kept[index].sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })")
        }
        let special = recipes.enumerated().map { index, recipe in
            "\(index)\(recipe.ingredients.contains("milk") ? "m" : "")\(recipe.cuisine.map { "/" + $0.prefix(2) } ?? "")"
        }
        lines.append("  recipes: \(special.joined(separator: " "))")
        return lines.joined(separator: "\n")
    }
}

/// One thing the person (or the world) does.
indirect enum Step: Equatable, Sendable, CustomStringConvertible {
    case search(Int)
    case next, previous, first, refresh, retry
    case filterLactoseFree, filterCuisine(String), filterAll
    case show(Int), favorite(Int), unfavorite(Int)
    case favorites
    case serverDown, serverUp
    /// The page and picture fetches of the favorites being saved finish.
    case savesLand
    /// Ctrl-C while the step's first request to the server is on its way.
    case interrupted(Step)

    var description: String {
        switch self {
        case .search(let query): return World.queries[query]
        case .next: return "n"
        case .previous: return "p"
        case .first: return "f"
        case .refresh: return "r"
        case .retry: return "retry"
        case .filterLactoseFree: return "filter lactose-free"
        case .filterCuisine(let name): return "filter cuisine \(name)"
        case .filterAll: return "filter all"
        case .show(let number): return "\(number)"
        case .favorite(let number): return "fav \(number)"
        case .unfavorite(let number): return "unfav \(number)"
        case .favorites: return "favorites"
        case .serverDown: return "(server goes away)"
        case .serverUp: return "(server comes back)"
        case .savesLand: return "(saves finish)"
        case .interrupted(let step): return "\(step) ^C"
        }
    }

    /// Steps that run the search and can be cancelled while a request is on its way.
    var canBeInterrupted: Bool {
        switch self {
        case .search, .next, .refresh, .retry, .filterLactoseFree, .filterCuisine, .filterAll, .first: return true
        default: return false
        }
    }
}
