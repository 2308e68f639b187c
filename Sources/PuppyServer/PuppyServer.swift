public import Foundation
import Dispatch
import Glibc

/// A RecipePuppy-compatible HTTP server over a catalog: `/api/?i=&q=&p=`, recipe pages at each href,
/// thumbnails, and on demand the real service's habits (see `Quirk`).
///
/// POSIX sockets and poll(2) on a few event-loop threads; every read bounded (see `ServerLimits`).
/// `start()` binds and returns when ready; `shutdown()` closes everything and joins the threads.
public final class PuppyServer: Sendable {
    public static let version = "1.0.0"

    public let catalog: Catalog
    public let configuration: ServerConfiguration
    private let index: SearchIndex
    private let recorder = StatisticsRecorder()
    private let state = Locked(Phase.idle)

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
    }

    public init(catalog: Catalog, configuration: ServerConfiguration = ServerConfiguration()) {
        self.catalog = catalog
        self.configuration = configuration
        index = SearchIndex(recipes: catalog.recipes)
    }

    deinit {
        shutdown()
    }

    /// Binds, listens and starts the event-loop threads; when it returns, the server answers.
    /// Throws `PuppyServerError` if it cannot listen or was already started.
    public func start() throws {
        try state.withLock { phase in
            guard case .idle = phase else { throw PuppyServerError(message: "the server was already started") }
            let threads = min(max(configuration.threads, 1), 64)
            Self.raiseDescriptorLimit(toCover: configuration.limits.maxConnections + 64)
            let listener: (fd: Int32, port: UInt16)
            do {
                listener = try Socket.listen(host: configuration.host, port: configuration.port)
            } catch let failure as Socket.Failure {
                throw PuppyServerError(message: failure.description)
            }

            let urls = SiteURLs(origin: configuration.publicURL ?? Self.baseURL(host: configuration.host, port: listener.port))
            let responder = SiteResponder(
                recipes: catalog.recipes, index: index, urls: urls,
                seed: configuration.seed, quirks: configuration.quirks
            )
            let context = ServerContext(responder: responder, statistics: recorder, configuration: configuration)
            var loops: [EventLoop] = []
            do {
                for _ in 0..<threads { loops.append(try EventLoop(context: context)) }
                try loops[0].accept(from: listener.fd, distributingTo: loops)
            } catch {
                close(listener.fd)
                loops.forEach { $0.closePipe() }
                throw PuppyServerError(message: "cannot start: \(error)")
            }

            let finished = DispatchGroup()
            for (number, loop) in loops.enumerated() {
                finished.enter()
                let thread = Thread {
                    loop.run()
                    finished.leave()
                }
                thread.name = "PuppyServer loop \(number + 1)"
                thread.stackSize = 1 << 20
                thread.start()
            }
            phase = .running(Running(port: listener.port, context: context, loops: loops, finished: finished))
        }
    }

    /// Stops accepting, closes every connection and joins the threads. Idempotent. (Called from one of
    /// the server's own threads, for instance from the log closure, it does not wait for them.)
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
