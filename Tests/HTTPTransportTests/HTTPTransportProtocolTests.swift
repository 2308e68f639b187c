import Foundation
import Testing
import TestSupport
@testable import HTTPTransport
import ServiceSupport

/// The transport's own HTTP/1.1 client: encodings, redirects, framing, names, and its limits' messages.
@Suite struct HTTPTransportProtocol {
    func fetch(_ path: String = "/api/", _ configuration: HTTPTransport.Configuration = .init(timeout: .seconds(5)),
               host: String? = nil, _ handler: @escaping ScriptedHTTPServer.Handler) async throws -> (Result<HTTPResponse, ServiceError>, URL) {
        let server = try ScriptedHTTPServer(handler: handler)
        defer { server.shutdown() }
        let transport = HTTPTransport(configuration: configuration)
        defer { transport.shutdown() }
        let url = try #require(URL(string: "http://\(host ?? "127.0.0.1"):\(server.port)\(path)"))
        do throws(ServiceError) {
            return (.success(try await transport.get(url)), url)
        } catch {
            return (.failure(error), url)
        }
    }

    static let page = Data(String(repeating: "<p>Slice the onions thinly.</p>", count: 100).utf8)

    @Test(arguments: [("gzip", CompressedBody.Format.gzip), ("deflate", .zlib), ("deflate", .rawDeflate)])
    func compressedAnswersArriveDecodedAskedOrNot(encoding: String, format: CompressedBody.Format) async throws {
        let (result, _) = try await fetch { request in
            #expect(request.headers["accept-encoding"] == "gzip, deflate")
            return [.response(contentType: "text/html", headers: ["Content-Encoding": encoding],
                              body: CompressedBody.compress(HTTPTransportProtocol.page, format))]
        }
        #expect(try result.get().body == HTTPTransportProtocol.page)
    }

    @Test func aGzipBombIsStoppedAtTheCap() async throws {
        let bomb = CompressedBody.zeros(512 << 20)
        let (result, _) = try await fetch("/api/", .init(timeout: .seconds(10), maxBodyBytes: 1 << 20)) { _ in
            [.response(contentType: "application/json", headers: ["Content-Encoding": "gzip"], body: bomb)]
        }
        #expect(throws: ServiceError.tooLarge) { try result.get() }
    }

    @Test func theCharsetAndMediaTypeComeFromTheContentType() async throws {
        let (result, _) = try await fetch { _ in [.response(contentType: "Text/HTML; charset=\"ISO-8859-1\"", body: "x")] }
        let response = try result.get()
        #expect(response.contentType == "text/html")
        #expect(response.charset == "iso-8859-1")
    }

    @Test func aChunkedAnswerAfterAnInformationalOneArrivesWhole() async throws {
        let (result, _) = try await fetch { _ in
            [.send("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n"),
             .send("5\r\nhello\r\n"), .pause(.milliseconds(20)), .send("6;x=y\r\n world\r\n0\r\nTrailer: 1\r\n\r\n"), .hold]
        }
        #expect(try String(decoding: result.get().body, as: UTF8.self) == "hello world")
    }

    @Test func aBodyThatRunsToTheCloseEndsAtTheClose() async throws {
        let (result, _) = try await fetch { _ in [.send("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it"), .close] }
        #expect(try String(decoding: result.get().body, as: UTF8.self) == "all of it")
    }

    @Test func redirectsAreFollowedAndTheAnswerKnowsWhereItCameFrom() async throws {
        let (result, url) = try await fetch("/start") { request in
            switch request.target {
            case "/start": return [.send("HTTP/1.1 301 Moved\r\nLocation: next?step=2\r\nContent-Length: 5\r\n\r\nmoved")]
            case "/next?step=2": return [.send("HTTP/1.1 307 Temporary\r\nLocation: /recipes/final\r\nContent-Length: 0\r\n\r\n")]
            default: return [.response(contentType: "text/html", body: "<a href=\"x\">at \(request.target)</a>")]
            }
        }
        let response = try result.get()
        #expect(String(decoding: response.body, as: UTF8.self).contains("at /recipes/final"))
        #expect(response.url.absoluteString == "http://127.0.0.1:\(url.port ?? 0)/recipes/final")
    }

    @Test func redirectsOnlyGoToWebAddresses() async throws {
        let (result, _) = try await fetch { _ in [.send("HTTP/1.1 302 Found\r\nLocation: ftp://example.test/file\r\nContent-Length: 0\r\n\r\n")] }
        #expect(throws: ServiceError.malformedBody) { try result.get() }
    }

    @Test func exactlyTheRedirectLimitIsFollowed() async throws {
        let (result, _) = try await fetch("/0", .init(timeout: .seconds(5), maxRedirects: 2)) { request in
            let step = Int(request.target.dropFirst()) ?? 0
            return step < 2 ? [.send("HTTP/1.1 302 Found\r\nLocation: /\(step + 1)\r\nContent-Length: 0\r\n\r\n")]
                            : [.response(contentType: "text/plain", body: "arrived")]
        }
        #expect(try result.get().body == Data("arrived".utf8))
        let (tooMany, _) = try await fetch("/0", .init(timeout: .seconds(5), maxRedirects: 1)) { request in
            let step = Int(request.target.dropFirst()) ?? 0
            return step < 2 ? [.send("HTTP/1.1 302 Found\r\nLocation: /\(step + 1)\r\nContent-Length: 0\r\n\r\n")]
                            : [.response(contentType: "text/plain", body: "arrived")]
        }
        #expect(throws: ServiceError.redirectLoop) { try tooMany.get() }
    }

    @Test func aRedirectToAnOverriddenOriginKeepsItsNameInTheAnswer() async throws {
        let server = try ScriptedHTTPServer { request in
            request.target == "/old" ? [.send("HTTP/1.1 302 Found\r\nLocation: http://puppy.example.test/new\r\nContent-Length: 0\r\n\r\n")]
                                     : [.response(contentType: "text/html", body: request.headers["host"] ?? "")]
        }
        defer { server.shutdown() }
        let transport = HTTPTransport(configuration: .init(originOverrides: ["http://puppy.example.test": server.baseURL]))
        defer { transport.shutdown() }
        let response = try await transport.get(try #require(URL(string: "http://puppy.example.test/old")))
        #expect(response.url.absoluteString == "http://puppy.example.test/new")
        #expect(String(decoding: response.body, as: UTF8.self) == "127.0.0.1:\(server.port)")
    }

    @Test func aHostNameIsLookedUpAndEveryAddressTried() async throws {
        let (result, _) = try await fetch(host: "localhost") { _ in [.response(contentType: "text/plain", body: "by name")] }
        #expect(try result.get().body == Data("by name".utf8))
    }

    @Test func aServerThatNeverAnswersTimesOutNamingTheLimit() async throws {
        let (result, _) = try await fetch("/api/", .init(timeout: .milliseconds(400))) { _ in [.hold] }
        #expect(throws: ServiceError.timeout) { try result.get() }
        if case .failure(let error) = result {
            #expect(error.detail.contains("within 0.4 s"), "\(error.detail)")
        }
    }

    @Test func aBrokenAnswerNamesTheServer() async throws {
        let (result, url) = try await fetch { _ in [.send("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd")] }
        #expect(throws: ServiceError.malformedBody) { try result.get() }
        if case .failure(let error) = result {
            #expect(error.detail.hasPrefix("127.0.0.1:\(url.port ?? 0): "), "\(error.detail)")
        }
    }

    @Test func anUnknownContentEncodingIsMalformed() async throws {
        let (result, _) = try await fetch { _ in [.response(contentType: "application/json", headers: ["Content-Encoding": "br"], body: Data([1, 2, 3]))] }
        #expect(throws: ServiceError.malformedBody) { try result.get() }
    }

    @Test func httpsWithoutLibcurlSaysWhatToInstall() async throws {
        let transport = HTTPTransport(configuration: .init(timeout: .seconds(2)), curlLibrary: "libcurl-missing-for-this-test.so.4")
        defer { transport.shutdown() }
        let url = try #require(URL(string: "https://127.0.0.1:9/api/"))
        do throws(ServiceError) {
            _ = try await transport.get(url)
            Issue.record("expected an error")
        } catch {
            #expect(error == .unreachable)
            #expect(error.detail == "https needs libcurl: install libcurl4")
        }
    }

    @Test func cancellingAWaitingRequestClosesItsConnectionAtOnce() async throws {
        let server = try ScriptedHTTPServer { _ in [.hold] }
        defer { server.shutdown() }
        let transport = HTTPTransport(configuration: .init(timeout: .seconds(120)))
        defer { transport.shutdown() }
        let url = server.baseURL.appendingPathComponent("api/")
        let task = Task { try await transport.get(url) }
        #expect(await eventually { server.requestCount > 0 })
        task.cancel()
        await #expect(throws: ServiceError.cancelled) { try await task.value }
        #expect(await eventually { server.openConnections == 0 }, "the connection is still open")
    }

    @Test func shuttingDownClosesTheConnectionsOfRunningRequests() async throws {
        let server = try ScriptedHTTPServer { _ in [.hold] }
        defer { server.shutdown() }
        let transport = HTTPTransport(configuration: .init(timeout: .seconds(120)))
        let url = server.baseURL.appendingPathComponent("api/")
        let task = Task { try await transport.get(url) }
        #expect(await eventually { server.requestCount > 0 })
        transport.shutdown()
        await #expect(throws: ServiceError.cancelled) { try await task.value }
        #expect(await eventually { server.openConnections == 0 }, "the connection is still open")
    }
}
