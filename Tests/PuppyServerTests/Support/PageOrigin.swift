import Foundation
import Glibc
import ServiceSupport
import TestSupport

/// A second web origin for browser tests: serves one HTML page for every path on 127.0.0.1, a port of
/// its own (so it is another origin than the PuppyServer the page calls), one connection at a time,
/// each read bounded by a timeout. `stop()` ends its thread.
final class PageOrigin: @unchecked Sendable {
    let port: UInt16
    private let fd: Int32
    private let thread: Thread
    /// `listening` is false once the thread has closed the listener: from then on its number may be
    /// another test's socket, and nothing may be done to it.
    private let state: Locked<(stopped: Bool, listening: Bool)>

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(html: String) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard listening else {
            close(fd)
            throw Failure(description: "cannot listen: \(errno)")
        }
        port = UInt16(bigEndian: address.sin_port)
        let listener = fd
        let state = Locked<(stopped: Bool, listening: Bool)>((false, true))
        self.state = state
        let page = Array("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(html.utf8.count)\r\nConnection: close\r\n\r\n\(html)".utf8)
        thread = Thread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else {
                    let reason = errno
                    if !state.current.stopped, AcceptLoop.acceptsAgain(after: reason) { continue }
                    // Shut down by `stop`: the listener is closed here, by the only thread that uses it.
                    state.withLock { state in
                        state.listening = false
                        close(listener)
                    }
                    return
                }
                var timeout = timeval(tv_sec: 5, tv_usec: 0)
                setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                var request: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 4_096)
                while request.count < 65_536, request.firstRange(of: [13, 10, 13, 10]) == nil {
                    let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { break }
                    request += chunk[0..<count]
                }
                _ = page.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(client)
            }
        }
        thread.start()
    }

    /// Shuts the listener down; the thread closes it when its accept returns.
    func stop() {
        state.withLock { state in
            state.stopped = true
            if state.listening { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    var url: String { "http://127.0.0.1:\(port)/" }
}
