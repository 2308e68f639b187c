// Standard library only: the HTTP files compile on their own into a fuzzing harness.

/// A response before framing: the connection adds Content-Length and Connection when it sends it.
struct ServerResponse: Sendable {
    var status: HTTPStatus
    var contentType: String?
    var headers: [HTTPHeader] = []
    var body: [UInt8]
    /// A body sent from a file rather than from `body` (which is then empty): a picture of the bundled
    /// cookbook, sent with sendfile(2).
    var file: FileBody?
    /// For a JSONP answer: how many bytes at the start (the callback name) and at the end (`);`) are
    /// not the JSON, which stays the same whatever the name (see `GzipEncoder`).
    var wrapping: (prefix: Int, suffix: Int)?

    init(status: HTTPStatus, contentType: String?, headers: [HTTPHeader] = [], body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// How many bytes the body has, wherever it is.
    var bodyCount: Int { file?.count ?? body.count }

    /// Whether the body is text, which a client that accepts gzip gets compressed (pictures are
    /// compressed already).
    var isCompressible: Bool {
        contentType?.hasPrefix("text/") ?? false
    }

    /// A short plain-text answer for errors.
    static func plain(_ status: HTTPStatus, _ message: String? = nil) -> ServerResponse {
        ServerResponse(
            status: status,
            contentType: "text/plain; charset=utf-8",
            body: Array("\(message ?? status.description)\n".utf8)
        )
    }

    /// The bytes to send: status line, headers (`extraHeaders`: whole header lines every answer of the
    /// server carries), and the body unless the request was HEAD (a body in a file is left out: only the
    /// connection sends it). A 204 has neither length nor body.
    func serialized(keepAlive: Bool, version: HTTPVersion, includeBody: Bool, extraHeaders: [UInt8] = []) -> [UInt8] {
        var bytes = head(keepAlive: keepAlive, version: version, extraHeaders: extraHeaders)
        if includeBody, status.code != 204 { bytes += body }
        return bytes
    }

    /// The status line and headers, up to and with the empty line; the body goes after it as it is.
    func head(keepAlive: Bool, version: HTTPVersion, extraHeaders: [UInt8] = []) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + extraHeaders.count)
        bytes += "HTTP/1.1 ".utf8
        Self.appendDecimal(status.code, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes += status.reason.utf8
        bytes += "\r\nServer: PuppyServer\r\n".utf8
        if let contentType {
            bytes += "Content-Type: ".utf8
            bytes += contentType.utf8
            bytes += "\r\n".utf8
        }
        if status.code != 204 {
            bytes += "Content-Length: ".utf8
            Self.appendDecimal(bodyCount, to: &bytes)
            bytes += "\r\n".utf8
        }
        bytes += extraHeaders
        for header in headers {
            bytes += header.name.utf8
            bytes += ": ".utf8
            bytes += header.value.utf8
            bytes += "\r\n".utf8
        }
        if !keepAlive {
            bytes += "Connection: close\r\n".utf8
        } else if version.minor == 0 {
            bytes += "Connection: keep-alive\r\n".utf8
        }
        bytes += "\r\n".utf8
        return bytes
    }

    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value > 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var digits: [UInt8] = []
        var rest = value
        while rest > 0 {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        bytes += digits.reversed()
    }
}

/// A body that is a range of a file the process keeps open for its whole life.
struct FileBody: Sendable, Equatable {
    var descriptor: Int32
    var offset: Int
    var count: Int
}
