// Standard library only: the HTTP files compile on their own into a fuzzing harness.

struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    var major: Int
    var minor: Int

    static let http1_0 = HTTPVersion(major: 1, minor: 0)
    static let http1_1 = HTTPVersion(major: 1, minor: 1)

    var description: String { "HTTP/\(major).\(minor)" }
}

struct HTTPHeader: Hashable, Sendable {
    var name: String
    var value: String
}

/// One fully received request: head, framing decided, body read (and bounded).
struct HTTPRequest: Hashable, Sendable {
    var method: String
    var target: String
    var version: HTTPVersion
    var headers: [HTTPHeader]
    var body: [UInt8]
    /// Whether the connection may carry another request after this one.
    var keepAlive: Bool

    /// The first header with this name (ASCII case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { RequestBytes.equalsIgnoringASCIICase($0.name, name) }?.value
    }

    /// Every header with this name, in order: fields that form one comma-separated list.
    func headerValues(_ name: String) -> [String] {
        headers.filter { RequestBytes.equalsIgnoringASCIICase($0.name, name) }.map(\.value)
    }

    var requestLine: String { "\(method) \(target) \(version)" }
}

/// Bounds the parser enforces.
struct HTTPParserLimits: Hashable, Sendable {
    /// Request line plus header lines, including line ends.
    var maxHeadBytes = 8 * 1024
    var maxBodyBytes = 16 * 1024
    var maxHeaderCount = 100
}

/// Where an incomplete parse may resume: the caller feeds more bytes and calls again with it.
/// Offsets count from the start of the bytes given to the parser.
struct HTTPParseProgress: Hashable, Sendable {
    /// Bytes already scanned without finding the end of the head (a hint for the next call).
    var resumeAt: Int
    /// Calling again before the buffer holds this many bytes cannot succeed.
    var needAtLeast: Int
    /// Empty lines already skipped before the request line.
    var blanksSkipped = 0
    /// Where the request line starts, once known (-1 before).
    var lineStart = -1
    /// How far the request line has been found plausible so far, and the scan's state there.
    var lineChecked = 0
    var lineScan = RequestLineScan()
    /// The request line's LF once the line has been read and found valid (-1 before).
    var lineEnd = -1
    /// Bytes of the request line looked at so far, over all calls: a work count that tests use to
    /// check the scan stays linear however the line is split into reads.
    var lineBytesExamined = 0
}

/// Whether a request line still arriving could become valid, byte by byte, so garbage is refused
/// without waiting: `token SP target SP HTTP/d.d` and at most a CR after it.
struct RequestLineScan: Hashable, Sendable {
    private enum Part: Hashable, Sendable { case method, target, version }
    private var part = Part.method
    private var partLength = 0
    private static let versionPattern: [UInt8] = Array("HTTP/0.0".utf8)

    init() {}

    mutating func accepts(_ byte: UInt8) -> Bool {
        switch part {
        case .method:
            if byte == RequestBytes.space, partLength > 0 {
                part = .target
                partLength = 0
            } else if RequestBytes.isToken(byte) {
                partLength += 1
            } else {
                return false
            }
        case .target:
            if byte == RequestBytes.space, partLength > 0 {
                part = .version
                partLength = 0
            } else if RequestBytes.isTargetByte(byte) {
                partLength += 1
            } else {
                return false
            }
        case .version:
            // After the version only the CR of the line end may come (the LF has not arrived).
            let pattern = Self.versionPattern
            if partLength > pattern.count { return false }
            if partLength == pattern.count {
                guard byte == RequestBytes.cr else { return false }
            } else if pattern[partLength] == UInt8(ascii: "0") {
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return false }
            } else {
                guard byte == pattern[partLength] else { return false }
            }
            partLength += 1
        }
        return true
    }
}

enum HTTPParseResult: Hashable, Sendable {
    case incomplete(HTTPParseProgress)
    case request(HTTPRequest, consumed: Int)
    case failure(HTTPStatus)
}
