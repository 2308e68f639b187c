import Foundation

/// Up to `maxColours` colours for a picture, and each pixel's entry. Opaque pixels are counted in a
/// histogram of 15-bit colours (5 bits a channel). When there are few enough of those, each becomes
/// an entry (the mean of its pixels, so a picture of few colours keeps them exactly); otherwise the
/// histogram is cut at medians along its widest channel until there are `maxColours` boxes (median
/// cut), and pixels are mapped with optional 4×4 ordered dithering.
struct SixelPalette {
    /// Red, green, blue of each entry.
    private(set) var colours: [(red: UInt8, green: UInt8, blue: UInt8)] = []
    /// The entry of each pixel, -1 for a transparent one.
    private(set) var indices: [Int16] = []

    init(rgba: [UInt8], width: Int, height: Int, maxColours: Int, dithering: Bool) {
        let pixelCount = width * height
        let limit = max(1, min(256, maxColours))
        var counts = [Int](repeating: 0, count: 32_768)
        var sums = [Int](repeating: 0, count: 32_768 * 3)
        for pixel in 0..<pixelCount where rgba[pixel * 4 + 3] >= 128 {
            let key = SixelPalette.key(rgba[pixel * 4], rgba[pixel * 4 + 1], rgba[pixel * 4 + 2])
            counts[key] += 1
            sums[key * 3] += Int(rgba[pixel * 4])
            sums[key * 3 + 1] += Int(rgba[pixel * 4 + 1])
            sums[key * 3 + 2] += Int(rgba[pixel * 4 + 2])
        }
        let used = (0..<32_768).filter { counts[$0] > 0 }
        var entryOfKey = [Int16](repeating: -1, count: 32_768)
        let exact = used.count <= limit
        if exact {
            for (entry, key) in used.enumerated() {
                let count = counts[key]
                colours.append((UInt8((sums[key * 3] + count / 2) / count), UInt8((sums[key * 3 + 1] + count / 2) / count),
                                UInt8((sums[key * 3 + 2] + count / 2) / count)))
                entryOfKey[key] = Int16(entry)
            }
        } else {
            colours = SixelPalette.medianCut(used, counts: counts, sums: sums, limit: limit)
        }

        // Half the typical distance between entries (256 / cube root of their number), either way.
        let amplitude = Int((128 / cbrt(Double(max(1, colours.count)))).rounded())
        indices = [Int16](repeating: -1, count: pixelCount)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = y * width + x
                guard rgba[pixel * 4 + 3] >= 128 else { continue }
                var red = Int(rgba[pixel * 4]), green = Int(rgba[pixel * 4 + 1]), blue = Int(rgba[pixel * 4 + 2])
                if !exact && dithering {
                    let offset = (SixelPalette.bayer[(y & 3) * 4 + (x & 3)] * 2 - 15) * amplitude / 16
                    red = min(255, max(0, red + offset))
                    green = min(255, max(0, green + offset))
                    blue = min(255, max(0, blue + offset))
                }
                let key = SixelPalette.key(UInt8(red), UInt8(green), UInt8(blue))
                if entryOfKey[key] < 0 { entryOfKey[key] = Int16(nearest(red, green, blue)) }
                indices[pixel] = entryOfKey[key]
            }
        }
    }

    /// A 4×4 Bayer matrix (0–15).
    private static let bayer = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    private static func key(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        Int(red >> 3) << 10 | Int(green >> 3) << 5 | Int(blue >> 3)
    }

    private func nearest(_ red: Int, _ green: Int, _ blue: Int) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (index, colour) in colours.enumerated() {
            let dr = red - Int(colour.red), dg = green - Int(colour.green), db = blue - Int(colour.blue)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// Splits the used histogram keys into `limit` boxes; each box's colour is the mean of its pixels.
    private static func medianCut(_ used: [Int], counts: [Int], sums: [Int], limit: Int) -> [(red: UInt8, green: UInt8, blue: UInt8)] {
        func channel(_ key: Int, _ index: Int) -> Int { key >> (10 - 5 * index) & 31 }
        var boxes: [[Int]] = [used]
        while boxes.count < limit {
            // The box with the widest channel range, weighted by its pixels, is split next.
            var chosen = -1
            var chosenChannel = 0
            var chosenScore = 0
            for (index, box) in boxes.enumerated() where box.count > 1 {
                var pixels = 0
                for key in box { pixels += counts[key] }
                for axis in 0..<3 {
                    var low = 31, high = 0
                    for key in box {
                        low = min(low, channel(key, axis))
                        high = max(high, channel(key, axis))
                    }
                    let score = (high - low) * pixels
                    if score > chosenScore || chosen < 0 {
                        chosen = index
                        chosenChannel = axis
                        chosenScore = score
                    }
                }
            }
            guard chosen >= 0 else { break }
            let sorted = boxes[chosen].sorted { channel($0, chosenChannel) < channel($1, chosenChannel) }
            var total = 0
            for key in sorted { total += counts[key] }
            var running = 0
            var cut = 1
            for (position, key) in sorted.enumerated() {
                running += counts[key]
                if running * 2 >= total {
                    cut = max(1, min(sorted.count - 1, position + 1))
                    break
                }
            }
            boxes[chosen] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        return boxes.map { box in
            var count = 0, red = 0, green = 0, blue = 0
            for key in box {
                count += counts[key]
                red += sums[key * 3]
                green += sums[key * 3 + 1]
                blue += sums[key * 3 + 2]
            }
            let safe = max(1, count)
            return (UInt8((red + safe / 2) / safe), UInt8((green + safe / 2) / safe), UInt8((blue + safe / 2) / safe))
        }
    }
}
