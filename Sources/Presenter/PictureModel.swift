public import Foundation

/// A picture ready for the View to draw: its pixels (for sixel and half blocks), the same picture as
/// PNG bytes (for terminals that take a file: kitty, iTerm2), and what to show where no picture can be
/// drawn.
public struct PictureModel: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width` × `height` pixels, row by row from the top, red, green, blue, alpha (8 bits each).
    public let rgba: [UInt8]
    /// The same picture as a PNG; empty when none could be made (the View then sends raw pixels).
    public let png: Data
    /// Words for the picture ("Photo of Moussaka"), shown instead of it or next to its link.
    public let altText: String
    /// Where the picture is, for a terminal that cannot draw it.
    public let link: String?

    /// Nil unless `rgba` holds exactly `width` × `height` pixels of a picture at least 1×1.
    public init?(width: Int, height: Int, rgba: [UInt8], png: Data, altText: String, link: String?) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, pixels <= Int.max / 4, rgba.count == pixels * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
        self.png = png
        self.altText = altText
        self.link = link
    }
}
