/// What every event loop of one server shares: the responder, the counters, the bounds.
final class ServerContext: Sendable {
    let responder: SiteResponder
    let statistics: StatisticsRecorder
    let parserLimits: HTTPParserLimits
    let headerTimeout: UInt64
    let idleTimeout: UInt64
    /// How long a connection that is closing may keep sending before it is dropped.
    let lingerTimeout: UInt64
    let maxConnections: Int
    /// Unparsed bytes a connection may buffer before it stops reading.
    let maxBufferedInput: Int
    let latency: UInt64
    let seed: UInt64
    let log: (@Sendable (String) -> Void)?
    private let openConnections = Locked(0)
    private let stopping = Locked(false)

    init(responder: SiteResponder, statistics: StatisticsRecorder, configuration: ServerConfiguration) {
        let limits = configuration.limits
        self.responder = responder
        self.statistics = statistics
        parserLimits = HTTPParserLimits(
            maxHeadBytes: max(limits.maxRequestHeadBytes, 64),
            maxBodyBytes: max(limits.maxBodyBytes, 0)
        )
        headerTimeout = limits.headerTimeout.nanoseconds
        idleTimeout = limits.idleTimeout.nanoseconds
        lingerTimeout = min(limits.headerTimeout.nanoseconds, 2_000_000_000)
        maxConnections = max(limits.maxConnections, 1)
        maxBufferedInput = parserLimits.maxHeadBytes + parserLimits.maxBodyBytes + 64 * 1024
        latency = configuration.latency.nanoseconds
        seed = configuration.seed
        log = configuration.log
    }

    var isStopping: Bool { stopping.current }

    func stop() {
        stopping.withLock { $0 = true }
    }

    /// Counts a new connection in, unless the server is full.
    func reserveConnection() -> Bool {
        openConnections.withLock { count in
            guard count < maxConnections else { return false }
            count += 1
            return true
        }
    }

    func releaseConnection() {
        openConnections.withLock { $0 -= 1 }
    }

    /// The configured latency ± 30 %, the jitter a pure function of the seed and the request target.
    func delay(for target: String) -> UInt64 {
        guard latency > 0 else { return 0 }
        let unit = StableHash(seed: seed).adding(Decision.latency).adding(target).unit
        return UInt64(Double(latency) * (0.7 + 0.6 * unit))
    }
}
