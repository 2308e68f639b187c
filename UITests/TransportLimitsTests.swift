import Foundation
import Testing
import TestSupport

/// What a hostile or dead server can cost the built `recipes`: memory stays under the body cap plus a
/// small constant, waiting costs no CPU, and every run ends with one error line.
@Suite(.serialized) struct TransportLimits {
    /// The caps `recipes` runs with: 4 MiB for API pages and recipe pages, 2 MiB for thumbnails.
    static let pageCap = 4 << 20
    static let thumbnailCap = 2 << 20
    /// What the process may hold besides the body: the runtime, Foundation, SQLite, buffers.
    static let allowance = 40 << 20

    static let megabyte = Data(repeating: UInt8(ascii: " "), count: 1 << 20)

    /// A body of about 3 GB with no Content-Length, sent until the client closes.
    static func endlessStream() -> [ScriptStep] {
        [.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n")]
            + Array(repeating: .send(megabyte), count: 3_000)
    }

    /// 100 MB announced and sent.
    static func hundredMegabytes(_ contentType: String) -> [ScriptStep] {
        [.send("HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nContent-Length: \(100 << 20)\r\n\r\n")]
            + Array(repeating: .send(megabyte), count: 100)
    }

    /// 1.1 MB of gzip that inflates to 1.1 GB.
    static func gzipBomb(_ contentType: String) -> [ScriptStep] {
        [.response(contentType: contentType, headers: ["Content-Encoding": "gzip"], body: CompressedBody.gigabyteBomb)]
    }

    static func fault(_ name: String, _ contentType: String) -> [ScriptStep] {
        switch name {
        case "stream": endlessStream()
        case "hundred": hundredMegabytes(contentType)
        default: gzipBomb(contentType)
        }
    }

    func expectBounded(_ run: MeasuredRun, cap: Int, sent: Int, saying message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.timedOut, sourceLocation: sourceLocation)
        #expect(run.errorLines.count == 1, "\(run.output)\n\(run.errors)", sourceLocation: sourceLocation)
        #expect(run.errorLines.first?.contains(message) == true, "\(run.errorLines)", sourceLocation: sourceLocation)
        #expect(sent < 200 << 20, "the server sent \(sent) bytes before the client gave up", sourceLocation: sourceLocation)
        guard !BinaryRunner.binariesAreSanitized else { return }  // a sanitizer's shadow memory is not the program's
        #expect(run.peakBytes < cap + TransportLimits.allowance, "\(run.peakDescription)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["stream", "hundred", "bomb"])
    func aHugeAPIPageEndsInOneLineWithMemoryUnderTheCap(fault: String) throws {
        let server = try ScriptedHTTPServer { _ in TransportLimits.fault(fault, "application/json") }
        defer { server.shutdown() }
        let run = try TemporaryDirectory.withSync { home in
            try MeasuredRun.recipes(["--api", server.baseURL.absoluteString + "/api/", "--timeout", "30", "search", "garlic"],
                                    environment: BinaryRunner.environment(home: home))
        }
        #expect(run.status == 1)
        expectBounded(run, cap: TransportLimits.pageCap, sent: server.bytesSent, saying: "too large")
        Swift.print("API page, \(fault): \(run.peakDescription); server sent \(server.bytesSent) bytes")
    }

    /// An API page that works, listing one recipe whose page and thumbnail are `fault`.
    func serverWithHostilePages(_ fault: String) throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer { request in
            if request.target.hasPrefix("/api/") {
                let base = "http:\\/\\/127.0.0.1:\(request.headers["host"]?.split(separator: ":").last ?? "80")"
                let body = #"{"results":[{"title":"Heavy Stew","href":"\#(base)\/recipes\/stew","ingredients":"garlic","thumbnail":"\#(base)\/thumbnails\/stew.png"}]}"#
                return [.response(contentType: "text/javascript", body: body)]
            }
            if request.target.hasPrefix("/thumbnails/") {
                return TransportLimits.fault(fault, "image/png")
            }
            return TransportLimits.fault(fault, "text/html")
        }
    }

    @Test(arguments: ["stream", "hundred", "bomb"])
    func aHugeRecipePageEndsInOneLineWithMemoryUnderTheCap(fault: String) throws {
        let server = try serverWithHostilePages(fault)
        defer { server.shutdown() }
        let run = try TemporaryDirectory.withSync { home in
            try MeasuredRun.recipes(["--api", server.baseURL.absoluteString + "/api/", "--timeout", "30", "--no-prefetch"],
                                    input: "garlic\no 1\nquit\n", environment: BinaryRunner.environment(home: home))
        }
        #expect(run.status == 0)
        #expect(run.output.contains("Heavy Stew"))
        expectBounded(run, cap: TransportLimits.pageCap, sent: server.bytesSent, saying: "too large")
        Swift.print("recipe page, \(fault): \(run.peakDescription); server sent \(server.bytesSent) bytes")
    }

    @Test func aThumbnailBombIsRefusedWhileTheRecipeIsSaved() throws {
        let server = try ScriptedHTTPServer { request in
            if request.target.hasPrefix("/api/") {
                let base = "http:\\/\\/127.0.0.1:\(request.headers["host"]?.split(separator: ":").last ?? "80")"
                let body = #"{"results":[{"title":"Heavy Stew","href":"\#(base)\/recipes\/stew","ingredients":"garlic","thumbnail":"\#(base)\/thumbnails\/stew.png"}]}"#
                return [.response(contentType: "text/javascript", body: body)]
            }
            if request.target.hasPrefix("/thumbnails/") { return TransportLimits.gzipBomb("image/png") }
            return [.response(contentType: "text/html", body: "<html><body><h1>Heavy Stew</h1><p>Simmer.</p></body></html>")]
        }
        defer { server.shutdown() }
        let run = try TemporaryDirectory.withSync { home in
            try MeasuredRun.recipes(["--api", server.baseURL.absoluteString + "/api/", "--timeout", "30", "--no-prefetch"],
                                    input: "garlic\nfav 1\nfavs\nquit\n", environment: BinaryRunner.environment(home: home))
        }
        #expect(run.status == 0)
        #expect(!run.timedOut)
        #expect(run.output.contains("Saved"), "\(run.output)")
        #expect(server.bytesSent < 200 << 20)
        if !BinaryRunner.binariesAreSanitized {
            #expect(run.peakBytes < TransportLimits.thumbnailCap + TransportLimits.allowance, "\(run.peakDescription)")
        }
        Swift.print("thumbnail, bomb: \(run.peakDescription); output: \(run.output.split(separator: "\n").filter { $0.contains("Saved") || $0.contains("picture") })")
    }

    @Test func waitingForAServerThatNeverAnswersCostsNoCPU() throws {
        let server = try ScriptedHTTPServer { _ in [.hold] }
        defer { server.shutdown() }
        let run = try TemporaryDirectory.withSync { home in
            try MeasuredRun.recipes(["--api", server.baseURL.absoluteString + "/api/", "--timeout", "2", "search", "garlic"],
                                    environment: BinaryRunner.environment(home: home))
        }
        #expect(run.status == 1)
        #expect(!run.timedOut)
        #expect(run.errorLines.count == 1)
        // --timeout covers the whole page, its retry included: a try that used the 2 s up is not made again.
        #expect(run.errorLines.first?.contains("within 2 s") == true, "\(run.errors)")
        #expect(server.requestCount == 1, "the page was asked for again after its time was up")
        if !BinaryRunner.binariesAreSanitized {
            #expect(run.cpuSeconds < 0.3, "\(run.peakDescription)")
        }
        // Asleep in poll(2) until the deadline: about a hundred switches for the whole run, where waking
        // every millisecond would make twelve thousand.
        #expect(run.contextSwitches < 2_000, "\(run.peakDescription)")
        Swift.print("never answering, --timeout 2, \(server.requestCount) tries: finished in \(run.elapsedDescription); \(run.peakDescription)")
    }

    @Test func aServerDrippingOneByteASecondTimesOutAtTheLimit() throws {
        let server = try ScriptedHTTPServer { _ in
            [.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"),
             .drip(Data(repeating: UInt8(ascii: " "), count: 100), every: .seconds(1))]
        }
        defer { server.shutdown() }
        let started = ContinuousClock.now
        let run = try TemporaryDirectory.withSync { home in
            try MeasuredRun.recipes(["--api", server.baseURL.absoluteString + "/api/", "--timeout", "1.5", "search", "garlic"],
                                    environment: BinaryRunner.environment(home: home))
        }
        #expect(run.status == 1)
        #expect(!run.timedOut)
        #expect(run.errorLines.first?.contains("within 1.5 s") == true, "\(run.errors)")
        #expect(server.requestCount == 1, "the page was asked for again after its time was up")
        Swift.print("dripping, \(server.requestCount) tries of 1.5 s: finished in \(ContinuousClock.now - started); \(run.peakDescription)")
    }
}

/// A run leaves nothing behind but RecipeBook's own files.
@Suite struct NoStrayFiles {
    @Test func aRunWritesOnlyItsFavoritesDatabaseAndHistory() throws {
        try TemporaryDirectory.withSync { root in
            let folders = ["home", "data", "config", "cache", "state"].map { root.appendingPathComponent($0) }
            for folder in folders { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            let environment = BinaryRunner.environment(home: folders[0], extra: [
                "XDG_DATA_HOME": folders[1].path, "XDG_CONFIG_HOME": folders[2].path,
                "XDG_CACHE_HOME": folders[3].path, "XDG_STATE_HOME": folders[4].path,
            ])
            let result = try BinaryRunner.run("recipes", ["--no-prefetch"], input: "garlic\nfav 1\no 1\nquit\n", environment: environment)
            #expect(result.status == 0)
            #expect(result.output.contains("Saved"), "\(result.output)")
            let oneShot = try BinaryRunner.run("recipes", ["search", "garlic", "--json", "--count", "1"], environment: environment)
            #expect(oneShot.status == 0)

            var written: [String] = []
            let enumerator = FileManager.default.enumerator(atPath: root.path)
            while let path = enumerator?.nextObject() as? String { written.append(path) }
            let own = ["home", "data", "config", "cache", "state", "data/recipebook", "state/recipebook", "state/recipebook/history",
                       "state/recipebook/history.lock", "cache/recipebook", "cache/recipebook/lock"]
            let stray = written.filter { path in
                !own.contains(path) && !path.hasPrefix("data/recipebook/favorites.sqlite")
                    && !(path.hasPrefix("cache/recipebook/") && path.hasSuffix(".entry"))
            }
            #expect(stray.isEmpty, "stray files: \(stray)")
            #expect(written.contains("data/recipebook/favorites.sqlite"))
        }
    }
}

/// Results that cannot be shown are counted and said, never silently lost.
@Suite struct LeftOutResults {
    /// One page for any search. It says it matches names by kinds, as PuppyServer does: a server that
    /// does not is asked again under other names for garlic, and would send the same bad results again.
    static func server(badResults: Int, good: Bool) throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer { request in
            let matching = ["X-Ingredient-Matching": "kinds"]
            guard request.target.contains("p=1") else { return [.response(headers: matching, body: Data(#"{"results":[]}"#.utf8))] }
            var results = (1...badResults).map { #"{"title":"\u0007\u001b[2J\u001b]0;x\u0007","href":"http://a.test/\#($0)","ingredients":"garlic"}"# }
            if good { results.append(#"{"title":"Garlic Soup","href":"http://a.test/soup","ingredients":"garlic"}"#) }
            return [.response(headers: matching, body: Data((#"{"results":["# + results.joined(separator: ",") + "]}").utf8))]
        }
    }

    @Test func aPageOfUnreadableResultsSaysHowManyWereLeftOutAndWhy() throws {
        let server = try Self.server(badResults: 4, good: false)
        defer { server.shutdown() }
        let run = try TemporaryDirectory.withSync { home in
            try BinaryRunner.run("recipes", ["--api", server.baseURL.absoluteString + "/api/", "search", "garlic"],
                                 environment: BinaryRunner.environment(home: home))
        }
        #expect(run.status == 3)
        #expect(run.errors.contains("No recipes with garlic: the server sent only results RecipeBook left out, 4 with nothing readable in their title or link."),
                "\(run.errors)")
    }

    @Test func unreadableResultsBesideAGoodOneAreNotSaidToLackATitle() throws {
        let server = try Self.server(badResults: 2, good: true)
        defer { server.shutdown() }
        let run = try TemporaryDirectory.withSync { home in
            try BinaryRunner.run("recipes", ["--api", server.baseURL.absoluteString + "/api/", "search", "garlic"],
                                 environment: BinaryRunner.environment(home: home))
        }
        #expect(run.status == 0)
        #expect(run.output.contains("Garlic Soup"))
        #expect(run.errors.contains("Left out results: 2 with nothing readable in their title or link."), "\(run.errors)")
        #expect(!run.errors.contains("without a title"), "\(run.errors)")
    }
}
