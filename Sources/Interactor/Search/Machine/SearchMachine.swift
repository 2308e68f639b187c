import Foundation
import Entity
import Services
import ServiceSupport

/// The search being shown, as one value: the query, what was found and its numbers, where the walk
/// through the pages stands, what is shown, the filter, what is in flight and what was cancelled.
///
/// `handle(_:)` is its one transition function: an event in (a command, a query that was validated, a
/// page that arrived or failed, a page kept on disk that was looked up, favorite stars that were read, a
/// backoff that elapsed, a cancel), the new state and the effects to perform out (validate a query, look
/// up a kept page, fetch page N, cancel a request, wait before a retry, read favorite stars, reply to a
/// command with a screen or a recipe). It does no I/O, reads no clock and starts no task:
/// `SearchInteractor` performs the effects and feeds what they come to back as events, and decides
/// nothing. So the rules that matter are properties of this value alone:
///
/// - At most one request is in flight: `flight` holds it, and nothing is sent until it reports back,
///   a cancelled one included.
/// - A newer search drops older answers: a request carries the search it was sent for, and an answer
///   for any other search (or for a request cancelled meanwhile) changes nothing.
/// - Numbers are stable: a recipe is numbered once, in the order pages brought it, and never again.
struct SearchMachine {
    struct Configuration: Equatable, Sendable {
        /// Recipes per screen.
        var screenSize: Int
        /// Fill the next screen in the background after each screen is delivered.
        var prefetch: Bool
        /// Pages with results looked at to fill one screen before showing what there is: a filter that
        /// hides everything an endless server sends cannot keep the prompt away for ever.
        var maxPagesPerScreen: Int
        /// A run of this many gaps ends the walk.
        var gapWindow: Int
        /// How long to wait before asking again for a page that failed.
        var retryBackoff: Duration
        /// The most one page may take, its retry and the wait before it included; nil: no limit.
        var requestBudget: Duration? = nil
        /// A search whose first page is kept on disk takes its pages from there first and asks the
        /// server afterwards (the prompt); otherwise the server first, the kept pages standing in only
        /// when it fails (one shot).
        var startsFromSavedPages = true
    }

    /// What a command asks of the search.
    enum Command: Equatable, Sendable {
        /// A new search, once its query is found valid (`Effect.validateQuery`): one that cannot be sent
        /// is answered "failed" and leaves everything as it was. When its first page is kept on disk (and the configuration says so) its pages
        /// are taken from there first and the server is checked afterwards; `namesSeen`: ingredient
        /// names results showed before, which a server matching names only as written may be asked for
        /// too (`Session.widen`).
        case search(SearchQuery, namesSeen: [String] = [])
        /// The screen after the one shown.
        case next
        /// The screen before the one shown, from memory.
        case previous
        /// The first screen.
        case first
        /// The screen shown, again.
        case current
        /// After the walk ended (offline, a failing server) or a cancel: walk on from where it stopped.
        case retry
        /// Narrow what is shown; the first screen of what passes is shown, numbers unchanged.
        case filter(RecipeFilter)
        /// The search shown, again from the start: a new search for its query; "no search" when there is
        /// none.
        case refresh
        /// A recipe of the search shown by its number, with its favorite star (`Effect.recipe`); the
        /// search is left as it is.
        case recipe(number: Int)
    }

    enum Event: Equatable, Sendable {
        case command(Int, Command)
        /// Whether search command `id`'s query can be sent: nil, or why not (`Effect.validateQuery`).
        case queryValidated(Int, ServiceError?)
        /// The person cancelled command `id` (Ctrl-C).
        case cancel(Int)
        case pageArrived(Int, SearchPage)
        /// Request `id` failed after `elapsed`.
        case pageFailed(Int, ServiceError, elapsed: Duration = .zero)
        /// What is kept on disk for look-up `id` (`Effect.lookUpKept`).
        case keptLookedUp(Int, Kept)
        /// The favorite stars of command `id`'s screen: which of its recipes are favorites, or why
        /// that could not be read (`Effect.readStars`).
        case starsRead(Int, Set<RecipeID>, problem: UseCaseError?)
        /// The wait before retrying request `id` is over.
        case backoffElapsed(Int)
        case configure(Configuration)
        /// Stop everything: the program ends.
        case shutdown
    }

    /// A request for one page of the search API.
    struct Request: Equatable, Sendable {
        enum Purpose: Equatable, Sendable {
            /// A page of the walk.
            case walk
            /// Asking the server for a page that was shown from the disk.
            case check
        }

        enum Source: Equatable, Sendable {
            /// The page kept on disk when there is one, else the network.
            case savedFirst
            case network
        }

        let id: Int
        /// The search it was sent for.
        let session: Int
        let query: SearchQuery
        let page: Int
        /// 1, or 2 for the retry after a failure.
        let attempt: Int
        let source: Source
        let purpose: Purpose
        /// What is left of the page's time (the retry's); nil: the transport's own limit.
        var within: Duration? = nil
    }

    /// A question about the pages kept on disk from earlier searches.
    struct KeptLookUp: Equatable, Sendable {
        enum Wants: Equatable, Sendable {
            /// The page as kept (a page kept as one the server could not serve is not one).
            case page
            /// Only whether anything is kept for the page: the page, or that it was skipped.
            case anything
        }

        /// The look-up's id: the request's it is made for, or its own at the start of a search.
        let id: Int
        let query: SearchQuery
        let page: Int
        let wants: Wants
    }

    /// What a look-up found on disk.
    enum Kept: Equatable, Sendable {
        case nothing
        /// Something is kept (asked with `Wants.anything`; not read).
        case something
        case page(SearchPage)
    }

    enum Effect: Equatable, Sendable {
        /// Ask the search service whether the query of search command `id` can be sent (no I/O);
        /// report `queryValidated` at once, before anything else reaches the machine.
        case validateQuery(Int, SearchQuery)
        /// Look on disk; report `keptLookedUp` with the look-up's id.
        case lookUpKept(KeptLookUp)
        /// Ask the network for a page; report `pageArrived` or `pageFailed` with the request's id.
        case fetch(Request)
        /// Stop request `id`; it still reports back (as failed, cancelled, or arrived: either is dropped).
        case cancel(Int)
        /// Wait, then report `backoffElapsed` with the request's id.
        case wait(Int, Duration)
        /// Read which of these recipes are favorites, for command `id`'s screen; report `starsRead`.
        case readStars(Int, [RecipeID])
        /// Command `id` is answered (a screen with its favorite stars).
        case reply(Int, ScreenResult)
        /// Command `id` (`Command.recipe`) is answered: the recipe with its favorite star (nil when the
        /// favorites could not be read), or nil when the search shown has no recipe by that number.
        case recipe(Int, ListedRecipe?)
        /// Checking the pages shown from the disk came to this (nil: it was abandoned).
        case checkFinished(SavedResultsCheck?)
        /// A screen was filled in the background.
        case prefetchFinished
    }

    /// What the network (and the disk) is doing for this search. The only way a request starts is from
    /// `idle`.
    enum Flight: Equatable {
        /// Nothing in flight, nothing waiting to be retried. → `readingKept` when a page is needed and
        /// the search started from the disk, else → `fetching`.
        case idle
        /// The page kept on disk is looked up for `request`. → `idle` when it is kept (it is the
        /// answer), else → `fetching` (the network is asked); → `idle` when cancelled meanwhile.
        case readingKept(Request)
        /// `request` failed on the network on its last try; whether the page after it is kept decides
        /// whether the walk ends "offline" (nothing kept) or goes on to the kept pages. → `idle`.
        case lookingPast(Request, SkippedPage)
        /// `request` was sent. → `idle` when it reports back; `cancelled` requests stay here, dropped
        /// answers and all, until they report, so no second request overlaps them. → `backingOff` when
        /// a first try failed and may be retried.
        case fetching(Request, cancelled: Bool)
        /// `request` failed once; it is sent again, within `remaining`, when the backoff elapses
        /// (→ `fetching`), or dropped (→ `idle`) when it is cancelled meanwhile. No request is in flight.
        case backingOff(Request, remaining: Duration?)

        /// The id of the request in flight, if any.
        var inFlight: Int? {
            if case .fetching(let request, _) = self { return request.id }
            return nil
        }
    }

    private(set) var configuration: Configuration
    /// A search command waiting for the look-up of its first kept page, before it starts.
    private struct Starting: Equatable {
        let command: Int
        let query: SearchQuery
        let namesSeen: [String]
        let lookUp: Int
    }
    private var starting: Starting?
    /// Search commands waiting for their query to be validated, by command.
    private var validating: [Int: (query: SearchQuery, namesSeen: [String])] = [:]
    /// Screens filled for a command, waiting for their favorite stars, by command.
    private var starring: [Int: RecipeScreen] = [:]
    /// Recipes asked for by number, waiting for their favorite star, by command.
    private var starringRecipes: [Int: ListedRecipe] = [:]
    /// The search shown (or being started).
    private(set) var session: Session?
    /// The search shown before a new one whose first screen is not out yet: it comes back when the new
    /// one finds nothing.
    private var replaced: Session?
    private(set) var filter = RecipeFilter.all
    private(set) var flight = Flight.idle
    private var nextRequestID = 1
    private var nextSessionID = 1
    /// Screens filled in the background so far.
    private(set) var prefetchCount = 0
    /// Events that cannot happen by the machine's own rules, newest last (at most 16 kept). Every request
    /// but the one in `flight` has reported already (a request stays in flight until it reports, a
    /// cancelled one too), so an answer for any other is a second report or a request never sent: a
    /// programming error, which stops a debug build at once and is kept here, changing nothing, for the
    /// runner to log in a release build. A late event is not one of these: an answer for a request
    /// cancelled or sent for a search no longer shown, a backoff that elapsed after its retry was dropped,
    /// a cancel for a command already answered are expected, and dropped without a word.
    private(set) var impossibleEvents: [String] = []
    /// False in tests that send impossible events on purpose, to see them kept and ignored.
    private let haltsOnImpossibleEvents: Bool

    init(configuration: Configuration, haltsOnImpossibleEvents: Bool = true) {
        self.configuration = configuration
        self.haltsOnImpossibleEvents = haltsOnImpossibleEvents
    }

    /// True while a screen is being filled in the background.
    var isPrefetching: Bool { session?.phase.fill?.owner == .prefetch }

    /// True while the pages shown from the disk are being checked against the server.
    var isChecking: Bool { session?.check != nil }

    /// True when nothing is going on: nothing being filled or checked, nothing in flight.
    var isSettled: Bool { session?.phase.fill == nil && !isChecking && flight == .idle && starting == nil && starring.isEmpty && starringRecipes.isEmpty && validating.isEmpty }

    // MARK: The transition function

    mutating func handle(_ event: Event) -> [Effect] {
        var effects: [Effect] = []
        switch event {
        case .command(let id, let command):
            receive(command, id: id, &effects)
        case .cancel(let id):
            cancel(command: id, &effects)
        case .queryValidated(let id, let problem):
            guard let asked = validating.removeValue(forKey: id) else {
                impossible("a query validated for command \(id), which asked for none")
                break
            }
            if let problem {
                // Nothing has changed yet, and nothing does: the search shown stays shown.
                effects.append(.reply(id, .failed(UseCaseError(problem, during: .search))))
            } else {
                begin(asked.query, namesSeen: asked.namesSeen, for: id, &effects)
            }
        case .pageArrived(let id, let page):
            answered(id, .success(page), &effects)
        case .pageFailed(let id, let error, let elapsed):
            answered(id, .failure(error), elapsed: elapsed, &effects)
        case .keptLookedUp(let id, let kept):
            lookedUp(id, kept, &effects)
        case .starsRead(let id, let ids, let problem):
            // A screen is answered once its stars are read, whatever happened meanwhile: it was filled.
            if let screen = starring.removeValue(forKey: id) {
                effects.append(.reply(id, .screen(screen.starred(ids, problem: problem))))
            } else if var listed = starringRecipes.removeValue(forKey: id) {
                listed.isFavorite = problem == nil ? ids.contains(listed.recipe.id) : nil
                effects.append(.recipe(id, listed))
            } else {
                impossible("stars read for command \(id), which waits for none")
            }
        case .backoffElapsed(let id):
            guard case .backingOff(let failed, let remaining) = flight, failed.id == id else {
                if id <= 0 || id >= nextRequestID { impossible("a backoff elapsed for request \(id), never sent") }
                break
            }
            // The first try found nothing kept, or it would not have failed: the retry asks the network
            // (what the first try left on disk, a page kept as skipped, is not an answer).
            send(Request(id: takeRequestID(), session: failed.session, query: failed.query, page: failed.page, attempt: 2,
                         source: .network, purpose: failed.purpose, within: remaining), &effects)
        case .configure(let configuration):
            self.configuration = configuration
            if !configuration.prefetch, isPrefetching { session?.phase = .still }
        case .shutdown:
            dropStarting(&effects)
            if var old = session {
                stop(&old, &effects)
                session = old
            }
            replaced = nil
        }
        advance(&effects)
        return effects
    }

    // MARK: Commands

    private mutating func receive(_ command: Command, id: Int, _ effects: inout [Effect]) {
        if case .recipe(let number) = command {
            // Only read: nothing the search is doing changes.
            guard let found = session?.found, number >= 1, number <= found.count else {
                effects.append(.recipe(id, nil))
                return
            }
            starringRecipes[id] = found[number - 1]
            effects.append(.readStars(id, [found[number - 1].recipe.id]))
            return
        }
        if case .refresh = command {
            guard let query = session?.query else {
                effects.append(.reply(id, .noSearch))
                return
            }
            receive(.search(query), id: id, &effects)
            return
        }
        if case .search(let query, let namesSeen) = command {
            // The query is validated before anything changes.
            validating[id] = (query, namesSeen)
            effects.append(.validateQuery(id, query))
            return
        }
        // A newer command replaces a search still waiting to start.
        dropStarting(&effects)
        if case .filter(let filter) = command { self.filter = filter }
        guard let session else {
            effects.append(.reply(id, .noSearch))
            return
        }
        switch command {
        case .search, .filter:
            fill(.first, for: id, &effects)
        case .next:
            fill(session.shown.map { .from($0.upperBound + 1) } ?? session.requested, for: id, &effects)
        case .previous:
            guard let shown = session.shown else {
                effects.append(.reply(id, .atFirstScreen))
                return
            }
            let earlier = session.visible(filter).filter { $0.number < shown.lowerBound }.suffix(configuration.screenSize)
            guard let start = earlier.first?.number else {
                effects.append(.reply(id, .atFirstScreen))
                return
            }
            fill(.from(start), for: id, &effects)
        case .first:
            fill(.first, for: id, &effects)
        case .current:
            fill(session.shown.map { .from($0.lowerBound) } ?? session.requested, for: id, &effects)
        case .retry:
            self.session?.walk.resume()
            fill(session.requested, for: id, &effects)
        case .recipe, .refresh:
            // Answered above.
            break
        }
    }

    /// A search whose query is valid, for command `id`: it replaces a search still waiting to start, and
    /// starts once the disk has said whether its first page is kept (when the configuration says so).
    private mutating func begin(_ query: SearchQuery, namesSeen: [String], for id: Int, _ effects: inout [Effect]) {
        dropStarting(&effects)
        guard configuration.startsFromSavedPages else {
            start(query, fromDisk: false, namesSeen: namesSeen, for: id, &effects)
            return
        }
        // Whether the first page is kept decides where the pages come from: the disk is asked first.
        let lookUp = takeRequestID()
        starting = Starting(command: id, query: query, namesSeen: namesSeen, lookUp: lookUp)
        effects.append(.lookUpKept(KeptLookUp(id: lookUp, query: query, page: 1, wants: .page)))
    }

    /// Starts a new search (stopping what the old one was still doing) for command `id`.
    private mutating func start(_ query: SearchQuery, fromDisk: Bool, namesSeen: [String], for id: Int, _ effects: inout [Effect]) {
        if var old = session {
            stop(&old, &effects)
            replaced = old
        }
        session = Session(id: nextSessionID, query: query, startedFromDisk: fromDisk, gapWindow: configuration.gapWindow,
                          namesSeenBefore: namesSeen)
        nextSessionID += 1
        fill(.first, for: id, isNewSearch: true, &effects)
    }

    /// A search waiting for its look-up is answered "cancelled" and forgotten (its look-up's answer,
    /// should it come, is dropped).
    private mutating func dropStarting(_ effects: inout [Effect]) {
        guard let waiting = starting else { return }
        starting = nil
        effects.append(.reply(waiting.command, .cancelled))
    }

    /// Command `id` waits for the screen at `position`; a command still waiting is answered "cancelled"
    /// (a newer one replaced it).
    private mutating func fill(_ position: ScreenPosition, for id: Int, isNewSearch: Bool = false, _ effects: inout [Effect]) {
        guard var session else { return }
        if case .command(let waiting)? = session.phase.fill?.owner { effects.append(.reply(waiting, .cancelled)) }
        session.requested = position
        session.phase = .filling(Fill(position: position, owner: .command(id), isNewSearch: isNewSearch))
        self.session = session
    }

    /// The person cancelled command `id`: it is answered at once, the page it waits for is abandoned
    /// (asked for again later), and nothing more is fetched until they ask for something.
    private mutating func cancel(command id: Int, _ effects: inout [Effect]) {
        if starting?.command == id {
            dropStarting(&effects)
            return
        }
        guard var session, session.phase.fill?.owner == .command(id) else { return }
        session.phase = .interrupted
        replaced = nil
        abandonFlight(of: &session, walkOnly: true, &effects)
        self.session = session
        effects.append(.reply(id, .cancelled))
    }

    /// Stops all of a search's work: what waits is answered "cancelled", the request in flight is
    /// cancelled, the check abandoned.
    private mutating func stop(_ session: inout Session, _ effects: inout [Effect]) {
        if case .command(let waiting)? = session.phase.fill?.owner { effects.append(.reply(waiting, .cancelled)) }
        if case .filling = session.phase { session.phase = .still }
        if session.check != nil {
            session.check = nil
            effects.append(.checkFinished(nil))
        }
        abandonFlight(of: &session, walkOnly: false, &effects)
    }

    /// Cancels `session`'s request in flight, or the retry it waits to send; the page is asked for again
    /// when the walk goes on.
    private mutating func abandonFlight(of session: inout Session, walkOnly: Bool, _ effects: inout [Effect]) {
        switch flight {
        case .fetching(let request, cancelled: false) where request.session == session.id:
            guard !walkOnly || request.purpose == .walk else { return }
            flight = .fetching(request, cancelled: true)
            effects.append(.cancel(request.id))
            if request.purpose == .walk { session.walk.abandoned(request.page) }
        case .backingOff(let request, _) where request.session == session.id:
            guard !walkOnly || request.purpose == .walk else { return }
            flight = .idle
            effects.append(.cancel(request.id))
            if request.purpose == .walk { session.walk.abandoned(request.page) }
        case .readingKept(let request) where request.session == session.id, .lookingPast(let request, _) where request.session == session.id:
            // Nothing is on the network: the look-up's answer, should it come, is dropped.
            guard !walkOnly || request.purpose == .walk else { return }
            flight = .idle
            if request.purpose == .walk { session.walk.abandoned(request.page) }
        default:
            break
        }
    }

    // MARK: Answers

    private mutating func answered(_ id: Int, _ result: Result<SearchPage, ServiceError>, elapsed: Duration = .zero,
                                   _ effects: inout [Effect]) {
        guard case .fetching(let request, let cancelled) = flight, request.id == id else {
            impossible("request \(id) reported, but \(flight.inFlight.map { "request \($0)" } ?? "none") is in flight")
            return
        }
        flight = .idle
        // A cancelled request's answer is dropped, as is one for a search no longer shown.
        guard !cancelled, var session, session.id == request.session else { return }
        defer { self.session = session }
        if request.purpose == .check {
            checked(result, &session, &effects)
            return
        }
        if case .success(let page) = result { session.heard(from: page) }
        switch result {
        case .success(let page) where !page.recipes.isEmpty:
            let skipped = session.walk.tookPage(request.page)
            if !session.take(page, skipped: skipped) { session.walk.markLastPageRepeated() }
            if case .filling(var fill) = session.phase {
                fill.pagesLookedAt += 1
                session.phase = .filling(fill)
            }
        case .success(let page) where page.droppedCount > 0:
            // Results came, but none could be kept: a gap that says how many were left out.
            session.walk.passed(SkippedPage(number: request.page, reason: .leftOut(count: page.droppedCount, unreadable: page.unreadableCount)))
        case .success:
            session.walk.passed(SkippedPage(number: request.page, reason: .empty))
        case .failure(let error) where error == .cancelled:
            // Cancelled from outside (the program is ending): the search stops where it was.
            session.walk.abandoned(request.page)
            if case .command(let waiting)? = session.phase.fill?.owner { effects.append(.reply(waiting, .cancelled)) }
            session.phase = .interrupted
        case .failure(let error) where request.attempt == 1 && error != .invalidQuery && hasTimeForRetry(after: elapsed):
            flight = .backingOff(request, remaining: configuration.requestBudget.map { $0 - elapsed - configuration.retryBackoff })
            effects.append(.wait(request.id, configuration.retryBackoff))
        case .failure(let error):
            let gap = SkippedPage(number: request.page, reason: .failed(error, attempts: request.attempt))
            guard error.isNetworkLevel else {
                session.walk.passed(gap)
                return
            }
            // The network failed: the walk ends "offline" unless the page after is kept on disk.
            flight = .lookingPast(request, gap)
            effects.append(.lookUpKept(KeptLookUp(id: request.id, query: request.query, page: request.page + 1, wants: .anything)))
        }
    }

    /// What the disk holds for look-up `id`: the first page of a search about to start, a page the walk
    /// takes from the disk first, or the page after one the network failed.
    private mutating func lookedUp(_ id: Int, _ kept: Kept, _ effects: inout [Effect]) {
        if let waiting = starting, waiting.lookUp == id {
            starting = nil
            let fromDisk = if case .page = kept { true } else { false }
            start(waiting.query, fromDisk: fromDisk, namesSeen: waiting.namesSeen, for: waiting.command, &effects)
            return
        }
        switch flight {
        case .readingKept(let request) where request.id == id:
            guard case .page(let page) = kept else {
                // Nothing kept (or kept as skipped): the network is asked.
                flight = .fetching(request, cancelled: false)
                effects.append(.fetch(request))
                return
            }
            flight = .fetching(request, cancelled: false)
            answered(id, .success(page), &effects)
        case .lookingPast(let request, let gap) where request.id == id:
            flight = .idle
            guard var session, session.id == request.session else { return }
            session.walk.passed(gap, offline: kept == .nothing)
            self.session = session
        default:
            // A look-up abandoned meanwhile (cancelled, or its search replaced) is late; one never made
            // is impossible.
            if id <= 0 || id >= nextRequestID { impossible("a look-up \(id) answered, never made") }
        }
    }

    /// Whether the page's time allows a retry after a first try that took `elapsed`: a try that used it
    /// up (a silent server) is not made again.
    private func hasTimeForRetry(after elapsed: Duration) -> Bool {
        guard let budget = configuration.requestBudget else { return true }
        return elapsed + configuration.retryBackoff < budget
    }

    private mutating func checked(_ result: Result<SearchPage, ServiceError>, _ session: inout Session, _ effects: inout [Effect]) {
        guard var check = session.check else { return }
        let expected = check.pages[check.index].ids
        switch result {
        case .success(let page):
            if let savedAt = page.savedAt {
                finishCheck(.offline(savedAt: savedAt), &session, &effects)
                return
            }
            if page.recipes.map(\.id) != expected { check.changed = true }
        case .failure(let error) where error == .cancelled:
            session.check = nil
            effects.append(.checkFinished(nil))
            return
        case .failure:
            check.changed = true
        }
        check.index += 1
        session.check = check
        if check.index == check.pages.count { finishCheck(check.changed ? .changed : .current, &session, &effects) }
    }

    private func finishCheck(_ outcome: SavedResultsCheck, _ session: inout Session, _ effects: inout [Effect]) {
        session.check = nil
        session.checkOutcome = outcome
        effects.append(.checkFinished(outcome))
    }

    // MARK: Moving on

    /// Does what the state calls for now: answers a screen that is complete, starts the background fill
    /// after a screen, and sends the one request the walk or the check needs when nothing is in flight.
    private mutating func advance(_ effects: inout [Effect]) {
        while var session, case .filling(let fill) = session.phase {
            // One search ran out of results: the walk goes on to the next one, if there is one.
            if session.walk.end != nil, session.widen(with: .standard) { self.session = session }
            let enough = session.visibleCount(filter, from: fill.position) >= configuration.screenSize
            if enough || session.walk.end != nil {
                complete(fill, pagesLookedAt: nil, &effects)
            } else if fill.pagesLookedAt >= configuration.maxPagesPerScreen {
                complete(fill, pagesLookedAt: fill.pagesLookedAt, &effects)
            } else {
                if flight == .idle {
                    let number = session.walk.nextPage
                    session.walk.nextPage += 1
                    self.session = session
                    send(Request(id: takeRequestID(), session: session.id, query: session.strandQuery, page: number, attempt: 1,
                                 source: session.startedFromDisk ? .savedFirst : .network, purpose: .walk), &effects)
                }
                return
            }
        }
        if let session, let check = session.check, flight == .idle {
            send(Request(id: takeRequestID(), session: session.id, query: session.query, page: check.pages[check.index].number,
                         attempt: 1, source: .network, purpose: .check), &effects)
        }
    }

    /// Hands over the impossible events kept so far, for the runner to log.
    mutating func takeImpossibleEvents() -> [String] {
        defer { impossibleEvents = [] }
        return impossibleEvents
    }

    private mutating func impossible(_ what: String) {
        if haltsOnImpossibleEvents { assertionFailure("SearchMachine: \(what)") }
        impossibleEvents.append(what)
        if impossibleEvents.count > 16 { impossibleEvents.removeFirst() }
    }

    /// Sends `request`: to the disk first when it takes a kept page, else to the network.
    private mutating func send(_ request: Request, _ effects: inout [Effect]) {
        if request.source == .savedFirst {
            flight = .readingKept(request)
            effects.append(.lookUpKept(KeptLookUp(id: request.id, query: request.query, page: request.page, wants: .page)))
            return
        }
        flight = .fetching(request, cancelled: false)
        effects.append(.fetch(request))
    }

    private mutating func takeRequestID() -> Int {
        defer { nextRequestID += 1 }
        return nextRequestID
    }

    /// A screen is filled: the command waiting for it is answered, or the background fill counted.
    private mutating func complete(_ fill: Fill, pagesLookedAt: Int?, _ effects: inout [Effect]) {
        session?.phase = .still
        switch fill.owner {
        case .prefetch:
            prefetchCount += 1
            effects.append(.prefetchFinished)
        case .command(let id):
            let result = deliver(fill.position, pagesLookedAt: pagesLookedAt)
            if fill.isNewSearch {
                if case .noResults = result, let replaced {
                    // A search that finds nothing leaves the one shown before where it was.
                    session = replaced
                } else if case .screen = result, let session, session.startedFromDisk {
                    // Shown from the disk: the server is asked for the same pages afterwards.
                    if session.pagesFromDisk.isEmpty {
                        self.session?.checkOutcome = .current
                    } else {
                        self.session?.check = Check(pages: session.pagesFromDisk.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
                    }
                }
                replaced = nil
            }
            if case .screen(let screen) = result, !screen.recipes.isEmpty {
                // Its stars are read first: whether each recipe is a favorite is the store's to say now.
                starring[id] = screen
                effects.append(.readStars(id, screen.recipes.map(\.recipe.id)))
            } else {
                effects.append(.reply(id, result))
            }
        }
    }

    /// The screen at `position`, from what was found; after it, the next screen is filled in the
    /// background when there may be more.
    private mutating func deliver(_ position: ScreenPosition, pagesLookedAt: Int?) -> ScreenResult {
        guard var session else { return .noSearch }
        defer { self.session = session }
        let size = configuration.screenSize
        let visible = session.visible(filter)
        let start = visible.firstIndex { $0.number >= position.firstNumber } ?? visible.count
        let slice = Array(visible[start..<min(visible.count, start + size)])
        let end = session.walk.end
        if slice.isEmpty, pagesLookedAt == nil, let end,
           let result = finalResult(end, session: &session, visibleCount: visible.count) {
            return result
        }
        let lastLookedAt = slice.last?.number ?? session.found.count
        session.shown = (slice.first?.number ?? position.firstNumber)...max(position.firstNumber, lastLookedAt)
        let status = self.status(end: end, hasMoreFound: visible.count > start + slice.count || pagesLookedAt != nil)
        let unreported = session.takeUnreported()
        let hidden = session.found.prefix(lastLookedAt).count { !filter.accepts($0) }
        let saved = unreported.savedAt.map { SavedResults(savedAt: $0, offline: !session.startedFromDisk) }
        var screen = RecipeScreen(query: session.query, index: (start + size - 1) / size, recipes: slice, status: status,
                                  filter: filter, gaps: unreported.gaps, droppedCount: unreported.dropped,
                                  unreadableCount: unreported.unreadable, hiddenCount: hidden,
                                  pagesLookedAt: pagesLookedAt, starsProblem: nil, saved: saved)
        screen.alsoAskedFor = unreported.alsoAskedFor
        if configuration.prefetch, status == .more {
            session.phase = .filling(Fill(position: .from(lastLookedAt + 1), owner: .prefetch, isNewSearch: false))
        }
        return .screen(screen)
    }

    /// What to say when nothing is left to show after the walk ended; nil when an empty screen says it
    /// best (the filter hides every recipe found).
    private func finalResult(_ end: WalkEnd, session: inout Session, visibleCount: Int) -> ScreenResult? {
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
}
