public import PuppyCatalog
import ServiceSupport
public import Foundation
import Dispatch
import Glibc

/// A RecipePuppy-compatible HTTP server over a catalog: `/api/?i=&q=&p=`, recipe pages at each href,
/// pictures, thumbnails, and on demand the real service's habits (see `Quirk`).
///
/// POSIX sockets and poll(2) on a few event-loop threads; every read bounded (see `ServerLimits`).
/// `start()` binds and listens, then returns: the port is known at once. The catalog (when it was
/// given as a loader) and the search index are made on a catalog thread of their own; the first loop
/// starts accepting once they are ready, so requests sent before wait in the listen queue.
/// `shutdown()` closes the listener and every connection and joins the event loops, but does not wait
/// for the catalog thread: it tells it to stop (`StopSignal`) and drops whatever it makes afterwards.
public final class PuppyServer: Sendable {
    public static let version = "1.1.0"

    public let configuration: ServerConfiguration
    private let loader: @Sendable (StopSignal) throws -> Catalog
    private let catalogState: Locked<CatalogState>
    private let recorder = StatisticsRecorder()
    private let state = Locked(Phase.idle)
    /// Left when the catalog's thread ends.
    private let catalogThreadFinished = DispatchGroup()

    private enum CatalogState: Sendable {
        case notLoaded
        case loaded(Catalog)
        case failed(String)
    }

    private enum Phase: Sendable {
        case idle
        case running(Running)
        case stopped(port: UInt16)
    }

    private struct Running: Sendable {
        var port: UInt16
        var context: ServerContext
        var loops: [EventLoop]
        var finished: DispatchGroup
        var responder: ResponderSlot
    }

    /// A server over a catalog already loaded; its search index is built on the server's thread.
    public init(catalog: Catalog, configuration: ServerConfiguration = ServerConfiguration()) {
        self.configuration = configuration
        loader = { _ in catalog }
        catalogState = Locked(.loaded(catalog))
    }

    /// A server that loads its catalog itself, on its own thread, after `start()` has returned: for a
    /// program that embeds the server and should not wait for the catalog before doing anything else.
    /// When `load` throws, the server answers every request with 503 and the reason (`catalogFailure`).
    /// `shutdown()` does not wait for `load`; what it returns or throws afterwards is dropped.
    public init(configuration: ServerConfiguration = ServerConfiguration(), loadingCatalog load: @escaping @Sendable () throws -> Catalog) {
        self.configuration = configuration
        loader = { _ in try load() }
        catalogState = Locked(.notLoaded)
    }

    /// The same, with a loader told when the server was shut down so it can give up early:
    /// `PuppyServer(configuration: configuration, loadingCatalog: Catalog.loadBundled(until:))`.
    public init(configuration: ServerConfiguration = ServerConfiguration(), loadingCatalog load: @escaping @Sendable (StopSignal) throws -> Catalog) {
        self.configuration = configuration
        loader = load
        catalogState = Locked(.notLoaded)
    }

    deinit {
        shutdown()
    }

    /// The catalog served, once loaded (nil before, and when loading failed).
    public var catalog: Catalog? {
        if case .loaded(let catalog) = catalogState.current { return catalog }
        return nil
    }

    /// Why the catalog could not be loaded, when it could not.
    public var catalogFailure: String? {
        if case .failed(let reason) = catalogState.current { return reason }
        return nil
    }

    /// A socket bound and listening before its server is built: its port is known, and connections
    /// queue on it until `start(on:)` hands it to the server.
    public struct Listener: Sendable {
        let fd: Int32
        public let port: UInt16
    }

    /// Binds and listens on `host` and `port` (those of the configuration the server will have), and
    /// nothing else. Throws `PuppyServerError` if it cannot listen.
    public static func listen(host: String, port: UInt16) throws -> Listener {
        do {
            let socket = try Socket.listen(host: host, port: port)
            return Listener(fd: socket.fd, port: socket.port)
        } catch let failure as Socket.Failure {
            throw PuppyServerError(message: failure.description)
        }
    }

    /// Binds, listens and starts the event-loop threads; when it returns, the port is bound and
    /// connections queue until the server is ready to answer them.
    /// Throws `PuppyServerError` if it cannot listen or was already started.
    public func start() throws {
        try start(on: nil)
    }

    /// The same on `listener`, opened by `listen` with the configuration's host and port (nil: bind
    /// and listen now). A listener given is the server's from then on, closed with it or when starting
    /// fails.
    public func start(on listener: Listener?) throws {
        try state.withLock { phase in
            guard case .idle = phase else {
                if let listener { close(listener.fd) }
                throw PuppyServerError(message: "the server was already started")
            }
            let threads = min(max(configuration.threads, 1), 64)
            Self.raiseDescriptorLimit(toCover: configuration.limits.maxConnections + 64)
            let listener = try listener ?? Self.listen(host: configuration.host, port: configuration.port)

            let origin = configuration.publicURL ?? Self.baseURL(host: configuration.host, port: listener.port)
            let context = ServerContext(statistics: recorder, configuration: configuration)
            var loops: [EventLoop] = []
            do {
                for _ in 0..<threads { loops.append(try EventLoop(context: context)) }
            } catch {
                close(listener.fd)
                loops.forEach { $0.closePipe() }
                throw PuppyServerError(message: "cannot start: \(error)")
            }

            let finished = DispatchGroup()
            let allLoops = loops
            let slot = ResponderSlot()
            for (number, loop) in loops.enumerated() {
                finished.enter()
                let thread = Thread {
                    if number == 0 {
                        loop.accept(from: listener.fd, distributingTo: allLoops, responder: slot)
                    }
                    loop.run()
                    finished.leave()
                }
                thread.name = "PuppyServer loop \(number + 1)"
                thread.stackSize = 1 << 20
                thread.start()
            }
            // Not joined: shutdown raises the slot's stop signal and returns without waiting for it.
            let acceptingLoop = loops[0]
            if !configuration.loadsCatalogOnDemand { slot.demand() }
            let catalogThreadFinished = self.catalogThreadFinished
            catalogThreadFinished.enter()
            let catalogThread = Thread { [loader, catalogState, configuration] in
                defer { catalogThreadFinished.leave() }
                slot.waitForDemand()
                guard !slot.stop.isStopped else { return }
                if configuration.loadsCatalogInBackground { Self.runOnlyWhenIdle() }
                guard let responder = Self.makeResponder(
                    loader: loader, state: catalogState, configuration: configuration, urls: SiteURLs(origin: origin), stop: slot.stop
                ) else { return }
                slot.publish(responder) { acceptingLoop.wake() }
            }
            catalogThread.name = "PuppyServer catalog"
            catalogThread.stackSize = 1 << 20
            catalogThread.start()
            phase = .running(Running(port: listener.port, context: context, loops: loops, finished: finished, responder: slot))
        }
    }

    /// On the catalog thread: the catalog (loaded now if need be), its index, and the responder over
    /// them; a responder that answers 503 when the catalog cannot be had. Nil, with nothing recorded
    /// or logged, once `stop` is raised: the server has been shut down and a half-made catalog or
    /// index, or the error of a load given up, must not be taken for the real thing.
    private static func makeResponder(
        loader: @Sendable (StopSignal) throws -> Catalog, state catalogState: Locked<CatalogState>,
        configuration: ServerConfiguration, urls: SiteURLs, stop: StopSignal
    ) -> (any Responder)? {
        let catalog: Catalog
        switch catalogState.current {
        case .loaded(let loaded):
            catalog = loaded
        case .failed(let reason):
            return UnavailableResponder(reason: reason)
        case .notLoaded:
            do {
                let loaded = try loader(stop)
                guard !stop.isStopped else { return nil }
                catalog = loaded
                catalogState.withLock { $0 = .loaded(catalog) }
            } catch {
                guard !stop.isStopped else { return nil }
                let reason = "\(error)"
                catalogState.withLock { $0 = .failed(reason) }
                configuration.log?("PuppyServer: the catalog could not be loaded: \(reason)")
                return UnavailableResponder(reason: reason)
            }
        }
        let index: CatalogIndex
        if configuration.indexesAtLoad {
            let built = SearchIndex(recipes: catalog.recipes, stop: stop)
            guard !stop.isStopped else { return nil }
            index = CatalogIndex(built, recipes: catalog.recipes)
        } else {
            index = CatalogIndex(recipes: catalog.recipes)
        }
        return SiteResponder(
            recipes: catalog.recipes, photos: catalog.photos, index: index, urls: urls,
            seed: configuration.seed, quirks: configuration.quirks, cors: configuration.cors,
            answersHave: configuration.answersHave
        )
    }

    /// Lowers the calling thread's priority (nice 10): what else of the process is runnable mostly
    /// goes first, yet the thread still gets its share of a busy machine. (The idle policy, `SCHED_IDLE`,
    /// would starve it while other programs keep the processors busy, and a request waiting for the
    /// catalog would time out.) Best effort: where the priority cannot be lowered, the thread runs as
    /// before.
    private static func runOnlyWhenIdle() {
        // Best effort: a thread left at the normal priority only makes start-up compete with it. On Linux
        // the nice value is the thread's own, and 0 names the calling thread.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    }

    /// Whether the catalog was asked for (always, unless `loadsCatalogOnDemand`): nothing loads it before.
    var catalogDemanded: Bool {
        state.withLock { phase in
            guard case .running(let running) = phase else { return false }
            return running.responder.isDemanded
        }
    }

    /// Waits until the catalog's thread has ended (loaded, failed, or let go by `shutdown` before it
    /// was asked for); false after `timeout`.
    func waitForCatalogThread(timeout: Duration) -> Bool {
        catalogThreadFinished.wait(timeout: .now() + .milliseconds(Int(timeout.components.seconds * 1000))) == .success
    }

    /// Starts loading the catalog of a server made with `loadsCatalogOnDemand`, if it has not started;
    /// nothing otherwise. Returns at once.
    public func loadCatalog() {
        let slot = state.withLock { phase -> ResponderSlot? in
            guard case .running(let running) = phase else { return nil }
            return running.responder
        }
        slot?.demand()
    }

    /// Stops accepting, closes the listener and every connection (requests still waiting in the
    /// listen queue are reset) and joins the event loops. A catalog still being loaded is not waited
    /// for: its loader is told to stop and what it makes is dropped. Idempotent. (Called from one of
    /// the server's loop threads, for instance from the log closure, it does not wait for them.)
    public func shutdown() {
        let running = state.withLock { phase -> Running? in
            guard case .running(let running) = phase else {
                if case .idle = phase { phase = .stopped(port: 0) }
                return nil
            }
            phase = .stopped(port: running.port)
            return running
        }
        guard let running else { return }
        running.responder.close()
        running.context.stop()
        running.loops.forEach { $0.wake() }
        guard !running.loops.contains(where: \.isCurrentThread) else { return }
        running.finished.wait()
        running.loops.forEach { $0.closePipe() }
    }

    /// The bound port once started (port 0 picks a free one), else the configured one.
    public var port: UInt16 {
        state.withLock { phase in
            switch phase {
            case .running(let running): return running.port
            case .stopped(let port) where port != 0: return port
            default: return configuration.port
            }
        }
    }

    /// `http://127.0.0.1:PORT`: where to reach this server (a wildcard host is reached on loopback).
    public var baseURL: URL {
        Self.baseURL(host: configuration.host, port: port)
    }

    /// `http://127.0.0.1:PORT/api/`.
    public var apiURL: URL {
        baseURL.appendingPathComponent("api", isDirectory: true)
    }

    /// How many connections each event loop holds (as of its last round), for tests.
    var connectionsPerLoop: [Int] {
        state.withLock { phase in
            guard case .running(let running) = phase else { return [] }
            return running.loops.map(\.connectionCount)
        }
    }

    public var statistics: RequestStatistics {
        recorder.snapshot
    }

    public func resetStatistics() {
        recorder.reset()
    }

    private static func baseURL(host: String, port: UInt16) -> URL {
        var urlHost = host
        switch host {
        case "0.0.0.0", "": urlHost = "127.0.0.1"
        case "::", "[::]": urlHost = "[::1]"
        default: if host.contains(":"), !host.hasPrefix("[") { urlHost = "[\(host)]" }
        }
        return URL(string: "http://\(urlHost):\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Raises the soft descriptor limit toward the hard one so `maxConnections` can be reached.
    private static func raiseDescriptorLimit(toCover wanted: Int) {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(wanted), limit.rlim_cur < limit.rlim_max else {
            return
        }
        limit.rlim_cur = min(limit.rlim_max, rlim_t(wanted))
        _ = setrlimit(resource, &limit)
    }
}

/// Why a server could not start.
public struct PuppyServerError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public var description: String { message }
}
