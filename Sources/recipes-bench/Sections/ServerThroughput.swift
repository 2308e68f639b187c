import Foundation
import Glibc
import Services
import PuppyServer
import PuppyCatalog
import TestSupport
import HTTPTransport

/// PuppyServer's requests per second and p99 latency for `/api/` searches at 16 connections, driven by
/// wrk, beside nginx serving a static file of the same size; then every kind of answer (the API, JSONP,
/// recipe pages, pictures, plain and gzip) at 1, 16 and 128 connections beside nginx serving the same
/// bytes (gzip on, as nginx compresses: on the fly).
struct ServerThroughput: Section {
    let title = "PuppyServer throughput and p99 beside nginx: `/api/` searches, JSONP, pages, pictures, gzip; 1, 16, 128 connections"
    let reference = "nginx serving the same bytes from static files (one worker, no access log, keep-alive, `gzip on` "
        + "at its default level 1 for text), driven by the same wrk command and script in the same run"

    /// Realistic searches, rotated by the wrk script: full pages mostly, a few short ones.
    static let paths = [
        "/api/?i=garlic&p=1", "/api/?i=garlic&p=2", "/api/?i=onions,garlic&p=1", "/api/?i=eggs&p=1",
        "/api/?i=eggs,milk&p=1", "/api/?i=chicken&p=1", "/api/?i=salt&p=3", "/api/?i=tomatoes,onions&p=1",
        "/api/?q=soup&p=1", "/api/?q=chicken&p=1", "/api/?i=butter,sugar&p=2", "/api/?i=rice,soy%20sauce&p=1",
        "/api/?i=potatoes&p=1", "/api/?i=lemons&p=1", "/api/?i=beef,onions&p=1", "/api/?i=flour,eggs,milk&p=1",
        "/api/?i=garlic&q=pasta&p=1", "/api/?q=curry&p=1",
    ]

    func run(quick: Bool, into report: inout SectionReport) async throws {
        guard let wrk = Tools.find("wrk"), let nginx = Tools.find("nginx") else {
            throw BenchError("wrk or nginx is missing; install them with `sudo apt-get install wrk nginx`", skipped: true)
        }
        let (seconds, repetitions) = quick ? (2, 1) : (6, 3)
        // --quick uses a smaller generated catalog: making and indexing 100,000 recipes takes seconds.
        let generated = quick ? 20_000 : 100_000
        report.notes = [
            "`wrk -t1 -c16 -d\(seconds)s` with a Lua script rotating through \(Self.paths.count) realistic searches "
                + "(`i=garlic`, `i=onions,garlic`, `q=soup`, `i=rice,soy%20sauce`…, pages 1 to 3); \(repetitions) run(s) of each "
                + "server after a 1 s warm-up, in rotating order; medians shown.",
            "PuppyServer runs in the benchmark's process (otherwise idle) with 1 and with 2 event-loop threads, no quirks; "
                + "wrk, nginx and PuppyServer share the machine's cores. nginx gets the same request paths (it ignores the query).",
        ]
        try await TemporaryDirectory.with { folder in
            let script = folder.appendingPathComponent("rotate.lua")
            try Data(Self.wrkScript.replacingOccurrences(of: "PATHS", with: Self.paths.map { "\"\($0)\"" }.joined(separator: ", ")).utf8)
                .write(to: script)
            let nginx = try await Nginx(nginx, folder: folder)
            defer { nginx.stop() }
            // A minute, not seconds: the first `q=` search of the 100,000-recipe catalog builds its word
            // postings, which took 7 to 8 s with the machine's cores shared by other builds.
            let transport = HTTPTransport(configuration: .init(timeout: .seconds(60)))
            defer { transport.shutdown() }

            let bundledCount = try Catalog.bundled().recipes.count
            for (label, size) in [("\(NumberText.grouped(bundledCount)) recipes", 0), ("\(NumberText.grouped(generated)) recipes", generated)] {
                let loading = ContinuousClock.now
                let catalog = size == 0 ? try Catalog.bundled() : try CatalogGenerator.catalog(count: size)
                let servers = try [1, 2].map { threads in
                    let server = PuppyServer(catalog: catalog, configuration: .init(host: "127.0.0.1", port: 0, threads: threads))
                    try server.start()
                    return server
                }
                defer { servers.forEach { $0.shutdown() } }
                let ready = (ContinuousClock.now - loading).timeInterval
                // The answer closest to the mean size over the searches is nginx's file.
                var bodies: [Data] = []
                for path in Self.paths {
                    guard let url = URL(string: path, relativeTo: servers[0].baseURL)?.absoluteURL else { throw BenchError("bad path \(path)") }
                    let response = try await transport.get(url)
                    guard response.status == 200 else { throw BenchError("\(path) answered \(response.status)") }
                    bodies.append(response.body)
                }
                let meanSize = bodies.reduce(0) { $0 + $1.count } / bodies.count
                let body = bodies.min { abs($0.count - meanSize) < abs($1.count - meanSize) } ?? Data()
                try body.write(to: nginx.page)

                let contenders = [("nginx", nginx.port), ("1 thread", servers[0].port), ("2 threads", servers[1].port)]
                for (_, port) in contenders { _ = try Self.wrk(wrk, script: script, port: port, seconds: 1) }
                var runs: [String: [(rate: Double, p99: Double, errors: Int)]] = [:]
                for round in 0..<repetitions {
                    for (name, port) in contenders.rotated(by: round) {
                        runs[name, default: []].append(try Self.wrk(wrk, script: script, port: port, seconds: seconds))
                    }
                }

                let rate = { (name: String) in Samples(runs[name, default: []].map(\.rate)).median }
                let p99 = { (name: String) in Samples(runs[name, default: []].map(\.p99)).median }
                for threads in ["1 thread", "2 threads"] {
                    report.figures += [
                        Figure("PuppyServer, \(threads), \(label): requests/s", rate(threads), "req/s", reference: rate("nginx")).atLeast(0.5),
                        Figure("PuppyServer, \(threads), \(label): p99", p99(threads), reference: p99("nginx")).below(5).withinRatio(2),
                    ]
                }
                let described = contenders.map { name, _ in
                    let (list, errors) = (runs[name, default: []], runs[name, default: []].reduce(0) { $0 + $1.errors })
                    return "\(name) " + list.map { NumberText.grouped(Int($0.rate)) }.joined(separator: ", ") + " req/s, p99 "
                        + list.map { String(format: "%.2f", $0.p99) }.joined(separator: ", ") + " ms"
                        + (errors > 0 ? ", \(errors) errors or non-2xx answers" : "")
                }
                report.notes.append("\(label): catalog loaded and two servers indexed in \(String(format: "%.1f", ready)) s; mean API "
                    + "answer \(NumberText.grouped(meanSize)) bytes, nginx's file \(NumberText.grouped(body.count)) bytes. Runs: "
                    + described.joined(separator: "; ") + ".")
                if size == 0 {
                    try await kindsAndConcurrencies(
                        wrk: wrk, folder: folder, nginx: nginx, servers: servers, catalog: catalog, apiBody: body,
                        transport: transport, quick: quick, into: &report
                    )
                }
            }
        }
    }

    /// One kind of answer the matrix measures: the paths PuppyServer is asked (rotated), the file nginx
    /// serves for them, and whether the client accepts gzip.
    private struct Kind {
        let name: String
        let paths: [String]
        let nginxPath: String
        let gzip: Bool
        /// Whether each request's path ends in a number of its own.
        var numbered = false
    }

    /// Every kind at 1, 16 and 128 connections: nginx, PuppyServer with 1 and with 2 threads, interleaved.
    private func kindsAndConcurrencies(
        wrk: String, folder: URL, nginx: Nginx, servers: [PuppyServer], catalog: Catalog, apiBody: Data,
        transport: HTTPTransport, quick: Bool, into report: inout SectionReport
    ) async throws {
        let callback = "jQuery3600_1700000000000"  // and a number of its own per request
        let ids = catalog.recipes.prefix(8).map(\.id)
        // The pictures row: the first eight recipes with a photo (the bundled cookbook's are JPEGs).
        let pictureIDs = catalog.recipes.filter { $0.photo != nil }.prefix(8).map(\.id)
        // nginx's files: the API answer of the mean size, the same wrapped for JSONP, and the page and
        // picture closest to their kind's mean size.
        try Data(Array("/**/\(callback)(".utf8) + Array(apiBody) + Array(");".utf8)).write(to: nginx.root.appendingPathComponent("jsonp.js"))
        for (prefix, file, suffix, ids) in [("/recipes/", "page.html", "", ids), ("/pictures/", "picture.jpg", ".jpg", pictureIDs)] {
            var bodies: [Data] = []
            for id in ids {
                guard let url = URL(string: prefix + id + suffix, relativeTo: servers[0].baseURL)?.absoluteURL else { throw BenchError("bad id \(id)") }
                let response = try await transport.get(url)
                guard response.status == 200 else { throw BenchError("\(url) answered \(response.status)") }
                bodies.append(response.body)
            }
            let mean = bodies.reduce(0) { $0 + $1.count } / max(bodies.count, 1)
            try (bodies.min { abs($0.count - mean) < abs($1.count - mean) } ?? Data()).write(to: nginx.root.appendingPathComponent(file))
        }
        let api = Self.paths
        let kinds = [
            Kind(name: "API", paths: api, nginxPath: "/api/", gzip: false),
            Kind(name: "API, gzip", paths: api, nginxPath: "/api/", gzip: true),
            Kind(name: "JSONP", paths: api.map { $0 + "&callback=\(callback)" }, nginxPath: "/jsonp/", gzip: false, numbered: true),
            Kind(name: "JSONP, gzip", paths: api.map { $0 + "&callback=\(callback)" }, nginxPath: "/jsonp/", gzip: true, numbered: true),
            Kind(name: "recipe pages", paths: ids.map { "/recipes/\($0)" }, nginxPath: "/recipes/", gzip: false),
            Kind(name: "recipe pages, gzip", paths: ids.map { "/recipes/\($0)" }, nginxPath: "/recipes/", gzip: true),
            Kind(name: "pictures", paths: pictureIDs.map { "/pictures/\($0).jpg" }, nginxPath: "/pictures/", gzip: false),
        ]
        let seconds = quick ? 1 : 2
        let repetitions = quick ? 1 : 2
        var lines: [String] = []
        for kind in kinds {
            let ours = folder.appendingPathComponent("kind.lua")
            let theirs = folder.appendingPathComponent("kind-nginx.lua")
            try Data(Self.script(paths: kind.paths, gzip: kind.gzip, numbered: kind.numbered).utf8).write(to: ours)
            try Data(Self.script(paths: [kind.nginxPath], gzip: kind.gzip, numbered: kind.numbered).utf8).write(to: theirs)
            for connections in [1, 16, 128] {
                let contenders = [("nginx", nginx.port, theirs), ("1 thread", servers[0].port, ours), ("2 threads", servers[1].port, ours)]
                for (_, port, script) in contenders {
                    _ = try Self.wrk(wrk, script: script, port: port, seconds: 1, connections: connections)
                }
                var runs: [String: [(rate: Double, p99: Double, errors: Int)]] = [:]
                for round in 0..<repetitions {
                    for (name, port, script) in contenders.rotated(by: round) {
                        runs[name, default: []].append(try Self.wrk(wrk, script: script, port: port, seconds: seconds, connections: connections))
                    }
                }
                let rate = { (name: String) in Samples(runs[name, default: []].map(\.rate)).median }
                let p99 = { (name: String) in Samples(runs[name, default: []].map(\.p99)).median }
                for threads in ["1 thread", "2 threads"] {
                    report.figures.append(
                        Figure("\(kind.name), \(connections) connection\(connections == 1 ? "" : "s"), \(threads): requests/s",
                               rate(threads), "req/s", reference: rate("nginx")).atLeast(1)
                    )
                }
                let errors = runs.values.joined().reduce(0) { $0 + $1.errors }
                lines.append("\(kind.name) at \(connections): p99 nginx \(String(format: "%.2f", p99("nginx"))) ms, 1 thread "
                    + "\(String(format: "%.2f", p99("1 thread"))) ms, 2 threads \(String(format: "%.2f", p99("2 threads"))) ms"
                    + (errors > 0 ? ", \(errors) errors or non-2xx answers" : ""))
            }
        }
        report.notes.append("Every kind at 1, 16 and 128 connections (`wrk -t1 -cN -d\(seconds)s`, \(repetitions) run(s) each after a 1 s "
            + "warm-up, in rotating order, medians): PuppyServer rotates through the \(api.count) searches (for JSONP with "
            + "`callback=\(callback)N`, N a new number each request, as jQuery names them) or 8 recipes' pages and pictures; "
            + "nginx serves one file of the same bytes "
            + "(the answer of the mean size), compressing text on the fly when the client sends `Accept-Encoding: gzip`. "
            + lines.joined(separator: "; ") + ".")
    }

    /// A wrk script rotating through `paths`, with `Accept-Encoding: gzip` when asked; with `numbered`,
    /// each request's path ends in a number of its own (a new JSONP callback name every time, as jQuery
    /// makes them).
    private static func script(paths: [String], gzip: Bool, numbered: Bool = false) -> String {
        let script = (gzip ? "wrk.headers[\"Accept-Encoding\"] = \"gzip\"\n" : "")
            + wrkScript.replacingOccurrences(of: "PATHS", with: paths.map { "\"\($0)\"" }.joined(separator: ", "))
        guard numbered else { return script }
        return script.replacingOccurrences(
            of: "return prepared[counter]",
            with: "sent = (sent or 0) + 1; return wrk.format(\"GET\", paths[counter] .. sent)"
        )
    }

    /// One wrk run: requests per second, p99 in milliseconds, and socket errors plus non-2xx answers.
    static func wrk(
        _ wrk: String, script: URL, port: UInt16, seconds: Int, connections: Int = 16
    ) throws -> (rate: Double, p99: Double, errors: Int) {
        let output = try Tools.run(wrk, ["-t1", "-c\(connections)", "-d\(seconds)s", "-s", script.path, "http://127.0.0.1:\(port)/"],
                                   timeout: .seconds(seconds + 60))
        // Duration and p99 in microseconds, then requests, socket errors and non-2xx answers.
        let line = output.split(separator: "\n").first { $0.hasPrefix("BENCH-RESULT ") } ?? ""
        let numbers = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard numbers.count == 5, numbers[0] > 0 else { throw BenchError("wrk printed no result: \(output.suffix(500))") }
        return (numbers[1] / (numbers[0] / 1e6), numbers[2] / 1000, Int(numbers[3] + numbers[4]))
    }

    /// Sends the paths in turn and prints the figures on one line at the end.
    static let wrkScript = """
        local paths = { PATHS }
        local prepared = {}
        local counter = 0
        init = function(args)
            for index, path in ipairs(paths) do prepared[index] = wrk.format("GET", path) end
        end
        request = function()
            counter = counter % #prepared + 1
            return prepared[counter]
        end
        done = function(summary, latency, requests)
            local errors = summary.errors
            io.write(string.format("BENCH-RESULT %d %d %d %d %d\\n", summary.duration, summary.requests,
                math.floor(latency:percentile(99)), errors.connect + errors.read + errors.write + errors.timeout, errors.status))
        end

        """
}

/// nginx serving files from a folder of its own, on a free port: one worker, no access log, long
/// keep-alive, text compressed on the fly for clients that accept gzip (level 1, nginx's default).
/// `page` answers every path but `/jsonp/`, `/recipes/` and `/pictures/` (`jsonp.js`, `page.html`,
/// `picture.png` in `root`).
private struct Nginx {
    let port: UInt16
    let page: URL
    let root: URL
    private let process: RunningProcess

    init(_ nginx: String, folder: URL) async throws {
        page = folder.appendingPathComponent("www/page.json")
        root = folder.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
        port = try Self.freePort()
        let prefix = folder.path
        try Data("""
            worker_processes 1; pid \(prefix)/nginx.pid; error_log \(prefix)/error.log warn;
            events { worker_connections 1024; }
            http {
                access_log off; sendfile on; tcp_nopush on; keepalive_requests 10000000; keepalive_timeout 60s;
                gzip on; gzip_types text/javascript; gzip_min_length 1; gzip_vary on;
                client_body_temp_path \(prefix)/body; proxy_temp_path \(prefix)/proxy; fastcgi_temp_path \(prefix)/fastcgi;
                uwsgi_temp_path \(prefix)/uwsgi; scgi_temp_path \(prefix)/scgi;
                server {
                    listen 127.0.0.1:\(port); root \(prefix)/www;
                    location / { default_type text/javascript; try_files /page.json =404; }
                    location /jsonp/ { default_type text/javascript; try_files /jsonp.js =404; }
                    location /recipes/ { default_type text/html; try_files /page.html =404; }
                    location /pictures/ { default_type image/jpeg; try_files /picture.jpg =404; }
                }
            }

            """.utf8).write(to: folder.appendingPathComponent("nginx.conf"))
        process = try RunningProcess(nginx, ["-p", prefix + "/", "-c", prefix + "/nginx.conf", "-e", prefix + "/error.log", "-g", "daemon off;"],
                                     environment: ProcessInfo.processInfo.environment)
        // nginx writes its pid file once it listens.
        let deadline = ContinuousClock.now + .seconds(10)
        while !FileManager.default.fileExists(atPath: prefix + "/nginx.pid") {
            guard process.outputEndedAt == nil, ContinuousClock.now < deadline else {
                stop()
                throw BenchError("nginx did not start: \(process.errors.suffix(500))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    func stop() {
        process.signal(SIGTERM)
        _ = process.finish(timeout: .seconds(10))
    }

    /// A port nothing listens on right now: bound to port 0 and released.
    private static func freePort() throws -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        (address.sin_family, address.sin_addr.s_addr) = (sa_family_t(AF_INET), UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard socket >= 0, bound else { throw BenchError("cannot find a free port: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }
}
