import ServiceSupport
// Standard library only (and ServiceError): the parsing files compile on their own into a fuzzing harness.

/// The HTTP/1.x response parser: a state machine over the bytes of one connection, with no I/O.
///
/// Feed it whatever arrived, in any pieces: `next(_:)` takes bytes from the front of the input and returns
/// the next part (the head, a slice of body bytes, the end) or nil when it needs more. At the end of the
/// input call `finish()`: a body that runs to the close ends there, anything else was cut short.
///
/// Informational (1xx) answers are skipped. Strict where leniency would let an answer be read two ways:
/// Content-Length together with Transfer-Encoding, Content-Lengths that disagree, a transfer coding other
/// than `chunked`, obs-fold, bare CRs and control bytes in fields are refused. Every line, head, header
/// count, trailer and chunk size is bounded. Errors are `malformedBody` (not HTTP as the RFC has it),
/// `tooLarge` (past a bound) and `connectionLost` (cut short).
struct HTTPResponseParser: Sendable {
    private enum State: Equatable, Sendable {
        case statusLine
        case headerLine
        case fixedBody(remaining: Int)
        case untilClose
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailer
        /// The body is complete; the end is reported next.
        case ending
        case done
    }

    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")
    private static let statusPrefix = Array("HTTP/1.".utf8)

    let limits: HTTPResponseLimits
    private var state = State.statusLine
    /// The line being read, without its LF (a CR before the LF is still there).
    private var line: [UInt8] = []
    private var receivedAnything = false
    private var interimResponses = 0
    private var minorVersion = 1
    private var status = 0
    private var reason = ""
    private var fields: [HTTPResponseHead.Field] = []
    private var headerBytes = 0
    private var trailerBytes = 0
    private var trailerCount = 0
    /// The length of the line `takeLine` returned last, with its line end.
    private var lastLineLength = 0

    init(limits: HTTPResponseLimits = HTTPResponseLimits()) {
        self.limits = limits
    }

    /// True once the end has been reported.
    var isComplete: Bool { state == .done }

    /// The next part from the front of `input` (which it advances), or nil when more bytes are needed.
    mutating func next(_ input: inout ArraySlice<UInt8>) throws(ServiceError) -> HTTPResponsePart? {
        if !input.isEmpty { receivedAnything = true }
        while true {
            switch state {
            case .done:
                return nil
            case .ending:
                state = .done
                return .end
            case .statusLine:
                guard let bytes = try takeLine(&input, limit: limits.maxStatusLineBytes + 2, what: "status line",
                                               statusPrefix: true) else { return nil }
                try readStatusLine(bytes)
                state = .headerLine
            case .headerLine:
                guard let bytes = try takeLine(&input, limit: max(2, limits.maxHeaderBytes - headerBytes),
                                               what: "header section") else { return nil }
                headerBytes += lastLineLength
                if bytes.isEmpty {
                    if let head = try endOfHead() { return .head(head) }
                } else {
                    try addField(bytes, isTrailer: false)
                }
            case .fixedBody(let remaining):
                guard !input.isEmpty else { return nil }
                let slice = input.prefix(remaining)
                input = input.dropFirst(slice.count)
                state = remaining == slice.count ? .ending : .fixedBody(remaining: remaining - slice.count)
                return .body(slice)
            case .untilClose:
                guard !input.isEmpty else { return nil }
                let slice = input
                input = input[input.endIndex...]
                return .body(slice)
            case .chunkSize:
                guard let bytes = try takeLine(&input, limit: limits.maxChunkLineBytes + 2, what: "chunk size line") else { return nil }
                let size = try chunkSize(bytes)
                state = size == 0 ? .trailer : .chunkData(remaining: size)
            case .chunkData(let remaining):
                guard !input.isEmpty else { return nil }
                let slice = input.prefix(remaining)
                input = input.dropFirst(slice.count)
                state = remaining == slice.count ? .chunkDataEnd : .chunkData(remaining: remaining - slice.count)
                return .body(slice)
            case .chunkDataEnd:
                guard try takeChunkDataEnd(&input) else { return nil }
                state = .chunkSize
            case .trailer:
                guard let bytes = try takeLine(&input, limit: max(2, limits.maxTrailerBytes - trailerBytes),
                                               what: "trailer section") else { return nil }
                trailerBytes += lastLineLength
                if bytes.isEmpty {
                    state = .done
                    return .end
                }
                try addField(bytes, isTrailer: true)
            }
        }
    }

    /// The connection has closed: the end of a body that runs to the close, nil after the end, or
    /// `connectionLost` for an answer cut short.
    mutating func finish() throws(ServiceError) -> HTTPResponsePart? {
        switch state {
        case .done:
            return nil
        case .ending, .untilClose:
            state = .done
            return .end
        case .statusLine where !receivedAnything:
            throw .connectionLost.with(detail: "the server closed the connection without answering")
        case .fixedBody(let remaining):
            throw .connectionLost.with(detail: "the connection closed \(remaining) bytes before the end of the answer")
        default:
            throw .connectionLost.with(detail: "the connection closed before the answer was complete")
        }
    }

    // MARK: - Lines

    /// A whole line without its line end, or nil when the input ends first (what was read is kept).
    /// `limit` counts the line's bytes with its line end; the size is checked before the content, the
    /// same way however the bytes arrive. An empty line always fits a limit of 2.
    private mutating func takeLine(_ input: inout ArraySlice<UInt8>, limit: Int, what: String,
                                   statusPrefix: Bool = false) throws(ServiceError) -> [UInt8]? {
        let lineFeed = input.firstIndex(of: Self.lf)
        let available = input[input.startIndex..<(lineFeed ?? input.endIndex)]
        if statusPrefix { try checkStatusPrefix(available) }
        if line.count + available.count + 1 > limit {
            throw .tooLarge.with(detail: "the \(what) is longer than \(limit) bytes")
        }
        line.append(contentsOf: available)
        guard let lineFeed else {
            input = input[input.endIndex...]
            return nil
        }
        input = input[(lineFeed + 1)...]
        var bytes = line
        line = []
        lastLineLength = bytes.count + 1
        if bytes.last == Self.cr { bytes.removeLast() }
        if bytes.contains(Self.cr) {
            throw .malformedBody.with(detail: "a bare CR in the \(what)")
        }
        return bytes
    }

    /// Refuses an answer that does not start `HTTP/1.` as soon as the first wrong byte arrives.
    private func checkStatusPrefix(_ available: ArraySlice<UInt8>) throws(ServiceError) {
        let prefix = Self.statusPrefix
        guard line.count < prefix.count else { return }
        var index = line.count
        for byte in available.prefix(prefix.count - line.count) {
            guard byte == prefix[index] else {
                throw .malformedBody.with(detail: "the answer is not HTTP/1.x")
            }
            index += 1
        }
    }

    /// CRLF or LF after a chunk's data; true once it has been read.
    private mutating func takeChunkDataEnd(_ input: inout ArraySlice<UInt8>) throws(ServiceError) -> Bool {
        while let byte = input.first {
            input = input.dropFirst()
            if byte == Self.lf {
                line = []
                return true
            }
            guard byte == Self.cr, line.isEmpty else {
                throw .malformedBody.with(detail: "a chunk is longer than its size says")
            }
            line = [byte]
        }
        return false
    }

    // MARK: - Head

    /// `HTTP/1.x SP 3DIGIT [SP reason]`.
    private mutating func readStatusLine(_ bytes: [UInt8]) throws(ServiceError) {
        let malformed = ServiceError.malformedBody.with(detail: "the status line is not HTTP/1.x")
        guard bytes.count >= 12, HTTPBytes.isDigit(bytes[7]), bytes[8] == UInt8(ascii: " "),
              bytes[9...11].allSatisfy(HTTPBytes.isDigit), bytes.count == 12 || bytes[12] == UInt8(ascii: " ") else {
            throw malformed
        }
        let code = bytes[9...11].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard (100...599).contains(code) else {
            throw .malformedBody.with(detail: "the status \(code) is not an HTTP status")
        }
        let reasonBytes = bytes.dropFirst(13)
        guard reasonBytes.allSatisfy(HTTPBytes.isFieldValueByte) else {
            throw .malformedBody.with(detail: "a control byte in the status line")
        }
        minorVersion = Int(bytes[7] - UInt8(ascii: "0"))
        status = code
        reason = String(decoding: reasonBytes, as: UTF8.self)
    }

    /// `name: value`, checked; kept for a head, counted and dropped for a trailer.
    private mutating func addField(_ bytes: [UInt8], isTrailer: Bool) throws(ServiceError) {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
            throw .malformedBody.with(detail: "a header line without a colon")
        }
        let name = bytes[..<colon]
        guard !name.isEmpty, name.allSatisfy(HTTPBytes.isToken) else {
            throw .malformedBody.with(detail: "a header name that is not a token (or a folded line)")
        }
        var value = bytes[(colon + 1)...]
        while let first = value.first, HTTPBytes.isWhitespace(first) { value = value.dropFirst() }
        while let last = value.last, HTTPBytes.isWhitespace(last) { value = value.dropLast() }
        guard value.allSatisfy(HTTPBytes.isFieldValueByte) else {
            throw .malformedBody.with(detail: "a control byte in a header value")
        }
        guard fields.count + trailerCount < limits.maxHeaderCount else {
            throw .tooLarge.with(detail: "more than \(limits.maxHeaderCount) header fields")
        }
        if isTrailer {
            trailerCount += 1
        } else {
            fields.append(HTTPResponseHead.Field(name: String(decoding: name, as: UTF8.self).lowercased(),
                                                 value: String(decoding: value, as: UTF8.self)))
        }
    }

    /// The head is complete: nil for a skipped 1xx, else the head, with the body's framing decided.
    private mutating func endOfHead() throws(ServiceError) -> HTTPResponseHead? {
        let head = HTTPResponseHead(minorVersion: minorVersion, status: status, reason: reason, fields: fields)
        fields = []
        headerBytes = 0
        if (100...199).contains(head.status) {
            guard head.status != 101 else {
                throw .malformedBody.with(detail: "the server switched protocols unasked")
            }
            interimResponses += 1
            guard interimResponses <= limits.maxInterimResponses else {
                throw .malformedBody.with(detail: "more than \(limits.maxInterimResponses) informational answers")
            }
            state = .statusLine
            return nil
        }
        let hasNoBody = head.status == 204 || head.status == 304
        let transferEncodings = head.values("transfer-encoding")
        let lengths = head.values("content-length")
        if !transferEncodings.isEmpty {
            guard lengths.isEmpty else {
                throw .malformedBody.with(detail: "both Content-Length and Transfer-Encoding")
            }
            guard head.minorVersion >= 1 else {
                throw .malformedBody.with(detail: "Transfer-Encoding in an HTTP/1.0 answer")
            }
            let codings = transferEncodings.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map { HTTPBytes.trimmed($0).lowercased() }
            guard codings == ["chunked"] else {
                throw .malformedBody.with(detail: "the transfer coding \"\(transferEncodings.joined(separator: ", ").prefix(40))\" is not supported")
            }
            state = hasNoBody ? .ending : .chunkSize
        } else if !lengths.isEmpty {
            let length = try Self.contentLength(lengths)
            state = hasNoBody || length == 0 ? .ending : .fixedBody(remaining: length)
        } else {
            state = hasNoBody ? .ending : .untilClose
        }
        return head
    }

    /// One length from every Content-Length value (a value may be a list); values that differ are refused.
    static func contentLength(_ values: [String]) throws(ServiceError) -> Int {
        var length: Int?
        for element in values.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let digits = Array(HTTPBytes.trimmed(element).utf8)
            guard !digits.isEmpty, digits.allSatisfy(HTTPBytes.isDigit) else {
                throw .malformedBody.with(detail: "the Content-Length \"\(element.prefix(40))\" is not a number")
            }
            let significant = digits.drop { $0 == UInt8(ascii: "0") }
            guard significant.count <= 18 else {
                throw .tooLarge.with(detail: "the server announced a body of more than 10^18 bytes")
            }
            let value = significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            if let length, length != value {
                throw .malformedBody.with(detail: "Content-Lengths that disagree (\(length) and \(value))")
            }
            length = value
        }
        return length ?? 0
    }

    /// `1*HEXDIG [ BWS ";" chunk-ext ]`.
    private func chunkSize(_ bytes: [UInt8]) throws(ServiceError) -> Int {
        var size = 0
        var index = 0
        while index < bytes.count, let digit = HTTPBytes.hexValue(bytes[index]) {
            size = size * 16 + digit
            guard size <= limits.maxChunkSize else {
                throw .tooLarge.with(detail: "a chunk of more than \(limits.maxChunkSize) bytes")
            }
            index += 1
        }
        guard index > 0 else {
            throw .malformedBody.with(detail: "a chunk size that is not hexadecimal")
        }
        while index < bytes.count, HTTPBytes.isWhitespace(bytes[index]) { index += 1 }
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: ";"), bytes[index...].allSatisfy(HTTPBytes.isFieldValueByte) else {
                throw .malformedBody.with(detail: "a chunk size line with stray bytes")
            }
        }
        return size
    }
}
