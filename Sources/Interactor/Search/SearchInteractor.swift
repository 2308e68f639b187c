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
        /// Show a search run before from the pages kept on disk at once, asking the server afterwards
        /// (the prompt); otherwise the server first, with the kept pages only when it fails (one shot).
        public var startsFromSavedPages: Bool
        /// Pages with results looked at to fill one screen before showing what there is: a filter that
        /// hides everything an endless server sends cannot keep the prompt away for ever.
        public var maxPagesPerScreen: Int
        public var walker: PageWalker.Configuration

        public init(screenSize: Int = 10, prefetch: Bool = true, startsFromSavedPages: Bool = true, maxPagesPerScreen: Int = 10,
                    walker: PageWalker.Configuration = .init()) {
            self.screenSize = max(1, screenSize)
            self.prefetch = prefetch
            self.startsFromSavedPages = startsFromSavedPages
            self.maxPagesPerScreen = max(1, maxPagesPerScreen)
            self.walker = walker
        }
    }

    private let searcher: any RecipeSearching
    /// Pages kept from earlier searches: a repeated search shows them at once.
    private let saved: (any SavedSearchPages)?
    private let favorites: (any FavoriteStatusProviding)?
    private let time: any TimeSource
    private var configuration: Configuration

    private var session: SearchSession?
    private var filter: RecipeFilter = .all
    private var prefetchTask: Task<Void, Never>?
    private var completedPrefetches = 0
    /// Checking a repeated search's saved pages against the server, after they were shown.
    private var checkTask: Task<SavedResultsCheck?, Never>?

    public init(searcher: any RecipeSearching, saved: (any SavedSearchPages)? = nil, favorites: (any FavoriteStatusProviding)?,
                time: any TimeSource, configuration: Configuration = Configuration()) {
        self.searcher = searcher
        self.saved = saved
        self.favorites = favorites
        self.time = time
        self.configuration = configuration
    }

    // MARK: Use cases

    /// Starts a new search (stopping what the old one was still doing) and returns its first screen.
    /// A query that cannot be sent, or a search that finds nothing, leaves the search being shown as it
    /// was, so paging and `back` still reach it.
    public func search(_ query: SearchQuery) async -> ScreenResult {
        do throws(ServiceError) {
            try searcher.validate(query)
        } catch {
            return .failed(UseCaseError(error, during: .search))
        }
        let previous = session
        stop(previous)
        checkTask?.cancel()
        checkTask = nil
        // A search run before starts from the pages kept on disk, at once; the server is asked after.
        let fromDisk = configuration.startsFromSavedPages && saved.flatMap { $0.savedPage(query, number: 1) } != nil
        let walkerSearcher: any RecipeSearching = fromDisk ? SavedFirst(saved: saved, network: searcher) : searcher
        let walker = PageWalker(query: query, searcher: walkerSearcher, saved: saved, time: time, configuration: configuration.walker)
        let fresh = SearchSession(query: query, walker: walker)
        fresh.startedFromDisk = fromDisk
        session = fresh
        let result = await deliver(.first, of: fresh)
        if case .noResults = result, let previous { session = previous }
        if fromDisk, case .screen = result { startCheck(of: fresh) }
        return result
    }

    /// What checking the saved pages of the search shown against the server came to; nil when the
    /// search was not shown from the disk (or a newer search replaced it).
    public func savedResultsCheck() async -> SavedResultsCheck? {
        await checkTask?.value
    }

    private func startCheck(of session: SearchSession) {
        let pages = session.pagesFromDisk
        let query = session.query
        let searcher = self.searcher
        checkTask = Task {
            var changed = false
            for (number, ids) in pages.sorted(by: { $0.key < $1.key }) {
                do throws(ServiceError) {
                    let page = try await searcher.page(query, number: number)
                    if let savedAt = page.savedAt { return .offline(savedAt: savedAt) }
                    if page.recipes.map(\.id) != ids { changed = true }
                } catch {
                    if Task.isCancelled { return nil }
                    changed = true
                }
            }
            return changed ? .changed : .current
        }
    }

    /// The screen after the one shown, from memory when the prefetch already has it.
    public func next() async -> ScreenResult {
        guard let session else { return .noSearch }
        guard let shown = session.shown else { return await deliver(session.requested, of: session) }
        return await deliver(.from(shown.upperBound + 1), of: session)
    }

    /// The screen before the one shown, always from memory.
    public func previous() async -> ScreenResult {
        guard let session else { return .noSearch }
        guard let shown = session.shown else { return .atFirstScreen }
        let earlier = session.visible(filter).filter { $0.number < shown.lowerBound }.suffix(configuration.screenSize)
        guard let start = earlier.first?.number else { return .atFirstScreen }
        return await deliver(.from(start), of: session)
    }

    /// The first screen, from memory.
    public func first() async -> ScreenResult {
        guard let session else { return .noSearch }
        return await deliver(.first, of: session)
    }

    /// The screen being shown, again (favorite stars brought up to date).
    public func current() async -> ScreenResult {
        guard let session else { return .noSearch }
        return await deliver(session.shown.map { .from($0.lowerBound) } ?? session.requested, of: session)
    }

    /// Runs the same search again from the start.
    public func refresh() async -> ScreenResult {
        guard let session else { return .noSearch }
        return await search(session.query)
    }

    /// After "offline", a failing server or a cancel, tries again from where the walk stopped.
    public func retry() async -> ScreenResult {
        guard let session else { return .noSearch }
        await session.walker.resume()
        return await deliver(session.requested, of: session)
    }

    /// Narrows what is shown; numbers do not change, and the screen stays where it was.
    public func setFilter(_ filter: RecipeFilter) async -> ScreenResult {
        self.filter = filter
        guard let session else { return .noSearch }
        return await deliver(session.shown.map { .from($0.lowerBound) } ?? .first, of: session)
    }

    /// A recipe of the current search by its number, with its favorite star (nil when the favorites
    /// cannot be read).
    public func recipe(number: Int) async -> ListedRecipe? {
        guard let session, number >= 1, number <= session.found.count else { return nil }
        var listed = session.found[number - 1]
        let stars = await stars(among: [listed.recipe.id])
        listed.isFavorite = stars.problem == nil ? stars.ids.contains(listed.recipe.id) : nil
        return listed
    }

    /// Every ingredient name seen in this search's results, for suggestions and completion.
    public func ingredientsSeen() -> [String] {
        var seen = Set<String>()
        return (session?.found ?? []).flatMap(\.recipe.ingredients).filter { seen.insert($0).inserted }
    }

    /// Turns the background fetch on or off (the one-shot mode fetches only what it prints).
    public func setPrefetch(_ enabled: Bool) {
        configuration.prefetch = enabled
        if !enabled {
            prefetchTask?.cancel()
            prefetchTask = nil
        }
    }

    /// Whether a search run before is shown from the pages kept on disk first (see `Configuration`).
    public func setStartsFromSavedPages(_ enabled: Bool) {
        configuration.startsFromSavedPages = enabled
    }

    public func setMaxPagesPerScreen(_ pages: Int) {
        configuration.maxPagesPerScreen = max(1, pages)
    }

    public func setScreenSize(_ size: Int) {
        configuration.screenSize = max(1, size)
    }

    /// Stops background work (the prefetch and the request it is waiting for) before the program ends.
    public func shutdown() {
        stop(session)
    }

    // MARK: Observing the prefetch (tests and the benchmark)

    /// Waits until the background fetch started after the last screen has finished.
    public func waitForPrefetch() async {
        await prefetchTask?.value
    }

    /// How many background fetches have run to completion.
    public var prefetchCount: Int { completedPrefetches }

    // MARK: Delivering screens

    private func deliver(_ position: ScreenPosition, of session: SearchSession) async -> ScreenResult {
        session.interrupted = false
        session.requested = position
        let size = configuration.screenSize
        let pagesLookedAt = await fill(session, from: position, count: size, cancelsStep: true)
        guard self.session === session else { return .cancelled }
        let visible = session.visible(filter)
        let start = visible.firstIndex { $0.number >= position.firstNumber } ?? visible.count
        let slice = Array(visible[start..<min(visible.count, start + size)])
        let end = await session.walker.end
        if slice.count < size, end == nil, pagesLookedAt == nil {
            // Stopped early without reaching the end or the page limit: the person cancelled.
            return .cancelled
        }
        if slice.isEmpty, pagesLookedAt == nil, let end {
            if let result = finalResult(end, session: session, visibleCount: visible.count, position: position) { return result }
        }
        let stars = await stars(among: slice.map(\.recipe.id))
        let recipes = slice.map { listed -> ListedRecipe in
            var listed = listed
            listed.isFavorite = stars.problem == nil ? stars.ids.contains(listed.recipe.id) : nil
            return listed
        }
        let lastLookedAt = recipes.last?.number ?? session.found.count
        session.shown = (recipes.first?.number ?? position.firstNumber)...max(position.firstNumber, lastLookedAt)
        let status = self.status(end: end, hasMoreFound: visible.count > start + slice.count || pagesLookedAt != nil)
        let unreported = session.takeUnreported()
        let hidden = session.found.prefix(lastLookedAt).count { !filter.accepts($0) }
        let savedResults = unreported.savedAt.map { SavedResults(savedAt: $0, offline: !session.startedFromDisk) }
        let screen = RecipeScreen(query: session.query, index: (start + size - 1) / size, recipes: recipes, status: status,
                                  filter: filter, gaps: unreported.gaps, droppedCount: unreported.dropped, hiddenCount: hidden,
                                  pagesLookedAt: pagesLookedAt, starsProblem: stars.problem, saved: savedResults)
        if configuration.prefetch, status == .more {
            startPrefetch(session, from: .from(lastLookedAt + 1))
        }
        return .screen(screen)
    }

    /// What to say when nothing is left to show at `position` after the walk ended; nil when an
    /// empty screen says it best (the filter hides every recipe found, wherever the person was).
    private func finalResult(_ end: WalkEnd, session: SearchSession, visibleCount: Int, position: ScreenPosition) -> ScreenResult? {
        if end.kind == .offline, let failure = end.failure { return .offline(failure) }
        if session.found.isEmpty {
            let gaps = session.takeUnreported().gaps + end.run.map(PageGap.init)
            return gaps.contains { $0.failure != nil } ? .unanswered(session.query, gaps: gaps) : .noResults(session.query, gaps: gaps)
        }
        if visibleCount == 0 { return nil }
        return .endOfResults(session.query)
    }

    private func status(end: WalkEnd?, hasMoreFound: Bool) -> RecipeScreen.Status {
        guard !hasMoreFound, let end else { return .more }
        switch (end.kind, end.failure) {
        case (.offline, let failure?): return .offline(failure)
        case (.failing, let failure?): return .failing(failure)
        default: return .last
        }
    }

    /// Pulls pages until `count` recipes passing the filter stand at or after `position`, the walk
    /// ends, the person cancels, or `maxPagesPerScreen` pages were looked at; returns how many pages
    /// were looked at when that limit stopped it. One walker step runs at a time: a fill arriving
    /// while another step runs (the prefetch's) waits for it instead of sending its own request, and
    /// when the person cancels, that step is cancelled too.
    private func fill(_ session: SearchSession, from position: ScreenPosition, count: Int, cancelsStep: Bool) async -> Int? {
        var pages = 0
        while session.visibleCount(filter, from: position) < count, self.session === session, !session.interrupted,
              !Task.isCancelled {
            if await session.walker.end != nil { return nil }
            if pages >= configuration.maxPagesPerScreen { return pages }
            let step: Task<Void, Never>
            if let running = session.stepTask {
                step = running
            } else {
                step = Task { await self.walkOneStep(session) }
                session.stepTask = step
            }
            if cancelsStep {
                await withTaskCancellationHandler { await step.value } onCancel: { step.cancel() }
            } else {
                await step.value
            }
            if session.stepTask == step { session.stepTask = nil }
            pages += 1
        }
        return nil
    }

    /// Asks the session's walker for one step and takes in what it found. Only cancellation is thrown.
    private func walkOneStep(_ session: SearchSession) async {
        let step: WalkStep
        do throws(ServiceError) {
            step = try await session.walker.next()
        } catch {
            session.interrupted = true
            return
        }
        if !session.take(step) {
            await session.walker.markLastPageRepeated()
        }
    }

    private func startPrefetch(_ session: SearchSession, from position: ScreenPosition) {
        prefetchTask?.cancel()
        prefetchTask = Task { await self.prefetch(session, from: position) }
    }

    private func prefetch(_ session: SearchSession, from position: ScreenPosition) async {
        _ = await fill(session, from: position, count: configuration.screenSize, cancelsStep: false)
        if !Task.isCancelled { completedPrefetches += 1 }
    }

    /// Stops a search's background work and the request it is waiting for.
    private func stop(_ session: SearchSession?) {
        prefetchTask?.cancel()
        prefetchTask = nil
        session?.stepTask?.cancel()
    }

    private func stars(among ids: [RecipeID]) async -> (ids: Set<RecipeID>, problem: UseCaseError?) {
        guard let favorites, !ids.isEmpty else { return ([], nil) }
        do throws(ServiceError) {
            return (try await favorites.favoriteIDs(among: ids), nil)
        } catch {
            return ([], UseCaseError(error, during: .favorites))
        }
    }
}
