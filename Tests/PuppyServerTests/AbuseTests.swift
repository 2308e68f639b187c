import Foundation
import Testing
import TestSupport
@testable import PuppyServer

// One at a time: a thousand connections held open by one test are not the moment to time another's
// answer.
@Suite("Server abuse", .serialized)
struct ServerAbuseTests {
    @Test func aThousandIdleConnectionsDoNotStopTheServerAnswering() async throws {
        try await PuppyServerFixture.withServer { server in
            var idle: [RawHTTPConnection] = []
            for _ in 0..<1_000 { idle.append(try RawHTTPConnection(port: server.port)) }
            // The idle ones are still open, and a real client is answered at once.
            let (body, response) = try await Client.api(server, "i=garlic&p=1")
            #expect(response.statusCode == 200)
            #expect(Envelope.decode(Array(body))?.results.count == 10)
            let late = try RawHTTPConnection(port: server.port)
            try late.send("GET /api/?i=eggs HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try late.readResponse()?.status == 200)
            idle.forEach { $0.close() }
        }
    }

    @Test func oneClientHoldingEveryConnectionCannotShutANewClientOut() async throws {
        let limits = ServerLimits(maxConnections: 100)
        try await PuppyServerFixture.withServer(configuration: ServerConfiguration(limits: limits, threads: 1)) { server in
            var idle: [RawHTTPConnection] = []
            for _ in 0..<300 { idle.append(try RawHTTPConnection(port: server.port, timeout: .seconds(10))) }
            // A new client is answered at once: the longest idle connection made room for it.
            let late = try RawHTTPConnection(port: server.port, timeout: .seconds(10))
            try late.send("GET /api/?i=eggs HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try late.readResponse()?.status == 200)
            #expect(idle[0].isClosedByServer())
            idle.forEach { $0.close() }
        }
    }

    @Test func onePeerAddressKeepsAtMostItsShareOfConnections() async throws {
        let limits = ServerLimits(maxConnections: 1_000, maxConnectionsPerPeer: 10)
        try await PuppyServerFixture.withServer(configuration: ServerConfiguration(limits: limits, threads: 1)) { server in
            var greedy: [RawHTTPConnection] = []
            for _ in 0..<30 { greedy.append(try RawHTTPConnection(port: server.port, timeout: .seconds(10), source: "127.0.0.2")) }
            let other = try RawHTTPConnection(port: server.port, timeout: .seconds(10))
            try other.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try other.readResponse()?.status == 200)
            // The peer's oldest connections were closed to keep it at ten; its newest still work.
            #expect(greedy[0].isClosedByServer())
            try greedy[29].send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try greedy[29].readResponse()?.status == 200)
            greedy.forEach { $0.close() }
        }
    }

    /// Behind a reverse proxy every client comes through the proxy's connections: a trusted proxy is
    /// held to the total only, while any other address keeps its share.
    @Test func aTrustedProxyKeepsAllItsConnectionsAndOthersStillTheirShare() async throws {
        let limits = ServerLimits(maxConnections: 1_000, maxConnectionsPerPeer: 10, trustedProxies: ["127.0.0.2"])
        try await PuppyServerFixture.withServer(configuration: ServerConfiguration(limits: limits, threads: 1)) { server in
            var proxy: [RawHTTPConnection] = []
            var greedy: [RawHTTPConnection] = []
            for _ in 0..<30 {
                proxy.append(try RawHTTPConnection(port: server.port, timeout: .seconds(10), source: "127.0.0.2"))
                greedy.append(try RawHTTPConnection(port: server.port, timeout: .seconds(10), source: "127.0.0.3"))
            }
            let other = try RawHTTPConnection(port: server.port, timeout: .seconds(10))
            try other.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try other.readResponse()?.status == 200)
            // Every one of the proxy's 30 connections is still open and answers.
            for connection in proxy {
                try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try connection.readResponse()?.status == 200)
            }
            // The untrusted address was kept to ten: its oldest were closed.
            #expect(greedy[0].isClosedByServer())
            (proxy + greedy).forEach { $0.close() }
        }
    }

    @Test func aConnectionWaitingForItsAnswerIsNeverClosedToMakeRoom() async throws {
        let configuration = ServerConfiguration(latency: .seconds(600), limits: ServerLimits(maxConnections: 1), threads: 1)
        try await PuppyServerFixture.withServer(configuration: configuration) { server in
            let busy = try RawHTTPConnection(port: server.port, timeout: .seconds(60))
            try busy.send("GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\n\r\n")
            // Once the server holds the request (counted, its answer waiting out a minute's latency), a
            // newcomer finds no connection to replace: it is told at once to come back, not reset.
            #expect(await eventually { server.statistics.apiRequests == 1 })
            let newcomer = try RawHTTPConnection(port: server.port, timeout: .seconds(60))
            try newcomer.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = try newcomer.readResponse()
            #expect(answer?.status == 503)
            #expect(answer?.header("Retry-After") == "1")
            #expect(server.statistics.apiRequests == 1)
        }
    }

    /// A burst from one address, past its share of connections, each sending its request at once (as
    /// clients behind one proxy or NAT do): every one is answered, none is reset; those there is no
    /// room for are told to come back (503 with Retry-After).
    @Test func aBurstPastOneAddresssShareIsAnsweredEveryOneNotReset() async throws {
        let limits = ServerLimits(maxConnections: 1_000, maxConnectionsPerPeer: 8)
        // Answers wait out a latency, so the burst is all there at once while the first are answered.
        let configuration = ServerConfiguration(latency: .milliseconds(200), limits: limits, threads: 1)
        try await PuppyServerFixture.withServer(configuration: configuration) { server in
            var burst: [RawHTTPConnection] = []
            for _ in 0..<60 {
                let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(20))
                try connection.send("GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                burst.append(connection)
            }
            var statuses: [Int] = []
            var unanswered = 0
            for connection in burst {
                do {
                    if let response = try connection.readResponse() {
                        statuses.append(response.status)
                        if response.status == 503 { #expect(response.header("Retry-After") == "1") }
                    } else {
                        unanswered += 1
                    }
                } catch {
                    unanswered += 1  // reset
                }
                connection.close()
            }
            #expect(unanswered == 0, "\(unanswered) of 60 unanswered; statuses \(statuses)")
            #expect(Set(statuses).isSubset(of: [200, 503]), "\(statuses)")
            #expect(statuses.filter { $0 == 200 }.count >= 8, "the address's share is served: \(statuses)")
        }
    }

    @Test func traversalInEveryDisguiseFindsNothing() async throws {
        try await PuppyServerFixture.withServer { server in
            let targets = [
                "/recipes/..%2f..%2f..%2fetc%2fpasswd", "/recipes/%2E%2E/%2E%2E/etc/passwd", "/thumbnails/%2e%2e%2fPackage.swift",
                "/recipes/shakshuka/../../../etc/passwd", "/recipes/shakshuka%00.html", "/recipes//etc/passwd",
                "http://localhost/../../etc/passwd", "https://127.0.0.1:1/recipes/../../etc/shadow", "/recipes/%252e%252e%252fetc",
                "/thumbnails/shakshuka.png/../../../etc/passwd", "/recipes/\\..\\..\\etc\\passwd", "/api/../../etc/passwd",
            ]
            for target in targets {
                let connection = try RawHTTPConnection(port: server.port)
                try connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try #require(try connection.readResponse())
                #expect(response.status == 404 || response.status == 400, "\(target) gave \(response.status)")
                #expect(!response.text.contains("root:"))
            }
            let (_, response) = try await Client.api(server, "i=garlic&p=1")
            #expect(response.statusCode == 200)
        }
    }

    @Test func smuggledRequestsAreRefusedAndNothingRidesAlong() async throws {
        try await PuppyServerFixture.withServer { server in
            let attempts = [
                // CL.TE: the second request hides in what one parser takes as body.
                "POST /api/ HTTP/1.1\r\nHost: x\r\nContent-Length: 44\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /recipes/shakshuka HTTP/1.1\r\nHost: x\r\n\r\n",
                // TE.CL
                "POST /api/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n5c\r\nGPOST / HTTP/1.1\r\n\r\n0\r\n\r\n",
                // Two different lengths.
                "POST /api/ HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 44\r\n\r\nGET /recipes/shakshuka HTTP/1.1\r\nHost: x\r\n\r\n",
                // Obfuscated transfer coding.
                "POST /api/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n",
                "POST /api/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n",
                // A folded header.
                "GET /api/ HTTP/1.1\r\nHost: x\r\nX-A: b\r\n c\r\n\r\n",
            ]
            for attempt in attempts {
                let connection = try RawHTTPConnection(port: server.port)
                try connection.send(attempt)
                let first = try #require(try connection.readResponse())
                #expect((400...501).contains(first.status), "\(attempt.prefix(60)) gave \(first.status)")
                #expect(connection.isClosedByServer(), "the connection stays open after \(attempt.prefix(40))")
            }
            let (_, response) = try await Client.api(server, "i=garlic&p=1")
            #expect(response.statusCode == 200)
        }
    }
}
