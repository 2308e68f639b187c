import Testing
@testable import HTTPTransport
import ServiceSupport

/// What the parser made of a connection's bytes: the head, the body bytes, whether it ended, or the error.
private struct Reading: Equatable, CustomStringConvertible {
    var head: HTTPResponseHead?
    var body: [UInt8] = []
    var ended = false
    var error: ServiceError?
    /// Bytes fed when the error came.
    var failedAfter: Int?

    var description: String {
        if let error { return "error \(error) after \(failedAfter ?? -1) bytes" }
        return "head \(head.map { "\($0.status)" } ?? "none"), \(body.count) body bytes, \(ended ? "ended" : "open")"
    }
}

/// Feeds `bytes` in pieces of `pieceSize` (the whole at once by default), then the end of the stream.
private func read(_ bytes: [UInt8], pieceSize: Int? = nil, closed: Bool = true,
                  limits: HTTPResponseLimits = HTTPResponseLimits()) -> Reading {
    var parser = HTTPResponseParser(limits: limits)
    var reading = Reading()
    var fed = 0
    func take(_ part: HTTPResponsePart) {
        switch part {
        case .head(let head):
            #expect(reading.head == nil, "a second head")
            reading.head = head
        case .body(let bytes):
            #expect(reading.head != nil && !reading.ended, "body bytes outside a body")
            reading.body += bytes
        case .end:
            #expect(!reading.ended, "a second end")
            reading.ended = true
        }
    }
    do throws(ServiceError) {
        let size = max(1, pieceSize ?? bytes.count)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            var input = bytes[start..<end]
            fed = end
            while let part = try parser.next(&input) { take(part) }
            #expect(input.isEmpty || parser.isComplete, "bytes left unread before the end")
            start = end
        }
        if closed, let part = try parser.finish() { take(part) }
    } catch {
        reading.error = error
        reading.failedAfter = fed
    }
    return reading
}

private func read(_ text: String, pieceSize: Int? = nil, closed: Bool = true,
                  limits: HTTPResponseLimits = HTTPResponseLimits()) -> Reading {
    read(Array(text.utf8), pieceSize: pieceSize, closed: closed, limits: limits)
}

/// Reads whole, in two pieces at every split, and one byte at a time: all must agree.
private func readEveryWay(_ bytes: [UInt8], limits: HTTPResponseLimits = HTTPResponseLimits(),
                          sourceLocation: SourceLocation = #_sourceLocation) -> Reading {
    let whole = read(bytes, limits: limits)
    let oneByOne = read(bytes, pieceSize: 1, limits: limits)
    #expect(oneByOne.head == whole.head && oneByOne.body == whole.body && oneByOne.ended == whole.ended
            && oneByOne.error == whole.error, "one byte at a time: \(oneByOne), whole: \(whole)", sourceLocation: sourceLocation)
    for size in [2, 3, 7, 64] where size < bytes.count {
        let pieces = read(bytes, pieceSize: size, limits: limits)
        #expect(pieces.head == whole.head && pieces.body == whole.body && pieces.error == whole.error,
                "pieces of \(size): \(pieces), whole: \(whole)", sourceLocation: sourceLocation)
    }
    return whole
}

private func readEveryWay(_ text: String, limits: HTTPResponseLimits = HTTPResponseLimits(),
                          sourceLocation: SourceLocation = #_sourceLocation) -> Reading {
    readEveryWay(Array(text.utf8), limits: limits, sourceLocation: sourceLocation)
}

@Suite("HTTP response parser")
struct HTTPResponseParserTests {
    @Test func aPlainAnswerGivesItsHeadAndBody() throws {
        let reading = readEveryWay("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=UTF-8\r\nContent-Length: 5\r\nX-Empty:\r\n\r\nhello")
        let head = try #require(reading.head)
        #expect(head.status == 200)
        #expect(head.reason == "OK")
        #expect(head.minorVersion == 1)
        #expect(head.value("CONTENT-TYPE") == "text/html; charset=UTF-8")
        #expect(head.value("x-empty") == "")
        #expect(reading.body == Array("hello".utf8))
        #expect(reading.ended)
        #expect(reading.error == nil)
    }

    @Test(arguments: [
        // Content-Length, the same value twice or as a list, leading zeros.
        ("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc", "abc"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc", "abc"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\n\r\nabc", "abc"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 0003\r\n\r\nabc", "abc"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", ""),
        // Chunked, with extensions, upper-case hex, trailers, bare LFs.
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n", "hello world"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: Chunked\r\n\r\n5;name=value ; other\r\nhello\r\n0\r\nX-Trailer: t\r\nY: u\r\n\r\n", "hello"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nA\r\n0123456789\r\n0\r\n\r\n", "0123456789"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5 ;x\r\nhello\r\n0\r\n\r\n", "hello"),
        ("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n3\nabc\n0\n\n", "abc"),
        // Until the close, HTTP/1.0 or 1.1.
        ("HTTP/1.0 200 OK\r\n\r\nuntil the close", "until the close"),
        ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the close", "until the close"),
        // Informational answers skipped.
        ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", "ok"),
        // No body whatever the framing says.
        ("HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n", ""),
        ("HTTP/1.1 304 Not Modified\r\nTransfer-Encoding: chunked\r\n\r\n", ""),
        // A status line without a reason, with an empty one, with obs-text.
        ("HTTP/1.1 200\r\nContent-Length: 1\r\n\r\nx", "x"),
        ("HTTP/1.1 200 \r\nContent-Length: 1\r\n\r\nx", "x"),
        ("HTTP/1.1 404 Nicht gefunden \u{e9}\r\nContent-Length: 1\r\n\r\nx", "x"),
    ])
    func wellFormedAnswersReadTheSameHoweverTheyArrive(text: String, body: String) {
        let reading = readEveryWay(text)
        #expect(reading.error == nil, "\(reading)")
        #expect(reading.ended)
        #expect(reading.body == Array(body.utf8))
    }

    @Test func informationalAnswersAreSkippedAndTheRealStatusComesBack() throws {
        let head = try #require(readEveryWay("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n").head)
        #expect(head.status == 404)
        #expect(head.reason == "Not Found")
    }

    @Test func bytesAfterTheEndAreLeftUnread() {
        var parser = HTTPResponseParser()
        var input = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokGARBAGE".utf8)[...]
        var parts: [HTTPResponsePart] = []
        while let part = try? parser.next(&input) { parts.append(part) }
        #expect(parts.count == 3)
        #expect(parts.last == .end)
        #expect(Array(input) == Array("GARBAGE".utf8))
        #expect(parser.isComplete)
    }

    @Test func everyTruncationOfAFramedAnswerIsALostConnection() {
        for text in ["HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello",
                     "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;e=1\r\nhello\r\n0\r\nT: x\r\n\r\n"] {
            let bytes = Array(text.utf8)
            for count in 0..<bytes.count {
                let reading = read(Array(bytes[0..<count]))
                #expect(reading.error == .connectionLost, "cut at \(count): \(reading)")
            }
            #expect(read(bytes).error == nil)
        }
    }

    @Test func aConnectionClosedBeforeAnyByteSaysSo() {
        let reading = read([UInt8]())
        #expect(reading.error == .connectionLost)
        #expect(reading.error?.detail.contains("without answering") == true)
    }

    @Test func aBodyUntilTheCloseEndsOnlyAtTheClose() {
        let open = read("HTTP/1.1 200 OK\r\n\r\nsome", closed: false)
        #expect(open.body == Array("some".utf8))
        #expect(!open.ended)
        #expect(read("HTTP/1.1 200 OK\r\n\r\nsome").ended)
    }

    @Test(arguments: [
        // Not HTTP/1.x at all.
        "GARBAGE\r\n\r\n",
        "\u{0}\u{1}\u{2}",
        "<html><body>hello</body></html>",
        "http/1.1 200 OK\r\n\r\n",
        "HTTP/2 200\r\n\r\n",
        "HTTP/2.0 200 OK\r\n\r\n",
        "\r\nHTTP/1.1 200 OK\r\n\r\n",
        "HTTP/1.x 200 OK\r\n\r\n",
        // Broken status lines.
        "HTTP/1.1 20 OK\r\n\r\n",
        "HTTP/1.1 2000 OK\r\n\r\n",
        "HTTP/1.1 abc OK\r\n\r\n",
        "HTTP/1.1  200 OK\r\n\r\n",
        "HTTP/1.1 200OK\r\n\r\n",
        "HTTP/1.1 099 Low\r\n\r\n",
        "HTTP/1.1 600 High\r\n\r\n",
        "HTTP/1.1 200 O\u{0}K\r\n\r\n",
        "HTTP/1.1 200 OK\rX: y\r\n\r\n",
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\n\r\n",
        // Broken header lines.
        "HTTP/1.1 200 OK\r\nNoColon\r\n\r\n",
        "HTTP/1.1 200 OK\r\n: value\r\n\r\n",
        "HTTP/1.1 200 OK\r\nBad Name: v\r\n\r\n",
        "HTTP/1.1 200 OK\r\nName : v\r\n\r\n",
        "HTTP/1.1 200 OK\r\nX: a\r\n folded\r\n\r\n",
        "HTTP/1.1 200 OK\r\nX: a\u{0}b\r\n\r\n",
        "HTTP/1.1 200 OK\r\nX: a\u{7F}b\r\n\r\n",
        "HTTP/1.1 200 OK\r\nX: a\rb\r\n\r\n",
        // Framing that could be read two ways.
        "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "HTTP/1.1 200 OK\r\nContent-Length: 3, 4\r\n\r\nabcd",
        "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: +3\r\n\r\nabc",
        "HTTP/1.1 200 OK\r\nContent-Length: 0x3\r\n\r\nabc",
        "HTTP/1.1 200 OK\r\nContent-Length: 3 3\r\n\r\nabc",
        "HTTP/1.1 200 OK\r\nContent-Length:\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 3,\r\n\r\nabc",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\nabc",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding:\r\n\r\n",
        "HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        // Broken chunks.
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\rX0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3 x\r\nabc\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;a\u{1}\r\nabc\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nBad Trailer\r\n\r\n",
    ])
    func malformedAnswersAreRefusedHoweverTheyArrive(text: String) {
        let reading = readEveryWay(text)
        #expect(reading.error == .malformedBody, "\(reading)")
    }

    @Test func garbageIsRefusedAtTheFirstWrongByte() {
        let reading = read("HTTP/1.1 200 OK\r\n\r\n".replacingOccurrences(of: "P/", with: "X/"), pieceSize: 1)
        #expect(reading.error == .malformedBody)
        #expect(reading.failedAfter == 4)
        #expect(read("<!DOCTYPE html>" + String(repeating: "x", count: 5000), pieceSize: 1).failedAfter == 1)
    }

    @Test func aStatusLineOverItsLimitIsTooLargeEvenBeforeItEnds() {
        let limits = HTTPResponseLimits(maxStatusLineBytes: 64, maxHeaderBytes: 1024, maxHeaderCount: 10,
                                        maxChunkLineBytes: 32, maxTrailerBytes: 64, maxInterimResponses: 2)
        let long = "HTTP/1.1 200 " + String(repeating: "O", count: 100)
        #expect(readEveryWay(long, limits: limits).error == .tooLarge)
        #expect(readEveryWay(long + "\r\n\r\n", limits: limits).error == .tooLarge)
        let fits = "HTTP/1.1 200 " + String(repeating: "O", count: 64 - 13) + "\r\n\r\n"
        #expect(readEveryWay(fits, limits: limits).error == nil)
    }

    @Test func headersOverTheirLimitsAreTooLargeHoweverTheyArrive() {
        let limits = HTTPResponseLimits(maxStatusLineBytes: 64, maxHeaderBytes: 256, maxHeaderCount: 4,
                                        maxChunkLineBytes: 32, maxTrailerBytes: 64, maxInterimResponses: 2)
        let big = "HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "a", count: 300)
        #expect(readEveryWay(big, limits: limits).error == .tooLarge)
        #expect(readEveryWay(big + "\r\n\r\n", limits: limits).error == .tooLarge)
        let many = "HTTP/1.1 200 OK\r\n" + String(repeating: "A: b\r\n", count: 5) + "\r\n"
        #expect(readEveryWay(many, limits: limits).error == .tooLarge)
        let four = "HTTP/1.1 200 OK\r\n" + String(repeating: "A: b\r\n", count: 4) + "Content-Length: 0\r\n\r\n"
        #expect(readEveryWay(four, limits: limits).error == .tooLarge)
        let trailers = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n" + String(repeating: "T: x\r\n", count: 20) + "\r\n"
        #expect(readEveryWay(trailers, limits: limits).error == .tooLarge)
        let interim = String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 3) + "HTTP/1.1 200 OK\r\n\r\n"
        #expect(readEveryWay(interim, limits: limits).error == .malformedBody)
    }

    @Test func aHeadExactlyAtItsLimitIsAccepted() {
        let line = "X: " + String(repeating: "a", count: 95) + "\r\n"
        #expect(line.utf8.count == 100)
        let text = "HTTP/1.1 200 OK\r\n" + line + line + "\r\n"
        let exact = HTTPResponseLimits(maxStatusLineBytes: 64, maxHeaderBytes: 200, maxHeaderCount: 4,
                                       maxChunkLineBytes: 32, maxTrailerBytes: 64, maxInterimResponses: 2)
        let short = HTTPResponseLimits(maxStatusLineBytes: 64, maxHeaderBytes: 199, maxHeaderCount: 4,
                                       maxChunkLineBytes: 32, maxTrailerBytes: 64, maxInterimResponses: 2)
        #expect(readEveryWay(text, limits: exact).error == nil)
        #expect(readEveryWay(text, limits: short).error == .tooLarge)
    }

    @Test(arguments: [
        "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10000000001\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;" + String(repeating: "e", count: 2000) + "\r\nx\r\n0\r\n\r\n",
    ])
    func absurdSizesAreTooLargeNotAnOverflow(text: String) {
        #expect(readEveryWay(text).error == .tooLarge)
    }

    @Test func aChunkSizeWithManyLeadingZerosIsStillItsValue() {
        let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + String(repeating: "0", count: 40) + "3\r\nabc\r\n0\r\n\r\n"
        #expect(readEveryWay(text).body == Array("abc".utf8))
    }

    @Test func everyByteValueInAHeaderNameIsAcceptedOnlyIfItIsATokenCharacter() {
        let tokens = Set(Array("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8))
        for value in 0...255 {
            let byte = UInt8(value)
            let bytes = Array("HTTP/1.1 200 OK\r\nA".utf8) + [byte] + Array("b: v\r\nContent-Length: 0\r\n\r\n".utf8)
            let reading = readEveryWay(bytes)
            if tokens.contains(byte) {
                #expect(reading.error == nil, "byte \(value) should be allowed")
            } else if byte == UInt8(ascii: ":") {
                #expect(reading.head?.value("a") == "b: v")
            } else {
                #expect(reading.error == .malformedBody, "byte \(value) should be refused")
            }
        }
    }

    @Test func everyByteValueInAHeaderValueIsAcceptedOnlyIfItIsNotAControlCharacter() {
        for value in 0...255 {
            let byte = UInt8(value)
            let bytes = Array("HTTP/1.1 200 OK\r\nX-Test: a".utf8) + [byte] + Array("b\r\nContent-Length: 0\r\n\r\n".utf8)
            let reading = readEveryWay(bytes)
            let allowed = byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
            if allowed {
                #expect(reading.error == nil, "byte \(value) should be allowed")
            } else {
                #expect(reading.error == .malformedBody, "byte \(value) should be refused")
            }
        }
    }

    @Test func everyByteValueAsAChunkSizeDigitIsAcceptedOnlyIfItIsHexadecimal() {
        for value in 0...255 {
            let byte = UInt8(value)
            let bytes = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8) + [byte] + Array("\r\n".utf8)
                + Array(repeating: UInt8(ascii: "x"), count: 15) + Array("\r\n0\r\n\r\n".utf8)
            let reading = readEveryWay(bytes)
            if let digit = HTTPBytes.hexValue(byte) {
                #expect(reading.error == (digit == 15 ? nil : .malformedBody), "byte \(value)")
            } else if byte == 0x0A || byte == 0x0D {
                #expect(reading.error == .malformedBody, "byte \(value): an empty chunk size")
            } else {
                #expect(reading.error == .malformedBody, "byte \(value) should be refused")
            }
        }
    }

    @Test func randomBytesNeverCrashAndReadTheSameWhateverThePieces() {
        var generator = ResponseSplitMix(seed: 7)
        let alphabet = Array("HTTP/1.1 200 OK\r\n:Content-Length Transfer-Encoding chunked 0123456789abcdef;\u{0}\t ".utf8)
        let limits = HTTPResponseLimits(maxStatusLineBytes: 40, maxHeaderBytes: 128, maxHeaderCount: 6,
                                        maxChunkLineBytes: 16, maxTrailerBytes: 32, maxInterimResponses: 2)
        for _ in 0..<1_000 {
            let length = Int(generator.next() % 160)
            var bytes = Array("HTTP/1.1 200 OK\r\n".utf8).prefix(Int(generator.next() % 18)).map { $0 }
            bytes += (0..<length).map { _ in
                generator.next() % 4 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            let reading = readEveryWay(bytes, limits: limits)
            #expect(reading.error != nil || reading.ended)
            if let head = reading.head {
                #expect((200...599).contains(head.status))
            }
        }
    }
}

@Suite("Content-Type")
struct MediaTypeTests {
    @Test(arguments: [
        ("text/html", "text/html", nil),
        ("Text/HTML; Charset=UTF-8", "text/html", "utf-8"),
        ("text/html;charset=\"ISO-8859-1\"", "text/html", "iso-8859-1"),
        ("text/html; foo=\"a;charset=bad\"; charset=utf-8", "text/html", "utf-8"),
        ("application/json ; charset = utf-8 ", "application/json", "utf-8"),
        ("text/plain; charset=", "text/plain", nil),
        ("text/plain; charset=\"a\\\"b\"", "text/plain", "a\"b"),
        ("text/plain; format=flowed", "text/plain", nil),
    ] as [(String, String, String?)])
    func theTypeAndCharsetAreRead(header: String, type: String, charset: String?) throws {
        let media = try #require(MediaType(header))
        #expect(media.type == type)
        #expect(media.charset == charset)
    }

    @Test func anEmptyTypeIsNoType() {
        #expect(MediaType("") == nil)
        #expect(MediaType(" ; charset=utf-8") == nil)
    }
}

/// A small deterministic generator for the randomized tables.
struct ResponseSplitMix {
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
