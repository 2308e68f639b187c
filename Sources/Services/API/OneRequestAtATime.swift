public import Entity
public import ServiceSupport

/// The one owner of the API's connection: every request to the RecipePuppy API (a search's pages and
/// their background fill, `have`'s ranking and its single-ingredient searches) goes through it, and it
/// lets one out at a time, in the order they came. So "at most one API request in flight" holds for
/// every command together, not only within a search: a `have` typed while the next screen is being
/// fetched waits for that page instead of putting a second request on the wire.
///
/// A request still waiting for its turn when its task is cancelled leaves the line at once, without
/// being sent, and throws `cancelled`.
public final class OneRequestAtATime: RecipeSearching, PantryRankedSearching {
    private let client: any RecipeSearching & PantryRankedSearching
    private let turns = Turns()

    /// `client` is the API's client (`RecipePuppyClient`; the random sessions give their own server).
    public init(_ client: any RecipeSearching & PantryRankedSearching) {
        self.client = client
    }

    /// Requests waiting for their turn now.
    var waiting: Int { turns.waiting }

    public func validate(_ query: SearchQuery) throws(ServiceError) {
        try client.validate(query)
    }

    public func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage {
        try await turns.inTurn { () async throws(ServiceError) -> SearchPage in try await client.page(query, number: number) }
    }

    public func page(_ query: SearchQuery, number: Int, within limit: Duration) async throws(ServiceError) -> SearchPage {
        try await turns.inTurn { () async throws(ServiceError) -> SearchPage in
            try await client.page(query, number: number, within: limit)
        }
    }

    public func rankedPage(_ request: PantryRankRequest, number: Int) async throws(ServiceError) -> RankedPage {
        try await turns.inTurn { () async throws(ServiceError) -> RankedPage in try await client.rankedPage(request, number: number) }
    }

    /// `have`'s ranking within what is left of the command's one time-out (without this, the protocol's
    /// default would drop `limit` and the page would get the transport's whole time-out).
    public func rankedPage(_ request: PantryRankRequest, number: Int, within limit: Duration) async throws(ServiceError) -> RankedPage {
        try await turns.inTurn { () async throws(ServiceError) -> RankedPage in
            try await client.rankedPage(request, number: number, within: limit)
        }
    }
}

/// A line of work that runs one piece at a time, first come first served; a piece whose task is
/// cancelled while it waits leaves the line.
final class Turns: Sendable {
    private struct State {
        var busy = false
        var nextTicket: UInt64 = 0
        var waiting: [(ticket: UInt64, resume: CheckedContinuation<Bool, Never>)] = []
    }

    private let state = Locked(State())

    /// Pieces waiting for their turn now.
    var waiting: Int { state.withLock { $0.waiting.count } }

    func inTurn<T>(_ work: () async throws(ServiceError) -> T) async throws(ServiceError) -> T {
        guard await take() else { throw .cancelled }
        defer { handOn() }
        return try await work()
    }

    /// Waits for the turn: true once it is this piece's, false when its task was cancelled first.
    private func take() async -> Bool {
        let ticket = state.withLock { state -> UInt64 in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                // Decided under the lock, so a cancellation is either seen here or finds the piece in
                // the line: never both, never neither.
                let now = state.withLock { state -> Bool? in
                    if Task.isCancelled { return false }
                    if !state.busy {
                        state.busy = true
                        return true
                    }
                    state.waiting.append((ticket, continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let left = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let index = state.waiting.firstIndex(where: { $0.ticket == ticket }) else { return nil }
                return state.waiting.remove(at: index).resume
            }
            left?.resume(returning: false)
        }
    }

    /// The turn passes to the first piece waiting, or the line is free.
    private func handOn() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.waiting.isEmpty else {
                state.busy = false
                return nil
            }
            return state.waiting.removeFirst().resume
        }
        next?.resume(returning: true)
    }
}
