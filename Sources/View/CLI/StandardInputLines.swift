import Glibc

/// The lines of a file descriptor (stdin), read in blocks of 64 KB: each without its line feed (and a
/// carriage return before it), a line longer than `maxLineBytes` cut there and the rest of it skipped, so
/// that no input makes memory grow without bound. Invalid UTF-8 becomes U+FFFD.
struct StandardInputLines: Sequence, IteratorProtocol {
    static let maxLineBytes = 64 << 10
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// Whether the current line passed `maxLineBytes` and its rest is being skipped.
    private var skipping = false

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    mutating func next() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[start..<Swift.min(end, start + Self.maxLineBytes)], as: UTF8.self)
                start = newline + 1
                if skipping {
                    skipping = false
                    continue
                }
                return line
            }
            if buffer.count - start > Self.maxLineBytes {
                // Too long: keep what fits, drop the rest up to the next line feed.
                let line = String(decoding: buffer[start..<(start + Self.maxLineBytes)], as: UTF8.self)
                buffer.removeAll(keepingCapacity: true)
                start = 0
                let wasSkipping = skipping
                skipping = true
                if !wasSkipping { return line }
            }
            if ended {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                if skipping { return nil }
                return line
            }
            refill()
        }
    }

    private mutating func refill() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        var block = [UInt8](repeating: 0, count: 64 << 10)
        let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { return }
        guard count > 0 else {
            ended = true
            return
        }
        buffer.append(contentsOf: block[0..<count])
    }
}
