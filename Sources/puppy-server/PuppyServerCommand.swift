import PuppyCatalog
import Dispatch
import Foundation
import Glibc
import PuppyServer

/// `puppy-server`: PuppyServer on its own, for other clients, demos and tests.
///
/// Exit status: 0 after a clean shutdown (SIGINT, SIGTERM, also while the catalog is still loading),
/// 1 when the catalog or the socket fails, 2 for a bad command line.
@main
struct PuppyServerCommand {
    static func main() {
        let options: ServerOptions
        do {
            options = try ServerOptions.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            fail("puppy-server: \(error) (see --help)", status: 2)
        }
        switch options.action {
        case .help:
            print(ServerOptions.usage)
            return
        case .version:
            print("puppy-server \(PuppyServer.version)")
            return
        case .printCatalog:
            FileHandle.standardOutput.write(Data(Catalog.bundledJSONLines.utf8))
            return
        case .exportCatalog(let path):
            do {
                try Catalog.exportBundled(to: URL(fileURLWithPath: path))
            } catch let error as CatalogError {
                fail("puppy-server: \(error)", status: 1)
            } catch {
                fail("puppy-server: cannot write \(path): \(error.localizedDescription)", status: 1)
            }
            return
        case .serve:
            break
        }

        // Signals first: SIGINT or SIGTERM always ends the program, also while a catalog is loading
        // (and whatever disposition the program inherited).
        signal(SIGPIPE, SIG_IGN)
        let serving = ServingState()
        let signalSources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { @Sendable in serving.stop() }
            source.resume()
            return source
        }

        let catalog: Catalog
        do {
            if let path = options.catalogPath {
                catalog = try Catalog.load(contentsOf: URL(fileURLWithPath: path))
            } else {
                catalog = try Catalog.bundled()
            }
        } catch {
            fail("puppy-server: \(error)", status: 1)
        }
        for warning in catalog.warnings {
            FileHandle.standardError.write(Data("puppy-server: \(warning)\n".utf8))
        }

        var configuration = options.configuration
        if options.logRequests {
            configuration.log = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        let server = PuppyServer(catalog: catalog, configuration: configuration)
        do {
            try server.start()
        } catch {
            fail("puppy-server: \(error)", status: 1)
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let ready = "PuppyServer listening on http://\(host):\(server.port)/api/ "
            + "(\(catalog.recipes.count) recipes, quirks: \(Quirk.describe(configuration.quirks)))\n"
        FileHandle.standardOutput.write(Data(ready.utf8))  // unbuffered: scripts wait for this line

        serving.waitForStop()
        server.shutdown()
        signalSources.forEach { $0.cancel() }
        exit(0)
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}

/// Whether the server is up yet: a stop signal before it is exits at once (there is nothing to shut
/// down); after, it wakes the main thread to shut the server down.
/// `@unchecked Sendable`: `isServing` is only touched under `lock`.
private final class ServingState: @unchecked Sendable {
    private let stopped = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var isServing = false

    func stop() {
        lock.lock()
        let serving = isServing
        lock.unlock()
        if serving {
            stopped.signal()
        } else {
            exit(0)  // still loading the catalog: nothing to close
        }
    }

    /// Marks the server as up, then waits for a stop signal.
    func waitForStop() {
        lock.lock()
        isServing = true
        lock.unlock()
        stopped.wait()
    }
}
