// Standard library only: the HTTP files compile on their own into a fuzzing harness.

/// The HTTP/1.x request parser: a pure function over the bytes received so far.
///
/// Call it with everything buffered for the connection. It answers `incomplete` (feed more bytes and call
/// again, with the progress hint), a request with how many bytes it used (pipelined bytes after it stay
/// for the next call), or the status to answer an unusable request with before closing.
///
/// Strict where leniency enables smuggling: a Content-Length together with Transfer-Encoding, two
/// Content-Lengths, a length that is not plain digits, header names with non-token bytes, obs-fold,
/// whitespace before a colon and bare CRs are all 400. A bare LF ends a line, as RFC 9112 allows.
enum HTTPRequestParser {
    static func parse(
        _ bytes: ArraySlice<UInt8>,
        limits: HTTPParserLimits = HTTPParserLimits(),
        resumeAt: Int = 0
    ) -> HTTPParseResult {
        parse(bytes, limits: limits, progress: HTTPParseProgress(resumeAt: resumeAt, needAtLeast: 0))
    }

    /// The same, resuming from everything the last `incomplete` answer recorded, so that a head arriving
    /// a byte at a time is scanned once in all rather than once per read.
    static func parse(
        _ bytes: ArraySlice<UInt8>,
        limits: HTTPParserLimits = HTTPParserLimits(),
        progress: HTTPParseProgress
    ) -> HTTPParseResult {
        let base = bytes.startIndex
        let end = bytes.endIndex
        let total = end - base

        // Empty lines before the request line are ignored (RFC 9112 section 2.2), within the head limit.
        var start = base
        if progress.lineStart >= 0, progress.lineStart < total {
            start = base + progress.lineStart
        } else {
            start = base + min(max(progress.blanksSkipped, 0), total)
            while start < end {
                if bytes[start] == RequestBytes.lf {
                    start += 1
                } else if bytes[start] == RequestBytes.cr {
                    guard start + 1 < end else { return waitForBlankLines(skipped: start - base, total: total) }
                    guard bytes[start + 1] == RequestBytes.lf else { return .failure(.badRequest) }
                    start += 2
                } else {
                    break
                }
                if start - base > limits.maxHeadBytes { return .failure(.badRequest) }
            }
            guard start < end else { return waitForBlankLines(skipped: start - base, total: total) }
        }

        let searchFrom = max(start, base + min(max(progress.resumeAt, 0), total) - 3)
        guard let headEnd = findHeadEnd(bytes, from: searchFrom) else {
            return incompleteHead(bytes, start: start, limits: limits, progress: progress)
        }

        let requestLine: RequestLine
        let requestLineEnd: Int
        switch readRequestLine(bytes, start: start, limits: limits) {
        case .complete(let line, let lineFeed): (requestLine, requestLineEnd) = (line, lineFeed)
        case .failure(let status): return .failure(status)
        case .incomplete: return .failure(.badRequest)  // unreachable: the head end follows a line end
        }
        if headEnd - start > limits.maxHeadBytes { return .failure(.headerFieldsTooLarge) }

        let head: ParsedHeaders
        switch parseHeaders(bytes[(requestLineEnd + 1)..<headEnd], version: requestLine.version, limits: limits) {
        case .success(let parsed): head = parsed
        case .failure(let status): return .failure(status)
        }

        var request = HTTPRequest(
            method: requestLine.method,
            target: requestLine.target,
            version: requestLine.version,
            headers: head.headers,
            body: [],
            keepAlive: head.keepAlive
        )
        let headLength = headEnd - base

        switch head.framing {
        case .none:
            return .request(request, consumed: headLength)
        case .contentLength(let length):
            guard length <= limits.maxBodyBytes else { return .failure(.contentTooLarge) }
            guard total >= headLength + length else {
                return .incomplete(HTTPParseProgress(resumeAt: headLength, needAtLeast: headLength + length))
            }
            request.body = Array(bytes[headEnd..<(headEnd + length)])
            return .request(request, consumed: headLength + length)
        case .chunked:
            switch decodeChunked(bytes, from: headEnd, limits: limits) {
            case .incomplete:
                return .incomplete(HTTPParseProgress(resumeAt: headLength, needAtLeast: total + 1))
            case .failure(let status):
                return .failure(status)
            case .complete(let body, let bodyEnd):
                request.body = body
                return .request(request, consumed: bodyEnd - base)
            }
        }
    }

    // MARK: - Head

    /// The index just past the empty line that ends the head (`LF LF` or `LF CR LF`), if present.
    private static func findHeadEnd(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start
        let end = bytes.endIndex
        while let lineFeed = RequestBytes.firstIndex(of: RequestBytes.lf, in: bytes, from: index) {
            let next = lineFeed + 1
            guard next < end else { return nil }
            if bytes[next] == RequestBytes.lf { return next + 1 }
            if bytes[next] == RequestBytes.cr {
                guard next + 1 < end else { return nil }
                if bytes[next + 1] == RequestBytes.lf { return next + 2 }
            }
            index = next
        }
        return nil
    }

    private static func waitForBlankLines(skipped: Int, total: Int) -> HTTPParseResult {
        var next = HTTPParseProgress(resumeAt: 0, needAtLeast: total + 1)
        next.blanksSkipped = skipped
        return .incomplete(next)
    }

    /// The head has not ended yet: refuse early what can already be refused, otherwise ask for more.
    /// Decides exactly as `readRequestLine` would over the whole buffer, but looks only at the bytes
    /// that arrived since the last call, carrying the request-line scan over in the progress.
    private static func incompleteHead(
        _ bytes: ArraySlice<UInt8>, start: Int, limits: HTTPParserLimits, progress: HTTPParseProgress
    ) -> HTTPParseResult {
        let base = bytes.startIndex
        let end = bytes.endIndex
        let total = end - base
        var next = HTTPParseProgress(resumeAt: total, needAtLeast: total + 1)
        next.lineStart = start - base
        let sameLine = progress.lineStart == start - base

        if sameLine, progress.lineEnd >= 0 {
            // The request line was complete and valid: only the head's size can be refused yet.
            if end - start > limits.maxHeadBytes { return .failure(.headerFieldsTooLarge) }
            next.lineEnd = progress.lineEnd
            return .incomplete(next)
        }

        let checkedFrom = sameLine ? max(base + progress.lineChecked, start) : start
        var scan = sameLine ? progress.lineScan : RequestLineScan()
        let lineFeed = RequestBytes.firstIndex(of: RequestBytes.lf, in: bytes, from: checkedFrom)
        next.lineBytesExamined = (sameLine ? progress.lineBytesExamined : 0) + ((lineFeed ?? end) - checkedFrom)
        if let lineFeed, lineFeed + 1 - start <= limits.maxHeadBytes {
            switch parseRequestLine(bytes[start..<lineFeed]) {
            case .failure(let status):
                return .failure(status)
            case .success:
                if end - start > limits.maxHeadBytes { return .failure(.headerFieldsTooLarge) }
                next.lineEnd = lineFeed - base
                return .incomplete(next)
            }
        }
        // Not all here, or too long: only the bytes within the limit can make it a 400.
        let scanEnd = min(lineFeed ?? end, start + limits.maxHeadBytes)
        var index = checkedFrom
        while index < scanEnd {
            guard scan.accepts(bytes[index]) else { return .failure(.badRequest) }
            index += 1
        }
        guard lineFeed == nil, end - start <= limits.maxHeadBytes else { return .failure(.uriTooLong) }
        next.lineChecked = index - base
        next.lineScan = scan
        return .incomplete(next)
    }

    private enum RequestLineResult {
        case incomplete
        case failure(HTTPStatus)
        case complete(RequestLine, lineFeed: Int)
    }

    /// The request line at `start`, refused by the earliest byte that rules it out: one no request line
    /// can have (400), or the first past the head limit (414). Deciding by position, whatever has been
    /// received, gives the same answer however the bytes were split into reads.
    private static func readRequestLine(
        _ bytes: ArraySlice<UInt8>, start: Int, limits: HTTPParserLimits
    ) -> RequestLineResult {
        let lineFeed = RequestBytes.firstIndex(of: RequestBytes.lf, in: bytes, from: start)
        if let lineFeed, lineFeed + 1 - start <= limits.maxHeadBytes {
            switch parseRequestLine(bytes[start..<lineFeed]) {
            case .success(let line): return .complete(line, lineFeed: lineFeed)
            case .failure(let status): return .failure(status)
            }
        }
        // Not all here, or too long: only the bytes within the limit can make it a 400.
        let scanEnd = min(lineFeed ?? bytes.endIndex, start + limits.maxHeadBytes)
        var scan = RequestLineScan()
        if !bytes[start..<scanEnd].allSatisfy({ scan.accepts($0) }) { return .failure(.badRequest) }
        if lineFeed == nil, bytes.endIndex - start <= limits.maxHeadBytes { return .incomplete }
        return .failure(.uriTooLong)
    }

    private struct RequestLine {
        var method: String
        var target: String
        var version: HTTPVersion
    }

    /// `method SP request-target SP HTTP-version`, single spaces, optional CR at the end.
    private static func parseRequestLine(_ rawLine: ArraySlice<UInt8>) -> Result<RequestLine, HTTPStatus> {
        var line = rawLine
        if line.last == RequestBytes.cr { line = line.dropLast() }

        var index = line.startIndex
        while index < line.endIndex, RequestBytes.isToken(line[index]) { index += 1 }
        let method = line[line.startIndex..<index]
        guard !method.isEmpty, index < line.endIndex, line[index] == RequestBytes.space else {
            return .failure(.badRequest)
        }
        index += 1

        let targetStart = index
        while index < line.endIndex, RequestBytes.isTargetByte(line[index]) { index += 1 }
        let target = line[targetStart..<index]
        guard !target.isEmpty, index < line.endIndex, line[index] == RequestBytes.space else {
            return .failure(.badRequest)
        }
        index += 1

        guard let version = parseVersion(line[index...]) else { return .failure(.badRequest) }
        guard version.major == 1 else { return .failure(.httpVersionNotSupported) }
        return .success(RequestLine(
            method: String(decoding: method, as: UTF8.self),
            target: String(decoding: target, as: UTF8.self),
            version: version
        ))
    }

    /// Exactly `HTTP/<digit>.<digit>`.
    private static func parseVersion(_ bytes: ArraySlice<UInt8>) -> HTTPVersion? {
        let expected: [UInt8] = Array("HTTP/".utf8)
        guard bytes.count == 8, bytes.prefix(5).elementsEqual(expected) else { return nil }
        let major = bytes[bytes.startIndex + 5]
        let dot = bytes[bytes.startIndex + 6]
        let minor = bytes[bytes.startIndex + 7]
        guard isDigit(major), dot == UInt8(ascii: "."), isDigit(minor) else { return nil }
        return HTTPVersion(major: Int(major - UInt8(ascii: "0")), minor: Int(minor - UInt8(ascii: "0")))
    }

    private enum Framing {
        case none
        case contentLength(Int)
        case chunked
    }

    private struct ParsedHeaders {
        var headers: [HTTPHeader]
        var framing: Framing
        var keepAlive: Bool
    }

    /// Header lines up to and including the empty line that ends the head.
    private static func parseHeaders(
        _ block: ArraySlice<UInt8>, version: HTTPVersion, limits: HTTPParserLimits
    ) -> Result<ParsedHeaders, HTTPStatus> {
        var headers: [HTTPHeader] = []
        var contentLengths: [Int] = []
        var transferEncodings: [String] = []
        var hostCount = 0
        var connectionTokens: [String] = []

        var lineStart = block.startIndex
        while lineStart < block.endIndex {
            guard let lineFeed = RequestBytes.firstIndex(of: RequestBytes.lf, in: block, from: lineStart) else {
                return .failure(.badRequest)
            }
            var line = block[lineStart..<lineFeed]
            lineStart = lineFeed + 1
            if line.last == RequestBytes.cr { line = line.dropLast() }
            if line.isEmpty { break }

            guard let first = line.first, !RequestBytes.isWhitespace(first) else {
                return .failure(.badRequest)  // obs-fold
            }
            guard let colon = RequestBytes.firstIndex(of: RequestBytes.colon, in: line, from: line.startIndex) else {
                return .failure(.badRequest)
            }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(RequestBytes.isToken) else { return .failure(.badRequest) }
            let value = RequestBytes.trimmed(line[(colon + 1)...])
            guard value.allSatisfy(RequestBytes.isFieldValueByte) else { return .failure(.badRequest) }

            headers.append(HTTPHeader(
                name: String(decoding: name, as: UTF8.self),
                value: String(decoding: value, as: UTF8.self)
            ))
            if headers.count > limits.maxHeaderCount { return .failure(.headerFieldsTooLarge) }

            if RequestBytes.matches(name, lowercaseName: "content-length") {
                guard !value.isEmpty, value.allSatisfy(isDigit) else { return .failure(.badRequest) }
                guard value.count <= 15 else { return .failure(.contentTooLarge) }
                contentLengths.append(value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
            } else if RequestBytes.matches(name, lowercaseName: "transfer-encoding") {
                transferEncodings.append(String(decoding: value, as: UTF8.self))
            } else if RequestBytes.matches(name, lowercaseName: "host") {
                hostCount += 1
            } else if RequestBytes.matches(name, lowercaseName: "connection") {
                connectionTokens += RequestBytes.listElements(String(decoding: value, as: UTF8.self))
            }
        }

        let isHTTP11 = version.minor >= 1
        if contentLengths.count > 1 { return .failure(.badRequest) }
        if !transferEncodings.isEmpty, !contentLengths.isEmpty { return .failure(.badRequest) }
        if isHTTP11 ? hostCount != 1 : hostCount > 1 { return .failure(.badRequest) }

        var framing = Framing.none
        if let length = contentLengths.first {
            framing = .contentLength(length)
        } else if !transferEncodings.isEmpty {
            guard isHTTP11, transferEncodings.count == 1 else { return .failure(.badRequest) }
            let codings = RequestBytes.listElements(transferEncodings[0])
            let chunkedCount = codings.filter { $0 == "chunked" }.count
            if codings == ["chunked"] {
                framing = .chunked
            } else if codings.last == "chunked", chunkedCount == 1 {
                return .failure(.notImplemented)
            } else {
                return .failure(.badRequest)
            }
        }

        let close = connectionTokens.contains("close")
        let keepAlive = isHTTP11 ? !close : (!close && connectionTokens.contains("keep-alive"))
        return .success(ParsedHeaders(headers: headers, framing: framing, keepAlive: keepAlive))
    }

    // MARK: - Chunked body

    private enum ChunkedResult {
        case incomplete
        case failure(HTTPStatus)
        case complete(body: [UInt8], end: Int)
    }

    /// Decodes `chunk-size [ext] CRLF data CRLF ... 0 CRLF trailers CRLF`, bounded by the body limit.
    private static func decodeChunked(
        _ bytes: ArraySlice<UInt8>, from bodyStart: Int, limits: HTTPParserLimits
    ) -> ChunkedResult {
        let encodedLimit = limits.maxBodyBytes + limits.maxHeadBytes
        var body: [UInt8] = []
        var index = bodyStart

        while true {
            guard let lineFeed = RequestBytes.firstIndex(of: RequestBytes.lf, in: bytes, from: index) else {
                return bytes.endIndex - bodyStart > encodedLimit ? .failure(.contentTooLarge) : .incomplete
            }
            if lineFeed - bodyStart > encodedLimit { return .failure(.contentTooLarge) }
            var line = bytes[index..<lineFeed]
            if line.last == RequestBytes.cr { line = line.dropLast() }

            var cursor = line.startIndex
            var size = 0
            while cursor < line.endIndex, let digit = hexValue(line[cursor]) {
                guard cursor - line.startIndex < 8 else { return .failure(.contentTooLarge) }
                size = size * 16 + digit
                cursor += 1
            }
            guard cursor > line.startIndex else { return .failure(.badRequest) }
            let extensions = line[cursor...]
            if let first = extensions.first {
                guard first == UInt8(ascii: ";"), extensions.allSatisfy(RequestBytes.isFieldValueByte) else {
                    return .failure(.badRequest)
                }
            }
            index = lineFeed + 1

            if size == 0 {
                // Trailer fields, ignored but validated, up to the empty line.
                while true {
                    guard let trailerEnd = RequestBytes.firstIndex(of: RequestBytes.lf, in: bytes, from: index) else {
                        return bytes.endIndex - bodyStart > encodedLimit ? .failure(.contentTooLarge) : .incomplete
                    }
                    if trailerEnd - bodyStart > encodedLimit { return .failure(.contentTooLarge) }
                    var trailer = bytes[index..<trailerEnd]
                    if trailer.last == RequestBytes.cr { trailer = trailer.dropLast() }
                    index = trailerEnd + 1
                    if trailer.isEmpty { return .complete(body: body, end: index) }
                    guard let first = trailer.first, RequestBytes.isToken(first),
                          trailer.contains(RequestBytes.colon),
                          trailer.allSatisfy(RequestBytes.isFieldValueByte) else {
                        return .failure(.badRequest)
                    }
                }
            }

            guard body.count + size <= limits.maxBodyBytes else { return .failure(.contentTooLarge) }
            guard bytes.endIndex - index > size else { return .incomplete }
            body += bytes[index..<(index + size)]
            index += size
            if bytes[index] == RequestBytes.lf {
                index += 1
            } else if bytes[index] == RequestBytes.cr {
                guard index + 1 < bytes.endIndex else { return .incomplete }
                guard bytes[index + 1] == RequestBytes.lf else { return .failure(.badRequest) }
                index += 2
            } else {
                return .failure(.badRequest)
            }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}
