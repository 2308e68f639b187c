import Foundation
import ServiceSupport

/// One request's life between the task awaiting it and the thread doing it: the deadline, the wake-up
/// that ends a blocked wait at once, and a result delivered exactly once (by the worker, or by a
/// cancellation that does not wait for the worker to notice).
final class RequestControl: Sendable {
    typealias Outcome = Result<HTTPResponse, ServiceError>

    let deadline: ContinuousClock.Instant
    /// The limit the deadline came from, for messages.
    let timeout: Duration
    let wake: WakeSignal
    private let state = Locked<(continuation: CheckedContinuation<Outcome, Never>?, cancelled: Bool, finished: Bool)>((nil, false, false))

    init(timeout: Duration) throws(ServiceError) {
        self.timeout = timeout
        deadline = .now + timeout
        wake = try WakeSignal()
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Runs `work` on one of the request pool's threads (it blocks: name lookups, poll, libcurl) and
    /// resumes `continuation` with its outcome, or at once with `cancelled` if the request is cancelled
    /// first (a job cancelled while it waited for a thread then ends without starting).
    func start(_ continuation: CheckedContinuation<Outcome, Never>, work: @escaping @Sendable () -> Outcome) {
        let cancelled = state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.continuation = continuation
            return false
        }
        if cancelled {
            continuation.resume(returning: .failure(.cancelled))
            return
        }
        WorkerPool.requests.run { [self] in
            finish(isCancelled ? .failure(.cancelled) : work())
        }
    }

    /// Ends the request now: the waiting task gets `cancelled`, the worker wakes and stops.
    func cancel() {
        let continuation = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            state.cancelled = true
            return take(&state)
        }
        wake.signal()
        continuation?.resume(returning: .failure(.cancelled))
    }

    private func finish(_ outcome: Outcome) {
        let continuation = state.withLock { take(&$0) }
        continuation?.resume(returning: outcome)
    }

    private func take(_ state: inout (continuation: CheckedContinuation<Outcome, Never>?, cancelled: Bool, finished: Bool)) -> CheckedContinuation<Outcome, Never>? {
        guard !state.finished, let continuation = state.continuation else { return nil }
        state.finished = true
        state.continuation = nil
        return continuation
    }

    /// The time-out error for `place`, naming the real limit.
    func timeoutError(_ place: String) -> ServiceError {
        .timeout.with(detail: "no complete answer from \(place) within \(timeout.spoken)")
    }

    /// Milliseconds left before the deadline, rounded up (0 when it has passed).
    var millisecondsLeft: Int {
        let left = deadline - .now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(min(milliseconds, Int64(Int32.max)))
    }
}
