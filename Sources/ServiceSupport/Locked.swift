import Foundation

/// A value behind a lock, shared between threads.
///
/// Built on NSLock (a pthread mutex), which the thread sanitizer understands; the standard library's
/// `Mutex` waits on futexes that it cannot see, so every use of it would be reported as a race.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// The value now (a copy, read under the lock).
    public var current: Value {
        withLock { $0 }
    }
}
