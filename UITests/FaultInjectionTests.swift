import Foundation
import Testing
import TestSupport

/// Each fault ends in a clear message and a REPL that still answers.
@Suite struct FaultsThroughTheREPL {
    static let goodBody = #"{"title":"Recipe Puppy","version":0.1,"href":"http:\/\/x\/","results":[{"title":"Fine Omelet","href":"http:\/\/x\/1","ingredients":"eggs","thumbnail":""}]}"#

    /// Runs `eggs`, then `help`, then a search the server answers well, against a server whose
    /// answers to `eggs` are `fault`.
    func session(_ fault: @escaping @Sendable () -> [ScriptStep], timeout: String = "3") throws -> ProcessResult {
        let server = try ScriptedHTTPServer { request in
            request.target.contains("i=eggs") ? fault() : [.response(contentType: "text/javascript", body: FaultsThroughTheREPL.goodBody)]
        }
        defer { server.shutdown() }
        return try TemporaryDirectory.withSync { home in
            try BinaryRunner.run("recipes", ["--api", server.baseURL.absoluteString + "/api/", "--timeout", timeout, "--no-prefetch"],
                                 input: "eggs\nhelp\nomelet\nquit\n", environment: BinaryRunner.environment(home: home))
        }
    }

    func expectRecovered(_ result: ProcessResult, saying message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, sourceLocation: sourceLocation)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("Error: ") && $0.contains(message) }, "\(result.output)", sourceLocation: sourceLocation)
        #expect(result.output.contains("Commands"), "help still works", sourceLocation: sourceLocation)
        #expect(result.output.contains("Fine Omelet"), "the next search still works", sourceLocation: sourceLocation)
        #expect(result.errors.isEmpty, "\(result.errors)", sourceLocation: sourceLocation)
    }

    @Test func aResetInTheMiddleOfTheBody() throws {
        expectRecovered(try session { [.send("HTTP/1.1 200 OK\r\nContent-Length: 900\r\n\r\n{\"results\":["), .pause(.milliseconds(20)), .reset] },
                        saying: "The connection to the recipe server broke")
    }

    @Test func aTruncatedBody() throws {
        expectRecovered(try session { [.send("HTTP/1.1 200 OK\r\nContent-Length: 900\r\n\r\n{\"results\":["), .close] },
                        saying: "The connection to the recipe server broke")
    }

    @Test func aHundredMegabyteBody() throws {
        let megabyte = Data(repeating: UInt8(ascii: " "), count: 1 << 20)
        expectRecovered(try session {
            [.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(100 << 20)\r\n\r\n")] + Array(repeating: .send(megabyte), count: 100)
        }, saying: "too large")
    }

    @Test func aServerThatDripsOneByteASecond() throws {
        expectRecovered(try session({ [.send("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n"), .drip(Data(repeating: 32, count: 100), every: .seconds(1))] },
                                    timeout: "0.4"),
                        saying: "did not answer in time")
    }

    @Test func theWrongContentType() throws {
        expectRecovered(try session { [.response(contentType: "text/html", body: "<html><body>Maintenance</body></html>")] },
                        saying: "(malformed response: page 3 came as text/html, not JSON)")
    }

    @Test func bytesThatAreNotUTF8() throws {
        expectRecovered(try session { [.response(contentType: "application/json", body: Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D]))] },
                        saying: "not UTF-8")
    }

    @Test func jsonWithTheWrongTypes() throws {
        expectRecovered(try session { [.response(contentType: "application/json", body: #"{"results":"none","version":"zero"}"#)] },
                        saying: "\"results\" has the wrong type")
    }

    @Test func aRedirectLoop() throws {
        expectRecovered(try session { [.send("HTTP/1.1 302 Found\r\nLocation: /api/?i=eggs&loop=1\r\nContent-Length: 0\r\n\r\n")] },
                        saying: "(redirect loop: ")
    }

    @Test func contentLengthAndChunkedTogether() throws {
        expectRecovered(try session { [.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")] },
                        saying: "both Content-Length and Transfer-Encoding")
    }

    @Test func aDamagedGzipBody() throws {
        expectRecovered(try session { [.response(contentType: "application/json", headers: ["Content-Encoding": "gzip"],
                                                 body: Data([0x1F, 0x8B, 0x08, 0x00, 0xFF, 0xFF, 0xFF, 0xFF]))] },
                        saying: "the compressed body")
    }

    @Test func aChunkedGzipAnswerWithTrailersIsRead() throws {
        let compressed = CompressedBody.compress(Data(FaultsThroughTheREPL.goodBody.utf8))
        let half = compressed.count / 2
        let chunked = Data(String(half, radix: 16).utf8) + Data("\r\n".utf8) + compressed.prefix(half) + Data("\r\n".utf8)
            + Data(String(compressed.count - half, radix: 16).utf8) + Data(";x=1\r\n".utf8) + compressed.dropFirst(half)
            + Data("\r\n0\r\nX-Checksum: none\r\n\r\n".utf8)
        let server = try ScriptedHTTPServer { _ in
            [.send("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/javascript\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n"),
             .send(chunked), .hold]
        }
        defer { server.shutdown() }
        let result = try TemporaryDirectory.withSync { home in
            try BinaryRunner.run("recipes", ["--api", server.baseURL.absoluteString + "/api/", "search", "eggs", "--json"],
                                 environment: BinaryRunner.environment(home: home))
        }
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("\"title\" : \"Fine Omelet\""), "\(result.output)")
    }

    @Test func theServerKilledInTheMiddleOfAWalk() async throws {
        let server = try ScriptedHTTPServer { request in
            let page = request.target.split(separator: "p=").last.flatMap { Int($0) } ?? 1
            let results = (1...10).map { #"{"title":"Dish \#(page)-\#($0)","href":"http:\/\/x\/\#(page)\/\#($0)","ingredients":"eggs","thumbnail":""}"# }
            return [.response(contentType: "text/javascript", body: #"{"results":["# + results.joined(separator: ",") + "]}")]
        }
        try await TemporaryDirectory.with { home in
            let running = try RunningProcess("recipes", ["--api", server.baseURL.absoluteString + "/api/", "--no-prefetch"],
                                             environment: BinaryRunner.environment(home: home))
            running.write("eggs\n")
            #expect(running.waitForOutput(containing: "Recipes 1–10"))
            server.shutdown()
            running.write("n\nhelp\nquit\n")
            running.closeInput()
            let result = running.finish()
            #expect(result.status == 0)
            #expect(result.output.contains("Error: Cannot reach the recipe server"))
            #expect(result.output.contains("favorites still work"))
            #expect(result.output.contains("Commands"))
        }
    }
}
