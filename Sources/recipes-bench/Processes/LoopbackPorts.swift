import Glibc

/// Ports on 127.0.0.1 for servers the benchmark starts.
enum LoopbackPorts {
    /// A port nothing listens on right now (bound to port 0 and released).
    static func free() throws -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw BenchError("cannot open a socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        guard bound else { throw BenchError("cannot find a free port: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Waits until something accepts connections on `port`.
    static func waitUntilListening(_ port: UInt16, timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if canConnect(port) { return }
            usleep(5_000)
        }
        throw BenchError("nothing listened on 127.0.0.1:\(port) within \(timeout)")
    }

    private static func canConnect(_ port: UInt16) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
