import CWebP
import Entity
import ServiceSupport

/// WebP through libwebp, which scales while it decodes. A lossless picture (and the alpha plane of a
/// lossy one) is decoded whole by libwebp before scaling, so those are held to `maxWholePixels`
/// (alpha: four times as many, at one byte a pixel).
enum WebPDecoding {
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int, maxHeight: Int,
                       limits: PictureLimits) throws(ServiceError) -> DecodedPicture {
        guard let base = bytes.baseAddress else { throw .picture("the WebP is empty") }
        var width: Int32 = 0
        var height: Int32 = 0
        var hasAlpha: Int32 = 0
        var hasAnimation: Int32 = 0
        var format: Int32 = 0
        let status = rb_webp_features(base, bytes.count, &width, &height, &hasAlpha, &hasAnimation, &format)
        guard status == 0 else { throw .picture(message(status)) }
        if hasAnimation != 0 { throw .unsupportedPicture.with(detail: "an animated WebP; RecipeBook shows still pictures") }
        try ServiceError.checkDeclared(width: Int(width), height: Int(height), limit: limits.maxDeclaredPixels, format: "WebP")
        if format == 2 {
            try ServiceError.checkDeclared(width: Int(width), height: Int(height), limit: limits.maxWholePixels, format: "lossless WebP")
        } else if hasAlpha != 0 {
            try ServiceError.checkDeclared(width: Int(width), height: Int(height), limit: limits.maxWholePixels * 4, format: "WebP with transparency")
        }
        let fit = PixelFit(sourceWidth: Int(width), sourceHeight: Int(height), maxWidth: maxWidth, maxHeight: maxHeight)
        let stride = fit.width * 4
        var rgba = [UInt8](repeating: 0, count: stride * fit.height)
        let decoded = rgba.withUnsafeMutableBufferPointer { output in
            rb_webp_decode(base, bytes.count, Int32(fit.width), Int32(fit.height), output.baseAddress, output.count, Int32(stride))
        }
        guard decoded == 0 else { throw .picture(message(decoded)) }
        guard let image = PixelImage(width: fit.width, height: fit.height, rgba: rgba) else {
            throw .picture("the WebP decodes to nothing")
        }
        return DecodedPicture(image: image, sourceWidth: Int(width), sourceHeight: Int(height))
    }

    /// libwebp's VP8StatusCode in words.
    private static func message(_ status: Int32) -> String {
        switch status {
        case 1: return "out of memory decoding the WebP"
        case 2: return "the WebP cannot be decoded at that size"
        case 3: return "the WebP data is damaged"
        case 4: return "the WebP uses a feature libwebp does not support"
        case 7: return "the WebP data ends before the picture does"
        default: return "libwebp could not decode the WebP (status \(status))"
        }
    }
}
