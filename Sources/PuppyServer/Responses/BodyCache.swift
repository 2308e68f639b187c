import ServiceSupport
/// Response bodies kept by key up to a total size; past it the oldest entries go first.
final class BodyCache: Sendable {
    private struct Storage: Sendable {
        var bodies: [Int: [UInt8]] = [:]
        /// Keys in the order they were added; `head` is the oldest still held.
        var order: [Int] = []
        var head = 0
        var bytes = 0
    }

    private let storage = Locked(Storage())
    let maxBytes: Int

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// The body for `key`, made by `make` (outside the lock) when it is not held.
    func body(for key: Int, make: () -> [UInt8]) -> [UInt8] {
        if let body = storage.withLock({ $0.bodies[key] }) { return body }
        let body = make()
        guard body.count <= maxBytes else { return body }
        storage.withLock { storage in
            guard storage.bodies[key] == nil else { return }
            storage.bodies[key] = body
            storage.order.append(key)
            storage.bytes += body.count
            while storage.bytes > maxBytes, storage.head < storage.order.count {
                let oldest = storage.order[storage.head]
                storage.head += 1
                storage.bytes -= storage.bodies.removeValue(forKey: oldest)?.count ?? 0
            }
            if storage.head > 1_024, storage.head * 2 > storage.order.count {
                storage.order.removeFirst(storage.head)
                storage.head = 0
            }
        }
        return body
    }
}
