public import Entity

/// The smallest rectangle of a screenshot holding every pixel that passes a test.
public struct PixelBounds: Sendable, Equatable {
    public let left: Int
    public let top: Int
    public let right: Int
    public let bottom: Int

    public var width: Int { right - left + 1 }
    public var height: Int { bottom - top + 1 }
}

extension PixelImage {
    /// The bounds of the pixels of the first `columns` × `rows` (the whole image by default) for which
    /// `matches` holds; nil when none does.
    public func bounds(columns: Int? = nil, rows: Int? = nil, where matches: (Int, Int) -> Bool) -> PixelBounds? {
        var left = Int.max, top = Int.max, right = -1, bottom = -1
        for y in 0..<min(rows ?? height, height) {
            for x in 0..<min(columns ?? width, width) where matches(x, y) {
                left = min(left, x)
                top = min(top, y)
                right = max(right, x)
                bottom = max(bottom, y)
            }
        }
        return right >= 0 ? PixelBounds(left: left, top: top, right: right, bottom: bottom) : nil
    }
}
