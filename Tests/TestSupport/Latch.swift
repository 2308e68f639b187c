import Services
import ServiceSupport

/// A door the test opens when it is ready: operations wait at it.
public final class Latch: Sendable {
    public init() {}

    private let state = Locked<(open: Bool, waiters: [Int: CheckedContinuation<Void, Never>], arrivals: Int)>((false, [:], 0))

    /// Waits until the latch is opened, or until the waiting task is cancelled.
    public func wait() async {
        let ticket = state.withLock { state -> Int in
            state.arrivals += 1
            return state.arrivals
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let goOn = state.withLock { state -> Bool in
                    if state.open || Task.isCancelled { return true }
                    state.waiters[ticket] = continuation
                    return false
                }
                if goOn { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: ticket) }?.resume()
        }
    }

    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        waiters.forEach { $0.resume() }
    }

    public var arrivals: Int { state.withLock { $0.arrivals } }
}


/// Waits until `condition` holds, at most about thirty seconds; false if it never did. Tests use it to
/// wait for another task to reach a point, without ever spinning for ever. Between looks it sleeps a
/// moment rather than yielding: on a machine of two cores, with the whole suite running beside it, a
/// loop of yields keeps a thread of the shared pool busy that the awaited task may need.
public func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
