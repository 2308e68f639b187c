import CZlib

/// gzip (RFC 1952) through the system's zlib, for answers to clients that accept it. One encoder per
/// event loop, used only on its thread: the stream is made once and reset between bodies, so an answer
/// costs no allocation of zlib's state, and the bodies it compressed last are kept (up to
/// `maxCachedBytes`, by content), so the same page asked again is not compressed again. Bounded: a body
/// over `maxInput` is not compressed (the caller sends it as it is), and the output is at most zlib's
/// own bound for the input.
final class GzipEncoder {
    static let maxInput = 8 << 20
    static let maxCachedBytes = 4 << 20
    private let stream: UnsafeMutablePointer<z_stream>
    private var ready = false
    /// Compressed bodies by a hash of the plain one, with the plain body to compare (no collision can
    /// send the wrong answer). Emptied whole when full.
    private var cache: [UInt64: (plain: [UInt8], compressed: [UInt8])] = [:]
    private var cachedBytes = 0

    /// `level`: zlib's 1 (fastest) to 9.
    init(level: Int32 = 6) {
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 15 bits of window plus 16: a gzip header and trailer instead of zlib's.
        ready = czlib_deflate_init(stream, level, 15 + 16) == Z_OK
    }

    deinit {
        if ready { deflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// `body` as one gzip member, from the cache when it was compressed lately; nil when it is too large
    /// or zlib fails (the body then goes as it is).
    func encode(_ body: [UInt8]) -> [UInt8]? {
        let key = Self.hash(body)
        if let cached = cache[key], cached.plain == body { return cached.compressed }
        guard let compressed = compress(body) else { return nil }
        let cost = body.count + compressed.count
        guard cost <= Self.maxCachedBytes / 8 else { return compressed }
        if cachedBytes + cost > Self.maxCachedBytes {
            cache.removeAll(keepingCapacity: true)
            cachedBytes = 0
        }
        cachedBytes += cost - (cache.updateValue((body, compressed), forKey: key).map { $0.plain.count + $0.compressed.count } ?? 0)
        return compressed
    }

    /// FNV-1a over the bytes, eight at a time where it can.
    private static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
                offset += 8
            }
            while offset < raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* 0x0000_0100_0000_01B3
                offset += 1
            }
        }
        return hash ^ UInt64(bytes.count)
    }

    private func compress(_ body: [UInt8]) -> [UInt8]? {
        guard ready, body.count <= Self.maxInput, deflateReset(stream) == Z_OK else { return nil }
        let bound = Int(deflateBound(stream, uLong(body.count))) + 32
        var output = [UInt8](repeating: 0, count: bound)
        let status: Int32 = body.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.pointee.avail_in = uInt(input.count)
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = uInt(out.count)
                return deflate(stream, Z_FINISH)
            }
        }
        let written = bound - Int(stream.pointee.avail_out)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        guard status == Z_STREAM_END else { return nil }
        output.removeSubrange(written...)
        return output
    }
}
