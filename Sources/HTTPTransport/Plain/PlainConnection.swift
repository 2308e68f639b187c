import Glibc
import ServiceSupport

/// A non-blocking TCP connection whose every wait is bounded by the request's deadline and ended at
/// once by its cancellation.
final class PlainConnection {
    private let descriptor: Int32
    private let control: RequestControl
    private let place: String

    /// Connects to the first of `addresses` that accepts.
    init(_ addresses: [SocketAddress], control: RequestControl, place: String) throws(ServiceError) {
        self.control = control
        self.place = place
        var lastError: Int32 = ECONNREFUSED
        for address in addresses {
            let descriptor = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else {
                lastError = errno
                continue
            }
            do throws(ServiceError) {
                let failure = try PlainConnection.connect(descriptor, to: address, control: control, place: place)
                if failure == 0 {
                    self.descriptor = descriptor
                    return
                }
                lastError = failure
                close(descriptor)
            } catch {
                close(descriptor)
                throw error
            }
        }
        let detail = "cannot connect to \(place) (\(String(cString: strerror(lastError))))"
        throw lastError == ECONNREFUSED ? .refused(by: place, detail: detail) : .unreachable.with(detail: detail)
    }

    deinit {
        close(descriptor)
    }

    /// 0 once connected, else the errno that refused the connection.
    private static func connect(_ descriptor: Int32, to address: SocketAddress, control: RequestControl, place: String) throws(ServiceError) -> Int32 {
        var storage = address.storage
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, address.length) }
        }
        if status == 0 { return 0 }
        guard errno == EINPROGRESS || errno == EINTR else { return errno }
        try SocketWait.until(descriptor, Int16(POLLOUT), control, place: place)
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else { return errno }
        return failure
    }

    func send(_ bytes: [UInt8]) throws(ServiceError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress?.advanced(by: offset), raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                try SocketWait.until(descriptor, Int16(POLLOUT), control, place: place)
            } else {
                throw lost(errno)
            }
        }
    }

    /// Bytes read into `buffer`; 0 at the end of the stream.
    func receive(into buffer: inout [UInt8]) throws(ServiceError) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return count }
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try SocketWait.until(descriptor, Int16(POLLIN), control, place: place)
            } else {
                throw lost(errno)
            }
        }
    }

    /// Said without the place: the exchange puts it in front.
    private func lost(_ code: Int32) -> ServiceError {
        if code == ECONNRESET {
            return .connectionLost.with(detail: "the server reset the connection")
        }
        return .connectionLost.with(detail: "the connection broke (\(String(cString: strerror(code))))")
    }
}
