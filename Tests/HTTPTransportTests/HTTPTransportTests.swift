import Foundation
import Testing
import TestSupport
@testable import HTTPTransport
import ServiceSupport

/// The transport against a server that misbehaves on purpose, byte for byte.
@Suite struct HTTPTransportFaults {
    func withServer<T>(_ handler: @escaping ScriptedHTTPServer.Handler,
                       _ body: (ScriptedHTTPServer, URL) async throws -> T) async throws -> T {
        let server = try ScriptedHTTPServer(handler: handler)
        defer { server.shutdown() }
        return try await body(server, server.baseURL.appendingPathComponent("api/"))
    }

    func expectFailure(_ expected: ServiceError, _ configuration: HTTPTransport.Configuration = .init(timeout: .seconds(5)),
                       _ handler: @escaping ScriptedHTTPServer.Handler) async throws {
        try await withServer(handler) { _, url in
            let transport = HTTPTransport(configuration: configuration)
            defer { transport.shutdown() }
            do {
                let response = try await transport.get(url)
                Issue.record("expected \(expected), got HTTP \(response.status) with \(response.body.count) bytes")
            } catch {
                #expect(error as? ServiceError == expected, "\(error)")
            }
        }
    }

    @Test func aPlainAnswerComesBackWithItsMediaType() async throws {
        try await withServer({ _ in [.response(contentType: "text/javascript; charset=utf-8", body: "{\"results\":[]}")] }) { _, url in
            let transport = HTTPTransport()
            defer { transport.shutdown() }
            let response = try await transport.get(url)
            #expect(response.status == 200)
            #expect(response.contentType == "text/javascript")
            #expect(String(decoding: response.body, as: UTF8.self) == "{\"results\":[]}")
        }
    }

    @Test func anAnnouncedHugeBodyIsRefusedWithoutReadingIt() async throws {
        try await expectFailure(.tooLarge) { _ in
            [.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n{"), .hold]
        }
    }

    @Test func aHugeBodyWithoutALengthIsCutAtTheCap() async throws {
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 64 * 1024)
        let chunked = Data("10000\r\n".utf8) + chunk + Data("\r\n".utf8)
        try await expectFailure(.tooLarge, .init(timeout: .seconds(5), maxBodyBytes: 256 * 1024)) { _ in
            [.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")]
                + Array(repeating: .send(chunked), count: 1600) + [.send("0\r\n\r\n")]
        }
    }

    @Test func aServerThatDripsBytesStillTimesOut() async throws {
        try await expectFailure(.timeout, .init(timeout: .milliseconds(600))) { _ in
            [.send("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n"),
             .drip(Data(repeating: UInt8(ascii: "x"), count: 1000), every: .milliseconds(100))]
        }
    }

    @Test func aResetInTheMiddleOfTheBodyIsALostConnection() async throws {
        try await expectFailure(.connectionLost) { _ in
            [.send("HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n{\"results\":["), .pause(.milliseconds(50)), .reset]
        }
    }

    @Test func aTruncatedBodyIsALostConnection() async throws {
        try await expectFailure(.connectionLost) { _ in
            [.send("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"results\":["), .close]
        }
    }

    @Test func aRedirectLoopIsStopped() async throws {
        try await expectFailure(.redirectLoop) { request in
            [.send("HTTP/1.1 302 Found\r\nLocation: \(request.target)x\r\nContent-Length: 0\r\n\r\n")]
        }
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let server = try ScriptedHTTPServer { _ in [] }
        let url = server.baseURL.appendingPathComponent("api/")
        server.shutdown()
        let transport = HTTPTransport()
        defer { transport.shutdown() }
        await #expect(throws: ServiceError.unreachable) { try await transport.get(url) }
    }

    @Test func cancellingTheCallerEndsTheRequest() async throws {
        try await withServer({ _ in [.hold] }) { server, url in
            let transport = HTTPTransport(configuration: .init(timeout: .seconds(30)))
            defer { transport.shutdown() }
            let task = Task { try await transport.get(url) }
            #expect(await eventually { server.requestCount > 0 })
            task.cancel()
            await #expect(throws: ServiceError.cancelled) { try await task.value }
        }
    }

    @Test func aRequestAfterShutdownIsCancelledNotACrash() async throws {
        try await withServer({ _ in [.response(body: "{}")] }) { _, url in
            let transport = HTTPTransport()
            transport.shutdown()
            transport.shutdown()
            await #expect(throws: ServiceError.cancelled) { try await transport.get(url) }
        }
    }

    @Test func overriddenOriginsAreFetchedFromTheirTarget() async throws {
        try await withServer({ request in [.response(contentType: "text/plain", body: request.target)] }) { server, _ in
            let transport = HTTPTransport(configuration: .init(originOverrides: ["http://puppy.example.test": server.baseURL]))
            defer { transport.shutdown() }
            let response = try await transport.get(URL(string: "http://puppy.example.test/recipes/pie")!)
            #expect(String(decoding: response.body, as: UTF8.self) == "/recipes/pie")
        }
    }
}
