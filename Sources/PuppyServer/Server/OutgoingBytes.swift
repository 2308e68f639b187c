import Glibc

/// What a connection still has to send, as the pieces it was handed (a response's head, then its body,
/// as the caches hold it, or as a range of a file): a body is never copied behind its head, one
/// `sendmsg` sends a head and its body together, and a body in a file goes from the page cache to the
/// socket with `sendfile`, its head sent just before it and held back (`MSG_MORE`) to leave with it.
struct OutgoingBytes {
    private enum Chunk {
        case bytes([UInt8])
        case file(FileBody)

        var count: Int {
            switch self {
            case .bytes(let bytes): bytes.count
            case .file(let file): file.count
            }
        }
    }

    private var chunks: [Chunk] = []
    /// The first chunk not wholly sent, and how much of it was.
    private var first = 0
    private var offset = 0

    var isEmpty: Bool { first >= chunks.count }

    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        chunks.append(.bytes(bytes))
    }

    mutating func append(_ file: FileBody) {
        guard file.count > 0 else { return }
        chunks.append(.file(file))
    }

    /// One `sendmsg` of the next two chunks at most (without SIGPIPE), or one `sendfile` of a chunk in
    /// a file; what it returned: the bytes sent (and dropped from the queue), or -1 with `errno` set.
    mutating func send(to fd: Int32) -> Int {
        guard !isEmpty else { return 0 }
        let sent: Int
        switch chunks[first] {
        case .file(let file):
            var position = off_t(file.offset + offset)
            sent = Glibc.sendfile(fd, file.descriptor, &position, file.count - offset)
        case .bytes(let head):
            let next = first + 1 < chunks.count ? chunks[first + 1] : nil
            sent = head.withUnsafeBytes { head in
                switch next {
                case .bytes(let body)?:
                    return body.withUnsafeBytes { body in Self.send(fd, head, from: offset, then: body, more: false) }
                case .file?:
                    return Self.send(fd, head, from: offset, then: nil, more: true)
                case nil:
                    return Self.send(fd, head, from: offset, then: nil, more: false)
                }
            }
        }
        if sent > 0 { consume(sent) }
        return sent
    }

    private static func send(_ fd: Int32, _ head: UnsafeRawBufferPointer, from offset: Int, then body: UnsafeRawBufferPointer?,
                             more: Bool) -> Int {
        guard let headBase = head.baseAddress else { return 0 }
        return withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2) { vectors in
            vectors[0] = iovec(iov_base: UnsafeMutableRawPointer(mutating: headBase + offset), iov_len: head.count - offset)
            var count = 1
            if let body, let bodyBase = body.baseAddress {
                vectors[1] = iovec(iov_base: UnsafeMutableRawPointer(mutating: bodyBase), iov_len: body.count)
                count = 2
            }
            var message = msghdr()
            message.msg_iov = vectors.baseAddress
            message.msg_iovlen = count
            return Glibc.sendmsg(fd, &message, Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0))
        }
    }

    private mutating func consume(_ count: Int) {
        var left = count
        while left > 0, first < chunks.count {
            let remaining = chunks[first].count - offset
            if left >= remaining {
                left -= remaining
                first += 1
                offset = 0
            } else {
                offset += left
                left = 0
            }
        }
        if first >= chunks.count {
            chunks.removeAll(keepingCapacity: true)
            first = 0
            offset = 0
        }
    }
}
