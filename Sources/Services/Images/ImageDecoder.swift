public import Foundation
public import Entity
public import ServiceSupport

/// Decodes JPEG, PNG and WebP pictures to RGBA, scaled down to fit a box as they decode. Whatever the
/// bytes (damaged, truncated, hostile, a decompression bomb, a header that lies about the size), the
/// work stays within `limits` and fails with `ServiceError.pictureUnavailable`, or
/// `.unsupportedPicture` for anything that is not a JPEG, PNG or WebP. A JPEG or PNG stops with
/// `.cancelled` between rows when the task running it is cancelled.
public struct ImageDecoder: Sendable {
    public let limits: PictureLimits

    public init(limits: PictureLimits = PictureLimits()) {
        self.limits = limits
    }

    /// The picture in `data`, no larger than `maxWidth` × `maxHeight` (aspect ratio kept; never
    /// scaled up).
    public func decode(_ data: Data, maxWidth: Int = 1024, maxHeight: Int = 1024) throws(ServiceError) -> PixelImage {
        try decodeMeasured(data, maxWidth: maxWidth, maxHeight: maxHeight).image
    }

    /// The picture in `data` as `decode` gives it, with the size its file declares.
    func decodeMeasured(_ data: Data, maxWidth: Int, maxHeight: Int) throws(ServiceError) -> DecodedPicture {
        guard data.count <= limits.maxInputBytes else {
            throw .pictureUnavailable.with(detail: "the file is \(data.count) bytes, more than the \(limits.maxInputBytes) accepted")
        }
        let format = PictureFormat.sniff(data)
        if case .unsupported(let name) = format {
            throw .unsupportedPicture.with(detail: "\(name); RecipeBook shows JPEG, PNG and WebP")
        }
        let result: Result<DecodedPicture, ServiceError> = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count > 0 else {
                return .failure(.unsupportedPicture.with(detail: "no data"))
            }
            let bytes = UnsafeBufferPointer(start: base, count: buffer.count)
            return Result { () throws(ServiceError) -> DecodedPicture in
                switch format {
                case .jpeg: return try JPEGDecoding.decode(bytes, maxWidth: maxWidth, maxHeight: maxHeight, limits: limits)
                case .png: return try PNGDecoding.decode(bytes, maxWidth: maxWidth, maxHeight: maxHeight, limits: limits)
                case .webp: return try WebPDecoding.decode(bytes, maxWidth: maxWidth, maxHeight: maxHeight, limits: limits)
                case .unsupported(let name): throw .unsupportedPicture.with(detail: name)
                }
            }
        }
        return try result.get()
    }
}

/// A picture decoded to fit a box, and the size its file declares.
struct DecodedPicture {
    let image: PixelImage
    let sourceWidth: Int
    let sourceHeight: Int
}

extension ServiceError {
    /// A picture that cannot be decoded, saying why.
    static func picture(_ detail: String) -> ServiceError {
        .pictureUnavailable.with(detail: detail)
    }

    /// Refuses a picture declaring more pixels than `limit`.
    static func checkDeclared(width: Int, height: Int, limit: Int, format: String) throws(ServiceError) {
        guard width > 0, height > 0 else { throw picture("the \(format) says it is \(width)×\(height) pixels") }
        guard width <= limit / height else {
            throw picture("the \(format) is \(width)×\(height) pixels, more than the \(limit / 1_000_000) megapixels accepted")
        }
    }
}
