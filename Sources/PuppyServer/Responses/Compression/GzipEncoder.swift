import CZlib

/// gzip (RFC 1952) through the system's zlib, for answers to clients that accept it. One encoder per
/// event loop, used only on its thread: the stream is made once and reset between bodies, so an answer
/// costs no allocation of zlib's state. Bounded: a body over `maxInput` is not compressed (the caller
/// sends it as it is), and the output is at most zlib's own bound for the input.
final class GzipEncoder {
    static let maxInput = 8 << 20
    private let stream: UnsafeMutablePointer<z_stream>
    private var ready = false

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

    /// `body` as one gzip member; nil when it is too large or zlib fails (the body then goes as it is).
    func encode(_ body: [UInt8]) -> [UInt8]? {
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
