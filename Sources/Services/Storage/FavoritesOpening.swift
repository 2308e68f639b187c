public import Foundation
import Dispatch
public import Entity
public import ServiceSupport

/// The favorites database being opened on a worker thread: the open touches the file system (the
/// file, its write-ahead log and shared-memory files, a schema check), and nothing waits for it until
/// favorites are first needed, so the prompt comes up (and `quit` is typed) meanwhile.
///
/// An opening that failed because another program held a lock is not the answer for the rest of the
/// session: the next use opens the database again, so only a lock held now is an error.
public final class FavoritesOpening: FavoriteStatusProviding {
    private struct State: Sendable {
        var outcome: Result<FavoritesStore, ServiceError>?
        var waiting: [CheckedContinuation<Result<FavoritesStore, ServiceError>, Never>] = []
        /// An opening is under way: the first, or another after a lock.
        var opening = false
    }

    private let state: Locked<State>
    private let done = DispatchSemaphore(value: 0)
    private let directory: URL?
    private let busyTimeout: Duration
    private let started: Locked<Bool>

    /// Opens the store in `directory`: at once, or with `startsAtOnce` false when `begin()` is called
    /// or the store is first asked for. `busyTimeout`: how long an opening waits for another program's
    /// lock.
    public init(directory: URL, startsAtOnce: Bool = true, busyTimeout: Duration = .seconds(5)) {
        state = Locked(State())
        self.directory = directory
        self.busyTimeout = busyTimeout
        started = Locked(false)
        if startsAtOnce { begin() }
    }

    /// A store already opened, or why there is none.
    public init(_ outcome: Result<FavoritesStore, ServiceError>) {
        state = Locked(State(outcome: outcome))
        directory = nil
        busyTimeout = .zero
        started = Locked(true)
        done.signal()
    }

    /// Starts opening the store on a worker thread, unless that has started. Returns at once.
    public func begin() {
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        guard first, directory != nil else { return }
        state.withLock { $0.opening = true }
        open()
    }

    private var hasStarted: Bool { started.withLock { $0 } }

    /// Opens the database on a worker thread; `finish` takes the outcome.
    private func open() {
        guard let directory else { return }
        let busyTimeout = busyTimeout
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            do throws(ServiceError) {
                finish(.success(try FavoritesStore(directory: directory, busyTimeout: busyTimeout)))
            } catch {
                finish(.failure(error))
            }
        }
    }

    private func finish(_ outcome: Result<FavoritesStore, ServiceError>) {
        let waiting = state.withLock { state in
            state.outcome = outcome
            state.opening = false
            defer { state.waiting = [] }
            return state.waiting
        }
        done.signal()
        for continuation in waiting { continuation.resume(returning: outcome) }
    }

    /// The store, or why it cannot be used, once opening has finished; waits without holding a thread.
    /// The wait is bounded by the store's own: SQLite gives up on a database another process keeps
    /// locked after its busy timeout. An opening that found the database locked is tried again.
    public func store() async -> Result<FavoritesStore, ServiceError> {
        await store(afterALock: .openAgainAndWait)
    }

    /// What a use of the store does when the last opening found the database locked.
    private enum AfterALock {
        /// Opens it again and waits for that (a command that needs the favorites).
        case openAgainAndWait
        /// Opens it again for the next use, answering with the lock now (stars on a search).
        case openAgainMeanwhile
        /// Takes the lock as the answer (closing).
        case keep
    }

    private func store(afterALock: AfterALock) async -> Result<FavoritesStore, ServiceError> {
        begin()
        return await withCheckedContinuation { continuation in
            let (outcome, opens) = state.withLock { state -> (Result<FavoritesStore, ServiceError>?, Bool) in
                let locked = if case .failure(let error)? = state.outcome { error == .storageBusy && directory != nil } else { false }
                let opens = locked && !state.opening && afterALock != .keep
                if opens { state.opening = true }
                if locked && afterALock == .openAgainMeanwhile { return (state.outcome, opens) }
                if state.opening || state.outcome == nil {
                    state.waiting.append(continuation)
                    return (nil, opens)
                }
                return (state.outcome, false)
            }
            if opens { open() }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }

    /// The outcome of the first opening (or a later one, once finished), blocking the calling thread
    /// until it has finished.
    public func result() -> Result<FavoritesStore, ServiceError> {
        begin()
        done.wait()
        done.signal()  // for whoever asks next
        return state.withLock { $0.outcome } ?? .failure(.storage.with(detail: "the favorites database was not opened"))
    }

    /// The ids among `ids` that are favorites. A database that could not be opened holds none: why it
    /// cannot be used is said where favorites themselves are asked for, not on every search.
    public func favoriteIDs(among ids: [RecipeID]) async throws(ServiceError) -> Set<RecipeID> {
        guard case .success(let store) = await store(afterALock: .openAgainMeanwhile) else { return [] }
        return try await store.favoriteIDs(among: ids)
    }

    /// For a start-up that failed: waits for the opening, then lets the store go, which closes the
    /// database (folding its write-ahead log back) on this thread.
    public func abandon() {
        guard hasStarted else { return }
        _ = result()
        state.withLock { $0.outcome = nil }
    }

    /// Waits for the opening, then closes the store if there is one (folding its write-ahead log back).
    public func close() async {
        guard hasStarted else { return }
        if case .success(let store) = await store(afterALock: .keep) { await store.close() }
    }
}
