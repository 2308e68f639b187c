import Dispatch
import Foundation
import Services

/// The favorites database being opened on a worker thread while the rest of the stack is built: the
/// open touches the file system (the file, its write-ahead log and shared-memory files, a schema check)
/// and need not hold up the embedded server, the network side and the cache.
final class FavoritesOpening: Sendable {
    private let outcome = Locked<Result<FavoritesStore, ServiceError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts opening the store in `directory`.
    init(directory: URL) {
        DispatchQueue.global(qos: .userInitiated).async { [outcome, done] in
            // The store goes straight into `outcome`: after the signal, nothing here holds it.
            outcome.withLock { $0 = Self.open(directory) }
            done.signal()
        }
    }

    private static func open(_ directory: URL) -> Result<FavoritesStore, ServiceError> {
        do throws(ServiceError) {
            return .success(try FavoritesStore(directory: directory))
        } catch {
            return .failure(error)
        }
    }

    /// The store, or why it cannot be used, once opening has finished. The wait is bounded by the
    /// store's own: SQLite gives up on a database another process keeps locked after its busy timeout.
    func result() -> Result<FavoritesStore, ServiceError> {
        done.wait()
        done.signal()  // for whoever asks next
        return outcome.withLock { $0 } ?? .failure(.storage.with(detail: "the favorites database was not opened"))
    }

    /// For a start-up that failed: waits for the opening, then lets the store go, which closes the
    /// database (folding its write-ahead log back) on this thread.
    func abandon() {
        done.wait()
        done.signal()
        outcome.withLock { $0 = nil }
    }
}
