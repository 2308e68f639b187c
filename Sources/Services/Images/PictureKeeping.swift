public import Foundation
public import Entity
public import ServiceSupport

/// A picture made fit to keep with a favorite: known to decode, and no larger than it needs to be.
public struct KeptPicture: Sendable, Equatable {
    /// What to store: the file as fetched when it is within the bound, else the picture scaled to fit
    /// and encoded as PNG. Its content type is what its bytes are, whatever the server said.
    public let image: RecipeImage
    /// The size of the picture kept.
    public let width: Int
    public let height: Int
    /// The size the fetched file declared.
    public let sourceWidth: Int
    public let sourceHeight: Int

    /// The picture was scaled down and encoded again.
    public var wasScaled: Bool { width != sourceWidth || height != sourceHeight }
}

extension ImageDecoder {
    /// `data` made fit to keep. It is decoded within `limits` first, so damaged bytes, a format
    /// RecipeBook does not read or a decompression bomb fail here (with the decoder's errors) and are
    /// never kept. A picture whose longest side is at most `maxSide` is kept as the file it came as;
    /// a larger one is scaled down to fit `maxSide` × `maxSide` and encoded as PNG.
    public func keepable(_ data: Data, maxSide: Int) throws(ServiceError) -> KeptPicture {
        let side = max(1, maxSide)
        let decoded = try decodeMeasured(data, maxWidth: side, maxHeight: side)
        let image = decoded.image
        let scaled = image.width != decoded.sourceWidth || image.height != decoded.sourceHeight
        let kept: RecipeImage
        if scaled {
            kept = RecipeImage(bytes: try ImageEncoder.png(image), contentType: "image/png")
        } else {
            kept = RecipeImage(bytes: data, contentType: PictureFormat.sniff(data).mediaType)
        }
        return KeptPicture(image: kept, width: image.width, height: image.height,
                           sourceWidth: decoded.sourceWidth, sourceHeight: decoded.sourceHeight)
    }
}

extension PictureFormat {
    /// The media type of a picture RecipeBook decodes.
    var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .unsupported: "application/octet-stream"
        }
    }
}
