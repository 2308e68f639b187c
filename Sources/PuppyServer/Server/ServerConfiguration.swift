public import Foundation

/// Bounds on what one client can make the server hold or wait for.
public struct ServerLimits: Sendable, Hashable {
    /// Request line plus headers; a longer request line is answered 414, longer headers 431.
    public var maxRequestHeadBytes = 8 * 1024
    /// Request bodies are read and dropped; a longer one is answered 413.
    public var maxBodyBytes = 16 * 1024
    /// A keep-alive connection with no request for this long is closed.
    public var idleTimeout: Duration = .seconds(30)
    /// A request (head and body) not complete this long after it began gets 408 and is closed; a new
    /// connection that sends nothing at all in this time is closed silently.
    public var headerTimeout: Duration = .seconds(10)
    /// Connections open at once. When a new one arrives with all of them open, the connection idle the
    /// longest is closed to make room (failing that, the one longest in receiving its request); when
    /// every connection is answering or has a request waiting, the new one is answered 503 with
    /// `Retry-After`.
    public var maxConnections = 2048
    /// Connections open at once from one peer address: past it, that peer's own longest idle
    /// connection is closed to make room, so one client cannot crowd out the others; when none of its
    /// connections is idle (each is answering, or has sent a request), the new one is answered 503
    /// with `Retry-After` rather than reset.
    public var maxConnectionsPerPeer = 256
    /// Addresses of reverse proxies in front of the server (nginx, a load balancer): every client
    /// reaches the server through one of their connections, so they are not held to
    /// `maxConnectionsPerPeer` (only to `maxConnections`); the proxy limits each client itself (nginx:
    /// `limit_conn` keyed on `$binary_remote_addr`). IPv4 or IPv6 addresses as written.
    public var trustedProxies: [String] = []

    public init(
        maxRequestHeadBytes: Int = 8 * 1024,
        maxBodyBytes: Int = 16 * 1024,
        idleTimeout: Duration = .seconds(30),
        headerTimeout: Duration = .seconds(10),
        maxConnections: Int = 2048,
        maxConnectionsPerPeer: Int = 256,
        trustedProxies: [String] = []
    ) {
        self.maxRequestHeadBytes = maxRequestHeadBytes
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.maxConnections = maxConnections
        self.maxConnectionsPerPeer = maxConnectionsPerPeer
        self.trustedProxies = trustedProxies
    }
}

/// How a `PuppyServer` listens, behaves and logs.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port; `PuppyServer.port` tells which.
    public var port: UInt16 = 0
    /// The origin used in hrefs and thumbnails; nil means `http://host:boundPort`.
    public var publicURL: URL?
    public var quirks: Set<Quirk> = []
    /// Which other origins' pages may read the answers (`Access-Control-Allow-Origin`); any by default.
    public var cors = CORSPolicy.anyOrigin
    public var seed: UInt64 = 1
    /// Each answer is delayed by this ± 30 % (deterministic from the seed), without blocking others.
    public var latency: Duration = .zero
    public var limits = ServerLimits()
    /// Event-loop threads. (No initial value here: it would ask for the core count, which reads files,
    /// even when the initialiser is given a number.)
    public var threads: Int
    /// Called with one line per request when set (from the server's threads).
    public var log: (@Sendable (String) -> Void)?
    /// Whether the catalog thread (loading the catalog, building the index) runs at a lower priority
    /// (nice 10), yielding to the rest of the process without being starved: for a program that embeds
    /// the server and has its own start-up to finish first. Requests wait for it as always.
    public var loadsCatalogInBackground: Bool

    /// Whether `have=NAMES` ranks the catalog by how few ingredients NAMES lack (an extension a
    /// RecipePuppy client never sends); off, it is ignored as the real service ignored it.
    public var answersHave = true

    /// Whether text answers go gzip-compressed to clients that accept it; off (a server embedded in its
    /// one client, whose answers cross no network), every answer is sent as it is.
    public var compressesAnswers = true

    /// Whether the search index is built with the catalog, before the first answer (so no search waits
    /// for it); off, it is built by the first request that needs it, and a server asked only for
    /// `have=` rankings (a one-shot "what can I make") never builds it.
    public var indexesAtLoad = true

    /// Whether the catalog waits to be loaded until it is needed: the first connection, or
    /// `PuppyServer.loadCatalog()` (a program that embeds the server calls it when it has nothing else
    /// to do, so a session that ends at once never pays for the catalog).
    public var loadsCatalogOnDemand: Bool

    /// The core count, at most 4.
    public static var defaultThreads: Int {
        min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        publicURL: URL? = nil,
        quirks: Set<Quirk> = [],
        cors: CORSPolicy = .anyOrigin,
        seed: UInt64 = 1,
        latency: Duration = .zero,
        limits: ServerLimits = ServerLimits(),
        threads: Int = ServerConfiguration.defaultThreads,
        log: (@Sendable (String) -> Void)? = nil,
        loadsCatalogInBackground: Bool = false,
        loadsCatalogOnDemand: Bool = false
    ) {
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.quirks = quirks
        self.cors = cors
        self.seed = seed
        self.latency = latency
        self.limits = limits
        self.threads = threads
        self.log = log
        self.loadsCatalogInBackground = loadsCatalogInBackground
        self.loadsCatalogOnDemand = loadsCatalogOnDemand
    }
}
