/// Resizes RGBA pixels: each output pixel is the alpha-weighted mean of the source pixels its area
/// covers (at least the one under its corner, so enlarging repeats pixels).
enum PixelResampler {
    static func resize(_ rgba: [UInt8], width: Int, height: Int, toWidth: Int, toHeight: Int) -> [UInt8] {
        guard width > 0, height > 0, toWidth > 0, toHeight > 0, rgba.count >= width * height * 4 else {
            return [UInt8](repeating: 0, count: max(0, toWidth) * max(0, toHeight) * 4)
        }
        if width == toWidth && height == toHeight { return Array(rgba.prefix(width * height * 4)) }
        let columnSpans = spans(source: width, target: toWidth)
        let rowSpans = spans(source: height, target: toHeight)
        var output = [UInt8](repeating: 0, count: toWidth * toHeight * 4)
        rgba.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for ty in 0..<toHeight {
                    let (y0, y1) = rowSpans[ty]
                    for tx in 0..<toWidth {
                        let (x0, x1) = columnSpans[tx]
                        var red = 0, green = 0, blue = 0, alpha = 0
                        for y in y0..<y1 {
                            var offset = (y * width + x0) * 4
                            for _ in x0..<x1 {
                                let a = Int(source[offset + 3])
                                red += Int(source[offset]) * a
                                green += Int(source[offset + 1]) * a
                                blue += Int(source[offset + 2]) * a
                                alpha += a
                                offset += 4
                            }
                        }
                        let count = (y1 - y0) * (x1 - x0)
                        let out = (ty * toWidth + tx) * 4
                        if alpha > 0 {
                            target[out] = UInt8((red + alpha / 2) / alpha)
                            target[out + 1] = UInt8((green + alpha / 2) / alpha)
                            target[out + 2] = UInt8((blue + alpha / 2) / alpha)
                            target[out + 3] = UInt8((alpha + count / 2) / count)
                        }
                    }
                }
            }
        }
        return output
    }

    /// For each output index, the source range [start, end) it covers; never empty.
    private static func spans(source: Int, target: Int) -> [(Int, Int)] {
        (0..<target).map { index in
            let start = min(source - 1, index * source / target)
            let end = max(start + 1, min(source, (index + 1) * source / target))
            return (start, end)
        }
    }
}
