import Foundation
import ServiceSupport

/// One GET over plain HTTP/1.1 on the calling thread: look the host up, connect, send the request with
/// `Connection: close`, and read the answer through the response parser into a body collector that
/// holds the cap on decoded bytes. A redirect comes back as its head alone.
enum PlainExchange {
    struct Answer {
        let head: HTTPResponseHead
        let body: Data
    }

    static func run(_ url: URL, accept: String?, limit: Int, control: RequestControl) throws(ServiceError) -> Answer {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true), let rawHost = components.host,
              !rawHost.isEmpty else {
            throw .invalidQuery.with(detail: "\"\(url.absoluteString.prefix(80))\" is not a web address")
        }
        let host = rawHost.hasPrefix("[") && rawHost.hasSuffix("]") ? String(rawHost.dropFirst().dropLast()) : rawHost
        let port = components.port ?? 80
        let hostField = (host.contains(":") ? "[\(host)]" : host) + (components.port.map { ":\($0)" } ?? "")
        let place = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }

        let visible = { (byte: UInt8) in byte > 0x20 && byte != 0x7F }
        guard target.utf8.allSatisfy(visible), hostField.utf8.allSatisfy(visible),
              accept?.utf8.allSatisfy(HTTPBytes.isFieldValueByte) ?? true else {
            throw .invalidQuery.with(detail: "a control character in the request for \(place)")
        }
        var request = "GET \(target) HTTP/1.1\r\nHost: \(hostField)\r\nUser-Agent: RecipeBook/1.0\r\n"
        if let accept { request += "Accept: \(accept)\r\n" }
        request += "Accept-Encoding: gzip, deflate\r\nConnection: close\r\n\r\n"

        let addresses = try AddressResolver.resolve(host, port: port, control: control, place: place)
        let connection = try PlainConnection(addresses, control: control, place: place)
        do throws(ServiceError) {
            try connection.send(Array(request.utf8))
            return try read(connection, limit: limit, place: place)
        } catch where error == .malformedBody || error == .connectionLost || error == .tooLarge {
            throw error.with(detail: "\(place): \(error.detail)")
        }
    }

    private static func read(_ connection: PlainConnection, limit: Int, place: String) throws(ServiceError) -> Answer {
        var parser = HTTPResponseParser()
        var head: HTTPResponseHead?
        var collector: BodyCollector?
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try connection.receive(into: &buffer)
            var parts: [HTTPResponsePart] = []
            if count == 0 {
                if let part = try parser.finish() { parts.append(part) }
                if parts.isEmpty {
                    throw .connectionLost.with(detail: "the connection closed before the answer was complete")
                }
            }
            var input = buffer[0..<count]
            while true {
                guard let part = parts.isEmpty ? try parser.next(&input) : parts.removeFirst() else { break }
                switch part {
                case .head(let received):
                    head = received
                    if received.isRedirect, received.value("location") != nil {
                        return Answer(head: received, body: Data())
                    }
                    let lengths = received.values("content-length")
                    let announced = lengths.isEmpty ? nil : try HTTPResponseParser.contentLength(lengths)
                    let body = try BodyCollector(contentEncodings: received.values("content-encoding"), limit: limit,
                                                 announcedLength: announced)
                    if let announced, announced > limit, !body.isEncoded {
                        throw .tooLarge.with(detail: "the server announced \(announced) bytes; the limit is \(limit)")
                    }
                    collector = body
                case .body(let bytes):
                    try collector?.append(bytes)
                case .end:
                    guard let head, let collector else {
                        throw .connectionLost.with(detail: "the connection closed before the answer was complete")
                    }
                    return Answer(head: head, body: try collector.finish())
                }
            }
        }
    }
}
