// Standard library only.

/// Truecolour PNG files (8-bit RGB, no interlace) from a `Canvas`: each row filtered with whichever of
/// the five PNG filters gives the smallest sum of absolute differences (libpng's heuristic), then the
/// whole compressed by `Deflate`; chunk CRCs and the zlib Adler-32 as the format wants.
enum PNGEncoder {
    static func encode(_ canvas: Canvas) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        appendBigEndian(UInt32(canvas.width), to: &header)
        appendBigEndian(UInt32(canvas.height), to: &header)
        header += [8, 2, 0, 0, 0]  // 8 bits a sample, truecolour, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", Deflate.zlib(filteredRows(canvas)), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// Every row as its filter type byte and the filtered bytes.
    static func filteredRows(_ canvas: Canvas) -> [UInt8] {
        let stride = canvas.width * 3
        var output = [UInt8](repeating: 0, count: (stride + 1) * canvas.height)
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: stride), count: 5)
        canvas.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<canvas.height {
                let current = UnsafeBufferPointer(rebasing: pixels[(row * stride)..<((row + 1) * stride)])
                let above: UnsafeBufferPointer<UInt8>? = row > 0
                    ? UnsafeBufferPointer(rebasing: pixels[((row - 1) * stride)..<(row * stride)]) : nil
                var bestFilter = 0
                var bestCost = Int.max
                for filter in 0..<5 {
                    let cost = candidates[filter].withUnsafeMutableBufferPointer { target in
                        apply(filter: filter, current: current, above: above, into: target)
                    }
                    if cost < bestCost {
                        bestCost = cost
                        bestFilter = filter
                    }
                }
                let start = row * (stride + 1)
                output[start] = UInt8(bestFilter)
                output.replaceSubrange((start + 1)..<(start + 1 + stride), with: candidates[bestFilter])
            }
        }
        return output
    }

    /// Filters one row (3 bytes a pixel) and returns the sum of the results read as signed bytes.
    private static func apply(
        filter: Int, current: UnsafeBufferPointer<UInt8>, above: UnsafeBufferPointer<UInt8>?,
        into target: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        var cost = 0
        for index in 0..<current.count {
            let left = index >= 3 ? current[index - 3] : 0
            let up = above?[index] ?? 0
            let upLeft = index >= 3 ? (above?[index - 3] ?? 0) : 0
            let predicted: UInt8
            switch filter {
            case 0: predicted = 0
            case 1: predicted = left
            case 2: predicted = up
            case 3: predicted = UInt8((Int(left) + Int(up)) / 2)
            default: predicted = paeth(left, up, upLeft)
            }
            let value = current[index] &- predicted
            target[index] = value
            cost += value < 128 ? Int(value) : 256 - Int(value)
        }
        return cost
    }

    private static func paeth(_ left: UInt8, _ up: UInt8, _ upLeft: UInt8) -> UInt8 {
        let estimate = Int(left) + Int(up) - Int(upLeft)
        let toLeft = abs(estimate - Int(left))
        let toUp = abs(estimate - Int(up))
        let toUpLeft = abs(estimate - Int(upLeft))
        if toLeft <= toUp, toLeft <= toUpLeft { return left }
        return toUp <= toUpLeft ? up : upLeft
    }

    static func crc32<Bytes: Sequence>(_ data: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &png)
        let start = png.count
        png += type.utf8
        png += data
        appendBigEndian(crc32(png[start...]), to: &png)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
