import Glibc

/// Thin wrappers over the POSIX socket calls PuppyServer uses.
enum Socket {
    /// A socket call that failed, with the system's reason: `strerror` for the errno of socket calls,
    /// `gai_strerror` for address resolution.
    struct Failure: Error, CustomStringConvertible {
        let description: String

        /// `cannot listen on 127.0.0.1:80: Permission denied`.
        static func system(_ operation: String, errno code: Int32) -> Failure {
            Failure(description: "\(operation): \(String(cString: strerror(code)))")
        }

        /// `cannot resolve 0.0.0.0.0: Name or service not known`; for `EAI_SYSTEM` the errno's reason.
        static func resolution(host: String, status: Int32, errno code: Int32) -> Failure {
            let reason = status == EAI_SYSTEM ? String(cString: strerror(code)) : String(cString: gai_strerror(status))
            return Failure(description: "cannot resolve \(host): \(reason)")
        }
    }

    enum AcceptResult {
        /// `peer` is `address:port` for logs, `address` the peer's address alone.
        case accepted(fd: Int32, peer: String, address: String)
        case wouldBlock
        case retry
        case failed(Int32)
    }

    /// A non-blocking listening socket for `host:port`; returns it and the port actually bound.
    static func listen(host: String, port: UInt16, backlog: Int32 = 1024) throws -> (fd: Int32, port: UInt16) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        let resolutionErrno = errno
        guard status == 0, let first = list else {
            throw Failure.resolution(host: host, status: status == 0 ? EAI_NONAME : status, errno: resolutionErrno)
        }
        defer { freeaddrinfo(first) }

        var lastError: Int32 = EADDRNOTAVAIL
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
            guard fd >= 0 else {
                lastError = errno
                continue
            }
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, Glibc.listen(fd, backlog) == 0 else {
                lastError = errno
                Glibc.close(fd)
                continue
            }
            setNonBlocking(fd)
            return (fd, boundPort(fd) ?? port)
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        throw Failure.system("cannot listen on \(shownHost):\(port)", errno: lastError)
    }

    static func accept(_ listener: Int32) -> AcceptResult {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &length) }
        }
        guard fd >= 0 else {
            switch errno {
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case EINTR, ECONNABORTED, EPROTO, EPERM: return .retry
            case let code: return .failed(code)
            }
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        setNonBlocking(fd)
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let peer = address(storage)
        return .accepted(
            fd: fd,
            peer: peer.map { $0.isIPv6 ? "[\($0.host)]:\($0.port)" : "\($0.host):\($0.port)" } ?? "unknown",
            address: peer?.host ?? "unknown"
        )
    }

    /// The forms in which accepted connections from `address` name their peer (IPv6 written as
    /// `inet_ntop` writes it; an IPv4 address also as the IPv4-mapped IPv6 address a dual-stack socket
    /// sees); nil when `address` is no IPv4 or IPv6 address.
    static func peerAddresses(of address: String) -> [String]? {
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        if inet_pton(AF_INET, address, &ipv4) == 1, inet_ntop(AF_INET, &ipv4, &buffer, socklen_t(buffer.count)) != nil {
            let written = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return [written, "::ffff:" + written]
        }
        if inet_pton(AF_INET6, address, &ipv6) == 1, inet_ntop(AF_INET6, &ipv6, &buffer, socklen_t(buffer.count)) != nil {
            return [String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)]
        }
        return nil
    }

    /// Whether the peer has sent bytes that are not read yet.
    static func hasUnreadBytes(_ fd: Int32) -> Bool {
        var count: Int32 = 0
        return ioctl(fd, UInt(FIONREAD), &count) == 0 && count > 0
    }

    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, (flags < 0 ? 0 : flags) | O_NONBLOCK)
    }

    /// A non-blocking, close-on-exec pipe (for waking a thread blocked in poll).
    static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw Failure.system("cannot create a pipe", errno: errno) }
        for fd in fds {
            setNonBlocking(fd)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }

    private static func boundPort(_ fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        return address(storage)?.port
    }

    private static func address(_ storage: sockaddr_storage) -> (host: String, port: UInt16, isIPv6: Bool)? {
        var storage = storage
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var raw = address.pointee.sin_addr
                    guard inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count)) != nil else { return nil }
                    let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    return (host, UInt16(bigEndian: address.pointee.sin_port), false)
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var raw = address.pointee.sin6_addr
                    guard inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count)) != nil else { return nil }
                    let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    return (host, UInt16(bigEndian: address.pointee.sin6_port), true)
                }
            }
        default:
            return nil
        }
    }
}

/// Nanoseconds from a monotonic clock.
enum MonotonicClock {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

extension Duration {
    /// Whole nanoseconds, 0 for negative durations.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
        let whole = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !whole.overflow else { return UInt64.max / 2 }
        return whole.partialValue &+ UInt64(max(0, attoseconds / 1_000_000_000))
    }
}
