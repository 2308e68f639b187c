import Testing
@testable import PuppyServer

private func parse(_ text: String, limits: HTTPParserLimits = HTTPParserLimits()) -> HTTPParseResult {
    HTTPRequestParser.parse(ArraySlice(Array(text.utf8)), limits: limits)
}

private func parse(_ bytes: [UInt8], limits: HTTPParserLimits = HTTPParserLimits()) -> HTTPParseResult {
    HTTPRequestParser.parse(ArraySlice(bytes), limits: limits)
}

private func status(of result: HTTPParseResult) -> Int? {
    if case .failure(let status) = result { return status.code }
    return nil
}

private func parsedRequest(_ result: HTTPParseResult) -> (HTTPRequest, Int)? {
    if case .request(let request, let consumed) = result { return (request, consumed) }
    return nil
}

private func isIncomplete(_ result: HTTPParseResult) -> Bool {
    if case .incomplete = result { return true }
    return false
}

/// Feeds `bytes` one at a time (or `step` at a time), as a connection would, handing the parser back
/// its progress each time; the last progress too.
private func feed(
    _ bytes: [UInt8], step: Int = 1, limits: HTTPParserLimits = HTTPParserLimits()
) -> (result: HTTPParseResult, fedBytes: Int, progress: HTTPParseProgress) {
    var progress = HTTPParseProgress(resumeAt: 0, needAtLeast: 1)
    for count in stride(from: min(step, bytes.count), through: bytes.count, by: step) where count >= progress.needAtLeast {
        let result = HTTPRequestParser.parse(bytes[0..<count], limits: limits, progress: progress)
        guard case .incomplete(let next) = result else { return (result, count, progress) }
        #expect(next.needAtLeast > count)
        progress = next
    }
    return (HTTPRequestParser.parse(bytes[...], limits: limits, progress: progress), bytes.count, progress)
}

private func feedOneByteAtATime(_ bytes: [UInt8], limits: HTTPParserLimits = HTTPParserLimits()) -> (HTTPParseResult, fedBytes: Int) {
    let fed = feed(bytes, limits: limits)
    return (fed.result, fed.fedBytes)
}

/// The same through the first API, which passes only the head-end hint.
private func feedOneByteAtATimeWithResumeHintOnly(_ bytes: [UInt8], limits: HTTPParserLimits) -> HTTPParseResult {
    var resumeAt = 0
    var needAtLeast = 1
    for count in 1...max(bytes.count, 1) where count <= bytes.count && count >= needAtLeast {
        let result = HTTPRequestParser.parse(bytes[0..<count], limits: limits, resumeAt: resumeAt)
        guard case .incomplete(let next) = result else { return result }
        resumeAt = next.resumeAt
        needAtLeast = next.needAtLeast
    }
    return HTTPRequestParser.parse(bytes[...], limits: limits, resumeAt: resumeAt)
}

@Suite("HTTP request parser")
struct HTTPRequestParserTests {
    @Test func aSimpleGetParsesWithItsHeadersAndKeepAlive() throws {
        let text = "GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\nUser-Agent: t\r\n\r\n"
        let (request, consumed) = try #require(parsedRequest(parse(text)))
        #expect(request.method == "GET")
        #expect(request.target == "/api/?i=garlic")
        #expect(request.version == .http1_1)
        #expect(request.header("host") == "x")
        #expect(request.header("USER-AGENT") == "t")
        #expect(request.keepAlive)
        #expect(consumed == text.utf8.count)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: x\r\n\r\n", true),
        ("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: x\r\nConnection: Keep-Alive, Close\r\n\r\n", false),
        ("GET / HTTP/1.0\r\n\r\n", false),
        ("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true),
        ("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", true),
    ])
    func keepAliveFollowsTheVersionAndTheConnectionHeader(text: String, keepAlive: Bool) throws {
        let (request, _) = try #require(parsedRequest(parse(text)))
        #expect(request.keepAlive == keepAlive)
    }

    @Test func bareLineFeedsEndLinesAndLeadingEmptyLinesAreSkipped() throws {
        let (request, consumed) = try #require(parsedRequest(parse("\r\n\nGET /x HTTP/1.1\nHost: a\n\n")))
        #expect(request.target == "/x")
        #expect(consumed == 28)
    }

    @Test func pipelinedRequestsAreTakenOneAtATime() throws {
        let text = "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\n"
        let bytes = Array(text.utf8)
        let (first, consumed) = try #require(parsedRequest(parse(bytes)))
        #expect(first.target == "/1")
        let (second, rest) = try #require(parsedRequest(HTTPRequestParser.parse(bytes[consumed...])))
        #expect(second.target == "/2")
        #expect(consumed + rest == bytes.count)
    }

    @Test func everyTruncationOfAValidRequestAsksForMore() {
        let bytes = Array("POST /api/ HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello".utf8)
        for count in 0..<bytes.count {
            #expect(isIncomplete(HTTPRequestParser.parse(bytes[0..<count])), "cut at \(count)")
        }
        #expect(parsedRequest(parse(bytes))?.0.body == Array("hello".utf8))
    }

    @Test func aRequestFedOneByteAtATimeParsesTheSameAsAtOnce() throws {
        let text = "GET /api/?q=omelet HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n"
        let (result, fed) = feedOneByteAtATime(Array(text.utf8))
        #expect(fed == text.utf8.count)
        #expect(result == parse(text))
        #expect(parsedRequest(result)?.0.target == "/api/?q=omelet")
    }

    @Test func aChunkedBodyFedOneByteAtATimeIsDecoded() throws {
        let text = "POST /api/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: t\r\n\r\n"
        let (result, fed) = feedOneByteAtATime(Array(text.utf8))
        let (request, consumed) = try #require(parsedRequest(result))
        #expect(fed == text.utf8.count)
        #expect(consumed == text.utf8.count)
        #expect(request.body == Array("hello world".utf8))
    }

    @Test func garbageFedOneByteAtATimeIsRefusedAtTheFirstBadByte() {
        let (result, fed) = feedOneByteAtATime(Array("GE\u{1}T / HTTP/1.1\r\n\r\n".utf8))
        #expect(status(of: result) == 400)
        #expect(fed == 3)
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n",
        "\u{0}\u{1}\u{2}\r\n\r\n",
        "GET\r\n\r\n",
        "GET /\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1 \r\nHost: x\r\n\r\n",
        "GET / http/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.x\r\nHost: x\r\n\r\n",
        "GET / HTTP/11\r\nHost: x\r\n\r\n",
        "GET /a b HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /\u{7F} HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /é HTTP/1.1\r\nHost: x\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\rHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nBad Name: v\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nName : v\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\n: v\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX: a\u{0}b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX: a\rb\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "\r\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n",
    ])
    func malformedRequestsAreBadRequests(text: String) {
        #expect(status(of: parse(text)) == 400)
    }

    @Test func http2AndOtherMajorVersionsAreNotSupported() {
        #expect(status(of: parse("GET / HTTP/2.0\r\nHost: x\r\n\r\n")) == 505)
        #expect(status(of: parse("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")) == 505)
        #expect(parsedRequest(parse("GET / HTTP/1.9\r\nHost: x\r\n\r\n"))?.0.keepAlive == true)
    }

    @Test(arguments: [
        // Content-Length together with Transfer-Encoding, either order.
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
        // Two Content-Lengths, equal or not, or a list.
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 3\r\n\r\nabc",
        // Negative, signed, non-digit, empty.
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +3\r\n\r\nabc",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0x3\r\n\r\nabc",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3 3\r\n\r\nabc",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length:\r\n\r\n",
        // Transfer-Encoding tricks.
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n",
        "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        // Broken chunked framing.
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3 \r\nabc\r\n0\r\n\r\n",
    ])
    func smugglingShapedFramingIsRefused(text: String) {
        #expect(status(of: parse(text)) == 400)
    }

    @Test func anUnknownTransferCodingBeforeChunkedIsNotImplementedAndWithoutChunkedABadRequest() {
        #expect(status(of: parse("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n")) == 501)
        #expect(status(of: parse("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n")) == 400)
    }

    @Test func everyByteValueInAHeaderNameIsAcceptedOnlyIfItIsATokenCharacter() {
        let tokens = Set(Array("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8))
        for value in 0...255 {
            let byte = UInt8(value)
            let bytes = Array("GET / HTTP/1.1\r\nHost: x\r\nA".utf8) + [byte] + Array("b: v\r\n\r\n".utf8)
            let result = parse(bytes)
            if tokens.contains(byte) {
                #expect(parsedRequest(result) != nil, "byte \(value) should be allowed")
            } else if byte == UInt8(ascii: ":") {
                #expect(parsedRequest(result)?.0.header("A") == "b: v")
            } else {
                #expect(status(of: result) == 400, "byte \(value) should be refused")
            }
        }
    }

    @Test func everyByteValueInAHeaderValueIsAcceptedOnlyIfItIsNotAControlCharacter() {
        for value in 0...255 {
            let byte = UInt8(value)
            let bytes = Array("GET / HTTP/1.1\r\nHost: x\r\nX-Test: a".utf8) + [byte] + Array("b\r\n\r\n".utf8)
            let result = parse(bytes)
            let allowed = byte == 0x09 || byte == 0x20 || (byte >= 0x21 && byte != 0x7F)
            if allowed {
                #expect(parsedRequest(result) != nil, "byte \(value) should be allowed")
            } else if byte == 0x0A {
                #expect(status(of: result) == 400, "a line without a colon")
            } else {
                #expect(status(of: result) == 400, "byte \(value) should be refused")
            }
        }
    }

    @Test func everyByteValueInTheTargetIsAcceptedOnlyIfItIsVisibleASCII() {
        for value in 0...255 {
            let byte = UInt8(value)
            let bytes = Array("GET /a".utf8) + [byte] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            let result = parse(bytes)
            if byte >= 0x21 && byte <= 0x7E {
                #expect(parsedRequest(result) != nil, "byte \(value) should be allowed")
            } else {
                #expect(status(of: result) == 400, "byte \(value) should be refused")
            }
        }
    }

    @Test func aRequestLineOverTheLimitIsURITooLongEvenBeforeItEnds() {
        let limits = HTTPParserLimits(maxHeadBytes: 1024)
        let long = "GET /" + String(repeating: "a", count: 2000)
        #expect(status(of: parse(long, limits: limits)) == 414)
        #expect(status(of: parse(long + " HTTP/1.1\r\nHost: x\r\n\r\n", limits: limits)) == 414)
    }

    /// Found by fuzzing: the status used to depend on how the bytes were split into reads (a garbage
    /// line refused at once as 400 in pieces, but 414 or 431 when everything arrived together).
    @Test(arguments: [
        "G\u{1}T /aaaaaaaaaaaaaaaaaaaaaaaa",
        "G\u{1}T /aaaaaaaaaaaaaaaaaaaaaaaa HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: x\r\nX-Filler: aaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n",
    ])
    func aBadRequestLineIsRefusedTheSameWayHoweverItArrives(text: String) {
        let limits = HTTPParserLimits(maxHeadBytes: 24)
        let bytes = Array(text.utf8)
        #expect(status(of: parse(bytes, limits: limits)) == 400)
        #expect(status(of: feedOneByteAtATime(bytes, limits: limits).0) == 400)
    }

    @Test func aPlausibleRequestLineOverTheLimitIsURITooLongHoweverItArrives() {
        let limits = HTTPParserLimits(maxHeadBytes: 24)
        let bytes = Array("GET /aaaaaaaaaaaaaaaaaaaaaaaa\u{1} HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        #expect(status(of: parse(bytes, limits: limits)) == 414)
        #expect(status(of: feedOneByteAtATime(bytes, limits: limits).0) == 414)
    }

    @Test func headersOverTheLimitAreTooLargeEvenBeforeTheyEnd() {
        let limits = HTTPParserLimits(maxHeadBytes: 8 * 1024)
        let big = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 20 * 1024)
        #expect(status(of: parse(big, limits: limits)) == 431)
        #expect(status(of: parse(big + "\r\n\r\n", limits: limits)) == 431)
        let many = "GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: "A: b\r\n", count: 101) + "\r\n"
        #expect(status(of: parse(many)) == 431)
    }

    @Test func aHeadExactlyAtTheLimitIsAccepted() {
        let prefix = "GET / HTTP/1.1\r\nHost: x\r\nX: "
        let filler = String(repeating: "a", count: 1024 - prefix.utf8.count - 4)
        let text = prefix + filler + "\r\n\r\n"
        #expect(text.utf8.count == 1024)
        #expect(parsedRequest(parse(text, limits: HTTPParserLimits(maxHeadBytes: 1024))) != nil)
        #expect(status(of: parse(text, limits: HTTPParserLimits(maxHeadBytes: 1023))) == 431)
    }

    @Test func bodiesOverTheLimitAreTooLarge() {
        let limits = HTTPParserLimits(maxBodyBytes: 100)
        #expect(status(of: parse("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 101\r\n\r\n", limits: limits)) == 413)
        #expect(status(of: parse("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n")) == 413)
        let chunks = String(repeating: "10\r\n" + String(repeating: "x", count: 16) + "\r\n", count: 7)
        #expect(status(of: parse("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks, limits: limits)) == 413)
        #expect(status(of: parse("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n123456789\r\n")) == 413)
    }

    @Test func aContentLengthBodyWaitsForExactlyItsBytes() {
        let head = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n"
        guard case .incomplete(let progress) = parse(head + "12345") else {
            Issue.record("expected incomplete")
            return
        }
        #expect(progress.needAtLeast == head.utf8.count + 10)
    }

    @Test func absoluteFormAndOriginFormTargetsAreSplitIntoPathAndQuery() throws {
        let origin = try #require(RequestTarget("/api/?i=a&p=2"))
        #expect(origin.path == "/api/")
        #expect(origin.query == "i=a&p=2")
        let absolute = try #require(RequestTarget("HTTP://Example.COM:80/recipes/x?y"))
        #expect(absolute.path == "/recipes/x")
        #expect(absolute.query == "y")
        #expect(RequestTarget("http://host")?.path == "/")
        #expect(RequestTarget("ftp://host/x") == nil)
        #expect(RequestTarget("*") == nil)
        #expect(RequestTarget("example.com:443") == nil)
        #expect(RequestTarget("/a#fragment") == nil)
    }

    @Test func percentDecodingRefusesBrokenEscapesAndInvalidUTF8() {
        #expect(PercentDecoding.decode("a%20b+c", plusIsSpace: true) == "a b c")
        #expect(PercentDecoding.decode("a+b", plusIsSpace: false) == "a+b")
        #expect(PercentDecoding.decode("%C3%A9", plusIsSpace: false) == "é")
        #expect(PercentDecoding.decode("%", plusIsSpace: false) == nil)
        #expect(PercentDecoding.decode("%2", plusIsSpace: false) == nil)
        #expect(PercentDecoding.decode("%zz", plusIsSpace: false) == nil)
        #expect(PercentDecoding.decode("%FF", plusIsSpace: false) == nil)
    }

    @Test func aRequestLineArrivingAByteAtATimeIsScannedOnceNotOncePerRead() {
        let limits = HTTPParserLimits(maxHeadBytes: 64 * 1024)
        let line = Array(("GET /" + String(repeating: "a", count: 40_000)).utf8)
        let fed = feed(line, limits: limits)
        #expect(isIncomplete(fed.result))
        #expect(fed.progress.lineChecked == line.count)
        #expect(fed.progress.lineBytesExamined <= line.count)
        // Then the headers arrive a byte at a time: the finished request line is not read again.
        let headers = Array(" HTTP/1.1\r\nHost: x\r\nX-Filler: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\r\n".utf8)
        let more = feed(line + headers, limits: limits)
        #expect(isIncomplete(more.result))
        #expect(more.progress.lineEnd > 0)
        #expect(more.progress.lineBytesExamined <= line.count + headers.count)
        let whole = parse(line + headers + Array("\r\n".utf8), limits: limits)
        #expect(feed(line + headers + Array("\r\n".utf8), step: 7, limits: limits).result == whole)
        #expect(parsedRequest(whole)?.0.target.utf8.count == 40_001)
    }

    @Test func everyWayOfFeedingGivesTheSameAnswer() {
        var generator = SplitMix(seed: 7)
        let pieces = ["GET", "POST", " ", "/api/?i=a", "/x y", "\r\n", "\n", "\r", "HTTP/1.1", "HTTP/2.0", "HTTP/1.", "Host: x",
                      "Content-Length: 3", "abc", "\u{1}", ":", "Transfer-Encoding: chunked", "3\r\nabc\r\n0\r\n\r\n", "aaaaaaaaaaaaaaaa"]
        for _ in 0..<1_500 {
            let text = (0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let bytes = Array(text.utf8)
            guard !bytes.isEmpty else { continue }
            let limits = HTTPParserLimits(maxHeadBytes: 48, maxBodyBytes: 16)
            let whole = parse(bytes, limits: limits)
            let byteByByte = feed(bytes, limits: limits).result
            let inThrees = feed(bytes, step: 3, limits: limits).result
            let hintOnly = feedOneByteAtATimeWithResumeHintOnly(bytes, limits: limits)
            for result in [byteByByte, inThrees, hintOnly] {
                switch (result, whole) {
                case (.incomplete, .incomplete): continue
                default: #expect(result == whole, "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func randomBytesNeverCrashTheParserAndAlwaysGiveAnAnswer() {
        var generator = SplitMix(seed: 42)
        let alphabet = Array("GET /api/?i= HTTP/1.1\r\n:Host Content-Length Transfer-Encoding chunked 0123456789abc\u{0}\t ".utf8)
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 200)
            let bytes = (0..<length).map { _ in
                generator.next() % 4 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            switch parse(bytes, limits: HTTPParserLimits(maxHeadBytes: 128, maxBodyBytes: 64)) {
            case .incomplete(let progress):
                #expect(progress.needAtLeast > bytes.count)
            case .request(_, let consumed):
                #expect(consumed > 0 && consumed <= bytes.count)
            case .failure(let status):
                #expect((400...599).contains(status.code))
            }
        }
    }
}

/// A small deterministic generator for the randomized tables.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
