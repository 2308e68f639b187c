import ServiceSupport
/// What every event loop of one server shares: the counters, the bounds, the connection tally.
final class ServerContext: Sendable {
    let statistics: StatisticsRecorder
    let parserLimits: HTTPParserLimits
    let headerTimeout: UInt64
    let idleTimeout: UInt64
    /// How long a connection that is closing may keep sending before it is dropped.
    let lingerTimeout: UInt64
    let maxConnections: Int
    let maxConnectionsPerPeer: Int
    /// Peer addresses (as accepted connections name them) not held to `maxConnectionsPerPeer`.
    let trustedProxies: Set<String>
    /// Unparsed bytes a connection may buffer before it stops reading.
    let maxBufferedInput: Int
    let latency: UInt64
    /// Whether text answers are gzip-compressed for clients that accept it.
    let compressesAnswers: Bool
    let seed: UInt64
    let log: (@Sendable (String) -> Void)?
    /// Header lines every answer carries (`Access-Control-Allow-Origin` unless CORS is off).
    let everyAnswerHeaders: [UInt8]
    private let tally = Locked(Tally())
    private let stopping = Locked(false)

    /// Open connections, in all and by peer address.
    private struct Tally: Sendable {
        var open = 0
        var byPeer: [String: Int] = [:]
    }

    /// What to do with a connection just accepted.
    enum Admission: Equatable, Sendable {
        case admit
        /// Admit it in place of another: the longest idle connection of any peer, or of this peer.
        case admitInPlaceOf(Eviction)
        case refuse
    }

    enum Eviction: Equatable, Sendable {
        case anyPeer
        case samePeer(String)
    }

    /// Admissions in place of another connection that may wait for their eviction at once.
    private static let evictionSlack = 64

    init(statistics: StatisticsRecorder, configuration: ServerConfiguration) {
        let limits = configuration.limits
        self.statistics = statistics
        parserLimits = HTTPParserLimits(
            maxHeadBytes: max(limits.maxRequestHeadBytes, 64),
            maxBodyBytes: max(limits.maxBodyBytes, 0)
        )
        headerTimeout = limits.headerTimeout.nanoseconds
        idleTimeout = limits.idleTimeout.nanoseconds
        lingerTimeout = min(limits.headerTimeout.nanoseconds, 2_000_000_000)
        maxConnections = max(limits.maxConnections, 1)
        maxConnectionsPerPeer = max(limits.maxConnectionsPerPeer, 1)
        trustedProxies = Set(limits.trustedProxies.flatMap { Socket.peerAddresses(of: $0) ?? [$0] })
        maxBufferedInput = parserLimits.maxHeadBytes + parserLimits.maxBodyBytes + 64 * 1024
        latency = configuration.latency.nanoseconds
        compressesAnswers = configuration.compressesAnswers
        seed = configuration.seed
        log = configuration.log
        everyAnswerHeaders = configuration.cors.allowOriginHeader.map { Array("\($0.name): \($0.value)\r\n".utf8) } ?? []
    }

    var isStopping: Bool { stopping.current }

    func stop() {
        stopping.withLock { $0 = true }
    }

    /// Counts a new connection from `peer` (an address without its port) in, and says whether another
    /// connection must make room for it. A trusted proxy's connections count toward the total only.
    func admit(peer: String) -> Admission {
        let limitedPerPeer = !trustedProxies.contains(peer)
        return tally.withLock { tally in
            guard tally.open < maxConnections + Self.evictionSlack else { return .refuse }
            let fromPeer = tally.byPeer[peer, default: 0]
            let admission: Admission
            if limitedPerPeer, fromPeer >= maxConnectionsPerPeer {
                admission = .admitInPlaceOf(.samePeer(peer))
            } else if tally.open >= maxConnections {
                admission = .admitInPlaceOf(.anyPeer)
            } else {
                admission = .admit
            }
            tally.open += 1
            tally.byPeer[peer] = fromPeer + 1
            return admission
        }
    }

    /// Counts a connection from `peer` out (closed, or refused after `admit`).
    func release(peer: String) {
        tally.withLock { tally in
            tally.open -= 1
            let left = tally.byPeer[peer, default: 1] - 1
            tally.byPeer[peer] = left > 0 ? left : nil
        }
    }

    /// The configured latency ± 30 %, the jitter a pure function of the seed and the request target.
    func delay(for target: String) -> UInt64 {
        guard latency > 0 else { return 0 }
        let unit = StableHash(seed: seed).adding(Decision.latency).adding(target).unit
        return UInt64(Double(latency) * (0.7 + 0.6 * unit))
    }
}
