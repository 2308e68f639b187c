import Services
import ServiceSupport

extension FavoritesOpening {
    /// The store, or why it cannot be used (a damaged or too-new database) as the use cases tell it;
    /// waits for the opening.
    func requiredStore() async throws(UseCaseError) -> FavoritesStore {
        switch await store() {
        case .success(let store): return store
        case .failure(let error): throw UseCaseError(error, during: .favorites)
        }
    }
}

/// Runs a store query on the caller's actor, its errors told as the use cases tell them.
func storeQuery<T: Sendable>(isolation: isolated (any Actor)? = #isolation,
                             _ body: () async throws(ServiceError) -> T) async throws(UseCaseError) -> T {
    do throws(ServiceError) {
        return try await body()
    } catch {
        throw UseCaseError(error, during: .favorites)
    }
}
