import ServiceSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Glibc
import Testing
import TestSupport
@testable import PuppyServer

private func stillAnswers(_ server: PuppyServer) async throws -> Bool {
    let (body, response) = try await Client.api(server, "i=garlic&p=1")
    return response.statusCode == 200 && Envelope.decode(Array(body))?.results.count == 10
}

@Suite("Server over HTTP")
struct ServerHTTPTests {
    @Test func garlicPageOneGivesTenRecipesThatAllContainGarlic() async throws {
        try await PuppyServerFixture.withServer { server in
            let (body, response) = try await Client.api(server, "i=garlic&p=1")
            #expect(response.statusCode == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/javascript")
            let decoded = try #require(Envelope.decode(Array(body)))
            #expect(decoded.href == server.baseURL.absoluteString + "/")
            #expect(decoded.results.count == 10)
            #expect(decoded.results.allSatisfy { $0.ingredients.components(separatedBy: ", ").contains("garlic") })
        }
    }

    @Test func everyHrefAndThumbnailAnswers200WithTheRightContentType() async throws {
        try await PuppyServerFixture.withServer(configuration: ServerConfiguration(quirks: [.duplicates])) { server in
            var results: [EnvelopeResult] = []
            for page in 1...6 {
                let (body, _) = try await Client.api(server, "q=&p=\(page)")
                results += Envelope.decode(Array(body))?.results ?? []
            }
            #expect(Set(results.map { normalizedHref($0.href) }).count == 36)
            for result in results {
                let href = try #require(URL(string: result.href))
                let (page, pageResponse) = try await Client.get(href)
                #expect(pageResponse.statusCode == 200, "\(result.href)")
                #expect(pageResponse.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
                #expect(String(decoding: page, as: UTF8.self).contains("<h1>"))
                let thumbnail = try #require(URL(string: result.thumbnail))
                let (image, imageResponse) = try await Client.get(thumbnail)
                #expect(imageResponse.statusCode == 200)
                #expect(imageResponse.value(forHTTPHeaderField: "Content-Type") == "image/jpeg")
                #expect(image.starts(with: [0xFF, 0xD8, 0xFF]))
            }
        }
    }

    @Test func twoServersWithTheSameSeedAnswerTheFirstPageIdentically() async throws {
        let configuration = ServerConfiguration(publicURL: URL(string: "http://recipes.local"), quirks: Quirk.realistic, seed: 4)
        let first = try await PuppyServerFixture.withServer(configuration: configuration) { try await Client.api($0, "q=&p=1").body }
        let second = try await PuppyServerFixture.withServer(configuration: configuration) { try await Client.api($0, "q=&p=1").body }
        #expect(first == second)
        #expect(String(decoding: first, as: UTF8.self).contains(#"http:\/\/recipes.local\/recipes\/"#))
    }

    @Test func garbageOversizeAndTraversalAreRefusedAndTheServerStillAnswers() async throws {
        try await PuppyServerFixture.withServer { server in
            let garbage = try RawHTTPConnection(port: server.port)
            try garbage.send("GARBAGE\r\n\r\n")
            #expect(try garbage.readResponse()?.status == 400)
            #expect(garbage.isClosedByServer())

            let big = try RawHTTPConnection(port: server.port)
            try big.send("GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 20_000) + "\r\n\r\n")
            let refused = try #require(try big.readResponse())
            #expect(refused.status == 431)
            #expect(refused.header("Connection") == "close")
            #expect(big.isClosedByServer())

            let long = try RawHTTPConnection(port: server.port)
            try long.send("GET /" + String(repeating: "a", count: 10_000) + " HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try long.readResponse()?.status == 414)

            for target in ["/recipes/../api/", "/recipes/%2e%2e/%2e%2e/etc/passwd", "/thumbnails/..%2F..%2Fetc%2Fpasswd.png",
                           "http://evil/../../etc/passwd", "/../../../../etc/passwd"] {
                let traversal = try RawHTTPConnection(port: server.port)
                try traversal.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try traversal.readResponse()?.status == 404, "\(target)")
            }

            for smuggled in [
                "POST /api/ HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                "POST /api/ HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 0\r\n\r\nhello",
                "GET /api/ HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
            ] {
                let connection = try RawHTTPConnection(port: server.port)
                try connection.send(smuggled)
                #expect(try connection.readResponse()?.status == 400)
                #expect(connection.isClosedByServer())
            }

            let body = try RawHTTPConnection(port: server.port)
            try body.send("POST /api/ HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n")
            #expect(try body.readResponse()?.status == 413)

            #expect(try await stillAnswers(server))
        }
    }

    @Test func keepAliveAndPipelinedRequestsAreAnsweredInOrder() async throws {
        try await PuppyServerFixture.withServer { server in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send((1...3).map { "GET /api/?i=garlic&p=\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined())
            var firstTitles: [String] = []
            for _ in 1...3 {
                let response = try #require(try connection.readResponse())
                #expect(response.status == 200)
                firstTitles.append(Envelope.decode(response.body)?.results.first?.title ?? "")
            }
            let catalog = try PuppyServerFixture.sampleCatalog().recipes.filter { $0.ingredients.contains("garlic") }
                .enumerated().sorted { ($0.element.ingredients.count, $0.offset) < ($1.element.ingredients.count, $1.offset) }.map(\.element)
            #expect(firstTitles == [catalog[0].title, catalog[10].title, catalog[20].title])

            try connection.send("HEAD /recipes/shakshuka HTTP/1.1\r\nHost: x\r\n\r\nGET /recipes/shakshuka HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try #require(try connection.readResponse(head: true))
            let get = try #require(try connection.readResponse())
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.header("Content-Length") == String(get.body.count))

            try connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(try connection.readResponse()?.header("Connection") == "close")
            #expect(connection.isClosedByServer())
        }
    }

    @Test func lightLoadStaysOnOneEventLoop() async throws {
        // Spread over two threads, a few connections wait whenever one thread is queued for a processor
        // behind the other; one loop serves them all without that wait while it has time to spare.
        try await PuppyServerFixture.withServer(configuration: .init(threads: 2)) { server in
            let connections = try (0..<8).map { _ in try RawHTTPConnection(port: server.port) }
            for connection in connections {
                try connection.send("GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try connection.readResponse()?.status == 200)
            }
            #expect(server.connectionsPerLoop == [8, 0])
            connections.forEach { $0.close() }
        }
    }

    @Test func aLongPipelinedBurstIsAnsweredCompletelyAndInOrder() async throws {
        try await PuppyServerFixture.withServer { server in
            let connection = try RawHTTPConnection(port: server.port)
            let count = 600
            try connection.send((1...count).map { "GET /api/?q=&p=\($0 % 30 + 1) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined())
            var pages: [Int] = []
            for _ in 1...count {
                let response = try #require(try connection.readResponse())
                pages.append(Envelope.decode(response.body)?.results.count ?? -1)
            }
            // The 36 sample recipes: pages 1 to 3 hold 10, page 4 holds 6, pages 5 to 24 none, and
            // pages 25 on are the far-past-the-end HTML 500 (-1 here).
            let expected = (1...count).map { number -> Int in
                let page = number % 30 + 1
                return page <= 3 ? 10 : page == 4 ? 6 : page <= 24 ? 0 : -1
            }
            #expect(pages == expected)
            #expect(server.statistics.apiRequests == count)
            #expect(server.statistics.maxAPIRequestsInFlight == 1)
        }
    }

    @Test func http10ClosesUnlessItAsksForKeepAlive() async throws {
        try await PuppyServerFixture.withServer { server in
            let plain = try RawHTTPConnection(port: server.port)
            try plain.send("GET /api/?i=garlic HTTP/1.0\r\n\r\n")
            #expect(try plain.readResponse()?.status == 200)
            #expect(plain.isClosedByServer())

            let kept = try RawHTTPConnection(port: server.port)
            try kept.send("GET /api/?i=garlic HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try kept.readResponse()?.header("Connection") == "keep-alive")
            try kept.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try kept.readResponse()?.status == 200)
        }
    }

    @Test func aClientThatNeverFinishesItsHeadGets408AndIsClosed() async throws {
        let limits = ServerLimits(headerTimeout: .milliseconds(150))
        try await PuppyServerFixture.withServer(configuration: ServerConfiguration(limits: limits)) { server in
            let slow = try RawHTTPConnection(port: server.port)
            try slow.send("GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\n")
            #expect(try slow.readResponse()?.status == 408)
            #expect(slow.isClosedByServer())

            let silent = try RawHTTPConnection(port: server.port)
            #expect(try silent.readResponse() == nil)
            #expect(try await stillAnswers(server))
        }
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        let limits = ServerLimits(idleTimeout: .milliseconds(150))
        try await PuppyServerFixture.withServer(configuration: ServerConfiguration(limits: limits)) { server in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse()?.status == 200)
            #expect(try connection.readResponse() == nil)
        }
    }

    @Test func aConnectionBeyondTheLimitTakesThePlaceOfTheLongestIdleOne() async throws {
        let limits = ServerLimits(maxConnections: 2)
        try await PuppyServerFixture.withServer(configuration: ServerConfiguration(limits: limits, threads: 1)) { server in
            let first = try RawHTTPConnection(port: server.port)
            try first.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try first.readResponse()?.status == 200)
            let second = try RawHTTPConnection(port: server.port)
            try second.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try second.readResponse()?.status == 200)

            let third = try RawHTTPConnection(port: server.port)
            try third.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try third.readResponse()?.status == 200)
            #expect(first.isClosedByServer())

            try second.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try second.readResponse()?.status == 200)
        }
    }

    @Test func socketErrorsSayWhatWentWrong() throws {
        #expect(Socket.Failure.resolution(host: "0.0.0.0.0", status: EAI_NONAME, errno: 0).description
            == "cannot resolve 0.0.0.0.0: Name or service not known")
        #expect(Socket.Failure.resolution(host: "h", status: EAI_SYSTEM, errno: ENOMEM).description
            == "cannot resolve h: Cannot allocate memory")
        #expect(Socket.Failure.system("cannot listen on 127.0.0.1:80", errno: EACCES).description
            == "cannot listen on 127.0.0.1:80: Permission denied")
        let server = PuppyServer(catalog: try PuppyServerFixture.sampleCatalog(), configuration: ServerConfiguration(host: "0.0.0.0.0"))
        #expect {
            try server.start()
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("cannot resolve 0.0.0.0.0: ") && !message.contains("Success")
        }
    }

    @Test func manyConcurrentClientsAreAllAnswered() async throws {
        try await PuppyServerFixture.withServer { server in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for number in 0..<64 {
                    group.addTask { try await Client.api(server, "i=garlic&p=\(number % 5 + 1)").response.statusCode }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.count == 64 && statuses.allSatisfy { $0 == 200 })
        }
    }

    @Test func latencyDelaysAnswersWithoutBlockingOtherConnections() async throws {
        let configuration = ServerConfiguration(latency: .milliseconds(120), threads: 1)
        try await PuppyServerFixture.withServer(configuration: configuration) { server in
            let clock = ContinuousClock()
            let started = clock.now
            async let first = Client.api(server, "i=garlic&p=1")
            async let second = Client.api(server, "i=garlic&p=2")
            let statuses = try await [first.response.statusCode, second.response.statusCode]
            #expect(statuses == [200, 200])
            #expect(clock.now - started >= .milliseconds(84))
            // Both were waiting out their latency at the same time on the one loop thread.
            #expect(server.statistics.maxAPIRequestsInFlight == 2)
        }
    }

    @Test func statisticsCountRequestsPagesAndRequestsInFlight() async throws {
        try await PuppyServerFixture.withServer { server in
            for page in [1, 2, 2] { _ = try await Client.api(server, "i=Garlic,&p=\(page)") }
            _ = try await Client.get(server.baseURL.appendingPathComponent("recipes/shakshuka"))
            var statistics = server.statistics
            #expect(statistics.totalRequests == 4)
            #expect(statistics.apiRequests == 3)
            #expect(statistics.maxAPIRequestsInFlight == 1)
            #expect(statistics.pageRequests[APIPageKey(ingredients: "garlic", page: 2)] == 2)
            #expect(statistics.mostRequestsForOnePage == 2)

            server.resetStatistics()
            statistics = server.statistics
            #expect(statistics.totalRequests == 0 && statistics.pageRequests.isEmpty)
        }
    }

    /// A JSONP client names a new callback each time; its pages are still counted as pages, so a long run
    /// of them neither grows the count's table past the pages asked for nor crowds out the next page.
    @Test func jsonpCallbacksAreCountedAsThePagesTheyAskFor() {
        let recorder = StatisticsRecorder()
        for number in 0..<RequestStatistics.pageKeyLimit {
            var query = APIQuery(ingredients: "garlic", query: "", page: 1)
            query.callback = "jQuery3600_\(number)"
            recorder.beginAPIRequest(query)
            recorder.endAPIRequest()
        }
        recorder.beginAPIRequest(APIQuery(ingredients: "onions", query: "", page: 2))
        let statistics = recorder.snapshot
        #expect(statistics.pageRequests[APIPageKey(ingredients: "garlic", page: 1)] == RequestStatistics.pageKeyLimit)
        #expect(statistics.pageRequests[APIPageKey(ingredients: "onions", page: 2)] == 1)
        #expect(statistics.pageRequests.count == 2)
    }

    @Test func aPublicURLSetsHrefsButRequestsWithAnyHostAreServed() async throws {
        let configuration = ServerConfiguration(publicURL: URL(string: "http://recipes.example"))
        try await PuppyServerFixture.withServer(configuration: configuration) { server in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET /api/?q=shakshuka HTTP/1.1\r\nHost: somewhere.else:1234\r\n\r\n")
            let response = try #require(try connection.readResponse())
            #expect(Envelope.decode(response.body)?.results.first?.href == "http://recipes.example/recipes/shakshuka")
        }
    }

    @Test func logLinesNamePeerRequestStatusBytesAndTime() async throws {
        let lines = Locked<[String]>([])
        let configuration = ServerConfiguration(log: { line in lines.withLock { $0.append(line) } })
        try await PuppyServerFixture.withServer(configuration: configuration) { server in
            _ = try await Client.api(server, "i=garlic")
            let garbage = try RawHTTPConnection(port: server.port)
            try garbage.send("\u{1B}[31m\r\n\r\n")
            _ = try garbage.readResponse()
        }
        let logged = lines.current
        #expect(logged.count == 2)
        #expect(logged.first?.range(of: #"^127\.0\.0\.1:\d+ "GET /api/\?i=garlic HTTP/1\.1" 200 \d+ \d+\.\d{3}ms$"#, options: .regularExpression) != nil)
        #expect(logged.last?.contains(#""\x1b[31m" 400"#) == true)
    }

    @Test func shutdownIsIdempotentAndClosesOpenConnections() async throws {
        let server = PuppyServer(catalog: try PuppyServerFixture.sampleCatalog())
        try server.start()
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse()?.status == 200)
        server.shutdown()
        server.shutdown()
        #expect(connection.isClosedByServer())
        #expect(throws: PuppyServerError.self) { try server.start() }
    }

    @Test func theFixtureShutsTheServerDownWhenTheBodyThrows() async throws {
        struct Expected: Error {}
        var port: UInt16 = 0
        await #expect(throws: Expected.self) {
            try await PuppyServerFixture.withServer { server in
                port = server.port
                throw Expected()
            }
        }
        #expect(port != 0)
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: port) }
    }

    @Test func aBusyPortIsReportedAsAnError() throws {
        let first = PuppyServer(catalog: try PuppyServerFixture.sampleCatalog())
        try first.start()
        defer { first.shutdown() }
        let second = PuppyServer(catalog: try PuppyServerFixture.sampleCatalog(), configuration: ServerConfiguration(port: first.port))
        #expect(throws: PuppyServerError.self) { try second.start() }
    }
}
