import Dispatch
import Foundation
import Testing
import TestSupport
@testable import PuppyServer

/// A catalog loader that waits until the test lets it go (bounded, so a broken test cannot hang).
private final class GatedLoader: Sendable {
    private let gate = DispatchSemaphore(value: 0)
    private let started = DispatchSemaphore(value: 0)
    private let calls = Locked(0)

    func load() throws -> Catalog {
        calls.withLock { $0 += 1 }
        started.signal()
        _ = gate.wait(timeout: .now() + 20)
        return try PuppyServerFixture.sampleCatalog()
    }

    func open() { gate.signal() }

    /// Waits (at most 20 s) until the server's thread has begun loading.
    func waitUntilLoading() -> Bool { started.wait(timeout: .now() + 20) == .success }

    var callCount: Int { calls.current }
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

    @Test func shutdownRightAfterStartStopsCleanly() throws {
        let server = PuppyServer(configuration: ServerConfiguration(threads: 2), loadingCatalog: Catalog.bundled)
        try server.start()
        let port = server.port
        server.shutdown()
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: port) }
        server.shutdown()
    }

    @Test func shutdownWhileTheCatalogIsLoadingWaitsForItAndStops() async throws {
        let loader = GatedLoader()
        let server = PuppyServer(configuration: ServerConfiguration(threads: 1), loadingCatalog: loader.load)
        try server.start()
        let port = server.port
        #expect(loader.waitUntilLoading())
        let stopped = Locked(false)
        let thread = Thread {
            server.shutdown()
            stopped.withLock { $0 = true }
        }
        thread.start()
        loader.open()
        #expect(await eventually { stopped.current })
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: port) }
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
