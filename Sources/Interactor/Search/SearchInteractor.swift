public import Entity
public import Services

/// The search use case: screens of recipes never shown before in this search, with stable numbers,
/// lactose flags and favorite stars, and the next screen fetched in the background.
public actor SearchInteractor {
    public struct Configuration: Sendable {
        /// Recipes per screen.
        public var screenSize: Int
        /// Fetch the next screen in the background after each screen is delivered.
        public var prefetch: Bool
        public var walker: PageWalker.Configuration

        public init(screenSize: Int = 10, prefetch: Bool = true, walker: PageWalker.Configuration = .init()) {
            self.screenSize = max(1, screenSize)
            self.prefetch = prefetch
            self.walker = walker
        }
    }

    private let searcher: any RecipeSearching
    private let favorites: (any FavoriteStatusProviding)?
    private let time: any TimeSource
    private var configuration: Configuration

    private var session: SearchSession?
    private var filter: RecipeFilter = .all
    private var prefetchTask: Task<Void, Never>?
    private var completedPrefetches = 0
    private var generations = 0

    public init(searcher: any RecipeSearching, favorites: (any FavoriteStatusProviding)?, time: any TimeSource,
                configuration: Configuration = Configuration()) {
        self.searcher = searcher
        self.favorites = favorites
        self.time = time
        self.configuration = configuration
    }

    // MARK: Use cases

    /// Starts a new search (cancelling anything the old one was still doing) and returns its first screen.
    public func search(_ query: SearchQuery) async -> ScreenResult {
        do throws(ServiceError) {
            try QueryBuilder.validate(query)
        } catch {
            // A query that cannot be sent leaves the search being shown, and its prefetch, alone.
            return .failed(error)
        }
        cancelBackgroundWork()
        let walker = PageWalker(query: query, searcher: searcher, time: time, configuration: configuration.walker)
        generations += 1
        let session = SearchSession(query: query, walker: walker, generation: generations)
        self.session = session
        return await deliver(screen: 0, of: session)
    }

    /// The next screen, from memory when the prefetch already has it.
    public func next() async -> ScreenResult {
        guard let session else { return .noSearch }
        return await deliver(screen: session.shownIndex + 1, of: session)
    }

    /// The previous screen, always from memory.
    public func previous() async -> ScreenResult {
        guard let session else { return .noSearch }
        guard session.shownIndex > 0 else { return .atFirstScreen }
        return await deliver(screen: session.shownIndex - 1, of: session)
    }

    /// The first screen, from memory.
    public func first() async -> ScreenResult {
        guard let session else { return .noSearch }
        return await deliver(screen: 0, of: session)
    }

    /// The screen being shown, again (favorite stars brought up to date).
    public func current() async -> ScreenResult {
        guard let session else { return .noSearch }
        return await deliver(screen: max(0, session.shownIndex), of: session)
    }

    /// Runs the same search again from the start.
    public func refresh() async -> ScreenResult {
        guard let session else { return .noSearch }
        return await search(session.query)
    }

    /// After "offline" (or a failed step), tries again from where the walk stopped.
    public func retry() async -> ScreenResult {
        guard let session else { return .noSearch }
        await session.walker.resume()
        session.finished = nil
        session.finalRun = []
        return await deliver(screen: max(0, session.requestedIndex), of: session)
    }

    /// Narrows what is shown; numbers do not change. Shows the first screen of the narrowed view.
    public func setFilter(_ filter: RecipeFilter) async -> ScreenResult {
        cancelBackgroundWork()
        self.filter = filter
        guard let session else { return .noSearch }
        return await deliver(screen: 0, of: session)
    }

    /// A recipe of the current search by its number.
    public func recipe(number: Int) async -> ListedRecipe? {
        guard let session, number >= 1, number <= session.found.count else { return nil }
        var listed = session.found[number - 1]
        listed.isFavorite = await favoriteIDs(among: [listed.recipe.id]).contains(listed.recipe.id)
        return listed
    }

    /// Turns the background fetch on or off (the one-shot mode fetches only what it prints).
    public func setPrefetch(_ enabled: Bool) {
        configuration.prefetch = enabled
        if !enabled {
            prefetchTask?.cancel()
            prefetchTask = nil
        }
    }

    public func setScreenSize(_ size: Int) {
        guard size != configuration.screenSize else { return }
        cancelBackgroundWork()
        configuration.screenSize = max(1, size)
    }

    /// Stops background work (the prefetch) before the program ends.
    public func shutdown() {
        cancelBackgroundWork()
    }

    // MARK: Observing the prefetch (tests and the benchmark)

    /// Waits until the background fetch started after the last screen has finished.
    public func waitForPrefetch() async {
        await prefetchTask?.value
    }

    /// How many background fetches have run to completion.
    public var prefetchCount: Int { completedPrefetches }

    // MARK: Delivering screens

    private func deliver(screen index: Int, of session: SearchSession) async -> ScreenResult {
        let size = configuration.screenSize
        let needed = (index + 1) * size
        session.requestedIndex = index
        await fill(session, until: needed)
        guard self.session === session else { return .failed(.cancelled) }
        let visible = session.visible(filter)
        let start = index * size
        if start >= visible.count {
            switch session.finished {
            case .offline(let error):
                return .offline(error)
            case .end where visible.isEmpty && session.found.isEmpty:
                // Nothing but failures is a broken server, not an empty search.
                let failures = session.finalRun.compactMap { gap -> ServiceError? in
                    if case .failed(let error) = gap.reason { return error }
                    return nil
                }
                if let last = failures.last, failures.count == session.finalRun.count {
                    return .failed(last)
                }
                return .noResults(session.query, skipped: session.takeSkipped() + session.finalRun)
            case .end where visible.isEmpty:
                // Recipes were found, but the filter hides every one of them.
                return .screen(makeScreen(index: 0, recipes: [], session: session, visibleCount: 0))
            default:
                return .endOfResults(session.query)
            }
        }
        let slice = Array(visible[start..<min(visible.count, start + size)])
        let stars = await favoriteIDs(among: slice.map(\.recipe.id))
        let recipes = slice.map { listed -> ListedRecipe in
            var listed = listed
            listed.isFavorite = stars.contains(listed.recipe.id)
            return listed
        }
        session.shownIndex = index
        let screen = makeScreen(index: index, recipes: recipes, session: session, visibleCount: visible.count)
        if configuration.prefetch, screen.status == .more {
            startPrefetch(session, until: needed + size)
        }
        return .screen(screen)
    }

    private func makeScreen(index: Int, recipes: [ListedRecipe], session: SearchSession, visibleCount: Int) -> RecipeScreen {
        let size = configuration.screenSize
        let isLastVisible = (index + 1) * size >= visibleCount
        let status: RecipeScreen.Status
        switch session.finished {
        case .offline(let error) where isLastVisible: status = .offline(error)
        case .end where isLastVisible: status = .last
        default: status = .more
        }
        return RecipeScreen(query: session.query, index: index, recipes: recipes, status: status, filter: filter,
                            skipped: session.takeSkipped(), droppedCount: session.takeDropped(),
                            foundCount: visibleCount, hiddenCount: session.found.count - visibleCount)
    }

    /// Pulls pages until `count` recipes pass the filter or the walk stops. Only one walker step runs at
    /// a time: a caller arriving while the prefetch is fetching waits for that step instead of sending
    /// its own request.
    private func fill(_ session: SearchSession, until count: Int) async {
        while session.visibleCount(filter) < count, session.finished == nil, self.session === session {
            if let step = session.stepTask {
                await step.value
                continue
            }
            let generation = session.generation
            let step = Task { await self.walkOneStep(generation) }
            session.stepTask = step
            await withTaskCancellationHandler { await step.value } onCancel: { step.cancel() }
            if Task.isCancelled { return }
        }
    }

    /// Asks the walker for one step of the current search and takes in what it found.
    private func walkOneStep(_ generation: Int) async {
        guard let session, session.generation == generation else { return }
        defer { session.stepTask = nil }
        let step: WalkStep
        do throws(ServiceError) {
            step = try await session.walker.next()
        } catch {
            return
        }
        guard self.session === session else { return }
        switch step.outcome {
        case .page(let page):
            session.skipped += step.skipped
            session.dropped += page.droppedCount
            if !session.add(page.recipes) {
                await session.walker.markLastPageRepeated()
            }
        case .end:
            // The gaps that ended the walk are the probe past the last page, not pages skipped
            // between results; they are kept to explain an empty search.
            session.finalRun = step.skipped
            session.finished = .end
        case .offline(let error):
            session.finalRun = step.skipped
            session.finished = .offline(error)
        }
    }

    private func startPrefetch(_ session: SearchSession, until count: Int) {
        prefetchTask?.cancel()
        let generation = session.generation
        prefetchTask = Task { await self.prefetch(generation, until: count) }
    }

    private func prefetch(_ generation: Int, until count: Int) async {
        guard let session, session.generation == generation else { return }
        await fill(session, until: count)
        if !Task.isCancelled { completedPrefetches += 1 }
    }

    private func cancelBackgroundWork() {
        prefetchTask?.cancel()
        prefetchTask = nil
        session?.stepTask?.cancel()
        session?.stepTask = nil
    }

    private func favoriteIDs(among ids: [RecipeID]) async -> Set<RecipeID> {
        guard let favorites, !ids.isEmpty else { return [] }
        do throws(ServiceError) {
            return try await favorites.favoriteIDs(among: ids)
        } catch {
            return []
        }
    }
}

/// The state of one search: what was found, in order, and where the walk stands.
final class SearchSession {
    let query: SearchQuery
    let walker: PageWalker
    /// Tells this search apart from later ones: late work for an older search is dropped.
    let generation: Int
    private(set) var found: [ListedRecipe] = []
    private var seen = Set<RecipeID>()
    var skipped: [SkippedPage] = []
    /// The run of gaps that ended the walk.
    var finalRun: [SkippedPage] = []
    var dropped = 0
    var finished: FinishedWalk?
    var shownIndex = -1
    /// The screen last asked for, shown or not: `retry` asks for it again.
    var requestedIndex = 0
    var stepTask: Task<Void, Never>?

    enum FinishedWalk: Equatable {
        case end
        case offline(ServiceError)
    }

    init(query: SearchQuery, walker: PageWalker, generation: Int) {
        self.query = query
        self.walker = walker
        self.generation = generation
    }

    /// Adds the recipes not seen before; false when there were none.
    func add(_ recipes: [Recipe]) -> Bool {
        var added = false
        for recipe in recipes where seen.insert(recipe.id).inserted {
            found.append(ListedRecipe(number: found.count + 1, recipe: recipe))
            added = true
        }
        return added
    }

    func visible(_ filter: RecipeFilter) -> [ListedRecipe] {
        filter == .all ? found : found.filter(filter.accepts)
    }

    func visibleCount(_ filter: RecipeFilter) -> Int {
        filter == .all ? found.count : found.reduce(0) { $0 + (filter.accepts($1) ? 1 : 0) }
    }

    func takeSkipped() -> [SkippedPage] {
        defer { skipped = [] }
        return skipped
    }

    func takeDropped() -> Int {
        defer { dropped = 0 }
        return dropped
    }
}
