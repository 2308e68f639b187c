// libFuzzer harness for the picture decoder (JPEG, PNG and WebP through libjpeg-turbo, libpng and
// libwebp, with the C shims' setjmp error handling). .ci/fuzz compiles it with Sources/Services/Images,
// against an Entity module built from PixelImage.swift and a ServiceSupport module built from
// Sources/ServiceSupport/ServiceError.swift, with the include paths of the CJPEG, CPNG and CWebP module maps.
//
// Input: a file's bytes. It is decoded into two boxes with limits smaller than the defaults (so that
// large declared sizes are reached quickly); every picture that comes out must fit its box, and every
// failure must be a picture error with a reason. A decoded picture must survive the PNG encoder and
// decode back to the same pixels.

import Entity
import Foundation

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("ImageDecoder invariant: \(message())") }
}

private let decoder: ImageDecoder = {
    var limits = PictureLimits()
    limits.maxDeclaredPixels = 1_000_000
    limits.maxWholePixels = 250_000
    limits.maxPNGInflatedBytes = 4 << 20
    limits.jpegMemoryBytes = 8 << 20
    return ImageDecoder(limits: limits)
}()

private func decode(_ data: Data, box: Int) -> PixelImage? {
    do {
        let image = try decoder.decode(data, maxWidth: box, maxHeight: box)
        check(image.width >= 1 && image.height >= 1, "an empty picture")
        check(image.width <= box && image.height <= box, "\(image.width)×\(image.height) does not fit \(box)×\(box)")
        check(image.rgba.count == image.width * image.height * 4, "\(image.rgba.count) bytes for \(image.width)×\(image.height)")
        return image
    } catch {
        check(error == .pictureUnavailable || error == .unsupportedPicture, "failed with \(error)")
        check(!error.detail.isEmpty, "a failure without a reason")
        check(error.description.hasPrefix("picture unavailable: ") || error.description.hasPrefix("unsupported picture format: "),
              "the message reads \(error.description)")
        return nil
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Data(bytes: data, count: count)
    let small = decode(bytes, box: 16)
    if let image = decode(bytes, box: 256) {
        check(small != nil, "decodes at 256 but not at 16")
        do {
            let png = try ImageEncoder.png(image)
            let again = try ImageDecoder().decode(png, maxWidth: 256, maxHeight: 256)
            check(again == image, "the PNG encoder changed the pixels")
        } catch {
            check(false, "the PNG round trip failed: \(error)")
        }
    }
    return 0
}
