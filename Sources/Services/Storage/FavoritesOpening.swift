public import Foundation
import Dispatch
public import Entity
public import ServiceSupport

/// The favorites database being opened on a worker thread: the open touches the file system (the
/// file, its write-ahead log and shared-memory files, a schema check), and nothing waits for it until
/// favorites are first needed, so the prompt comes up (and `quit` is typed) meanwhile.
public final class FavoritesOpening: FavoriteStatusProviding {
    private struct State: Sendable {
        var outcome: Result<FavoritesStore, ServiceError>?
        var waiting: [CheckedContinuation<Result<FavoritesStore, ServiceError>, Never>] = []
    }

    private let state: Locked<State>
    private let done = DispatchSemaphore(value: 0)
    private let directory: URL?
    private let started: Locked<Bool>

    /// Opens the store in `directory`: at once, or with `startsAtOnce` false when `begin()` is called
    /// or the store is first asked for.
    public init(directory: URL, startsAtOnce: Bool = true) {
        state = Locked(State())
        self.directory = directory
        started = Locked(false)
        if startsAtOnce { begin() }
    }

    /// A store already opened, or why there is none.
    public init(_ outcome: Result<FavoritesStore, ServiceError>) {
        state = Locked(State(outcome: outcome))
        directory = nil
        started = Locked(true)
        done.signal()
    }

    /// Starts opening the store on a worker thread, unless that has started. Returns at once.
    public func begin() {
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        guard first, let directory else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            finish(Self.open(directory))
        }
    }

    private var hasStarted: Bool { started.withLock { $0 } }

    private static func open(_ directory: URL) -> Result<FavoritesStore, ServiceError> {
        do throws(ServiceError) {
            return .success(try FavoritesStore(directory: directory))
        } catch {
            return .failure(error)
        }
    }

    private func finish(_ outcome: Result<FavoritesStore, ServiceError>) {
        let waiting = state.withLock { state in
            state.outcome = outcome
            defer { state.waiting = [] }
            return state.waiting
        }
        done.signal()
        for continuation in waiting { continuation.resume(returning: outcome) }
    }

    /// The store, or why it cannot be used, once opening has finished; waits without holding a thread.
    /// The wait is bounded by the store's own: SQLite gives up on a database another process keeps
    /// locked after its busy timeout.
    public func store() async -> Result<FavoritesStore, ServiceError> {
        begin()
        return await withCheckedContinuation { continuation in
            let outcome = state.withLock { state in
                if state.outcome == nil { state.waiting.append(continuation) }
                return state.outcome
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }

    /// The same, blocking the calling thread until opening has finished.
    public func result() -> Result<FavoritesStore, ServiceError> {
        begin()
        done.wait()
        done.signal()  // for whoever asks next
        return state.withLock { $0.outcome } ?? .failure(.storage.with(detail: "the favorites database was not opened"))
    }

    /// The ids among `ids` that are favorites. A database that could not be opened holds none: why it
    /// cannot be used is said where favorites themselves are asked for, not on every search.
    public func favoriteIDs(among ids: [RecipeID]) async throws(ServiceError) -> Set<RecipeID> {
        guard case .success(let store) = await store() else { return [] }
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
        if case .success(let store) = await store() { await store.close() }
    }
}
