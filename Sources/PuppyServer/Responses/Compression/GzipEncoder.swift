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
    /// Raw deflate (no header) ending in a sync flush, for the middle of a JSONP answer.
    private let rawStream: UnsafeMutablePointer<z_stream>
    private var rawReady = false
    /// The middles compressed lately, with the CRC-32 of the plain bytes.
    private var middles: [UInt64: (plain: [UInt8], deflated: [UInt8], crc: UInt)] = [:]
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
        rawStream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        rawStream.initialize(to: z_stream())
        rawReady = czlib_deflate_init(rawStream, level, -15) == Z_OK
    }

    deinit {
        if ready { deflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        if rawReady { deflateEnd(rawStream) }
        rawStream.deinitialize(count: 1)
        rawStream.deallocate()
    }

    /// `body` as one gzip member, where only the part between `prefixLength` and `suffixLength` bytes is
    /// worth compressing and keeping: a JSONP answer, whose callback name changes with every request
    /// (jQuery makes one per call) around the same JSON. The name and the closing `);` go in stored
    /// blocks around the JSON's deflate blocks (kept from a sync flush, so they end on a byte), and
    /// the CRC-32 of the whole is combined from the parts', so a new name costs no compression.
    func encode(_ body: [UInt8], prefixLength: Int, suffixLength: Int) -> [UInt8]? {
        guard prefixLength >= 0, suffixLength >= 0, prefixLength + suffixLength <= body.count,
              prefixLength <= 65_535, suffixLength <= 65_535, body.count <= Self.maxInput
        else { return nil }
        let middle = Array(body[prefixLength..<(body.count - suffixLength)])
        guard let deflated = deflatedMiddle(middle) else { return nil }
        let prefix = Array(body[..<prefixLength])
        let suffix = Array(body[(body.count - suffixLength)...])
        var crc = Self.crc(prefix)
        crc = UInt(crc32_combine(uLong(crc), uLong(deflated.crc), Int(middle.count)))
        crc = UInt(crc32_combine(uLong(crc), uLong(Self.crc(suffix)), Int(suffix.count)))
        var output: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]  // gzip, deflate, no name, no time, unknown OS
        output.reserveCapacity(output.count + prefix.count + deflated.deflated.count + suffix.count + 24)
        Self.appendStoredBlock(prefix, final: false, to: &output)
        output += deflated.deflated
        Self.appendStoredBlock(suffix, final: true, to: &output)
        for value in [UInt32(truncatingIfNeeded: crc), UInt32(truncatingIfNeeded: body.count)] {
            output += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
        }
        return output
    }

    /// A stored (uncompressed) deflate block, from a byte boundary: header, length, its complement, bytes.
    private static func appendStoredBlock(_ bytes: [UInt8], final: Bool, to output: inout [UInt8]) {
        let length = bytes.count
        output += [final ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
        output += bytes
    }

    private static func crc(_ bytes: [UInt8]) -> UInt {
        bytes.withUnsafeBufferPointer { UInt(crc32(0, $0.baseAddress, uInt($0.count))) }
    }

    private func deflatedMiddle(_ middle: [UInt8]) -> (deflated: [UInt8], crc: UInt)? {
        let key = Self.hash(middle)
        if let kept = middles[key], kept.plain == middle { return (kept.deflated, kept.crc) }
        guard rawReady, deflateReset(rawStream) == Z_OK,
              let deflated = Self.deflate(rawStream, middle, flush: Z_SYNC_FLUSH, done: Z_OK)
        else { return nil }
        let crc = Self.crc(middle)
        let cost = middle.count + deflated.count
        if cost <= Self.maxCachedBytes / 8 {
            if cachedBytes + cost > Self.maxCachedBytes { forgetAll() }
            cachedBytes += cost - (middles.updateValue((middle, deflated, crc), forKey: key).map { $0.plain.count + $0.deflated.count } ?? 0)
        }
        return (deflated, crc)
    }

    private func forgetAll() {
        cache.removeAll(keepingCapacity: true)
        middles.removeAll(keepingCapacity: true)
        cachedBytes = 0
    }

    /// `body` as one gzip member, from the cache when it was compressed lately; nil when it is too large
    /// or zlib fails (the body then goes as it is).
    func encode(_ body: [UInt8]) -> [UInt8]? {
        let key = Self.hash(body)
        if let cached = cache[key], cached.plain == body { return cached.compressed }
        guard let compressed = compress(body) else { return nil }
        let cost = body.count + compressed.count
        guard cost <= Self.maxCachedBytes / 8 else { return compressed }
        if cachedBytes + cost > Self.maxCachedBytes { forgetAll() }
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
        guard ready, deflateReset(stream) == Z_OK else { return nil }
        return Self.deflate(stream, body, flush: Z_FINISH, done: Z_STREAM_END)
    }

    /// All of `body` through `stream` with one call ending in `flush`; nil unless zlib answers `done`.
    private static func deflate(_ stream: UnsafeMutablePointer<z_stream>, _ body: [UInt8], flush: Int32, done: Int32) -> [UInt8]? {
        guard body.count <= maxInput else { return nil }
        let bound = Int(deflateBound(stream, uLong(body.count))) + 32
        var output = [UInt8](repeating: 0, count: bound)
        let status: Int32 = body.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.pointee.avail_in = uInt(input.count)
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = uInt(out.count)
                return CZlib.deflate(stream, flush)
            }
        }
        let written = bound - Int(stream.pointee.avail_out)
        let leftOver = stream.pointee.avail_in
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        guard status == done, leftOver == 0 else { return nil }
        output.removeSubrange(written...)
        return output
    }
}
