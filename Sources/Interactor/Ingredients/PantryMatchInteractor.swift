import Foundation
public import Entity
public import Services
public import ServiceSupport

/// "What can I make with what I have": recipes ranked by how few ingredients a pantry lacks.
///
/// The server ranks its whole catalog when it has the `have=` extension (PuppyServer does): its ranked
/// pages are walked to their end. A server without it (one that answers with a 4xx, or with results that
/// say nothing of the pantry) is asked the RecipePuppy way instead: one search for each name, a few pages
/// each, within a bound on requests; what those bring is ranked here, and the ranking says it is partial.
/// Either way the ranking is made here too, by `PantryRanking` over each recipe's ingredients (names
/// read as lines, so `2 large eggs, beaten` counts as eggs), in the server's order among equals.
///
/// One time-out (`Limits.budget`) covers the whole command, every request of it together; once the
/// network itself has failed (timed out, refused, reset) nothing more is sent, and the searches go on
/// over the pages kept from earlier ones only.
public actor PantryMatchInteractor {
    private let ranked: any PantryRankedSearching
    private let searcher: any RecipeSearching
    private let saved: (any SavedSearchPages)?
    private let favorites: (any FavoriteStatusProviding)?
    private let time: any TimeSource
    private let limits: Limits

    public struct Limits: Sendable {
        /// Pages of the server's ranking read at most (10 recipes each, or as many as the server says).
        public var rankedPages: Int
        /// Pages of each single-ingredient search read at most, when the server cannot rank.
        public var pagesPerName: Int
        /// Requests made at most for the single-ingredient searches together.
        public var fallbackRequests: Int
        /// Empty or failed pages in a row that end a walk.
        public var gapRun: Int
        /// The most the whole command may wait for the server, all its requests together (`--timeout`);
        /// nil: each request the transport's own.
        public var budget: Duration?

        public init(rankedPages: Int = 100, pagesPerName: Int = 3, fallbackRequests: Int = 60, gapRun: Int = 3, budget: Duration? = nil) {
            self.rankedPages = max(1, rankedPages)
            self.pagesPerName = max(1, pagesPerName)
            self.fallbackRequests = max(1, fallbackRequests)
            self.gapRun = max(1, gapRun)
            self.budget = budget.map { max(.zero, $0) }
        }
    }

    /// `saved` is what the searches read once the network has failed: the pages kept from earlier ones.
    public init(ranked: any PantryRankedSearching, searcher: any RecipeSearching, saved: (any SavedSearchPages)? = nil,
                favorites: (any FavoriteStatusProviding)? = nil, time: any TimeSource = SystemTime(), limits: Limits = Limits()) {
        self.ranked = ranked
        self.searcher = searcher
        self.saved = saved
        self.favorites = favorites
        self.time = time
        self.limits = limits
    }

    /// The recipes `pantry` makes, missing at most `maxMissing` ingredients; `strict` counts salt,
    /// pepper, water and oil as ingredients to have.
    public func matches(for pantry: [PantryItem], maxMissing: Int, strict: Bool) async -> PantryMatchResult {
        let request = PantryRankRequest(names: pantry.map(\.food), maxMissing: max(0, maxMissing), strict: strict)
        var asking = Asking(budget: limits.budget, started: time.now(), time: time)
        let walk = await serverRanking(request, &asking)
        var recipes = walk.recipes
        var partial: PantryMatches.Partial?
        if !walk.isRanked {
            let networkFailedBefore = asking.failure != nil
            let fallback = await singleIngredientSearches(pantry, strict: strict, &asking)
            recipes = fallback.recipes
            partial = PantryMatches.Partial(why: walk.why ?? .noExtension, requests: fallback.requests, cutShort: fallback.cutShort,
                                            endedBy: networkFailedBefore ? nil : asking.failure.map { UseCaseError($0, during: .search) })
            if recipes.isEmpty, let error = fallback.error ?? walk.error { return .failed(error) }
        } else if recipes.isEmpty, let error = walk.error {
            return .failed(error)
        }
        let ranking = PantryRanking(pantry: pantry.map(\.food), staples: !strict)
        let (entries, keys) = ranking.rankedReadingKeys(recipes.map { PantryRanking.Recipe(title: $0.title, ingredients: $0.ingredients) },
                                                        maxMissing: request.maxMissing)
        let stars = await favoriteIDs(entries.map { recipes[$0.index].id })
        let matched = entries.enumerated().map { offset, entry in
            let recipe = recipes[entry.index]
            return PantryMatch(number: offset + 1, recipe: recipe, entry: entry, isFavorite: stars.map { $0.contains(recipe.id) })
        }
        var unmatched = unmatched(pantry, among: recipes, keys: keys)
        // The server knows its whole catalog: what it suggests comes first.
        for unknown in walk.unknownNames.reversed() where !unknown.suggestions.isEmpty {
            guard let item = pantry.first(where: { $0.food == unknown.name }) else { continue }
            unmatched.removeAll { $0.name == item.name }
            unmatched.insert((item.name, unknown.suggestions), at: 0)
        }
        return .matches(PantryMatches(pantry: pantry, maxMissing: request.maxMissing, strict: strict, matches: matched,
                                      unmatched: unmatched, partial: partial))
    }

    /// Pantry names found in no recipe that was looked at but close to names that were, with those
    /// names: probably typos (`mlik`: did you mean milk?), suggested as a search that finds nothing
    /// suggests them. `keys`: the keys of the recipes' ingredients, as the ranking read them.
    private func unmatched(_ pantry: [PantryItem], among recipes: [Recipe], keys: Set<IngredientKey>) -> [(name: String, suggestions: [String])] {
        var names: [String] = []
        var seen = Set<String>()
        for name in recipes.flatMap(\.ingredients) where seen.insert(name).inserted { names.append(name) }
        return pantry.filter { !keys.contains($0.key) }.compactMap { item in
            let close = IngredientName.closest(to: item.food, among: names, limit: 3).filter { IngredientKey(name: $0) != item.key }
            return close.isEmpty ? nil : (item.name, close)
        }
    }

    private func favoriteIDs(_ ids: [RecipeID]) async -> Set<RecipeID>? {
        guard let favorites else { return nil }
        do throws(ServiceError) {
            return try await favorites.favoriteIDs(among: ids)
        } catch {
            // Stars are left off when the favorites cannot be read; the ranking stands without them.
            return nil
        }
    }

    // MARK: Walks

    private struct Walk {
        var recipes: [Recipe] = []
        var unknownNames: [PantryNameSuggestion] = []
        var isRanked = false
        var why: PantryMatches.Partial.Why?
        var error: UseCaseError?
    }

    /// The server's ranking, page after page until an empty one (or a run of failed ones). Not ranked
    /// when the server answers its first page without the extension, or refuses it.
    private func serverRanking(_ request: PantryRankRequest, _ asking: inout Asking) async -> Walk {
        var walk = Walk()
        var seen = Set<String>()
        var gaps = 0
        for number in 1...limits.rankedPages {
            if Task.isCancelled { break }
            let page: RankedPage
            do throws(ServiceError) {
                if let limit = try asking.limit() {
                    page = try await ranked.rankedPage(request, number: number, within: limit)
                } else {
                    page = try await ranked.rankedPage(request, number: number)
                }
            } catch {
                let error = asking.failed(error)
                walk.error = UseCaseError(error, during: .search)
                if number == 1 {
                    if let status = error.status, (400..<500).contains(status) {
                        walk.why = .noExtension
                        return walk
                    }
                    walk.why = error == .timeout ? .timedOut : (error.isNetworkLevel ? .offline : .failed)
                    if error.isNetworkLevel { return walk }
                }
                // The network itself failed: nothing more is sent, and the pages read so far stand.
                if asking.failure != nil { break }
                gaps += 1
                if gaps >= limits.gapRun { break }
                continue
            }
            if !page.isRanked && !walk.isRanked {
                // Results that ignore the pantry: a server without the extension.
                if !page.page.recipes.isEmpty || number == 1 {
                    walk.why = .noExtension
                    return walk
                }
            }
            walk.isRanked = true
            walk.error = nil
            if number == 1 { walk.unknownNames = page.unknownNames }
            if page.page.recipes.isEmpty {
                gaps += 1
                if gaps >= limits.gapRun || number == 1 { break }
                continue
            }
            gaps = 0
            for recipe in page.page.recipes where seen.insert(recipe.id.page).inserted { walk.recipes.append(recipe) }
            // A short page is the last: RecipePuppy pages hold 10 until the end, a server's larger pages
            // (asked for with `per=`) as many as it says.
            if page.page.recipes.count + page.page.droppedCount < (page.pageSize ?? 10) { break }
        }
        return walk
    }

    /// One search for each pantry name (staples left out unless strict), a few pages each, within the
    /// bound on requests: the recipes they bring, each once, in the order found. Once the network has
    /// failed, only the pages kept from earlier searches are read.
    private func singleIngredientSearches(_ pantry: [PantryItem], strict: Bool, _ asking: inout Asking) async
        -> (recipes: [Recipe], requests: Int, cutShort: Bool, error: UseCaseError?) {
        var recipes: [Recipe] = []
        var seen = Set<String>()
        var requests = 0
        var lastError = asking.failure.map { UseCaseError($0, during: .search) }
        var cutShort = false
        let names = pantry.filter { strict || !Staples.covers($0.key) }
        names: for item in names {
            let query = SearchQuery(ingredients: [item.food])
            var gaps = 0
            for number in 1...limits.pagesPerName {
                guard requests < limits.fallbackRequests, !Task.isCancelled else {
                    cutShort = true
                    break names
                }
                let page: SearchPage
                if asking.failure != nil {
                    // Offline: what was kept of this search, without asking.
                    guard let kept = saved?.savedPage(query, number: number) else { continue names }
                    requests += 1
                    page = kept
                } else {
                    do throws(ServiceError) {
                        let limit = try asking.limit()
                        requests += 1
                        if let limit {
                            page = try await searcher.page(query, number: number, within: limit)
                        } else {
                            page = try await searcher.page(query, number: number)
                        }
                        // A searcher with kept pages answers with one when the network fails: the
                        // network has failed all the same.
                        if page.savedAt != nil { asking.wentOffline() }
                    } catch {
                        let error = asking.failed(error)
                        lastError = UseCaseError(error, during: .search)
                        if error.isNetworkLevel { continue names }
                        gaps += 1
                        if gaps >= limits.gapRun { break }
                        continue
                    }
                }
                if page.recipes.isEmpty {
                    gaps += 1
                    if gaps >= limits.gapRun || number == 1 { break }
                    continue
                }
                gaps = 0
                for recipe in page.recipes where seen.insert(recipe.id.page).inserted { recipes.append(recipe) }
                if page.recipes.count + page.droppedCount < 10 { break }
            }
        }
        return (recipes, requests, cutShort, lastError)
    }

    /// What the command may still ask: the time left of its one time-out, and whether the network has
    /// already failed it (then nothing more is sent).
    private struct Asking {
        let budget: Duration?
        let started: Date
        let time: any TimeSource
        /// The failure of the network that ended the asking.
        private(set) var failure: ServiceError?

        init(budget: Duration?, started: Date, time: any TimeSource) {
            self.budget = budget
            self.started = started
            self.time = time
        }

        /// The time the next request may take (nil: no bound of the command's own); throws `timeout`
        /// when none is left.
        func limit() throws(ServiceError) -> Duration? {
            guard let budget else { return nil }
            let elapsed = Duration.milliseconds(Int64(max(0, time.now().timeIntervalSince(started)) * 1000))
            guard elapsed < budget else { throw timedOut(budget) }
            return budget - elapsed
        }

        /// Notes a failed request: a failure of the network itself ends the asking. A time-out is said
        /// as the command's, whose time it was.
        mutating func failed(_ error: ServiceError) -> ServiceError {
            guard error.isNetworkLevel else { return error }
            let error = error == .timeout ? budget.map(timedOut) ?? error : error
            if failure == nil { failure = error }
            return error
        }

        /// The network failed behind an answer made from kept pages.
        mutating func wentOffline() {
            if failure == nil { failure = .unreachable.with(detail: "the searches were answered from pages kept before") }
        }

        private func timedOut(_ budget: Duration) -> ServiceError {
            .timeout.with(detail: "no complete answer within \(budget.spoken), the time-out for the whole command")
        }
    }
}

/// One recipe of a pantry ranking, numbered as listed.
public struct PantryMatch: Sendable, Equatable {
    public let number: Int
    public let recipe: Recipe
    public let entry: PantryRanking.Entry
    /// Nil when the favorites could not be read.
    public let isFavorite: Bool?
}

/// What "what can I make" found.
public struct PantryMatches: Sendable, Equatable {
    /// Why a ranking is partial: made from single-ingredient searches rather than by the server.
    public struct Partial: Sendable, Equatable {
        public enum Why: Sendable, Equatable {
            /// The server does not rank for a pantry.
            case noExtension
            /// The server could not be reached (the searches may have answered from kept pages).
            case offline
            /// The server did not answer its ranking in time.
            case timedOut
            /// The server failed its ranking.
            case failed
        }

        public let why: Why
        /// How many searches were made (pages asked for, or read from those kept once offline).
        public let requests: Int
        /// Whether the bound on requests stopped them before every name was searched.
        public let cutShort: Bool
        /// The failure of the network that stopped the searches before every name was searched: the
        /// rest were read from pages kept before, if any.
        public let endedBy: UseCaseError?

        public init(why: Why, requests: Int, cutShort: Bool, endedBy: UseCaseError? = nil) {
            self.why = why
            self.requests = requests
            self.cutShort = cutShort
            self.endedBy = endedBy
        }
    }

    public let pantry: [PantryItem]
    public let maxMissing: Int
    public let strict: Bool
    public let matches: [PantryMatch]
    /// Names found in no recipe looked at but close to names that were: the names meant, probably.
    public let unmatched: [(name: String, suggestions: [String])]
    /// Nil when the server ranked its whole catalog.
    public let partial: Partial?

    public static func == (left: PantryMatches, right: PantryMatches) -> Bool {
        left.pantry == right.pantry && left.maxMissing == right.maxMissing && left.strict == right.strict && left.matches == right.matches
            && left.unmatched.map(\.name) == right.unmatched.map(\.name) && left.unmatched.map(\.suggestions) == right.unmatched.map(\.suggestions)
            && left.partial == right.partial
    }
}

/// What asking "what can I make" came to.
public enum PantryMatchResult: Sendable, Equatable {
    case matches(PantryMatches)
    /// Nothing could be asked: the server failed and no search answered.
    case failed(UseCaseError)
}
