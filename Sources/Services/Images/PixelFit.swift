/// The size a picture is decoded to: its own, or scaled down to fit a box with its aspect ratio
/// kept. Never larger than the picture, never less than 1×1.
struct PixelFit: Equatable, Sendable {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init(sourceWidth: Int, sourceHeight: Int, maxWidth: Int, maxHeight: Int) {
        let boxWidth = min(max(1, maxWidth), 1 << 16)
        let boxHeight = min(max(1, maxHeight), 1 << 16)
        guard sourceWidth > boxWidth || sourceHeight > boxHeight else {
            self.init(width: sourceWidth, height: sourceHeight)
            return
        }
        // Compare boxWidth / sourceWidth with boxHeight / sourceHeight without rounding.
        if boxWidth * sourceHeight <= boxHeight * sourceWidth {
            let height = (sourceHeight * boxWidth + sourceWidth / 2) / sourceWidth
            self.init(width: boxWidth, height: min(boxHeight, max(1, height)))
        } else {
            let width = (sourceWidth * boxHeight + sourceHeight / 2) / sourceHeight
            self.init(width: min(boxWidth, max(1, width)), height: boxHeight)
        }
    }

    /// The smallest libjpeg scale, in eighths, that still decodes at least this size from a
    /// `sourceWidth` × `sourceHeight` JPEG (libjpeg rounds scaled sizes up).
    func jpegEighths(sourceWidth: Int, sourceHeight: Int) -> Int {
        for eighths in 1...8 {
            let width = (sourceWidth * eighths + 7) / 8
            let height = (sourceHeight * eighths + 7) / 8
            if width >= self.width && height >= self.height { return eighths }
        }
        return 8
    }
}
