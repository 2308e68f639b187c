import Dispatch
import Foundation
import Glibc
import PuppyServer

/// `puppy-server`: PuppyServer on its own, for other clients, demos and tests.
///
/// Exit status: 0 after a clean shutdown (SIGINT, SIGTERM), 1 when the catalog or the socket fails,
/// 2 for a bad command line.
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
        case .serve:
            break
        }

        signal(SIGPIPE, SIG_IGN)
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

        var configuration = options.configuration
        if options.logRequests {
            configuration.log = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        let server = PuppyServer(catalog: catalog, configuration: configuration)

        let stop = DispatchSemaphore(value: 0)
        let signalSources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { @Sendable in stop.signal() }
            source.resume()
            return source
        }

        do {
            try server.start()
        } catch {
            fail("puppy-server: \(error)", status: 1)
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let ready = "PuppyServer listening on http://\(host):\(server.port)/api/ "
            + "(\(catalog.recipes.count) recipes, quirks: \(Quirk.describe(configuration.quirks)))\n"
        FileHandle.standardOutput.write(Data(ready.utf8))  // unbuffered: scripts wait for this line

        stop.wait()
        server.shutdown()
        signalSources.forEach { $0.cancel() }
        exit(0)
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
