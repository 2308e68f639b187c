// libFuzzer harness for PuppyServer's HTTP request parser; .ci/fuzz compiles it together with
// Sources/PuppyServer/HTTP/*.swift into one module, so the parser's internal API is in reach.
//
// Input: byte 0 says where to split the stream, byte 1 picks the parser limits (low two bits) and
// whether to also feed one byte at a time (bit 2); the rest is what a client sends on one connection.
// The stream is read as a connection reads it (every request in turn, pipelined bytes kept for the
// next, the parser's progress hints honoured), once fed whole, once in two pieces, and optionally one
// byte at a time. All feedings must end with the same requests and the same refusal.

/// What a connection saw: each request and how many bytes it took, then a refusal or more waiting.
private struct Transcript: Equatable {
    var requests: [HTTPRequest] = []
    var consumed: [Int] = []
    var refusal: HTTPStatus?
    /// Bytes left waiting for more (0 after a refusal: nothing more is read).
    var unparsed = 0
}

/// A connection's input side, without the sockets: a buffer, a start, the parser's progress hint.
private struct Reader {
    let limits: HTTPParserLimits
    private var buffer: [UInt8] = []
    private var start = 0
    private var progress = HTTPParseProgress(resumeAt: 0, needAtLeast: 1)
    private(set) var transcript = Transcript()

    init(limits: HTTPParserLimits) {
        self.limits = limits
    }

    mutating func receive(_ bytes: ArraySlice<UInt8>) {
        guard transcript.refusal == nil else { return }
        buffer += bytes
        while transcript.refusal == nil {
            let unparsed = buffer.count - start
            transcript.unparsed = unparsed
            guard unparsed > 0, unparsed >= progress.needAtLeast else { return }
            switch HTTPRequestParser.parse(buffer[start...], limits: limits, progress: progress) {
            case .incomplete(let next):
                check(next.needAtLeast > unparsed, "incomplete asks for \(next.needAtLeast) bytes with \(unparsed) buffered")
                check(next.resumeAt >= 0 && next.resumeAt <= unparsed, "resume hint \(next.resumeAt) outside 0...\(unparsed)")
                check(next.lineBytesExamined <= unparsed, "examined \(next.lineBytesExamined) bytes of a \(unparsed)-byte head")
                progress = next
                return
            case .request(let request, let consumed):
                check(consumed > 0 && consumed <= unparsed, "consumed \(consumed) of \(unparsed) bytes")
                checkRequest(request)
                transcript.requests.append(request)
                transcript.consumed.append(consumed)
                start += consumed
                progress = HTTPParseProgress(resumeAt: 0, needAtLeast: 1)
            case .failure(let status):
                check(status.code >= 400 && status.code < 600, "refused with \(status)")
                transcript.refusal = status
                transcript.unparsed = 0
            }
        }
    }

    private func checkRequest(_ request: HTTPRequest) {
        check(request.body.count <= limits.maxBodyBytes, "body of \(request.body.count) bytes passed the limit")
        check(request.headers.count <= limits.maxHeaderCount, "\(request.headers.count) headers passed the limit")
        check(request.version.major == 1, "version \(request.version) accepted")
        check(!request.method.isEmpty && request.method.utf8.allSatisfy(RequestBytes.isToken), "method \(request.method)")
        check(!request.target.isEmpty && request.target.utf8.allSatisfy(RequestBytes.isTargetByte), "target \(request.target)")
        for header in request.headers {
            check(header.value.utf8.allSatisfy(RequestBytes.isFieldValueByte), "header value with a control byte")
        }
        // What the router does next with the target: split it and decode the parts it reads.
        if let target = RequestTarget(request.target) {
            check(target.path.utf8.first == UInt8(ascii: "/"), "path \(target.path) does not start with /")
            _ = PercentDecoding.decode(target.path, plusIsSpace: false)
            let parameters = PercentDecoding.queryParameters(target.query, named: ["i", "q", "p", "callback"])
            // A callback name that is written into an answer holds nothing but name bytes and dots.
            if let callback = try? parameters.get()["callback"], JSONPCallback.isSafe(callback) {
                check(callback.utf8.count <= JSONPCallback.maxLength, "callback of \(callback.utf8.count) bytes taken")
                check(callback.utf8.allSatisfy { RequestBytes.isToken($0) && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: "`") || $0 == UInt8(ascii: "$") },
                      "callback \(callback) taken")
            }
        }
        // How the answer's encoding is chosen: adding an element that allows nothing changes nothing.
        let encodings = request.headerValues("Accept-Encoding")
        let allows = AcceptEncoding.allowsGzip(encodings)
        if encodings.count < 4 {
            check(AcceptEncoding.allowsGzip(encodings + ["identity"]) == allows, "identity changed the choice")
        }
    }
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("RequestParser invariant: \(message())") }
}

private func limits(_ selector: UInt8) -> HTTPParserLimits {
    switch selector & 3 {
    case 1: return HTTPParserLimits(maxHeadBytes: 64, maxBodyBytes: 32, maxHeaderCount: 3)
    case 2: return HTTPParserLimits(maxHeadBytes: 256, maxBodyBytes: 256, maxHeaderCount: 8)
    case 3: return HTTPParserLimits(maxHeadBytes: 1024, maxBodyBytes: 16, maxHeaderCount: 20)
    default: return HTTPParserLimits()
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count >= 2 else { return 0 }
    let input = UnsafeRawBufferPointer(start: data, count: count)
    let split = Int(input[0]) * (count - 2) / 255
    let limits = limits(input[1])
    let stream = Array(input[2...])

    var whole = Reader(limits: limits)
    whole.receive(stream[...])

    var twoPieces = Reader(limits: limits)
    twoPieces.receive(stream[..<split])
    twoPieces.receive(stream[split...])
    check(twoPieces.transcript == whole.transcript,
          "split at \(split): \(twoPieces.transcript) but whole: \(whole.transcript)")

    if input[1] & 4 != 0, stream.count <= 2048 {
        var oneByOne = Reader(limits: limits)
        for index in stream.indices { oneByOne.receive(stream[index...index]) }
        check(oneByOne.transcript == whole.transcript,
              "one byte at a time: \(oneByOne.transcript) but whole: \(whole.transcript)")
    }
    return 0
}
