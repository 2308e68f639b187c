/// Lets callers take turns: one holder at a time, the rest wait in order. A waiter that is cancelled
/// leaves the queue at once.
final class AsyncGate: Sendable {
    private struct State {
        var busy = false
        var nextTicket = 0
        var waiters: [(ticket: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    private let state = Locked(State())

    /// Waits for the gate; throws `cancelled` when the caller is cancelled while waiting.
    func enter() async throws(ServiceError) {
        let ticket: Int? = state.withLock { state in
            if !state.busy {
                state.busy = true
                return nil
            }
            state.nextTicket += 1
            return state.nextTicket
        }
        guard let ticket else { return }
        let entered = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let cancelledAlready: Bool = state.withLock { state in
                    if Task.isCancelled { return true }
                    state.waiters.append((ticket, continuation))
                    return false
                }
                if cancelledAlready { continuation.resume(returning: false) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.ticket == ticket }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(returning: false)
        }
        if !entered { throw .cancelled }
    }

    /// How many callers wait for the gate.
    var waitingCount: Int { state.withLock { $0.waiters.count } }

    /// Hands the gate to the next waiter, or opens it.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            if state.waiters.isEmpty {
                state.busy = false
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume(returning: true)
    }
}
