public import Services
import ServiceSupport

/// How full the cache of results and pages is.
public struct CacheReport: Sendable, Equatable {
    public let folder: String
    public let entries: Int
    public let bytes: Int
    public let capacity: Int
}

/// The cache's own use cases: say where it is and how full, and empty it.
public struct CacheInteractor: Sendable {
    private let store: CacheStore

    public init(store: CacheStore) {
        self.store = store
    }

    public func report() -> CacheReport {
        let usage = store.usage()
        return CacheReport(folder: store.directory.path, entries: usage.entries, bytes: usage.bytes, capacity: usage.capacity)
    }

    public func clear() throws(UseCaseError) {
        do throws(ServiceError) {
            try store.clear()
        } catch {
            throw UseCaseError(error, during: .cache)
        }
    }
}
