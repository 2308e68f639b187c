import Foundation

/// A value behind a lock, built on NSLock (a pthread mutex) as Services' `Guarded` is, and for the same
/// reason: the thread sanitizer sees its waits, while `Mutex`'s futex waits are invisible to it. It is a
/// copy because PuppyServer imports none of RecipeBook's modules: it is a program of its own.
final class Guarded<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value {
        withLock { $0 }
    }
}
