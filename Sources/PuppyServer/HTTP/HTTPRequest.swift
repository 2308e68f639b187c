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
        headers.first { HTTPBytes.equalsIgnoringASCIICase($0.name, name) }?.value
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

/// Where an incomplete parse may resume: the caller feeds more bytes and calls again.
struct HTTPParseProgress: Hashable, Sendable {
    /// Bytes already scanned without finding the end of the head (a hint for the next call).
    var resumeAt: Int
    /// Calling again before the buffer holds this many bytes cannot succeed.
    var needAtLeast: Int
}

enum HTTPParseResult: Hashable, Sendable {
    case incomplete(HTTPParseProgress)
    case request(HTTPRequest, consumed: Int)
    case failure(HTTPStatus)
}
