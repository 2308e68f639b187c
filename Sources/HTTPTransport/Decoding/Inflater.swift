import CZlib
import ServiceSupport

/// zlib's inflate over a body that arrives in pieces: gzip (members one after another, as RFC 1952
/// allows) or deflate (zlib-wrapped as RFC 9110 says, or raw as some servers send it).
///
/// Output is handed over 64 KiB at a time, so whoever receives it can stop the moment a cap is passed:
/// a small body that inflates to gigabytes never costs more memory than the cap and one buffer.
final class Inflater {
    enum Format: Sendable {
        case gzip
        case deflate
    }

    private static let outputSize = 64 * 1024

    let format: Format
    private let stream: UnsafeMutablePointer<z_stream>
    private let output: UnsafeMutablePointer<UInt8>
    private var initialized = false
    /// The first byte of a deflate body, kept until the second tells a zlib header from raw deflate.
    private var pending: [UInt8] = []
    /// True after a stream ended and before anything follows it.
    private(set) var ended = false
    private var receivedAnything = false

    init(format: Format) {
        self.format = format
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = UnsafeMutablePointer<UInt8>.allocate(capacity: Inflater.outputSize)
    }

    deinit {
        if initialized { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        output.deallocate()
    }

    /// Inflates `input`, passing each piece of output to `emit`; an error from `emit` stops at once.
    func inflate(_ input: UnsafeRawBufferPointer,
                 emit: (UnsafeRawBufferPointer) throws(ServiceError) -> Void) throws(ServiceError) {
        guard !input.isEmpty else { return }
        receivedAnything = true
        if !initialized {
            if format == .deflate && pending.count + input.count < 2 {
                pending.append(contentsOf: input)
                return
            }
            try start(firstBytes: pending + Array(input.prefix(2 - pending.count)))
            if !pending.isEmpty {
                let first = pending
                pending = []
                var failure: ServiceError?
                first.withUnsafeBytes { bytes in
                    do throws(ServiceError) { try feed(bytes, emit: emit) } catch { failure = error }
                }
                if let failure { throw failure }
            }
        }
        try feed(input, emit: emit)
    }

    /// The body ended: the compressed stream must have ended too (an empty body is fine).
    func finish() throws(ServiceError) {
        guard receivedAnything else { return }
        guard ended else {
            throw .malformedBody.with(detail: "the compressed body ends before its end")
        }
    }

    private func start(firstBytes: [UInt8]) throws(ServiceError) {
        let windowBits: Int32
        switch format {
        case .gzip:
            windowBits = 15 + 32  // gzip, or zlib from a server that calls it gzip
        case .deflate:
            let isZlib = firstBytes.count == 2 && firstBytes[0] & 0x0F == 8 && firstBytes[0] >> 4 <= 7
                && (UInt16(firstBytes[0]) << 8 | UInt16(firstBytes[1])) % 31 == 0
            windowBits = isZlib ? 15 : -15
        }
        guard czlib_inflate_init(stream, windowBits) == Z_OK else {
            throw .malformedBody.with(detail: "cannot start zlib")
        }
        initialized = true
    }

    private func feed(_ input: UnsafeRawBufferPointer,
                      emit: (UnsafeRawBufferPointer) throws(ServiceError) -> Void) throws(ServiceError) {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        if ended {
            guard format == .gzip else {
                throw .malformedBody.with(detail: "bytes after the end of the compressed body")
            }
            inflateReset(stream)
            ended = false
        }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        while true {
            stream.pointee.next_out = output
            stream.pointee.avail_out = uInt(Inflater.outputSize)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            let produced = Inflater.outputSize - Int(stream.pointee.avail_out)
            if produced > 0 {
                try emit(UnsafeRawBufferPointer(start: output, count: produced))
            }
            switch status {
            case Z_STREAM_END:
                ended = true
                guard stream.pointee.avail_in > 0 else { return }
                guard format == .gzip else {
                    throw .malformedBody.with(detail: "bytes after the end of the compressed body")
                }
                inflateReset(stream)
                ended = false
            case Z_OK:
                if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { return }
            case Z_BUF_ERROR:
                return
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
                throw .malformedBody.with(detail: "the compressed body is damaged (\(message))")
            }
        }
    }
}
