public import Foundation
import Services
import Glibc
import CZlib
import ServiceSupport

/// A request as the scripted server read it.
public struct ScriptedRequest: Sendable {
    public let method: String
    public let target: String
    public let headers: [String: String]
}

/// One step of what the scripted server does on a connection.
public enum ScriptStep: Sendable {
    case send(Data)
    /// Sends the bytes one at a time with a pause between them.
    case drip(Data, every: Duration)
    case pause(Duration)
    /// Closes the connection normally.
    case close
    /// Closes the connection with a TCP reset.
    case reset
    /// Keeps the connection open, reading nothing more, until the peer leaves or the server stops.
    case hold

    public static func send(_ text: String) -> ScriptStep { .send(Data(text.utf8)) }

    /// A whole HTTP/1.1 answer.
    public static func response(status: Int = 200, reason: String = "OK", contentType: String? = "application/json",
                                headers: [String: String] = [:], body: Data, close: Bool = true) -> ScriptStep {
        var head = "HTTP/1.1 \(status) \(reason)\r\nContent-Length: \(body.count)\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if close { head += "Connection: close\r\n" }
        return .send(Data((head + "\r\n").utf8) + body)
    }

    public static func response(status: Int = 200, contentType: String? = "application/json", body: String) -> ScriptStep {
        response(status: status, contentType: contentType, body: Data(body.utf8))
    }

    /// An API page with one result, Tomato Salad (tomatoes, basil), at `http://host/salad`, its
    /// thumbnail at `http://host/salad.png`.
    public static func tomatoSaladResult(host: String) -> ScriptStep {
        let body = #"{"title":"Recipe Puppy","version":0.1,"href":"http:\/\/x\/","results":[{"title":"Tomato Salad","#
            + #""href":"http:\/\/\#(host)\/salad","ingredients":"tomatoes, basil","thumbnail":"http:\/\/\#(host)\/salad.png"}]}"#
        return response(contentType: "text/javascript", body: body)
    }
}

/// A tiny HTTP server on 127.0.0.1 whose every answer is scripted, byte for byte, for fault-injection
/// tests: resets mid-body, truncated bodies, dripping bytes, redirect loops, huge bodies. It reads each
/// request's head, asks the handler what to do, and does it; one connection at a time on its own thread.
public final class ScriptedHTTPServer: Sendable {
    public typealias Handler = @Sendable (ScriptedRequest) -> [ScriptStep]

    public let port: UInt16
    private let listener: Int32
    private let handler: Handler
    /// `listening` is false once the accept loop has closed the listener: from then on its number may be
    /// another test's socket, and nothing may be done to it.
    private let state = Locked<(requests: Int, open: Set<Int32>, stopped: Bool, bytesSent: Int, listening: Bool)>((0, [], false, 0, true))

    public init(handler: @escaping Handler) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            Glibc.close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// How many requests the server has read.
    public var requestCount: Int { state.withLock { $0.requests } }

    /// Connections the server holds open now (a client that has gone is noticed by `hold`).
    public var openConnections: Int { state.withLock { $0.open.count } }

    /// How many bytes the server has sent, on every connection together: a client that gives up on a
    /// huge answer shows here by how little of it went out.
    public var bytesSent: Int { state.withLock { $0.bytesSent } }

    /// Stops accepting (the port refuses connections from here on) and ends every connection. Descriptors
    /// are closed only by the threads that use them, and shut down under the lock they are closed under:
    /// a number closed here while another thread still used it could be reused by another test's socket.
    public func shutdown() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            if state.listening { Glibc.shutdown(listener, Int32(SHUT_RDWR)) }
            for fd in state.open { Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        defer {
            state.withLock { state in
                state.listening = false
                Glibc.close(listener)
            }
        }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                let reason = errno
                guard !stopped, AcceptLoop.acceptsAgain(after: reason) else { return }
                continue
            }
            let accepted = state.withLock { state -> Bool in
                if state.stopped { return false }
                state.open.insert(client)
                return true
            }
            guard accepted else {
                Glibc.close(client)
                return
            }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            state.withLock { state in
                state.open.remove(fd)
                Glibc.close(fd)
            }
        }
        var buffer = [UInt8]()
        while let request = readRequest(fd, buffer: &buffer) {
            state.withLock { $0.requests += 1 }
            for step in handler(request) {
                if !perform(step, on: fd) { return }
            }
        }
    }

    /// Performs a step; false when the connection is finished.
    private func perform(_ step: ScriptStep, on fd: Int32) -> Bool {
        switch step {
        case .send(let data):
            return write(data, to: fd)
        case .drip(let data, let interval):
            for byte in data {
                if !write(Data([byte]), to: fd) || stopped { return false }
                Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
            }
            return true
        case .pause(let duration):
            Thread.sleep(forTimeInterval: Double(duration.components.attoseconds) / 1e18 + Double(duration.components.seconds))
            return !stopped
        case .close:
            return false
        case .reset:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            return false
        case .hold:
            var byte: UInt8 = 0
            while !stopped, recv(fd, &byte, 1, 0) > 0 {}
            return false
        }
    }

    private var stopped: Bool { state.withLock { $0.stopped } }

    private func write(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, raw.baseAddress?.advanced(by: offset), raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                state.withLock { $0.bytesSent += sent }
                offset += sent
            }
            return true
        }
    }

    private func readRequest(_ fd: Int32, buffer: inout [UInt8]) -> ScriptedRequest? {
        let terminator: [UInt8] = [13, 10, 13, 10]
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = buffer.firstRange(of: terminator) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                let lines = head.components(separatedBy: "\r\n")
                let parts = (lines.first ?? "").split(separator: " ")
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                return ScriptedRequest(method: parts.first.map(String.init) ?? "", target: parts.count > 1 ? String(parts[1]) : "",
                                       headers: headers)
            }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }
}

/// Compressed bodies for scripted answers, made with the system's zlib.
public enum CompressedBody {
    public enum Format: Sendable {
        /// gzip (RFC 1952).
        case gzip
        /// zlib-wrapped deflate (RFC 1950), what `Content-Encoding: deflate` means.
        case zlib
        /// Raw deflate (RFC 1951), what some servers send as `deflate`.
        case rawDeflate
    }

    public static func compress(_ data: Data, _ format: Format = .gzip) -> Data {
        compress(format, repeating: Data(), times: 0, tail: data)
    }

    /// `count` zero bytes compressed at the highest level (about 1 KB per MB): a decompression bomb.
    public static func zeros(_ count: Int, _ format: Format = .gzip) -> Data {
        compress(format, repeating: Data(count: 1 << 20), times: count >> 20, tail: Data(count: count & ((1 << 20) - 1)))
    }

    /// 1.1 GB of zeros as gzip (about 1.1 MB), made once per test process.
    public static let gigabyteBomb: Data = zeros(1_100 << 20)

    private static func compress(_ format: Format, repeating block: Data, times: Int, tail: Data) -> Data {
        var stream = z_stream()
        let bits: Int32 = switch format {
        case .gzip: 31
        case .zlib: 15
        case .rawDeflate: -15
        }
        guard czlib_deflate_init(&stream, 9, bits) == Z_OK else { return Data() }
        defer { deflateEnd(&stream) }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        func feed(_ data: Data, flush: Int32) {
            var input = [UInt8](data)
            input.withUnsafeMutableBufferPointer { bytes in
                stream.next_in = bytes.baseAddress
                stream.avail_in = uInt(bytes.count)
                repeat {
                    buffer.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = uInt(out.count)
                        _ = deflate(&stream, flush)
                        if let base = out.baseAddress { output.append(base, count: out.count - Int(stream.avail_out)) }
                    }
                } while stream.avail_out == 0
            }
        }
        for _ in 0..<times { feed(block, flush: Z_NO_FLUSH) }
        feed(tail, flush: Z_FINISH)
        return output
    }
}
