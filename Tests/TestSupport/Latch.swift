import Services

/// A door the test opens when it is ready: operations wait at it.
public final class Latch: Sendable {
    public init() {}

    private let state = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>], arrivals: Int)>((false, [], 0))

    public func wait() async {
        await withCheckedContinuation { continuation in
            let openAlready = state.withLock { state -> Bool in
                state.arrivals += 1
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if openAlready { continuation.resume() }
        }
    }

    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }

    public var arrivals: Int { state.withLock { $0.arrivals } }
}


/// Yields until `condition` holds, at most about ten seconds; false if it never did. Tests use it to
/// wait for another task to reach a point, without ever spinning for ever.
public func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        await Task.yield()
    }
    return true
}
