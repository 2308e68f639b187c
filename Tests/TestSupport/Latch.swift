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


/// Waits until `condition` holds; false if it never did. Tests use it to wait for another task to reach
/// a point, without ever waiting for ever. It gives up after thirty seconds and at least 5,000 looks a
/// millisecond apart: the suite runs long tests side by side on the shared pool of two threads, which
/// may hold both threads for a while, and a wait that counted only the clock would end then without
/// the awaited task (or the waiter) having run at all.
public func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    var looks = 0
    while !condition() {
        if looks >= 5_000, ContinuousClock.now > deadline { return false }
        looks += 1
        // A sleep, because what is watched signals nothing a task could await: counts kept by other threads
        // (a test server's requests and open connections on its own event loop, the server's statistics, a
        // latch's arrivals). A look needs a pause, and a sleep gives the pool's thread back where a yield
        // would keep it.
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
