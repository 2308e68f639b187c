import Foundation
import Glibc
import TestSupport
import HTTPTransport

/// A real catalog of a real size: the open recipe archive (54,843 public-domain recipes, one Markdown
/// file each) built into a catalog by `recipes catalog build`, then served by `puppy-server`, beside the
/// bundled cookbook measured the same way: build time, launch until the first answer, resident memory,
/// searches per second and p99 at 1, 16 and 128 connections, and a 30-name `have=` ranking.
struct ArchiveAtScale: Section {
    let title = "The open recipe archive (54,843 Markdown recipes) built and served, beside the bundled cookbook"
    let reference = "the bundled cookbook served by the same puppy-server binary, measured the same way in the same run"

    /// A 30-name pantry for `have=`.
    static let pantry = [
        "eggs", "milk", "flour", "butter", "sugar", "salt", "pepper", "onions", "garlic", "potatoes", "carrots", "tomatoes",
        "rice", "chicken", "beef", "pork", "bacon", "cheese", "cream", "lemons", "parsley", "thyme", "bay leaves", "vinegar",
        "apples", "bread", "mustard", "nutmeg", "cinnamon", "celery",
    ]

    func run(quick: Bool, into report: inout SectionReport) async throws {
        let archive = Tools.sharedData("RECIPEBOOK_RECIPE_ARCHIVE", "open-recipes/open-recipe-archive.tar.gz")
        guard FileManager.default.fileExists(atPath: archive.path) else {
            throw BenchError("the archive is not at \(archive.path) (set RECIPEBOOK_RECIPE_ARCHIVE to its .tar.gz)", skipped: true)
        }
        let recipes = try Tools.recipesBinary()
        let server = BinaryRunner.url(of: "puppy-server").path
        guard FileManager.default.isExecutableFile(atPath: server) else {
            throw BenchError("no puppy-server binary at \(server): build it with `swift build -c release --product puppy-server`")
        }
        let wrk = Tools.find("wrk")
        let seconds = quick ? 2 : 5
        try await TemporaryDirectory.with { folder in
            _ = try Tools.run("/bin/tar", ["xzf", archive.path, "-C", folder.path], timeout: .seconds(300))
            let built = ContinuousClock.now
            let result = try BinaryRunner.run(recipes, ["catalog", "build", folder.path], environment: Tools.environment(home: folder),
                                              timeout: .seconds(900))
            let buildSeconds = (ContinuousClock.now - built).timeInterval
            guard result.status == 0 else { throw BenchError("catalog build failed (exit \(result.status)): \(result.errors.suffix(500))") }
            let catalog = folder.appendingPathComponent("archive.jsonl")
            try result.standardOutput.write(to: catalog)
            let count = result.standardOutput.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            let leftOut = result.errors.split(separator: "\n").filter { $0.contains("Left out") }.count
            report.figures.append(Figure("`recipes catalog build` of the archive: \(NumberText.grouped(count)) recipes", buildSeconds * 1000)
                .atMost(60_000))
            report.notes.append("Built \(NumberText.grouped(count)) catalog lines (\(result.standardOutput.count >> 20) MB) from the archive's "
                + "Markdown files in \(String(format: "%.1f", buildSeconds)) s; \(leftOut) files left out, each named on stderr.")

            let script = folder.appendingPathComponent("rotate.lua")
            try Data(ServerThroughput.wrkScript.replacingOccurrences(
                of: "PATHS", with: ServerThroughput.paths.map { "\"\($0)\"" }.joined(separator: ", ")).utf8).write(to: script)
            var bundled: Measured?
            for (label, arguments) in [("bundled cookbook", [String]()), ("archive", ["--catalog", catalog.path])] {
                let measured = try await measure(server: server, arguments: arguments, wrk: wrk, script: script, seconds: seconds,
                                                 home: folder)
                let reference = bundled
                report.figures += [
                    Figure("\(label): launch → first answer", measured.ready, reference: reference?.ready).atMost(label == "archive" ? 3_000 : 1_000),
                    Figure("\(label): resident memory after the searches", measured.residentMB, "MB", reference: reference?.residentMB)
                        .atMost(400),
                    Figure("\(label): first `q=` search (builds the word postings)", measured.firstWords, reference: reference?.firstWords),
                    Figure("\(label): first `have=` (builds the pantry table)", measured.firstHave, reference: reference?.firstHave),
                    Figure("\(label): `have=` with 30 names, each a new pantry: median", measured.have, reference: reference?.have).atMost(50),
                    Figure("\(label): `have=` with 30 names: p90", measured.haveP90, reference: reference?.haveP90),
                ]
                for (connections, rate, p99) in measured.rows {
                    let base = reference?.rows.first { $0.connections == connections }
                    report.figures.append(Figure("\(label): searches at \(connections) connection\(connections == 1 ? "" : "s")", rate, "req/s", reference: base?.rate))
                    let p99Figure = Figure("\(label): p99 at \(connections) connection\(connections == 1 ? "" : "s")", p99, reference: base?.p99)
                    report.figures.append(connections == 16 ? p99Figure.atMost(10) : p99Figure)
                }
                if bundled == nil { bundled = measured }
            }
            if wrk == nil { report.notes.append("wrk is missing, so the rows of searches per second were skipped (`apt-get install wrk`).") }
            report.notes.append("puppy-server runs as its own process (default threads); wrk -t1 rotates through "
                + "\(ServerThroughput.paths.count) searches for \(seconds) s per row; memory is VmRSS from /proc after the rows.")
        }
    }

    struct Measured {
        var ready = 0.0
        var residentMB = 0.0
        var have = 0.0
        var haveP90 = 0.0
        var firstWords = 0.0
        var firstHave = 0.0
        var rows: [(connections: Int, rate: Double, p99: Double)] = []
    }

    private func measure(server: String, arguments: [String], wrk: String?, script: URL, seconds: Int, home: URL) async throws -> Measured {
        let child = try RunningProcess(server, ["--port", "0"] + arguments, environment: Tools.environment(home: home))
        defer { child.signal(SIGTERM); _ = child.finish(timeout: .seconds(30)) }
        guard child.outputTranscript.find("/api/", timeout: .seconds(60)) != nil,
              let line = child.outputTranscript.text.split(separator: "\n").first(where: { $0.contains("listening on") }),
              let address = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }),
              let api = URL(string: String(address)), let port = api.port
        else { throw BenchError("puppy-server did not say where it listens: \(child.errorTranscript.text.suffix(300))") }
        let transport = HTTPTransport(configuration: .init(timeout: .seconds(120)))
        defer { transport.shutdown() }
        var measured = Measured()
        guard let first = URL(string: "/api/?i=garlic", relativeTo: api)?.absoluteURL else { throw BenchError("bad address \(api)") }
        let answer = try await transport.get(first)
        measured.ready = (ContinuousClock.now - child.started).timeInterval * 1000
        guard answer.status == 200 else { throw BenchError("the first search answered \(answer.status)") }

        // Built the first time they are asked for: the word postings (a first `q=`) and the pantry table
        // (a first `have=`). Then every search of the rotation once, so wrk times answers, not first builds.
        func time(_ path: String) async throws -> Double {
            guard let url = URL(string: path, relativeTo: api)?.absoluteURL else { throw BenchError("bad path \(path)") }
            let began = ContinuousClock.now
            let response = try await transport.get(url)
            guard response.status == 200 else { throw BenchError("\(path) answered \(response.status)") }
            return (ContinuousClock.now - began).timeInterval * 1000
        }
        measured.firstWords = try await time("/api/?q=soup")
        let pool = Self.pantry + ["leeks"]
        func pantry(leavingOut index: Int) -> String {
            var names = pool
            names.remove(at: index % pool.count)
            return "/api/?have=" + (names.joined(separator: ",").addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "")
        }
        measured.firstHave = try await time(pantry(leavingOut: pool.count - 1))
        for path in ServerThroughput.paths { _ = try await time(path) }
        // Each ranking a pantry not asked for before (one of 31 names left out in turn), so none is a cached answer.
        var rankings: [Double] = []
        for round in 0..<(pool.count - 1) { rankings.append(try await time(pantry(leavingOut: round))) }
        let times = Samples(rankings)
        measured.have = times.median
        measured.haveP90 = times.percentile(90)
        if let wrk {
            for connections in [1, 16, 128] {
                _ = try ServerThroughput.wrk(wrk, script: script, port: UInt16(port), seconds: 1, connections: connections)
                let run = try ServerThroughput.wrk(wrk, script: script, port: UInt16(port), seconds: seconds, connections: connections)
                measured.rows.append((connections, run.rate, run.p99))
            }
        }
        measured.residentMB = Self.residentMB(of: child.pid)
        return measured
    }

    /// VmRSS of a process in MB, from /proc.
    static func residentMB(of pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return .nan }
        return kilobytes / 1024
    }
}
