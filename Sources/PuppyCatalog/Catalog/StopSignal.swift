package import ServiceSupport
/// Tells a catalog loader that the server it loads for has been shut down, so it can give up: the
/// loader is not waited for at shutdown, and what it returns after the signal is dropped.
/// `Catalog.loadBundled(until:)` looks at it between recipes; a loader of your own can do the same.
public struct StopSignal: Sendable {
    private let stopped = Locked(false)

    package init() {}

    /// Whether the server has been shut down (it stays so).
    public var isStopped: Bool { stopped.current }

    package func stop() {
        stopped.withLock { $0 = true }
    }
}
