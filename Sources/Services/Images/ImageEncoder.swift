public import Foundation
public import Entity
import CPNG

/// Encodes pictures for storage and for terminals that want a file.
public enum ImageEncoder {
    /// `image` as an 8-bit RGBA PNG.
    public static func png(_ image: PixelImage) throws(ServiceError) -> Data {
        var guess = image.width * image.height * 4 + image.height + image.height / 64 + 4096
        var message = [CChar](repeating: 0, count: 256)
        for _ in 0..<2 {
            var output = Data(count: guess)
            var size = guess
            let status = output.withUnsafeMutableBytes { out in
                image.rgba.withUnsafeBufferPointer { rgba in
                    rb_png_encode_rgba(rgba.baseAddress, UInt32(image.width), UInt32(image.height), out.baseAddress,
                                       &size, &message, message.count)
                }
            }
            switch status {
            case 1:
                output.count = size
                return output
            case 2:
                guess = size
            default:
                let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw .picture("libpng could not encode the picture: \(text)")
            }
        }
        throw .picture("libpng could not encode the picture: its size kept growing")
    }
}
