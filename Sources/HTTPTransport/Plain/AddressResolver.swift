import Foundation
import Glibc
import ServiceSupport

/// A socket address from getaddrinfo.
struct SocketAddress: Sendable {
    let family: Int32
    let storage: sockaddr_storage
    let length: socklen_t
}

/// Host names to addresses. getaddrinfo blocks (DNS, /etc/hosts), so a name is looked up on the lookup
/// pool's threads while the request waits with its deadline and can still be cancelled; a numeric
/// address is read at once.
enum AddressResolver {
    static func resolve(_ host: String, port: Int, control: RequestControl, place: String) throws(ServiceError) -> [SocketAddress] {
        if case .success(let addresses) = lookup(host, port: port, flags: AI_NUMERICHOST | AI_NUMERICSERV), !addresses.isEmpty {
            return addresses
        }
        let done = try WakeSignal()
        let answer = Locked<Result<[SocketAddress], LookupFailure>?>(nil)
        WorkerPool.lookups.run {
            // A request that gave up while its lookup waited for a thread needs no answer.
            guard !control.isCancelled, control.millisecondsLeft > 0 else { return done.signal() }
            let result = lookup(host, port: port, flags: AI_ADDRCONFIG | AI_NUMERICSERV)
            answer.withLock { $0 = result }
            done.signal()
        }
        try SocketWait.until(done.descriptor, Int16(POLLIN), control, place: place)
        switch answer.withLock({ $0 }) {
        case .success(let addresses) where !addresses.isEmpty:
            return addresses
        case .failure(let failure):
            throw .unreachable.with(detail: "cannot find \(host) (\(failure.message))")
        default:
            throw .unreachable.with(detail: "cannot find \(host)")
        }
    }

    struct LookupFailure: Error {
        let message: String
    }

    private static func lookup(_ host: String, port: Int, flags: Int32) -> Result<[SocketAddress], LookupFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = flags
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0 else { return .failure(LookupFailure(message: String(cString: gai_strerror(status)))) }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var entry = list
        while let info = entry?.pointee {
            if let address = info.ai_addr, Int(info.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size {
                var storage = sockaddr_storage()
                withUnsafeMutableBytes(of: &storage) { target in
                    target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen)))
                }
                addresses.append(SocketAddress(family: info.ai_family, storage: storage, length: info.ai_addrlen))
            }
            entry = info.ai_next
        }
        return .success(addresses)
    }
}
