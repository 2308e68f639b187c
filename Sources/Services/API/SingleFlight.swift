/// Shares one piece of work among everyone asking for the same key while it runs. A caller that is
/// cancelled stops waiting at once; the work itself is cancelled only when every caller waiting for it
/// has gone. Once it finishes, the next ask starts it anew.
final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    typealias Outcome = Result<Value, ServiceError>

    private struct Entry {
        let token: Int
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<Outcome, Never>] = [:]
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var nextNumber = 0
    }

    private let state = Locked(State())

    func run(_ key: Key, _ operation: @escaping @Sendable () async -> Outcome) async -> Outcome {
        let waiter = state.withLock { state -> Int in
            state.nextNumber += 1
            return state.nextNumber
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let cancelledAlready = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    if state.entries[key] != nil {
                        state.entries[key]?.waiters[waiter] = continuation
                        return false
                    }
                    state.nextNumber += 1
                    let token = state.nextNumber
                    var entry = Entry(token: token)
                    entry.waiters[waiter] = continuation
                    entry.task = Task { [weak self] in
                        let outcome = await operation()
                        self?.complete(key, token: token, with: outcome)
                    }
                    state.entries[key] = entry
                    return false
                }
                if cancelledAlready { continuation.resume(returning: .failure(.cancelled)) }
            }
        } onCancel: {
            self.abandon(key, waiter: waiter)
        }
    }

    /// How many distinct pieces of work are running.
    var runningCount: Int { state.withLock { $0.entries.count } }

    /// How many callers wait for the work running for `key`.
    func waiterCount(for key: Key) -> Int { state.withLock { $0.entries[key]?.waiters.count ?? 0 } }

    private func complete(_ key: Key, token: Int, with outcome: Outcome) {
        let waiters = state.withLock { state -> [CheckedContinuation<Outcome, Never>] in
            guard let entry = state.entries[key], entry.token == token else { return [] }
            state.entries[key] = nil
            return Array(entry.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    private func abandon(_ key: Key, waiter: Int) {
        let (continuation, orphan) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?) in
            guard var entry = state.entries[key], let continuation = entry.waiters.removeValue(forKey: waiter) else {
                return (nil, nil)
            }
            if entry.waiters.isEmpty {
                state.entries[key] = nil
                return (continuation, entry.task)
            }
            state.entries[key] = entry
            return (continuation, nil)
        }
        orphan?.cancel()
        continuation?.resume(returning: .failure(.cancelled))
    }
}
