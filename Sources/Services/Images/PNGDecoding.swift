import CPNG
import Entity
import ServiceSupport

/// PNG through libpng, row by row into a streaming box filter, so memory follows the output size,
/// not the picture's. An interlaced PNG reduced at least by half is read from its last Adam7 pass
/// (every odd row, full width); a smaller interlaced one is read whole, within `maxWholePixels`.
/// libpng's error jumps stay inside the C shim.
enum PNGDecoding {
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int, maxHeight: Int,
                       limits: PictureLimits) throws(ServiceError) -> DecodedPicture {
        guard let base = bytes.baseAddress,
              let decoder = rb_png_create(base, bytes.count, UInt32(limits.maxSide), limits.maxPNGChunkBytes) else {
            throw .picture("out of memory starting the PNG decoder")
        }
        defer { rb_png_destroy(decoder) }
        func failure() -> ServiceError {
            .picture(String(cString: rb_png_message(decoder)))
        }

        var declaredWidth: UInt32 = 0
        var declaredHeight: UInt32 = 0
        var storedRowBytes = 0
        var interlaced: Int32 = 0
        guard rb_png_read_info(decoder, &declaredWidth, &declaredHeight, &storedRowBytes, &interlaced) == 1 else { throw failure() }
        let width = Int(declaredWidth)
        let height = Int(declaredHeight)
        try ServiceError.checkDeclared(width: width, height: height, limit: limits.maxDeclaredPixels, format: "PNG")
        guard storedRowBytes <= limits.maxPNGInflatedBytes / height else {
            throw .picture("the PNG's image data inflates to more than \(limits.maxPNGInflatedBytes >> 20) MB")
        }
        let fit = PixelFit(sourceWidth: width, sourceHeight: height, maxWidth: maxWidth, maxHeight: maxHeight)
        let stride = width * 4

        if interlaced == 0 || (height >= 2 && fit.height * 2 <= height) {
            guard rb_png_begin_rows(decoder) == 1 else { throw failure() }
            var sourceHeight = height
            if interlaced != 0 {
                try skip(Int(rb_png_rows_before_last_pass(declaredWidth, declaredHeight)), stride: stride, decoder: decoder, failure: failure)
                sourceHeight = height / 2
            }
            var downsampler = RowDownsampler(sourceWidth: width, sourceHeight: sourceHeight, width: fit.width, height: fit.height)
            try stream(rows: sourceHeight, stride: stride, decoder: decoder, failure: failure) { downsampler.add(row: $0) }
            guard let image = downsampler.image() else { throw .picture("the PNG data ends before the picture does") }
            return DecodedPicture(image: image, sourceWidth: width, sourceHeight: height)
        }

        guard width <= limits.maxWholePixels / height else {
            throw .picture("the interlaced PNG is \(width)×\(height) pixels, too large to decode whole")
        }
        var whole = [UInt8](repeating: 0, count: stride * height)
        let ok = whole.withUnsafeMutableBufferPointer { rgba in
            rb_png_read_whole(decoder, rgba.baseAddress, stride, declaredHeight)
        }
        guard ok == 1 else { throw failure() }
        var downsampler = RowDownsampler(sourceWidth: width, sourceHeight: height, width: fit.width, height: fit.height)
        whole.withUnsafeBufferPointer { rgba in
            guard let rgbaBase = rgba.baseAddress else { return }
            for row in 0..<height { downsampler.add(row: rgbaBase + row * stride) }
        }
        guard let image = downsampler.image() else { throw .picture("the PNG decodes to nothing") }
        return DecodedPicture(image: image, sourceWidth: width, sourceHeight: height)
    }

    private static let batch = 16

    /// Reads `rows` rows and hands each to `body`.
    private static func stream(rows: Int, stride: Int, decoder: UnsafeMutablePointer<rb_png_decoder>,
                               failure: () -> ServiceError,
                               _ body: (UnsafePointer<UInt8>) -> Void) throws(ServiceError) {
        let batchRows = max(1, min(batch, (4 << 20) / max(1, stride)))
        var buffer = [UInt8](repeating: 0, count: stride * batchRows)
        var done = 0
        while done < rows {
            if Task.isCancelled { throw .cancelled }
            let count = min(batchRows, rows - done)
            let ok = buffer.withUnsafeMutableBufferPointer { rgba in
                rb_png_read_rows(decoder, rgba.baseAddress, stride, UInt32(count))
            }
            guard ok == 1 else { throw failure() }
            buffer.withUnsafeBufferPointer { rgba in
                guard let rgbaBase = rgba.baseAddress else { return }
                for index in 0..<count { body(rgbaBase + index * stride) }
            }
            done += count
        }
    }

    private static func skip(_ rows: Int, stride: Int, decoder: UnsafeMutablePointer<rb_png_decoder>,
                             failure: () -> ServiceError) throws(ServiceError) {
        try stream(rows: rows, stride: stride, decoder: decoder, failure: failure) { _ in }
    }
}
