import Foundation
import Services
import PuppyServer

/// 4. PuppyServer's requests per second and p99 latency for `/api/` searches at 16 connections,
/// driven by wrk, beside nginx serving a static file of the same size.
struct ServerThroughput: Benchmark {
    let number = 4
    let title = "PuppyServer throughput and p99 for `/api/` searches, 16 connections"
    let reference = "nginx serving a static file as large as the mean API answer (one worker, no access log, "
        + "keep-alive), driven by the same wrk command and script in the same run"

    /// Realistic searches, rotated by the wrk script: full pages mostly, a few short ones.
    static let paths = [
        "/api/?i=garlic&p=1", "/api/?i=garlic&p=2", "/api/?i=onions,garlic&p=1", "/api/?i=eggs&p=1",
        "/api/?i=eggs,milk&p=1", "/api/?i=chicken&p=1", "/api/?i=salt&p=3", "/api/?i=tomatoes,onions&p=1",
        "/api/?q=soup&p=1", "/api/?q=chicken&p=1", "/api/?i=butter,sugar&p=2", "/api/?i=rice,soy%20sauce&p=1",
        "/api/?i=potatoes&p=1", "/api/?i=lemons&p=1", "/api/?i=beef,onions&p=1", "/api/?i=flour,eggs,milk&p=1",
        "/api/?i=garlic&q=pasta&p=1", "/api/?q=curry&p=1",
    ]

    private struct Contender {
        let name: String
        let port: UInt16
    }

    func run(_ scale: Scale, into report: inout SectionReport) async throws {
        let tools = try ExternalTools.wrkAndNginx()
        let folder = try TemporaryFolder("throughput")
        defer { folder.remove() }
        let nginx = try NginxReference(nginx: tools.nginx, folder: folder)
        defer { nginx.stop() }
        let wrk = Wrk(executable: tools.wrk, script: try Wrk.writeScript(paths: Self.paths, into: folder), connections: 16, threads: 1)
        let seconds = scale.pick(quick: 2, full: 6)
        let repetitions = scale.pick(quick: 1, full: 3)

        // --quick uses a smaller generated catalog: making and indexing 100,000 recipes takes seconds.
        let generated = scale.pick(quick: 20_000, full: 100_000)
        let catalogs: [(label: String, make: () throws -> Catalog)] = [
            ("692 recipes", { try Catalog.bundled() }),
            ("\(NumberText.grouped(generated)) recipes", { try CatalogGenerator.catalog(count: generated) }),
        ]
        report.notes = [
            "`wrk -t1 -c16 -d\(seconds)s` with a Lua script rotating through \(Self.paths.count) realistic searches "
                + "(`i=garlic`, `i=onions,garlic`, `q=soup`, `i=rice,soy%20sauce`…, pages 1 to 3); \(repetitions) run(s) of each "
                + "server after a 1 s warm-up, in rotating order; medians shown.",
            "PuppyServer runs in the benchmark's process (otherwise idle) with 1 and with 2 event-loop threads, no quirks; "
                + "wrk, nginx and PuppyServer share the machine's cores. nginx gets the same request paths (it ignores the query).",
        ]
        for entry in catalogs {
            let loading = ContinuousClock.now
            let catalog = try entry.make()
            let servers = try [1, 2].map { threads -> PuppyServer in
                let server = PuppyServer(catalog: catalog, configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threads: threads))
                try server.start()
                return server
            }
            defer { servers.forEach { $0.shutdown() } }
            let ready = (ContinuousClock.now - loading).seconds
            let (body, meanSize) = try await Self.typicalBody(from: servers[0])
            try nginx.serve(body)

            let contenders = [Contender(name: "nginx", port: nginx.port),
                              Contender(name: "1 thread", port: servers[0].port),
                              Contender(name: "2 threads", port: servers[1].port)]
            for contender in contenders { _ = try wrk.run(port: contender.port, seconds: 1) }
            var results: [String: [Wrk.Result]] = [:]
            for round in 0..<repetitions {
                for contender in contenders.rotated(by: round) {
                    results[contender.name, default: []].append(try wrk.run(port: contender.port, seconds: seconds))
                }
            }

            let reference = results["nginx", default: []]
            for threads in ["1 thread", "2 threads"] {
                let measured = results[threads, default: []]
                report.figures.append(Figure(
                    "PuppyServer, \(threads), \(entry.label): requests/s", value: Quantity(Self.median(measured, \.requestsPerSecond), .requestsPerSecond),
                    reference: Quantity(Self.median(reference, \.requestsPerSecond), .requestsPerSecond),
                    targets: [.fractionOfReference(atLeast: 0.5)]))
                report.figures.append(Figure(
                    "PuppyServer, \(threads), \(entry.label): p99", value: .milliseconds(Self.median(measured, \.p99Milliseconds)),
                    reference: .milliseconds(Self.median(reference, \.p99Milliseconds)), targets: [.below(5)]))
            }
            var note = "\(entry.label): catalog loaded and two servers indexed in \(String(format: "%.1f", ready)) s; mean API answer "
                + "\(NumberText.grouped(meanSize)) bytes, nginx's file \(NumberText.grouped(body.count)) bytes. Runs:"
            for contender in contenders {
                let runs = results[contender.name, default: []]
                let rates = runs.map { NumberText.grouped(Int($0.requestsPerSecond)) }.joined(separator: ", ")
                let p99s = runs.map { String(format: "%.2f", $0.p99Milliseconds) }.joined(separator: ", ")
                let errors = runs.reduce(0) { $0 + $1.socketErrors + $1.badStatuses }
                note += " \(contender.name) \(rates) req/s, p99 \(p99s) ms\(errors > 0 ? ", \(errors) errors or non-2xx answers" : "");"
            }
            report.notes.append(String(note.dropLast()) + ".")
        }
    }

    /// The API answer closest to the mean size over the rotated searches, and that mean.
    private static func typicalBody(from server: PuppyServer) async throws -> (Data, Int) {
        let transport = HTTPTransport(configuration: .init(timeout: .seconds(8)))
        defer { transport.shutdown() }
        var bodies: [Data] = []
        for path in paths {
            guard let url = URL(string: path, relativeTo: server.baseURL)?.absoluteURL else { throw BenchError("bad path \(path)") }
            let response: Services.HTTPResponse
            do throws(ServiceError) {
                response = try await transport.get(url)
            } catch {
                throw BenchError("\(path) could not be fetched: \(error)")
            }
            guard response.status == 200 else { throw BenchError("\(path) answered \(response.status)") }
            bodies.append(response.body)
        }
        let mean = bodies.reduce(0) { $0 + $1.count } / max(1, bodies.count)
        guard let closest = bodies.min(by: { abs($0.count - mean) < abs($1.count - mean) }) else { throw BenchError("no API answers") }
        return (closest, mean)
    }

    private static func median(_ results: [Wrk.Result], _ value: KeyPath<Wrk.Result, Double>) -> Double {
        var samples = Samples()
        results.forEach { samples.append(milliseconds: $0[keyPath: value]) }
        return samples.median
    }
}
