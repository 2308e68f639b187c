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
    /// What the pantry and `have` name: never a search's query, so `have`'s single-ingredient searches
    /// and a search's pages are told apart by the server and the cache whatever order they come in.
    static let kitchen = ["milk", "onion", "flour"]
    /// `have`'s one time-out for the whole command (`--timeout`), in seconds.
    static let haveBudget = 10
    /// How long a slow server takes to answer, and how long a silent one holds a request that has no
    /// time-out of its own (the transport's), in seconds.
    static let slowAnswer = 4
    static let transportTimeout = 30

    /// Recipe `i` is `recipes[i]`.
    let recipes: [Recipe]
    /// For each query (by index in `queries`): pages 1, 2, …; every page after them is empty.
    let pages: [[PageSpec]]
    /// Pages of each query kept from an earlier run (recipe numbers), perhaps no longer what the server says.
    let kept: [[Int: [Int]]]
    /// For each kitchen name (by index in `kitchen`): the pages of its single-ingredient search.
    let kitchenPages: [[PageSpec]]
    /// Whether the server ranks a pantry itself (`have=`), and its ranking's pages when it does.
    let ranks: Bool
    let rankedPages: [PageSpec]

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
        func script(_ random: inout SeededGenerator) -> [PageSpec] {
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
            return script
        }
        for _ in queries {
            pages.append(script(&random))
            var keptPages: [Int: [Int]] = [:]
            if Int.random(in: 0..<4, using: &random) == 0 {
                for number in 1...Int.random(in: 1...3, using: &random) {
                    keptPages[number] = (0..<Int.random(in: 0...6, using: &random)).map { _ in Int.random(in: 0..<count, using: &random) }
                }
            }
            kept.append(keptPages)
        }
        let kitchenPages = kitchen.map { _ in script(&random) }
        let ranks = Bool.random(using: &random)
        return World(recipes: recipes, pages: pages, kept: kept, kitchenPages: kitchenPages, ranks: ranks,
                     rankedPages: ranks ? script(&random) : [])
    }

    /// What the server answers for page `number` (from 1) of kitchen name `name`'s search.
    func kitchenPage(_ name: Int, _ number: Int) -> PageSpec {
        number >= 1 && number <= kitchenPages[name].count ? kitchenPages[name][number - 1] : .empty
    }

    /// What the server answers for page `number` of its ranking (any pantry).
    func rankedPage(_ number: Int) -> PageSpec {
        number >= 1 && number <= rankedPages.count ? rankedPages[number - 1] : .empty
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
        for (index, name) in World.kitchen.enumerated() {
            lines.append("  \(name) (have's search): pages \(kitchenPages[index])")
        }
        lines.append(ranks ? "  ranking (have=): pages \(rankedPages)" : "  ranking (have=): not offered (404)")
        lines.append("  recipes: \(special.joined(separator: " "))")
        return lines.joined(separator: "\n")
    }
}

/// How the server answers while a `have` runs: at once, slowly (`World.slowAnswer` seconds a
/// request), or not at all (a request is given up at its time-out).
enum Pace: Equatable, Sendable, CustomStringConvertible {
    case prompt, slow, silent

    var description: String {
        switch self {
        case .prompt: return "prompt"
        case .slow: return "slow"
        case .silent: return "silent"
        }
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
    /// `pantry add NAME`, `pantry remove NAME` (kitchen names by index), `pantry`, `pantry clear`.
    case pantryAdd(Int), pantryRemove(Int), pantryShow, pantryClear
    /// `have NAMES` (none: the pantry's), the server answering at `pace` while it runs.
    case have([Int], Pace)
    /// `have` (the pantry's names) typed at once after the step before, while that step's next screen
    /// is still being fetched.
    case haveAtOnce
    /// `list`: the shopping list.
    case list
    /// `list N …`: recipes N … of the list shown onto the shopping list.
    case listAdd([Int])

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
        case .pantryAdd(let name): return "pantry add \(World.kitchen[name])"
        case .pantryRemove(let name): return "pantry remove \(World.kitchen[name])"
        case .pantryShow: return "pantry"
        case .pantryClear: return "pantry clear"
        case .have(let names, let pace):
            return "have\(names.isEmpty ? "" : " " + names.map { World.kitchen[$0] }.joined(separator: ", "))\(pace == .prompt ? "" : " (server \(pace))")"
        case .haveAtOnce: return "have (typed at once)"
        case .list: return "list"
        case .listAdd(let numbers): return "list " + numbers.map(String.init).joined(separator: " ")
        }
    }

    /// Steps that ask the server and can be cancelled while a request is on its way.
    var canBeInterrupted: Bool {
        switch self {
        case .search, .next, .refresh, .retry, .filterLactoseFree, .filterCuisine, .filterAll, .first, .have: return true
        default: return false
        }
    }
}
