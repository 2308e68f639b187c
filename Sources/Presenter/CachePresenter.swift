public import Interactor

/// `recipes cache` and `recipes cache clear`: one line each.
public struct CachePresenter: Sendable {
    private let cache: CacheInteractor
    private let messages = Messages(mode: .oneShot)

    public init(cache: CacheInteractor) {
        self.cache = cache
    }

    /// Where the cache is and how full it is.
    public func describe() -> MessageModel {
        messages.cacheReport(cache.report())
    }

    /// Empties the cache; the line says what came of it.
    public func clear() -> MessageModel {
        do throws(UseCaseError) {
            try cache.clear()
            return messages.cacheCleared(cache.report().folder)
        } catch {
            return messages.error(error)
        }
    }
}
