import Foundation
import Entity

/// What one search has found, in the server's order, what was shown of it, and where its walk stands.
/// A value inside `SearchMachine`, which alone changes it.
struct Session: Equatable {
    /// Tells this search's requests from those of searches before it.
    let id: Int
    let query: SearchQuery
    /// The searches walked one after the other: the one typed first, then, against a server that
    /// matches names only as written, the same with other names for what was typed (`widen()`). Recipes
    /// keep the order and numbers the searches brought them in, each once.
    private(set) var strands: [SearchQuery]
    /// The search being walked, in `strands`.
    private(set) var strand = 0
    /// Whether the server matches names by what they are (it says so on every page it sends); nil
    /// until a page came from the network.
    private(set) var serverMatchesKinds: Bool?
    /// Whether the walk already went on past the typed search (it does so once).
    private var widened = false
    /// Names of searches besides the typed one that found recipes, said once each.
    private var unreportedAlsoAskedFor: [String] = []
    private var reportedAlsoAskedFor = Set<String>()
    /// True when the first pages are shown from the disk at once (the network is asked afterwards).
    let startedFromDisk: Bool
    var walk: Walk
    private(set) var found: [ListedRecipe] = []
    /// The pages listed so far (`RecipeID.page`): a recipe listed again under a tracking query is not
    /// listed twice.
    private var seen = Set<String>()
    /// Gaps and dropped results met since the last screen was delivered: the next screen reports them.
    private var unreportedGaps: [PageGap] = []
    private var unreportedDropped = 0
    private var unreportedUnreadable = 0
    /// When the oldest page taken from the disk since the last screen was saved.
    private var unreportedSavedAt: Date?
    /// The pages taken from the disk without asking the network (a repeated search shown at once).
    private(set) var pagesFromDisk: [Int: [RecipeID]] = [:]
    /// The numbers of the first and last recipe of the screen shown last.
    var shown: ClosedRange<Int>?
    /// Where the screen asked for last starts, shown or not: `retry` asks for it again.
    var requested: ScreenPosition = .first
    /// What the walk is doing for the person: filling a screen, stopped by them, or nothing.
    var phase = Phase.still
    /// Checking the pages shown from the disk against the server, while it runs: beside the phase, one
    /// page at a time when the walk needs no request.
    var check: Check?
    /// What that check came to, once it has.
    var checkOutcome: SavedResultsCheck?

    /// The most names seen before a search that are looked at to widen it (the latest ones).
    static let maxNamesSeenBefore = 2_000
    /// Ingredient names results showed before this search, most recent last: with the names this
    /// search finds, what `widen` may ask for.
    let namesSeenBefore: [String]

    init(id: Int, query: SearchQuery, startedFromDisk: Bool, gapWindow: Int, namesSeenBefore: [String] = []) {
        self.id = id
        self.query = query
        self.namesSeenBefore = Array(namesSeenBefore.suffix(Self.maxNamesSeenBefore))
        strands = [query]
        self.startedFromDisk = startedFromDisk
        walk = Walk(gapWindow: gapWindow)
    }

    /// Takes in a page with results and the gaps passed on the way to it; false when it brought
    /// nothing new.
    mutating func take(_ page: SearchPage, skipped: [SkippedPage]) -> Bool {
        unreportedGaps += skipped.map(PageGap.init)
        unreportedDropped += page.droppedCount
        unreportedUnreadable += page.unreadableCount
        if let savedAt = page.savedAt {
            unreportedSavedAt = min(unreportedSavedAt ?? savedAt, savedAt)
            if startedFromDisk, strand == 0 { pagesFromDisk[page.number] = page.recipes.map(\.id) }
        }
        var added = false
        for recipe in page.recipes where seen.insert(recipe.id.page).inserted {
            found.append(ListedRecipe(number: found.count + 1, recipe: recipe))
            added = true
        }
        // A search besides the typed one found recipes: the next screen says under which name.
        if added, strand > 0 {
            for name in strandQuery.ingredients where !query.ingredients.contains(name) && !reportedAlsoAskedFor.contains(name) {
                reportedAlsoAskedFor.insert(name)
                unreportedAlsoAskedFor.append(name)
            }
        }
        return added
    }

    /// The query the walk asks the server for now.
    var strandQuery: SearchQuery { strands[strand] }

    /// A page came from the network, saying how the server matches names (`SearchPage.matchesKinds`).
    mutating func heard(from page: SearchPage) {
        if page.savedAt == nil, let matchesKinds = page.matchesKinds { serverMatchesKinds = matchesKinds }
    }

    /// When the walk of one search ran out of results: goes on to the next search of `strands`, the
    /// first time deciding them from the names found so far when the server matches only as written.
    /// Returns false when there is none (the walk's end stands).
    mutating func widen(with facts: FoodFacts) -> Bool {
        guard walk.end?.kind == .exhausted else { return false }
        if !widened {
            widened = true
            if serverMatchesKinds == false, !query.ingredients.isEmpty {
                let seenNames = found.flatMap(\.recipe.ingredients) + namesSeenBefore
                strands += facts.widenedSearches(of: query.ingredients, seen: seenNames).map { SearchQuery(ingredients: $0, title: query.title) }
            }
        }
        guard strand + 1 < strands.count else { return false }
        strand += 1
        walk = Walk(gapWindow: walk.gapWindow, firstPageDecides: true)
        return true
    }

    /// Hands over the gaps, dropped results, disk copies and other names asked for not reported yet.
    mutating func takeUnreported() -> (gaps: [PageGap], dropped: Int, unreadable: Int, savedAt: Date?, alsoAskedFor: [String]) {
        defer {
            unreportedGaps = []
            unreportedDropped = 0
            unreportedUnreadable = 0
            unreportedSavedAt = nil
            unreportedAlsoAskedFor = []
        }
        return (unreportedGaps, unreportedDropped, unreportedUnreadable, unreportedSavedAt, unreportedAlsoAskedFor)
    }

    /// The recipes passing `filter`, in order.
    func visible(_ filter: RecipeFilter) -> [ListedRecipe] {
        filter.isActive ? found.filter(filter.accepts) : found
    }

    /// How many recipes passing `filter` come at or after `position`.
    func visibleCount(_ filter: RecipeFilter, from position: ScreenPosition) -> Int {
        let start = position.firstNumber
        var count = 0
        for listed in found[min(found.count, max(0, start - 1))...] where filter.accepts(listed) { count += 1 }
        return count
    }
}

/// What one search's walk is doing. Every case says which events move it on; no other field says
/// whether a screen is being filled or the person stopped it.
enum Phase: Equatable {
    /// No screen is being filled; the walk waits for a command. → `filling` on any command, or after a
    /// screen was delivered when the next may be filled in the background (prefetch).
    case still
    /// A screen is being filled, for a command or in the background: one page asked for at a time.
    /// → `still` when it has enough recipes, the walk ended or the pages for one screen ran out (the
    /// command is answered), or when the search is replaced or prefetch turned off; → `interrupted` when
    /// the person cancels the command waiting for it, or the request is cancelled from outside;
    /// → `filling` for a newer command, the command waiting before answered "cancelled".
    case filling(Fill)
    /// The person cancelled the command that waited for a screen (Ctrl-C): the page it waited for is
    /// abandoned and nothing is fetched until they ask for something again. → `filling` on any command.
    case interrupted

    /// The screen being filled, if any.
    var fill: Fill? {
        if case .filling(let fill) = self { return fill }
        return nil
    }
}

/// A screen being filled: pages are asked for until it has enough recipes passing the filter, the walk
/// ends, or `pagesLookedAt` reaches the limit.
struct Fill: Equatable {
    enum Owner: Equatable {
        /// A command waits for this screen.
        case command(Int)
        /// The next screen, fetched in the background after one was shown.
        case prefetch
    }

    let position: ScreenPosition
    let owner: Owner
    /// True for the first screen of a new search (one that finds nothing gives the old search back).
    let isNewSearch: Bool
    /// Pages with results taken while filling.
    var pagesLookedAt = 0
}

/// Checking a repeated search's pages, shown from the disk, against the server, one page at a time.
struct Check: Equatable {
    /// The pages to ask the server for, with the recipes the disk had on each.
    let pages: [(number: Int, ids: [RecipeID])]
    var index = 0
    var changed = false

    static func == (lhs: Check, rhs: Check) -> Bool {
        lhs.index == rhs.index && lhs.changed == rhs.changed && lhs.pages.map(\.number) == rhs.pages.map(\.number)
            && lhs.pages.map(\.ids) == rhs.pages.map(\.ids)
    }
}

/// Where a screen starts, by recipe number, so filters and late pages never shift it.
enum ScreenPosition: Equatable, Sendable {
    /// The first screen.
    case first
    /// The screen starting at recipe `number` (or the first recipe after it that passes the filter).
    case from(Int)

    var firstNumber: Int {
        switch self {
        case .first: return 1
        case .from(let number): return number
        }
    }
}
