import Foundation
import Entity
import ServiceSupport
// The kitchen's messages, and the error an interactor makes of a service's, are the modules' own.
@testable import Interactor
@testable import Presenter

/// What a person sees after one step, boiled down to what the model can say: which recipes a screen
/// lists and how its footer ends, which favorites, what a message says (up to its details), which
/// recipe is shown.
enum Observed: Hashable, CustomStringConvertible {
    case results(numbers: [Int], titles: [String], status: String, hidden: Int)
    case favorites(numbers: [Int], titles: [String])
    case message(String)
    /// A screen of `have`'s ranking, with its note when the ranking is partial.
    case ranking(numbers: [Int], titles: [String], partial: String?)
    case detail(number: Int, title: String, cuisine: String?)
    /// The shopping list shown: its recipes' lines, numbered.
    case shoppingList([String])
    case other(String)

    var description: String {
        switch self {
        case .results(let numbers, let titles, let status, let hidden):
            return "results \(zip(numbers, titles).map { "\($0) \($1)" }) · \(status)\(hidden > 0 ? " · \(hidden) hidden" : "")"
        case .favorites(let numbers, let titles): return "favorites \(zip(numbers, titles).map { "\($0) \($1)" })"
        case .message(let text): return "“\(text)”"
        case .ranking(let numbers, let titles, let partial):
            return "ranking \(zip(numbers, titles).map { "\($0) \($1)" })\(partial.map { " · " + $0 } ?? "")"
        case .detail(let number, let title, let cuisine): return "detail \(number) \(title) \(cuisine ?? "-")"
        case .shoppingList(let recipes): return "shopping list \(recipes)"
        case .other(let what): return what
        }
    }

    /// A message's words up to its details (the parenthesis, or the colon that starts a reason), and its
    /// hint.
    static func said(_ message: MessageModel) -> Observed {
        var key = message.text
        if let parenthesis = key.range(of: " (") { key = String(key[..<parenthesis.lowerBound]) }
        if let colon = key.range(of: ": ") { key = String(key[..<colon.lowerBound]) }
        if key.hasSuffix(".") { key.removeLast() }
        return .message(key + (message.hint.map { " | " + $0 } ?? ""))
    }
}

/// What RecipeBook must show, worked out as plainly as possible: lists and loops over the world's
/// pages, one step after another, nothing concurrent. It follows the rules the README states: pages in
/// order; an empty, failed (after one retry) or nothing-new page is a gap and three in a row end the
/// walk; a network failure ends it at once as offline unless a later page is kept; a screen is the
/// next ten recipes passing the filter, looking through at most ten pages with results; the next screen
/// is fetched after each one; kept pages answer when the network fails; a filter shows the first screen
/// of what passes; favorites count from the moment `fav` answers.
struct ReferenceModel {
    let world: World
    let screenSize = 10
    let maxPagesPerScreen = 10
    let favoritesScreenSize = 3
    private let messages = Messages()

    // The world as it stands.
    var serverUp = true
    private var tries: [String: Int] = [:]
    /// Kept pages by query: recipe numbers, or nil for a page kept as skipped.
    private var kept: [[Int: [Int]?]]

    // The search.
    private(set) var search: SearchState?
    private var lactoseFree = false
    private var cuisine: String?
    private var cuisinesSeen: [String] = []
    /// Which list numbers and paging refer to.
    private(set) var onFavorites = false
    /// Numbers and paging refer to `have`'s ranking.
    private(set) var onRanking = false

    // The kitchen.
    /// The pantry's names (by index in `World.kitchen`), in the order added.
    private(set) var pantry: [Int] = []
    /// The ranking shown: its recipes in order, the screen of it, and the names it was asked for (empty:
    /// the pantry's, read again by `r`).
    private var ranking: (ids: [Int], index: Int, names: [Int])?
    /// Pages kept of `have`'s single-ingredient searches, by kitchen name: recipe numbers, or nil for a
    /// page kept as skipped.
    private var keptKitchen: [[Int: [Int]?]] = World.kitchen.map { _ in [:] }
    /// Seconds of the fake clock the last `have` spent waiting for the server.
    private(set) var haveSpent = 0
    /// The shopping list's recipes, in the order added.
    private(set) var shoppingList: [Int] = []

    // Favorites.
    private(set) var favorites: [FavoriteState] = []
    private var removed: [Int: FavoriteState] = [:]
    /// Favorites whose page and picture are being fetched, and whether they were starred just now.
    private var saving: [(id: Int, justStarred: Bool)] = []
    private var listing: Listing?
    private var clock = 0

    struct SearchState {
        let query: Int
        let fromDisk: Bool
        var found: [Int] = []
        var nextPage = 1
        /// The pages in a row that brought nothing new, with why: "empty", "repeated", or a failure:
        /// "net", "500", "malformed", "skipped" (a page kept as one the server could not serve).
        var dry: [(page: Int, why: String)] = []
        var endedOffline = false
        var shown: ClosedRange<Int>?
        var requested = 1
        var interrupted = false
        /// The pages the first screen took from the disk, with their recipes.
        var diskPages: [(Int, [Int])] = []
        var firstScreenShown = false

        var ended: Bool { endedOffline || dry.count >= 3 }
        var endKind: String {
            if endedOffline || dry.last?.why == "net" { return "offline" }
            if dry.allSatisfy({ ReferenceModel.isFailure($0.why) }) { return "failing" }
            return "last"
        }
    }

    struct FavoriteState: Equatable {
        let id: Int
        let savedAt: Int
        /// Its page and picture were fetched.
        var complete = false
    }

    struct Listing {
        var screens: [[(number: Int, id: Int)]] = [] {
            // Every favorite shown keeps its number for the listing, even once removed and left off
            // the screen when it is shown again.
            didSet { for row in screens.joined() where shown[row.number] == nil { shown[row.number] = row.id } }
        }
        private(set) var shown: [Int: Int] = [:]
        var current = 0
        var exhausted = false
        let total: Int
        var lastShown: (number: Int, id: Int)? { screens.last(where: { !$0.isEmpty })?.last }
    }

    private let hasMilk: [Bool]
    private let cuisineOf: [String?]

    init(world: World) {
        self.world = world
        kept = world.kept.map { pages in pages.mapValues { Optional($0) } }
        hasMilk = world.recipes.map { $0.ingredients.contains("milk") }
        cuisineOf = world.recipes.map { $0.cuisine?.lowercased() }
    }

    // MARK: Steps

    /// What the person sees after `step`.
    mutating func apply(_ step: Step) -> [Observed] {
        clock += 1
        switch step {
        case .serverDown:
            serverUp = false
            return []
        case .serverUp:
            serverUp = true
            return []
        case .savesLand:
            let landed = saving
            saving = []
            return landed.compactMap { id, justStarred in
                guard let index = favorites.firstIndex(where: { $0.id == id }) else { return nil }
                favorites[index].complete = true
                return Observed.said(messages.saved(SaveReport(recipe: world.recipes[id], wasFavorite: !justStarred, missing: [],
                                                               hasPage: true, hasPicture: world.recipes[id].thumbnail != nil)))
            }
        case .interrupted(let inner):
            return run(inner, interrupt: true)
        default:
            return run(step, interrupt: false)
        }
    }

    private mutating func run(_ step: Step, interrupt: Bool) -> [Observed] {
        var interrupt = interrupt
        switch step {
        case .search(let query):
            return newSearch(query, interrupt: &interrupt)
        case .refresh where onRanking:
            return have(ranking?.names ?? [], pace: .prompt)
        case .refresh:
            guard let search else { return [Observed.said(messages.noSearch())] }
            return newSearch(search.query, interrupt: &interrupt, showsCheck: false)
        case .next where onRanking:
            return moveRanking(to: (ranking?.index ?? -1) + 1)
        case .previous where onRanking:
            return moveRanking(to: (ranking?.index ?? 0) - 1)
        case .first where onRanking:
            return moveRanking(to: 0)
        case .show(let number) where onRanking:
            guard let id = rankedRecipe(number) else { return [Observed.said(messages.noSuchPantryMatch(number))] }
            let recipe = world.recipes[id]
            return [.detail(number: number, title: recipe.title, cuisine: recipe.cuisine)]
        case .favorite(let number) where onRanking:
            guard let id = rankedRecipe(number) else { return [Observed.said(messages.noSuchPantryMatch(number))] }
            return star(id, number: number)
        case .unfavorite(let number) where onRanking:
            guard let id = rankedRecipe(number) else { return [Observed.said(messages.noSuchPantryMatch(number))] }
            return unstar(id, number: number)
        case .next where onFavorites:
            return favoritesNext()
        case .previous where onFavorites:
            return favoritesPrevious()
        case .first where onFavorites:
            return favoritesFirst()
        case .next:
            guard let search else { return [Observed.said(messages.noSearch())] }
            return screen(at: search.shown.map { $0.upperBound + 1 } ?? search.requested, interrupt: &interrupt)
        case .previous:
            guard let search else { return [Observed.said(messages.noSearch())] }
            guard let shown = search.shown else { return [Observed.said(messages.atFirstScreen())] }
            let earlier = visible(search).filter { $0 < shown.lowerBound }.suffix(screenSize)
            guard let start = earlier.first else { return [Observed.said(messages.atFirstScreen())] }
            return screen(at: start, interrupt: &interrupt)
        case .first:
            guard search != nil else { return [Observed.said(messages.noSearch())] }
            return screen(at: 1, interrupt: &interrupt)
        case .retry:
            guard var search else { return [Observed.said(messages.noSearch())] }
            if search.ended {
                if let first = search.dry.first(where: { $0.why != "repeated" }) { search.nextPage = first.page }
                search.dry = []
                search.endedOffline = false
            }
            self.search = search
            return screen(at: search.requested, interrupt: &interrupt)
        case .filterLactoseFree, .filterCuisine, .filterAll:
            switch step {
            case .filterLactoseFree: lactoseFree = true
            case .filterCuisine(let name):
                // Spelled as the results spell it, else as the common cuisines do (the world's are all common
                // ones); any other name is refused, naming those, and the filter stays as it was.
                guard let known = cuisinesSeen.first(where: { $0.lowercased() == name.lowercased() })
                        ?? World.cuisines.first(where: { $0.lowercased() == name.lowercased() }) else {
                    return [Observed.said(messages.unknownCuisine(name.lowercased(), known: CuisineChoice.known(seen: cuisinesSeen)))]
                }
                cuisine = known
            default:
                lactoseFree = false
                cuisine = nil
            }
            guard search != nil else {
                let name = ScreenFormatter.filterName(RecipeFilter(lactoseFree: lactoseFree, cuisine: cuisine))
                return [Observed.said(messages.filterForNextSearch(name))]
            }
            return screen(at: 1, interrupt: &interrupt)
        case .show(let number) where onFavorites:
            return favoritesShow(number)
        case .show(let number):
            guard let search, number <= search.found.count else { return [Observed.said(messages.noSuchRecipe(number))] }
            onFavorites = false
            onRanking = false
            let recipe = world.recipes[search.found[number - 1]]
            return [.detail(number: number, title: recipe.title, cuisine: recipe.cuisine)]
        case .favorite(let number) where onFavorites:
            return favoritesFavorite(number)
        case .favorite(let number):
            guard let search, number <= search.found.count else { return [Observed.said(messages.noSuchRecipe(number))] }
            return star(search.found[number - 1], number: number)
        case .unfavorite(let number) where onFavorites:
            return favoritesUnfavorite(number)
        case .unfavorite(let number):
            guard let search, number <= search.found.count else { return [Observed.said(messages.noSuchRecipe(number))] }
            return unstar(search.found[number - 1], number: number)
        case .favorites:
            return favoritesFirstScreen()
        case .pantryAdd(let name):
            let item = PantryItem(name: World.kitchen[name])
            if pantry.contains(name) { return [Observed.said(messages.pantryAdded([], already: [item]))] }
            pantry.append(name)
            return [Observed.said(messages.pantryAdded([item], already: []))]
        case .pantryRemove(let name):
            let item = PantryItem(name: World.kitchen[name])
            guard let index = pantry.firstIndex(of: name) else { return [Observed.said(messages.pantryRemoved([], notThere: [item]))] }
            pantry.remove(at: index)
            return [Observed.said(messages.pantryRemoved([item], notThere: []))]
        case .pantryShow:
            return [Observed.said(messages.pantry(pantry.map { PantryItem(name: World.kitchen[$0]) }))]
        case .pantryClear:
            defer { pantry = [] }
            return [Observed.said(messages.pantryCleared(pantry.count))]
        case .have(let names, let pace):
            return have(names, pace: pace, interrupt: interrupt)
        case .haveAtOnce:
            return have([], pace: .prompt)
        case .list:
            guard !shoppingList.isEmpty else { return [Observed.said(messages.emptyList())] }
            return [.shoppingList(shoppingList.enumerated().map { "\($0.offset + 1). " + KitchenFormatter.recipeText(shoppingEntry($0.element)) })]
        case .listAdd(let numbers):
            return addToList(numbers)
        case .serverDown, .serverUp, .savesLand, .interrupted:
            return []
        }
    }

    // MARK: The search

    private mutating func newSearch(_ query: Int, interrupt: inout Bool, showsCheck: Bool = true) -> [Observed] {
        let previous = search
        let fromDisk = keptPage(query, 1) != nil
        search = SearchState(query: query, fromDisk: fromDisk)
        var seen = screen(at: 1, interrupt: &interrupt, newSearch: true)
        guard var fresh = search else { return seen }
        if fresh.found.isEmpty, fresh.ended, !fresh.endedOffline, fresh.dry.allSatisfy({ $0.why == "empty" || $0.why == "repeated" }) {
            // Nothing found, and nothing failed: the search before, if any, stays.
            if let previous { search = previous }
            return seen
        }
        if fromDisk, fresh.firstScreenShown {
            // `r` asks the server all the same, but says nothing of what it found.
            let said = check(&fresh)
            if showsCheck { seen += said }
            search = fresh
        }
        return seen
    }

    /// Asks the server for the pages the first screen took from the disk, after it was shown.
    private mutating func check(_ search: inout SearchState) -> [Observed] {
        var changed = false
        for (number, ids) in search.diskPages {
            guard serverUp else { return [Observed.said(messages.offlineResults(savedAt: ""))] }
            switch request(search.query, number) {
            case .success(let got): if got != ids { changed = true }
            case .failure: changed = true
            }
        }
        let outcome = messages.savedResultsChecked(changed ? .changed : .current, query: query(search.query), savedAt: { _ in "" })
        return outcome.map { [Observed.said($0)] } ?? []
    }

    private func query(_ index: Int) -> SearchQuery {
        SearchQuery(ingredientText: World.queries[index])
    }

    private func passes(_ id: Int) -> Bool {
        if lactoseFree && hasMilk[id] { return false }
        if let cuisine, cuisineOf[id] != cuisine.lowercased() { return false }
        return true
    }

    /// The numbers of the recipes found that pass the filter.
    private func visible(_ search: SearchState) -> [Int] {
        search.found.indices.filter { passes(search.found[$0]) }.map { $0 + 1 }
    }

    /// The screen starting at recipe `start`: pages are fetched until ten recipes from there pass the
    /// filter, the walk ends, or ten pages with results were looked at; then the next screen is fetched.
    private mutating func screen(at start: Int, interrupt: inout Bool, newSearch: Bool = false) -> [Observed] {
        guard var search else { return [] }
        search.requested = start
        search.interrupted = false
        let limit = fill(&search, from: start, interrupt: &interrupt)
        if search.interrupted {
            self.search = search
            return [Observed.said(messages.cancelled(nextContinues: !onFavorites && !onRanking))]
        }
        let numbers = visible(search)
        let from = numbers.firstIndex { $0 >= start } ?? numbers.count
        let slice = Array(numbers[from..<min(numbers.count, from + screenSize)])
        if slice.isEmpty, limit == nil, search.ended {
            self.search = search
            if search.endKind == "offline" { return [Observed.said(messages.error(.unreachable))] }
            if search.found.isEmpty {
                if search.dry.contains(where: { ReferenceModel.isFailure($0.why) }) {
                    return [Observed.said(messages.unanswered(query(search.query), gaps: search.dry.map(ReferenceModel.gap)))]
                }
                return [Observed.said(messages.noResults(query(search.query)))]
            }
            if !numbers.isEmpty { return [Observed.said(messages.endOfResults(query(search.query)))] }
        }
        let lastLookedAt = slice.last ?? search.found.count
        search.shown = (slice.first ?? start)...max(start, lastLookedAt)
        let hasMore = numbers.count > from + slice.count || limit != nil
        let status: String
        if let limit {
            status = "looked through \(limit)"
        } else if hasMore || !search.ended {
            status = "more"
        } else {
            status = search.endKind
        }
        let hidden = search.found.prefix(lastLookedAt).count { !passes($0) }
        for id in slice.map({ search.found[$0 - 1] }) {
            if let cuisine = world.recipes[id].cuisine, !cuisinesSeen.contains(cuisine) { cuisinesSeen.append(cuisine) }
        }
        let shown = Observed.results(numbers: slice, titles: slice.map { world.recipes[search.found[$0 - 1]].title },
                                     status: status, hidden: hidden)
        if newSearch { search.firstScreenShown = true }
        if status == "more" || limit != nil {
            // The next screen, in the background.
            var never = false
            _ = fill(&search, from: lastLookedAt + 1, interrupt: &never)
        }
        self.search = search
        onFavorites = false
        onRanking = false
        return [shown]
    }

    /// Fetches pages until the screen from `start` is full; the number of pages looked at when the
    /// limit stopped it.
    private mutating func fill(_ search: inout SearchState, from start: Int, interrupt: inout Bool) -> Int? {
        var pages = 0
        while true {
            if visible(search).count(where: { $0 >= start }) >= screenSize { return nil }
            if search.ended { return nil }
            if pages >= maxPagesPerScreen { return pages }
            let number = search.nextPage
            // Ctrl-C lands while the first request to the server is on its way.
            if interrupt, serverUp, !(search.fromDisk && keptPage(search.query, number) != nil) {
                interrupt = false
                search.interrupted = true
                return nil
            }
            search.nextPage += 1
            switch walkPage(&search, number) {
            case .success(let ids) where !ids.isEmpty:
                pages += 1
                var added = false
                for id in ids where !search.found.contains(id) {
                    search.found.append(id)
                    added = true
                }
                if added { search.dry = [] } else { search.dry.append((number, "repeated")) }
            case .success(let ids):
                _ = ids
                search.dry.append((number, "empty"))
            case .failure(let reason):
                let why = reason.why
                search.dry.append((number, why))
                if why == "net", kept[search.query][number + 1] == nil { search.endedOffline = true }
            }
        }
    }

    /// One page of the walk: from the disk first when the search started there, else the network with
    /// one retry, the kept page standing in when the network fails.
    private mutating func walkPage(_ search: inout SearchState, _ number: Int) -> Result<[Int], Reason> {
        if search.fromDisk, let ids = keptPage(search.query, number) {
            if !search.firstScreenShown, !ids.isEmpty { search.diskPages.append((number, ids)) }
            return .success(ids)
        }
        let first = request(search.query, number)
        if case .failure = first { return request(search.query, number) }
        return first
    }

    static func isFailure(_ why: String) -> Bool {
        ["net", "500", "malformed", "skipped"].contains(why)
    }

    /// A page passed over, as the search reports it.
    static func gap(_ dry: (page: Int, why: String)) -> PageGap {
        switch dry.why {
        case "net": return PageGap(number: dry.page, reason: .failed(.unreachable))
        case "500": return PageGap(number: dry.page, reason: .failed(.serverError.with(status: 500)))
        case "malformed": return PageGap(number: dry.page, reason: .failed(.malformedResponse))
        case "skipped": return PageGap(number: dry.page, reason: .failed(.serverError))
        case "repeated": return PageGap(number: dry.page, reason: .repeated)
        default: return PageGap(number: dry.page, reason: .empty)
        }
    }

    /// The page kept for `query`, not one kept as skipped.
    private func keptPage(_ query: Int, _ number: Int) -> [Int]? {
        kept[query][number] ?? nil
    }

    struct Reason: Error {
        let why: String
        init(_ why: String) { self.why = why }
    }

    /// One request through the cache: the server when it is up (keeping what it answers), else the
    /// kept page, else a network failure.
    private mutating func request(_ query: Int, _ number: Int) -> Result<[Int], Reason> {
        guard serverUp else {
            // The kept page; a page kept as skipped fails as the server failed it.
            if let page = kept[query][number] { return page.map { .success($0) } ?? .failure(Reason("skipped")) }
            return .failure(Reason("net"))
        }
        let key = "\(query)/\(number)"
        tries[key, default: 0] += 1
        switch world.page(query, number) {
        case .results(let ids):
            kept[query][number] = ids
            return .success(ids)
        case .empty:
            kept[query][number] = [Int]()
            return .success([])
        case .serverError, .malformed:
            if kept[query][number] == nil { kept[query][number] = .some(nil) }
            return .failure(Reason(world.page(query, number) == .malformed ? "malformed" : "500"))
        case .flaky(let ids):
            if tries[key, default: 0] % 2 == 1 {
                if kept[query][number] == nil { kept[query][number] = .some(nil) }
                return .failure(Reason("500"))
            }
            kept[query][number] = ids
            return .success(ids)
        }
    }

    // MARK: What can I make

    /// `have`: one time-out for the whole command; the server's ranking when it offers one, else one
    /// search for each name (three pages at most each) through the cache, the kept pages alone once the
    /// network has failed; the recipes brought ranked by the one ranking rule (Entity's `PantryRanking`,
    /// tested on its own): the model's business is what is asked, when, and what it comes to.
    private mutating func have(_ names: [Int], pace: Pace, interrupt: Bool = false) -> [Observed] {
        haveSpent = 0
        let asked = names.isEmpty ? pantry : names.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
        guard !asked.isEmpty else { return [Observed.said(messages.nothingToMatch())] }
        // Ctrl-C lands while the first request (the ranking's first page) is on its way: nothing is
        // ranked, and the ranking shown before stays.
        if interrupt, serverUp { return [Observed.said(messages.cancelled(searching: false))] }
        let items = asked.map { PantryItem(name: World.kitchen[$0]) }
        var asking = Asking()
        haveSpent = 0
        defer { haveSpent = asking.spent }
        // The server's ranking.
        var recipes: [Int] = []
        var isRanked = false
        var why: PantryMatches.Partial.Why?
        var walkError: ServiceError?
        var gaps = 0
        ranked: for number in 1...100 {
            let answer: Result<[Int], ServiceError>
            if let limit = asking.limit() {
                answer = kitchenWire(world.ranks ? world.rankedPage(number) : nil, key: "ranked/\(number)", limit: limit, pace: pace, &asking)
            } else {
                answer = .failure(Asking.timedOut)
            }
            switch answer {
            case .failure(let raw):
                let error = asking.failed(raw)
                walkError = error
                if number == 1 {
                    if let status = error.status, (400..<500).contains(status) {
                        why = .noExtension
                        break ranked
                    }
                    why = error == .timeout ? .timedOut : (error.isNetworkLevel ? .offline : .failed)
                    if error.isNetworkLevel { break ranked }
                }
                if asking.failure != nil { break ranked }
                gaps += 1
                if gaps >= 3 { break ranked }
            case .success(let ids):
                isRanked = true
                walkError = nil
                if ids.isEmpty {
                    gaps += 1
                    if gaps >= 3 || number == 1 { break ranked }
                    continue
                }
                gaps = 0
                for id in ids where !recipes.contains(id) { recipes.append(id) }
                if ids.count < 10 { break ranked }
            }
        }
        var partial: PantryMatches.Partial?
        if !isRanked {
            // One search for each name, through the cache.
            let failedBefore = asking.failure != nil
            var found: [Int] = []
            var requests = 0
            var lastError = asking.failure
            search: for name in asked {
                gaps = 0
                pages: for number in 1...3 {
                    let page: [Int]
                    if asking.failure != nil {
                        guard let kept = keptKitchen[name][number] ?? nil else { continue search }
                        requests += 1
                        page = kept
                    } else {
                        guard let limit = asking.limit() else {
                            lastError = asking.failed(Asking.timedOut)
                            continue search
                        }
                        requests += 1
                        switch kitchenSearch(name, number, limit: limit, pace: pace, &asking) {
                        case .success(let ids):
                            page = ids
                        case .failure(let raw):
                            let error = asking.failed(raw)
                            lastError = error
                            if error.isNetworkLevel { continue search }
                            gaps += 1
                            if gaps >= 3 { break pages }
                            continue pages
                        }
                    }
                    if page.isEmpty {
                        gaps += 1
                        if gaps >= 3 || number == 1 { break }
                        continue
                    }
                    gaps = 0
                    for id in page where !found.contains(id) { found.append(id) }
                    if page.count < 10 { break }
                }
            }
            recipes = found
            partial = PantryMatches.Partial(why: why ?? .noExtension, requests: requests, cutShort: false,
                                            endedBy: failedBefore ? nil : asking.failure.map { UseCaseError($0, during: .search) })
            if recipes.isEmpty, let error = lastError ?? walkError {
                return [Observed.said(messages.error(UseCaseError(error, during: .search)))]
            }
        } else if recipes.isEmpty, let walkError {
            return [Observed.said(messages.error(UseCaseError(walkError, during: .search)))]
        }
        let ranked = PantryRanking(pantry: items.map(\.food), staples: true).ranked(recipes.map { PantryRanking.Recipe(title: world.recipes[$0].title, ingredients: world.recipes[$0].ingredients) }, maxMissing: HaveRequest.defaultMissing)
        let ids = ranked.map { recipes[$0.index] }
        guard !ids.isEmpty else {
            var seen = partial.map { [Observed.said(messages.partialRanking($0))] } ?? []
            let matches = PantryMatches(pantry: items, maxMissing: HaveRequest.defaultMissing, strict: false, matches: [], unmatched: [], partial: partial)
            seen.append(Observed.said(messages.noPantryMatches(matches)))
            return seen
        }
        ranking = (ids, 0, names)
        rankingNote = partial.map { messages.partialRanking($0).text }
        onRanking = true
        onFavorites = false
        return [rankingScreen()]
    }

    /// The partial ranking's note of the ranking shown, on each of its screens.
    private var rankingNote: String?

    private func rankingScreen() -> Observed {
        guard let ranking else { return Observed.said(messages.nothingToMatch()) }
        let shown = ranking.ids.enumerated().dropFirst(ranking.index * 10).prefix(10)
        return .ranking(numbers: shown.map { $0.offset + 1 }, titles: shown.map { world.recipes[$0.element].title }, partial: rankingNote)
    }

    private mutating func moveRanking(to index: Int) -> [Observed] {
        guard var shown = ranking else { return [Observed.said(messages.nothingToMatch())] }
        guard index >= 0 else { return [Observed.said(messages.atFirstScreen())] }
        guard index * 10 < shown.ids.count else { return [Observed.said(messages.endOfPantryMatches())] }
        shown.index = index
        ranking = shown
        onRanking = true
        onFavorites = false
        return [rankingScreen()]
    }

    private func rankedRecipe(_ number: Int) -> Int? {
        guard let ranking, number >= 1, number <= ranking.ids.count else { return nil }
        return ranking.ids[number - 1]
    }

    /// What a `have` may still ask: its one time-out, the time its requests took, and the failure of the
    /// network that ended the asking.
    private struct Asking {
        private(set) var spent = 0
        private(set) var failure: ServiceError?
        static let timedOut = ServiceError.timeout

        /// Seconds the next request may take; nil when the time-out has run out.
        func limit() -> Int? {
            spent < World.haveBudget ? World.haveBudget - spent : nil
        }

        mutating func wait(_ seconds: Int) {
            spent += seconds
        }

        mutating func failed(_ error: ServiceError) -> ServiceError {
            guard error.isNetworkLevel else { return error }
            if failure == nil { failure = error }
            return error
        }

        mutating func wentOffline() {
            if failure == nil { failure = .unreachable }
        }
    }

    /// One request of a `have` on the wire: the server down, silent or slow on the fake clock, or
    /// answering `spec` (nil: it does not offer the page, 404).
    private mutating func kitchenWire(_ spec: PageSpec?, key: String, limit: Int, pace: Pace, _ asking: inout Asking) -> Result<[Int], ServiceError> {
        guard serverUp else { return .failure(.unreachable) }
        switch pace {
        case .prompt: break
        case .slow where World.slowAnswer <= limit: asking.wait(World.slowAnswer)
        case .slow, .silent:
            asking.wait(limit)
            return .failure(.timeout)
        }
        tries[key, default: 0] += 1
        switch spec {
        case nil: return .failure(.badStatus.with(status: 404, detail: "no have= here"))
        case .results(let ids)?: return .success(ids)
        case .empty?: return .success([])
        case .serverError?: return .failure(.badStatus.with(status: 500, detail: "HTTP 500"))
        case .malformed?: return .failure(.malformedBody)
        case .flaky(let ids)?: return tries[key, default: 0] % 2 == 1 ? .failure(.badStatus.with(status: 500, detail: "HTTP 500")) : .success(ids)
        }
    }

    /// One page of a kitchen name's search through the cache: kept when answered, the kept page when
    /// the network fails (and the network counted as failed), a page the server could not serve kept as
    /// skipped.
    private mutating func kitchenSearch(_ name: Int, _ number: Int, limit: Int, pace: Pace, _ asking: inout Asking) -> Result<[Int], ServiceError> {
        let answer = kitchenWire(world.kitchenPage(name, number), key: "k\(name)/\(number)", limit: limit, pace: pace, &asking)
        switch answer {
        case .success(let ids):
            keptKitchen[name][number] = ids
            return .success(ids)
        case .failure(let error) where error.isNetworkLevel:
            switch keptKitchen[name][number] {
            case .some(.some(let ids)):
                asking.wentOffline()
                return .success(ids)
            case .some(.none): return .failure(.badStatus)
            case .none: return .failure(error)
            }
        case .failure(let error):
            if keptKitchen[name][number] == nil { keptKitchen[name][number] = .some(nil) }
            return .failure(error)
        }
    }

    // MARK: The shopping list

    /// `list N …`: every number must be listed (the first that is not is said, and nothing is added);
    /// each recipe goes on the list once, its ingredient names only (the model's pages have no
    /// ingredients to read), and a recipe already there stays where it was.
    private mutating func addToList(_ numbers: [Int]) -> [Observed] {
        var ids: [Int] = []
        for number in numbers {
            if onRanking {
                guard let id = rankedRecipe(number) else { return [Observed.said(messages.noSuchPantryMatch(number))] }
                ids.append(id)
            } else if onFavorites {
                guard let id = listed(number) else { return [Observed.said(messages.noSuchFavorite(number))] }
                ids.append(id)
            } else {
                guard let search, number >= 1, number <= search.found.count else { return [Observed.said(messages.noSuchRecipe(number))] }
                ids.append(search.found[number - 1])
            }
        }
        return ids.flatMap { id in
            let wasOnTheList = shoppingList.contains(id)
            if !wasOnTheList { shoppingList.append(id) }
            let addition = ListAddition(recipe: shoppingEntry(id), wasOnTheList: wasOnTheList, pageProblem: nil, scaleUnknown: false)
            return messages.addedToList(addition).map(Observed.said)
        }
    }

    private func shoppingEntry(_ id: Int) -> ShoppingListRecipe {
        let recipe = world.recipes[id]
        return ShoppingListRecipe(id: recipe.id, title: recipe.title, href: recipe.href, lines: recipe.ingredients, linesFromPage: false,
                                  addedAt: Date(timeIntervalSince1970: 0))
    }

    // MARK: Favorites

    private mutating func unstar(_ id: Int, number: Int) -> [Observed] {
        guard let index = favorites.firstIndex(where: { $0.id == id }) else {
            return [Observed.said(messages.notAFavorite(world.recipes[id]))]
        }
        removed[id] = favorites.remove(at: index)
        saving.removeAll { $0.id == id }
        return [Observed.said(messages.removed(world.recipes[id], number: number))]
    }

    private mutating func star(_ id: Int, number: Int) -> [Observed] {
        let recipe = world.recipes[id]
        if saving.contains(where: { $0.id == id }) { return [Observed.said(messages.alreadySaving(recipe))] }
        if let favorite = favorites.first(where: { $0.id == id }) {
            if favorite.complete { return [Observed.said(messages.alreadyAFavorite(recipe, number: number))] }
            saving.append((id, false))
            return [Observed.said(messages.completing(recipe))]
        }
        if let back = removed.removeValue(forKey: id) {
            favorites.append(back)
            return [Observed.said(messages.restored(recipe))]
        }
        favorites.append(FavoriteState(id: id, savedAt: clock))
        saving.append((id, true))
        return [Observed.said(messages.saving(recipe))]
    }

    /// Favorites newest first, as the listing orders them.
    private var favoritesByRecency: [FavoriteState] {
        favorites.sorted { $0.savedAt != $1.savedAt ? $0.savedAt > $1.savedAt : world.recipes[$0.id].id.rawValue < world.recipes[$1.id].id.rawValue }
    }

    private mutating func favoritesFirstScreen() -> [Observed] {
        let ordered = favoritesByRecency
        var listing = Listing(total: ordered.count)
        let screen = ordered.prefix(favoritesScreenSize).enumerated().map { (number: $0.offset + 1, id: $0.element.id) }
        listing.screens = [screen]
        listing.exhausted = ordered.count <= favoritesScreenSize
        self.listing = listing
        onFavorites = true
        onRanking = false
        return [favoritesScreen(listing, 0)]
    }

    private func favoritesScreen(_ listing: Listing, _ index: Int) -> Observed {
        if listing.total == 0 { return Observed.said(messages.noFavorites(matching: "")) }
        let rows = listing.screens[index]
        return .favorites(numbers: rows.map(\.number), titles: rows.map { world.recipes[$0.id].title })
    }

    /// A screen shown before, again: favorites removed since are left out, numbers stay.
    private mutating func reread(_ index: Int) -> [Observed] {
        guard var listing else { return favoritesFirstScreen() }
        listing.screens[index] = listing.screens[index].filter { row in favorites.contains { $0.id == row.id } }
        listing.current = index
        self.listing = listing
        onFavorites = true
        onRanking = false
        return [favoritesScreen(listing, index)]
    }

    private mutating func favoritesNext() -> [Observed] {
        guard var listing else { return favoritesFirstScreen() }
        if listing.current + 1 < listing.screens.count { return reread(listing.current + 1) }
        guard !listing.exhausted, let last = listing.lastShown else { return [Observed.said(messages.endOfFavorites())] }
        let ordered = favoritesByRecency
        let lastSavedAt = removedOrCurrent(last.id)?.savedAt ?? 0
        let after = ordered.filter { favorite in
            favorite.savedAt < lastSavedAt
                || (favorite.savedAt == lastSavedAt && world.recipes[favorite.id].id.rawValue > world.recipes[last.id].id.rawValue)
        }
        guard !after.isEmpty else {
            listing.exhausted = true
            self.listing = listing
            return [Observed.said(messages.endOfFavorites())]
        }
        let rows = after.prefix(favoritesScreenSize).enumerated().map { (number: last.number + 1 + $0.offset, id: $0.element.id) }
        listing.screens.append(rows)
        listing.current = listing.screens.count - 1
        listing.exhausted = after.count <= favoritesScreenSize
        self.listing = listing
        onFavorites = true
        onRanking = false
        return [favoritesScreen(listing, listing.current)]
    }

    private func removedOrCurrent(_ id: Int) -> FavoriteState? {
        favorites.first { $0.id == id } ?? removed[id]
    }

    private mutating func favoritesPrevious() -> [Observed] {
        guard let listing, listing.current > 0 else { return [Observed.said(messages.firstScreenOfFavorites())] }
        return reread(listing.current - 1)
    }

    private mutating func favoritesFirst() -> [Observed] {
        guard listing != nil else { return favoritesFirstScreen() }
        return reread(0)
    }

    private func listed(_ number: Int) -> Int? {
        listing?.shown[number]
    }

    private mutating func favoritesShow(_ number: Int) -> [Observed] {
        guard let id = listed(number) else { return [Observed.said(messages.noSuchFavorite(number))] }
        guard favorites.contains(where: { $0.id == id }) else {
            return [Observed.said(messages.removedAlready(world.recipes[id], number: number))]
        }
        let recipe = world.recipes[id]
        return [.detail(number: number, title: recipe.title, cuisine: recipe.cuisine)]
    }

    private mutating func favoritesFavorite(_ number: Int) -> [Observed] {
        guard let id = listed(number) else { return [Observed.said(messages.noSuchFavorite(number))] }
        if removed[id] == nil { return [Observed.said(messages.alreadyAFavorite(world.recipes[id], number: number))] }
        return star(id, number: number)
    }

    private mutating func favoritesUnfavorite(_ number: Int) -> [Observed] {
        guard let id = listed(number) else { return [Observed.said(messages.noSuchFavorite(number))] }
        guard let index = favorites.firstIndex(where: { $0.id == id }) else {
            return [Observed.said(messages.removedAlready(world.recipes[id], number: number))]
        }
        removed[id] = favorites.remove(at: index)
        saving.removeAll { $0.id == id }
        return [Observed.said(messages.removed(world.recipes[id], number: number))]
    }

    // MARK: What the generator needs

    /// The numbers worth trying now: shown ones, one past them, and a few beyond.
    func interestingNumbers() -> [Int] {
        if onFavorites { return Array(1...max(1, (listing?.lastShown?.number ?? 0) + 1)) }
        if onRanking { return Array(1...max(1, min((ranking?.ids.count ?? 0) + 1, 40))) }
        return Array(1...max(1, min((search?.found.count ?? 0) + 1, 40)))
    }

    var savesPending: Bool { !saving.isEmpty }
    var cuisines: [String] { World.cuisines + ["Narnian"] }
}
