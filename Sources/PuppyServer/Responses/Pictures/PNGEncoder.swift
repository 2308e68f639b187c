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
        var candidates = [UInt8](repeating: 0, count: stride * 5)
        let zeros = [UInt8](repeating: 0, count: stride)
        canvas.pixels.withUnsafeBufferPointer { pixels in
            zeros.withUnsafeBufferPointer { zeros in
                candidates.withUnsafeMutableBufferPointer { candidates in
                    output.withUnsafeMutableBufferPointer { output in
                        for row in 0..<canvas.height {
                            let current = UnsafeBufferPointer(rebasing: pixels[(row * stride)..<((row + 1) * stride)])
                            let above = row > 0 ? UnsafeBufferPointer(rebasing: pixels[((row - 1) * stride)..<(row * stride)]) : zeros
                            let costs = filter(current: current, above: above, into: candidates)
                            var bestFilter = 0
                            for filter in 1..<5 where costs[filter] < costs[bestFilter] { bestFilter = filter }
                            let start = row * (stride + 1)
                            output[start] = UInt8(bestFilter)
                            for index in 0..<stride { output[start + 1 + index] = candidates[bestFilter * stride + index] }
                        }
                    }
                }
            }
        }
        return output
    }

    /// The row under all five filters (3 bytes a pixel), side by side in `candidates`, and each
    /// one's sum of results read as signed bytes.
    private static func filter(
        current: UnsafeBufferPointer<UInt8>, above: UnsafeBufferPointer<UInt8>, into candidates: UnsafeMutableBufferPointer<UInt8>
    ) -> [Int] {
        let stride = current.count
        var costs = [0, 0, 0, 0, 0]
        func cost(_ value: UInt8) -> Int { value < 128 ? Int(value) : 256 - Int(value) }
        for index in 0..<stride {
            let value = current[index]
            let left = index >= 3 ? current[index - 3] : 0
            let up = above[index]
            let upLeft = index >= 3 ? above[index - 3] : 0
            let none = value
            let sub = value &- left
            let upFiltered = value &- up
            let average = value &- UInt8((Int(left) + Int(up)) / 2)
            let paethFiltered = value &- paeth(left, up, upLeft)
            candidates[index] = none
            candidates[stride + index] = sub
            candidates[2 * stride + index] = upFiltered
            candidates[3 * stride + index] = average
            candidates[4 * stride + index] = paethFiltered
            costs[0] += cost(none)
            costs[1] += cost(sub)
            costs[2] += cost(upFiltered)
            costs[3] += cost(average)
            costs[4] += cost(paethFiltered)
        }
        return costs
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
