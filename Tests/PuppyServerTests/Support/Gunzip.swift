import CZlib

/// A gzip body inflated by zlib, as a client that sent `Accept-Encoding: gzip` reads it; nil when it is
/// not one whole gzip member.
func gunzip(_ body: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard czlib_inflate_init(&stream, 15 + 16) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var input = body
    var status: Int32 = Z_OK
    input.withUnsafeMutableBufferPointer { bytes in
        stream.next_in = bytes.baseAddress
        stream.avail_in = uInt(bytes.count)
        while status == Z_OK {
            let produced: Int = chunk.withUnsafeMutableBufferPointer { out in
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                status = inflate(&stream, Z_NO_FLUSH)
                return out.count - Int(stream.avail_out)
            }
            output += chunk[0..<produced]
            if produced == 0, status == Z_OK { status = Z_BUF_ERROR }
        }
    }
    guard status == Z_STREAM_END, stream.avail_in == 0 else { return nil }
    return output
}
