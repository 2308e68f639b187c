/// A decoded picture: `width` × `height` pixels, row by row from the top, four bytes each (red, green,
/// blue, alpha; 8 bits, alpha not premultiplied).
public struct PixelImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    /// Nil unless `rgba` holds exactly `width` × `height` × 4 bytes of a picture at least 1×1.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, pixels <= Int.max / 4, rgba.count == pixels * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at (`x`, `y`), nil outside the picture.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let offset = (y * width + x) * 4
        return (rgba[offset], rgba[offset + 1], rgba[offset + 2], rgba[offset + 3])
    }
}
