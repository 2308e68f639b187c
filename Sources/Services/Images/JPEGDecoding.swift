import CJPEG
import Entity
import ServiceSupport

/// JPEG through libjpeg-turbo: DCT scaling to the smallest size at least as large as the box, then a
/// streaming box filter down to the box. libjpeg's error jumps stay inside the C shim.
enum JPEGDecoding {
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int, maxHeight: Int,
                       limits: PictureLimits) throws(ServiceError) -> DecodedPicture {
        guard let base = bytes.baseAddress,
              let decoder = rb_jpeg_create(limits.jpegMemoryBytes, Int32(limits.maxJPEGScans), Int32(limits.maxJPEGWarnings)) else {
            throw .picture("out of memory starting the JPEG decoder")
        }
        defer { rb_jpeg_destroy(decoder) }
        func failure() -> ServiceError {
            .picture(String(cString: rb_jpeg_message(decoder)))
        }

        var declaredWidth: UInt32 = 0
        var declaredHeight: UInt32 = 0
        var cmyk: Int32 = 0
        var inverted: Int32 = 0
        guard rb_jpeg_read_header(decoder, base, bytes.count, &declaredWidth, &declaredHeight, &cmyk, &inverted) == 1 else {
            throw failure()
        }
        let width = Int(declaredWidth)
        let height = Int(declaredHeight)
        try ServiceError.checkDeclared(width: width, height: height, limit: limits.maxDeclaredPixels, format: "JPEG")
        let fit = PixelFit(sourceWidth: width, sourceHeight: height, maxWidth: maxWidth, maxHeight: maxHeight)

        var outputWidth: UInt32 = 0
        var outputHeight: UInt32 = 0
        let eighths = fit.jpegEighths(sourceWidth: width, sourceHeight: height)
        guard rb_jpeg_start(decoder, UInt32(eighths), &outputWidth, &outputHeight) == 1 else { throw failure() }
        let rowWidth = Int(outputWidth)
        let rowCount = Int(outputHeight)
        guard rowWidth > 0, rowCount > 0 else { throw .picture("the JPEG decodes to nothing") }

        var downsampler = RowDownsampler(sourceWidth: rowWidth, sourceHeight: rowCount, width: fit.width, height: fit.height)
        let batch = 8
        let stride = rowWidth * 4
        var buffer = [UInt8](repeating: 0, count: stride * batch)
        var done = 0
        while done < rowCount {
            if Task.isCancelled { throw .cancelled }
            var read: UInt32 = 0
            let ok = buffer.withUnsafeMutableBufferPointer { rows in
                rb_jpeg_read_rows(decoder, rows.baseAddress, stride, UInt32(min(batch, rowCount - done)), &read)
            }
            guard ok == 1 else { throw failure() }
            guard read > 0 else { throw .picture("the JPEG data ends before the picture does") }
            buffer.withUnsafeMutableBufferPointer { rows in
                guard let rowsBase = rows.baseAddress else { return }
                for index in 0..<Int(read) {
                    let row = rowsBase + index * stride
                    if cmyk != 0 { convertCMYK(row, count: rowWidth, inverted: inverted != 0) }
                    downsampler.add(row: row)
                }
            }
            done += Int(read)
        }
        guard let image = downsampler.image() else { throw .picture("the JPEG data ends before the picture does") }
        return DecodedPicture(image: image, sourceWidth: width, sourceHeight: height)
    }

    /// CMYK (as libjpeg gives it, Adobe files stored inverted) to RGBA, in place.
    private static func convertCMYK(_ row: UnsafeMutablePointer<UInt8>, count: Int, inverted: Bool) {
        for x in 0..<count {
            let pixel = row + x * 4
            var c = UInt32(pixel[0]), m = UInt32(pixel[1]), y = UInt32(pixel[2]), k = UInt32(pixel[3])
            if !inverted {
                c = 255 - c
                m = 255 - m
                y = 255 - y
                k = 255 - k
            }
            pixel[0] = UInt8((c * k + 127) / 255)
            pixel[1] = UInt8((m * k + 127) / 255)
            pixel[2] = UInt8((y * k + 127) / 255)
            pixel[3] = 255
        }
    }
}
