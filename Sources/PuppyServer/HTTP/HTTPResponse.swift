// Standard library only: the HTTP files compile on their own into a fuzzing harness.

/// A response before framing: the connection adds Content-Length and Connection when it sends it.
struct HTTPResponse: Sendable {
    var status: HTTPStatus
    var contentType: String?
    var headers: [HTTPHeader] = []
    var body: [UInt8]

    init(status: HTTPStatus, contentType: String?, headers: [HTTPHeader] = [], body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// A short plain-text answer for errors.
    static func plain(_ status: HTTPStatus, _ message: String? = nil) -> HTTPResponse {
        HTTPResponse(
            status: status,
            contentType: "text/plain; charset=utf-8",
            body: Array("\(message ?? status.description)\n".utf8)
        )
    }

    /// The bytes to send: status line, headers, and the body unless the request was HEAD.
    func serialized(keepAlive: Bool, version: HTTPVersion, includeBody: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status.code) \(status.reason)\r\nServer: PuppyServer\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        if !keepAlive {
            head += "Connection: close\r\n"
        } else if version.minor == 0 {
            head += "Connection: keep-alive\r\n"
        }
        head += "\r\n"
        var bytes: [UInt8] = []
        bytes.reserveCapacity(head.utf8.count + (includeBody ? body.count : 0))
        bytes += head.utf8
        if includeBody { bytes += body }
        return bytes
    }
}
