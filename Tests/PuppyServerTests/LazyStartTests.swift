import ServiceSupport
@testable import PuppyCatalog
import Dispatch
import Foundation
import Glibc
import Testing
import TestSupport
@testable import PuppyServer

/// A catalog loader that waits until the test lets it go (bounded, so a broken test cannot hang), and
/// records what it was told: whether the server had been shut down when it was let go.
private final class GatedLoader: Sendable {
    private let gate = DispatchSemaphore(value: 0)
    private let started = DispatchSemaphore(value: 0)
    private let calls = Locked(0)
    private let returned = Locked(false)
    private let stopSeen = Locked(false)
    /// Whether a load let go after shutdown throws (as `Catalog.loadBundled(until:)` does) or still returns.
    let throwsWhenStopped: Bool

    struct Stopped: Error, CustomStringConvertible {
        var description: String { "stopped" }
    }

    init(throwsWhenStopped: Bool = false) {
        self.throwsWhenStopped = throwsWhenStopped
    }

    func load() throws -> Catalog {
        try load(stop: nil)
    }

    func load(stop: StopSignal?) throws -> Catalog {
        calls.withLock { $0 += 1 }
        started.signal()
        _ = gate.wait(timeout: .now() + 20)
        defer { returned.withLock { $0 = true } }
        let stopped = stop?.isStopped ?? false
        stopSeen.withLock { $0 = stopped }
        if stopped, throwsWhenStopped { throw Stopped() }
        return try PuppyServerFixture.sampleCatalog()
    }

    func open() { gate.signal() }

    /// Waits (at most 20 s) until the server's thread has begun loading.
    func waitUntilLoading() -> Bool { started.wait(timeout: .now() + 20) == .success }

    var callCount: Int { calls.current }
    /// Whether a load has come back (returned or thrown).
    var hasReturned: Bool { returned.current }
    /// Whether the load, when let go, was told the server had been shut down.
    var sawStop: Bool { stopSeen.current }
}

@Suite("Starting before the catalog is loaded")
struct LazyStartTests {
    @Test func startReturnsWithThePortBoundAndARequestIsAnsweredOnceTheCatalogIsLoaded() async throws {
        let loader = GatedLoader()
        let server = PuppyServer(configuration: ServerConfiguration(threads: 1), loadingCatalog: loader.load)
        defer { server.shutdown() }
        try server.start()
        #expect(server.port != 0)
        #expect(server.catalog == nil)
        #expect(loader.waitUntilLoading())

        // Connected and asked while the catalog is still loading: the request waits in the queue.
        let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(20))
        try connection.send("GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(server.statistics.totalRequests == 0)
        loader.open()
        let response = try #require(try connection.readResponse())
        #expect(response.status == 200)
        #expect(Envelope.decode(response.body)?.results.count == 10)
        #expect(server.catalog?.recipes.count == 36)
        #expect(loader.callCount == 1)
    }

    /// On demand, nothing is loaded until a first connection asks (and then it is answered), or until
    /// `loadCatalog()`; a server shut down before either never loads at all.
    @Test func onDemandTheCatalogWaitsForAFirstConnection() async throws {
        let loader = GatedLoader()
        loader.open()
        let server = PuppyServer(configuration: ServerConfiguration(threads: 1, loadsCatalogOnDemand: true), loadingCatalog: loader.load)
        defer { server.shutdown() }
        try server.start()
        // The catalog's thread loads nothing until the catalog is asked for, and nothing has asked.
        #expect(!server.catalogDemanded, "nothing asked for the catalog yet")
        #expect(loader.callCount == 0)
        let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(20))
        try connection.send("GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(response.status == 200)
        #expect(Envelope.decode(response.body)?.results.count == 10)
        #expect(loader.callCount == 1)
    }

    @Test func onDemandLoadCatalogStartsTheLoadAndShutdownBeforeNeverLoads() async throws {
        let asked = GatedLoader()
        asked.open()
        let server = PuppyServer(configuration: ServerConfiguration(threads: 1, loadsCatalogOnDemand: true), loadingCatalog: asked.load)
        try server.start()
        server.loadCatalog()
        #expect(asked.waitUntilLoading())
        server.shutdown()

        let never = GatedLoader()
        never.open()
        let idle = PuppyServer(configuration: ServerConfiguration(threads: 1, loadsCatalogOnDemand: true), loadingCatalog: never.load)
        try idle.start()
        idle.shutdown()
        #expect(idle.waitForCatalogThread(timeout: .seconds(20)), "shutting down lets the catalog's thread go")
        #expect(never.callCount == 0)
    }

    /// `recipes` listens before its first prompt and builds the server after it: a connection made to
    /// the listener before the server exists waits in the queue and is answered once it starts on it.
    @Test func aListenerOpenedFirstQueuesConnectionsUntilTheServerStartsOnIt() async throws {
        let configuration = ServerConfiguration(threads: 1)
        let listener = try PuppyServer.listen(host: configuration.host, port: configuration.port)
        #expect(listener.port != 0)
        let connection = try RawHTTPConnection(port: listener.port, timeout: .seconds(20))
        try connection.send("GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\n\r\n")
        let server = PuppyServer(catalog: try PuppyServerFixture.sampleCatalog(), configuration: configuration)
        defer { server.shutdown() }
        try server.start(on: listener)
        #expect(server.port == listener.port)
        let response = try #require(try connection.readResponse())
        #expect(response.status == 200)
        #expect(Envelope.decode(response.body)?.results.count == 10)

        // A listener handed to a server already started is closed, not leaked.
        let spare = try PuppyServer.listen(host: configuration.host, port: configuration.port)
        #expect(throws: PuppyServerError.self) { try server.start(on: spare) }
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: spare.port) }
    }

    @Test func shutdownRightAfterStartStopsCleanly() throws {
        let server = PuppyServer(configuration: ServerConfiguration(threads: 2), loadingCatalog: Catalog.bundled)
        try server.start()
        let port = server.port
        server.shutdown()
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: port) }
        server.shutdown()
    }

    @Test(arguments: [false, true])
    func shutdownWhileTheCatalogIsLoadingReturnsAtOnceAndWhatTheLoadMakesAfterIsDropped(loaderThrows: Bool) async throws {
        let loader = GatedLoader(throwsWhenStopped: loaderThrows)
        let logged = Locked<[String]>([])
        let configuration = ServerConfiguration(threads: 2, log: { line in logged.withLock { $0.append(line) } })
        let server = PuppyServer(configuration: configuration, loadingCatalog: { stop in try loader.load(stop: stop) })
        try server.start()
        let port = server.port
        #expect(loader.waitUntilLoading())
        let waiting = try RawHTTPConnection(port: port, timeout: .seconds(20))
        try waiting.send("GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\n\r\n")

        // The loader is still held: shutdown returns without waiting for it.
        server.shutdown()
        #expect(!loader.hasReturned)
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: port) }
        // The request that waited in the listen queue gets no answer at all, not a wrong one.
        #expect(try waiting.readResponse() == nil)

        loader.open()
        #expect(await eventually { loader.hasReturned })
        #expect(loader.sawStop)
        #expect(server.catalog == nil)
        #expect(server.catalogFailure == nil)
        #expect(logged.current.isEmpty)
        // Nothing listens or loops again. (The port itself is free by now, and another test may hold it.)
        #expect(server.connectionsPerLoop.isEmpty)
        #expect(server.statistics.totalRequests == 0)
    }

    @Test func requestsQueuedOnSeveralConnectionsBeforeTheCatalogIsReadyAreAllAnswered() async throws {
        let loader = GatedLoader()
        let server = PuppyServer(configuration: ServerConfiguration(threads: 2), loadingCatalog: { stop in try loader.load(stop: stop) })
        defer { server.shutdown() }
        try server.start()
        #expect(loader.waitUntilLoading())
        let connections = try (0..<3).map { _ in try RawHTTPConnection(port: server.port, timeout: .seconds(20)) }
        for (number, connection) in connections.enumerated() {
            try connection.send("GET /api/?i=garlic&p=\(number + 1) HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        loader.open()
        for connection in connections {
            let response = try #require(try connection.readResponse())
            #expect(response.status == 200)
            #expect(Envelope.decode(response.body) != nil)
        }
        #expect(server.statistics.totalRequests == 3)
        #expect(!loader.sawStop)
    }

    /// In the background the catalog yields to the rest of the program (a lower priority) but is never
    /// starved: the idle policy would leave a request waiting for it on a machine busy with other work.
    @Test(arguments: [false, true])
    func theCatalogThreadYieldsInTheBackgroundWithoutStarving(background: Bool) async throws {
        let scheduling = Locked<(policy: Int32, nice: Int32)?>(nil)
        let configuration = ServerConfiguration(threads: 1, loadsCatalogInBackground: background)
        let server = PuppyServer(configuration: configuration, loadingCatalog: {
            scheduling.withLock { $0 = (sched_getscheduler(0), getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)) }
            return try PuppyServerFixture.sampleCatalog()
        })
        defer { server.shutdown() }
        try server.start()
        let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(20))
        try connection.send("GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse()?.status == 200)
        // SCHED_OTHER (0), never SCHED_IDLE (5); nice 10 in the background, else the process's own.
        #expect(scheduling.current?.policy == 0)
        #expect(scheduling.current?.nice == (background ? 10 : getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)))
    }

    @Test func theBundledCatalogGivesUpOnceTheServerIsStopped() throws {
        let running = StopSignal()
        #expect(try Catalog.loadBundled(until: running).recipes.count == Catalog.bundled().recipes.count)
        let stopped = StopSignal()
        stopped.stop()
        #expect(throws: CatalogError.self) { try Catalog.loadBundled(until: stopped) }
    }

    @Test func anIndexBuiltAfterTheStopIsLeftIncomplete() throws {
        let recipes = try Catalog.bundled().recipes
        let last = try #require(recipes.last)
        #expect(SearchIndex(recipes: recipes, stop: StopSignal()).position(ofID: last.id) == recipes.count - 1)
        let stopped = StopSignal()
        stopped.stop()
        #expect(SearchIndex(recipes: recipes, stop: stopped).position(ofID: last.id) == nil)
    }

    @Test func aCatalogThatFailsToLoadIsAnswered503WithTheReason() async throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "catalog.jsonl:3: missing \"title\"" } }
        let server = PuppyServer(loadingCatalog: { throw Broken() })
        try server.start()
        defer { server.shutdown() }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(response.status == 503)
        #expect(response.text.contains("catalog.jsonl:3: missing \"title\""))
        #expect(server.catalogFailure == "catalog.jsonl:3: missing \"title\"")
        #expect(server.catalog == nil)
    }

    @Test func theSynchronousInitialiserHasItsCatalogAtOnce() throws {
        let catalog = try PuppyServerFixture.sampleCatalog()
        let server = PuppyServer(catalog: catalog)
        #expect(server.catalog?.recipes == catalog.recipes)
    }
}

