import Foundation
public import Entity
public import Services
public import ServiceSupport

/// The search use case: screens of recipes never shown before in this search, with stable numbers,
/// lactose flags and favorite stars, and the next screen fetched in the background.
///
/// What the search is lives in one value, a `SearchMachine`; this actor is its runner. It feeds the
/// machine events (the commands it is given, what its requests and look-ups came to) and performs the
/// effects the machine returns, deciding nothing itself: the validation of a query and requests through
/// the `RecipeSearching` service, look-ups of the pages kept on disk, the wait before a retry, the reads
/// of favorite stars (a screen's, a recipe's), and the replies.
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
        /// A run of this many empty or failed pages ends the walk.
        public var gapWindow: Int
        /// How long to wait before asking again for a page that failed.
        public var retryBackoff: Duration
        /// The most one page may take, its retry included (`--timeout`); nil: each try the transport's.
        public var requestBudget: Duration?

        public init(screenSize: Int = 10, prefetch: Bool = true, startsFromSavedPages: Bool = true, maxPagesPerScreen: Int = 10,
                    gapWindow: Int = 3, retryBackoff: Duration = .milliseconds(200), requestBudget: Duration? = nil) {
            self.requestBudget = requestBudget
            self.screenSize = max(1, screenSize)
            self.prefetch = prefetch
            self.startsFromSavedPages = startsFromSavedPages
            self.maxPagesPerScreen = max(1, maxPagesPerScreen)
            self.gapWindow = max(1, gapWindow)
            self.retryBackoff = retryBackoff
        }

        var machine: SearchMachine.Configuration {
            SearchMachine.Configuration(screenSize: screenSize, prefetch: prefetch, maxPagesPerScreen: maxPagesPerScreen,
                                        gapWindow: gapWindow, retryBackoff: retryBackoff, requestBudget: requestBudget,
                                        startsFromSavedPages: startsFromSavedPages)
        }
    }

    private let searcher: any RecipeSearching
    /// Pages kept from earlier searches: a repeated search shows them at once.
    private let saved: (any SavedSearchPages)?
    private let favorites: (any FavoriteStatusProviding)?
    private let time: any TimeSource
    private var configuration: Configuration

    private var machine: SearchMachine
    private var nextCommand = 1
    /// Commands waiting for their reply.
    private var replies: [Int: CheckedContinuation<Reply, Never>] = [:]
    /// The request in flight or the wait before a retry, by request: cancelled when the machine says so.
    private var work: [Int: Task<Void, Never>] = [:]
    private var checkWaiters: [CheckedContinuation<SavedResultsCheck?, Never>] = []
    private var prefetchWaiters: [CheckedContinuation<Void, Never>] = []
    private var settleWaiters: [CheckedContinuation<Void, Never>] = []

    public init(searcher: any RecipeSearching, saved: (any SavedSearchPages)? = nil, favorites: (any FavoriteStatusProviding)?,
                time: any TimeSource, configuration: Configuration = Configuration()) {
        self.searcher = searcher
        self.saved = saved
        self.favorites = favorites
        self.time = time
        self.configuration = configuration
        machine = SearchMachine(configuration: configuration.machine)
    }

    // MARK: Use cases

    /// Starts a new search (stopping what the old one was still doing) and returns its first screen.
    /// A query that cannot be sent, or a search that finds nothing, leaves the search being shown as it
    /// was, so paging and `back` still reach it.
    /// `namesSeen`: ingredient names earlier results showed, which a server that matches names only as
    /// written is asked for too when they are what was typed (`parmesan cheese` for `cheese`).
    public func search(_ query: SearchQuery, namesSeen: [String] = []) async -> ScreenResult {
        await run(.search(query, namesSeen: namesSeen))
    }

    /// What checking the saved pages of the search shown against the server came to; nil when the
    /// search was not shown from the disk (or a newer search replaced it).
    public func savedResultsCheck() async -> SavedResultsCheck? {
        guard machine.isChecking else { return machine.session?.checkOutcome }
        return await withCheckedContinuation { checkWaiters.append($0) }
    }

    /// The screen after the one shown, from memory when the prefetch already has it.
    public func next() async -> ScreenResult { await run(.next) }

    /// The screen before the one shown, always from memory.
    public func previous() async -> ScreenResult { await run(.previous) }

    /// The first screen, from memory.
    public func first() async -> ScreenResult { await run(.first) }

    /// The screen being shown, again (favorite stars brought up to date).
    public func current() async -> ScreenResult { await run(.current) }

    /// Runs the same search again from the start.
    public func refresh() async -> ScreenResult { await run(.refresh) }

    /// After "offline", a failing server or a cancel, tries again from where the walk stopped.
    public func retry() async -> ScreenResult { await run(.retry) }

    /// Narrows what is shown to the first screen of what passes; numbers do not change.
    public func setFilter(_ filter: RecipeFilter) async -> ScreenResult { await run(.filter(filter)) }

    /// A recipe of the current search by its number, with its favorite star (nil when the favorites
    /// cannot be read).
    public func recipe(number: Int) async -> ListedRecipe? {
        guard case .recipe(let listed) = await ask(.recipe(number: number)) else { return nil }
        return listed
    }

    /// Every ingredient name seen in this search's results, for suggestions and completion.
    public func ingredientsSeen() -> [String] {
        var seen = Set<String>()
        return (machine.session?.found ?? []).flatMap(\.recipe.ingredients).filter { seen.insert($0).inserted }
    }

    /// Turns the background fetch on or off (the one-shot mode fetches only what it prints).
    public func setPrefetch(_ enabled: Bool) {
        configuration.prefetch = enabled
        perform(machine.handle(.configure(configuration.machine)))
    }

    /// Whether a search run before is shown from the pages kept on disk first (see `Configuration`).
    public func setStartsFromSavedPages(_ enabled: Bool) {
        configuration.startsFromSavedPages = enabled
        perform(machine.handle(.configure(configuration.machine)))
    }

    public func setMaxPagesPerScreen(_ pages: Int) {
        configuration.maxPagesPerScreen = max(1, pages)
        perform(machine.handle(.configure(configuration.machine)))
    }

    public func setScreenSize(_ size: Int) {
        configuration.screenSize = max(1, size)
        perform(machine.handle(.configure(configuration.machine)))
    }

    /// Stops background work (the prefetch and the request it is waiting for) before the program ends.
    public func shutdown() {
        perform(machine.handle(.shutdown))
    }

    // MARK: Observing the machine (tests and the benchmark)

    /// Waits until the background fetch started after the last screen has finished.
    public func waitForPrefetch() async {
        guard machine.isPrefetching else { return }
        await withCheckedContinuation { prefetchWaiters.append($0) }
    }

    /// How many background fetches have run to completion.
    public var prefetchCount: Int { machine.prefetchCount }

    /// Waits until nothing is going on: no screen being filled, no check running, no request in flight.
    public func settle() async {
        guard !machine.isSettled else { return }
        await withCheckedContinuation { settleWaiters.append($0) }
    }

    // MARK: Running the machine

    /// What a command is answered with: a screen, or for `Command.recipe` a recipe.
    private enum Reply {
        case screen(ScreenResult)
        case recipe(ListedRecipe?)
    }

    /// Hands a command that asks for a screen to the machine and waits for its reply.
    private func run(_ command: SearchMachine.Command) async -> ScreenResult {
        // The machine answers a command with the reply it asks for: a screen here.
        guard case .screen(let result) = await ask(command) else { return .cancelled }
        return result
    }

    /// Hands a command to the machine and waits for its reply. When the task asking is cancelled
    /// (Ctrl-C), the machine is told, and answers "cancelled" at once when it waits for a screen.
    private func ask(_ command: SearchMachine.Command) async -> Reply {
        let id = nextCommand
        nextCommand += 1
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Reply, Never>) in
                replies[id] = continuation
                perform(machine.handle(.command(id, command)))
            }
        } onCancel: {
            // The reply this command waits for comes from this event: it is waited for.
            Task { await self.cancel(id) }
        }
        return result
    }

    private func cancel(_ command: Int) {
        perform(machine.handle(.cancel(command)))
    }

    private func perform(_ effects: [SearchMachine.Effect]) {
        var pending = effects
        while !pending.isEmpty {
            switch pending.removeFirst() {
            case .validateQuery(let command, let query):
                // No I/O: answered at once, as the disk's look-ups are.
                pending += machine.handle(.queryValidated(command, problem(with: query)))
            case .lookUpKept(let lookUp):
                // A read of the disk: its answer goes back to the machine at once, before anything else
                // can happen to it.
                pending += machine.handle(.keptLookedUp(lookUp.id, kept(lookUp)))
            case .fetch(let request):
                work[request.id] = Task { await self.fetch(request) }
            case .cancel(let request):
                work[request]?.cancel()
            case .wait(let request, let duration):
                work[request] = Task {
                    // Cancelled: the machine has dropped the retry already and ignores the event.
                    try? await time.sleep(for: duration)
                    self.finished(request, .backoffElapsed(request))
                }
            case .readStars(let command, let ids):
                // The command waiting for its screen waits for this read.
                Task { await self.readStars(command, ids) }
            case .reply(let command, let result):
                replies.removeValue(forKey: command)?.resume(returning: .screen(result))
            case .recipe(let command, let listed):
                replies.removeValue(forKey: command)?.resume(returning: .recipe(listed))
            case .checkFinished(let outcome):
                let waiters = checkWaiters
                checkWaiters = []
                for waiter in waiters { waiter.resume(returning: outcome) }
            case .prefetchFinished:
                break
            }
        }
        if !machine.isPrefetching, !prefetchWaiters.isEmpty {
            let waiters = prefetchWaiters
            prefetchWaiters = []
            for waiter in waiters { waiter.resume() }
        }
        if machine.isSettled, !settleWaiters.isEmpty {
            let waiters = settleWaiters
            settleWaiters = []
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Why the search service cannot send `query`, if it cannot.
    private func problem(with query: SearchQuery) -> ServiceError? {
        do throws(ServiceError) {
            try searcher.validate(query)
            return nil
        } catch {
            return error
        }
    }

    /// What the disk holds for a look-up.
    private func kept(_ lookUp: SearchMachine.KeptLookUp) -> SearchMachine.Kept {
        guard let saved else { return .nothing }
        switch lookUp.wants {
        case .page: return saved.savedPage(lookUp.query, number: lookUp.page).map { .page($0) } ?? .nothing
        case .anything: return saved.keepsPage(lookUp.query, number: lookUp.page) ? .something : .nothing
        }
    }

    /// Performs a request on the network, within the time the machine gave it (a retry's is what is
    /// left of the page's time, never none: the machine makes no retry it has no time for).
    private func fetch(_ request: SearchMachine.Request) async {
        let event: SearchMachine.Event
        let started = time.now()
        do throws(ServiceError) {
            if let limit = request.within {
                event = .pageArrived(request.id, try await searcher.page(request.query, number: request.page, within: limit))
            } else {
                event = .pageArrived(request.id, try await searcher.page(request.query, number: request.page))
            }
        } catch {
            let elapsed = Duration.milliseconds(Int64(max(0, time.now().timeIntervalSince(started)) * 1000))
            event = .pageFailed(request.id, error, elapsed: elapsed)
        }
        finished(request.id, event)
    }

    private func readStars(_ command: Int, _ ids: [RecipeID]) async {
        let stars = await stars(among: ids)
        handle(.starsRead(command, stars.ids, problem: stars.problem))
    }

    private func finished(_ request: Int, _ event: SearchMachine.Event) {
        work[request] = nil
        handle(event)
    }

    /// Feeds the machine an event that came from outside, and performs what it says.
    private func handle(_ event: SearchMachine.Event) {
        perform(machine.handle(event))
        // Reached only in a release build (a debug build stops at the event): said, and ignored.
        for what in machine.takeImpossibleEvents() {
            FileHandle.standardError.write(Data("recipes: internal error, ignored: \(what)\n".utf8))
        }
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
