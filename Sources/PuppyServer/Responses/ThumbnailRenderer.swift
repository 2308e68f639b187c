/// Draws each recipe a small, real PNG: the background colour from its cuisine, a simple shape from
/// its id. Palette image, zlib stream of stored (uncompressed) deflate blocks, correct CRC-32 and
/// Adler-32; the same recipe always gets the same bytes.
enum ThumbnailRenderer {
    static let size = 64

    static func png(id: String, cuisine: String) -> [UInt8] {
        let shapeHash = StableHash.mix(StableHash.fnv1a(id))
        let cuisineHue = Double(StableHash.mix(StableHash.fnv1a(cuisine.lowercased())) % 360)
        let shapeHue = (cuisineHue + 120 + Double(shapeHash % 120)).truncatingRemainder(dividingBy: 360)
        let palette: [(UInt8, UInt8, UInt8)] = [
            rgb(hue: cuisineHue, saturation: 0.30, value: 0.96),  // background
            rgb(hue: cuisineHue, saturation: 0.45, value: 0.82),  // border and stripes
            rgb(hue: shapeHue, saturation: 0.70, value: 0.78),  // shape
            (250, 248, 240),  // highlight
        ]
        let pixels = draw(hash: shapeHash)

        var raw: [UInt8] = []
        raw.reserveCapacity(size * (size + 1))
        for row in 0..<size {
            raw.append(0)  // filter: none
            raw += pixels[(row * size)..<((row + 1) * size)]
        }

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        appendBigEndian(UInt32(size), to: &header)
        appendBigEndian(UInt32(size), to: &header)
        header += [8, 3, 0, 0, 0]  // 8-bit palette, deflate, no filter set, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }, to: &png)
        appendChunk("IDAT", zlibStored(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// Palette indices, row by row.
    private static func draw(hash: UInt64) -> [UInt8] {
        let shape = Int(hash % 5)
        let radius = 14 + Int((hash >> 8) % 8)
        let centerX = 32 + Int((hash >> 16) % 9) - 4
        let centerY = 32 + Int((hash >> 24) % 9) - 4
        let striped = (hash >> 32) % 2 == 0
        var pixels = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                let dx = x - centerX
                let dy = y - centerY
                let inside: Bool
                switch shape {
                case 0: inside = dx * dx + dy * dy <= radius * radius
                case 1: inside = abs(dx) <= radius - 2 && abs(dy) <= radius - 2
                case 2: inside = abs(dx) + abs(dy) <= radius + 2
                case 3: inside = dy >= -radius && dy <= radius && 2 * abs(dx) <= dy + radius
                default:
                    let distance = dx * dx + dy * dy
                    inside = distance <= radius * radius && distance >= (radius - 6) * (radius - 6)
                }
                let onBorder = x < 2 || y < 2 || x >= size - 2 || y >= size - 2
                let highlight = (dx + radius / 3) * (dx + radius / 3) + (dy + radius / 3) * (dy + radius / 3) <= 9
                if onBorder {
                    pixels[y * size + x] = 1
                } else if inside {
                    pixels[y * size + x] = highlight && shape != 4 ? 3 : 2
                } else if striped, (y / 8) % 2 == 1 {
                    pixels[y * size + x] = 1
                }
            }
        }
        return pixels
    }

    private static func rgb(hue: Double, saturation: Double, value: Double) -> (UInt8, UInt8, UInt8) {
        let chroma = value * saturation
        let sector = hue / 60
        let secondary = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double)
        switch Int(sector) {
        case 0: (red, green, blue) = (chroma, secondary, 0)
        case 1: (red, green, blue) = (secondary, chroma, 0)
        case 2: (red, green, blue) = (0, chroma, secondary)
        case 3: (red, green, blue) = (0, secondary, chroma)
        case 4: (red, green, blue) = (secondary, 0, chroma)
        default: (red, green, blue) = (chroma, 0, secondary)
        }
        let offset = value - chroma
        func byte(_ component: Double) -> UInt8 { UInt8(max(0, min(255, ((component + offset) * 255).rounded()))) }
        return (byte(red), byte(green), byte(blue))
    }

    /// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951), at most 65,535 bytes each.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isFinal = offset + length == data.count
            stream.append(isFinal ? 1 : 0)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            stream += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        appendBigEndian(adler32(data), to: &stream)
        return stream
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
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
        let typed = Array(type.utf8) + data
        png += typed
        appendBigEndian(crc32(typed), to: &png)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
