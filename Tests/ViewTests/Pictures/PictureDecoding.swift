import Entity
import Foundation
import Presenter
import Services
@testable import View

/// Pictures for the encoder tests, and small decoders that read the encoders' escape sequences back
/// into pixels, so each test compares what a terminal would draw with what was meant.
struct DecodedPicture: Equatable {
    var width: Int
    var height: Int
    var rgba: [UInt8]

    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let offset = (y * width + x) * 4
        return Array(rgba[offset..<(offset + 4)])
    }
}

enum TestPictures {
    /// A `width` × `height` picture in four quadrants: red, green / blue, yellow; the top-left one
    /// fully transparent when asked.
    static func quadrants(width: Int = 8, height: Int = 8, transparentCorner: Bool = false) -> PictureModel? {
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let quadrant = (y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)
                let colour = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0]][quadrant]
                let alpha: UInt8 = transparentCorner && quadrant == 0 ? 0 : 255
                rgba += colour.map { alpha == 0 ? 0 : UInt8($0) } + [alpha]
            }
        }
        return model(width: width, height: height, rgba: rgba)
    }

    /// Smooth gradients in every channel: thousands of colours.
    static func gradient(width: Int, height: Int) -> PictureModel? {
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                rgba += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), UInt8((x + y) * 255 / max(1, width + height - 2)), 255]
            }
        }
        return model(width: width, height: height, rgba: rgba)
    }

    /// Bytes that do not compress, for a PNG of many kitty chunks.
    static func noise(width: Int, height: Int) -> PictureModel? {
        var state: UInt32 = 12_345
        let rgba = (0..<(width * height * 4)).map { index -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 24)
        }
        return model(width: width, height: height, rgba: rgba)
    }

    static func model(width: Int, height: Int, rgba: [UInt8], withPNG: Bool = true) -> PictureModel? {
        guard let image = PixelImage(width: width, height: height, rgba: rgba) else { return nil }
        let png = withPNG ? ((try? ImageEncoder.png(image)) ?? Data()) : Data()  // empty PNG fails the tests that need one
        return PictureModel(width: width, height: height, rgba: rgba, png: png, altText: "test picture", link: "http://example.com/p.png")
    }
}

/// Reads a PNG with the product's own decoder.
func decodePNG(_ data: Data) throws -> DecodedPicture {
    let image = try ImageDecoder().decode(data, maxWidth: 4096, maxHeight: 4096)
    return DecodedPicture(width: image.width, height: image.height, rgba: image.rgba)
}

enum SixelDecodingError: Error { case malformed(String) }

/// A sixel decoder: DCS parameters, raster attributes, colour definitions in RGB percent, colour
/// selection, sixel data with repeats, `$` and `-`. Pixels never drawn stay transparent.
func decodeSixel(_ text: String) throws -> (picture: DecodedPicture, colours: Int) {
    guard text.hasSuffix("\u{1B}\\\n") else { throw SixelDecodingError.malformed("no newline after the string") }
    let bytes = Array(text.utf8.dropLast())
    guard bytes.starts(with: [0x1B, UInt8(ascii: "P")]), bytes.suffix(2) == [0x1B, UInt8(ascii: "\\")][...],
          let q = bytes.firstIndex(of: UInt8(ascii: "q")) else { throw SixelDecodingError.malformed("not a DCS sixel string") }
    var index = q + 1
    let end = bytes.count - 2
    func number() -> Int? {
        var value: Int?
        while index < end, (0x30...0x39).contains(bytes[index]) {
            value = (value ?? 0) * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        return value
    }
    func numbers() -> [Int] {
        var values: [Int] = []
        values.append(number() ?? 0)
        while index < end, bytes[index] == UInt8(ascii: ";") {
            index += 1
            values.append(number() ?? 0)
        }
        return values
    }
    var width = 0, height = 0
    var pixels: [UInt8] = []
    var palette: [Int: [UInt8]] = [:]
    var colour: [UInt8] = [0, 0, 0]
    var x = 0, band = 0
    func paint(_ sixel: UInt8, count: Int) throws {
        guard (63...126).contains(sixel) else { throw SixelDecodingError.malformed("byte \(sixel)") }
        for _ in 0..<count {
            for bit in 0..<6 where (sixel - 63) & (1 << bit) != 0 {
                let y = band * 6 + bit
                guard x < width, y < height else { throw SixelDecodingError.malformed("pixel \(x),\(y) outside \(width)×\(height)") }
                let offset = (y * width + x) * 4
                pixels.replaceSubrange(offset..<(offset + 4), with: colour + [255])
            }
            x += 1
        }
    }
    while index < end {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
            let raster = numbers()
            guard raster.count == 4 else { throw SixelDecodingError.malformed("raster \(raster)") }
            width = raster[2]
            height = raster[3]
            pixels = [UInt8](repeating: 0, count: width * height * 4)
        case UInt8(ascii: "#"):
            let fields = numbers()
            if fields.count == 5 {
                guard fields[1] == 2 else { throw SixelDecodingError.malformed("colour space \(fields[1])") }
                palette[fields[0]] = fields[2...4].map { UInt8(($0 * 255 + 50) / 100) }
            } else {
                guard let defined = palette[fields[0]] else { throw SixelDecodingError.malformed("colour \(fields[0]) used before it is defined") }
                colour = defined
            }
        case UInt8(ascii: "!"):
            guard let count = number(), index < end else { throw SixelDecodingError.malformed("repeat") }
            let sixel = bytes[index]
            index += 1
            try paint(sixel, count: count)
        case UInt8(ascii: "$"):
            x = 0
        case UInt8(ascii: "-"):
            x = 0
            band += 1
        default:
            try paint(byte, count: 1)
        }
    }
    return (DecodedPicture(width: width, height: height, rgba: pixels), palette.count)
}

/// A half-block decoder: SGR colours (24-bit, 256 and defaults), `▀`, `▄` and spaces, one line a row
/// of cells, two pixels a cell. The terminal's default colours come back transparent.
func decodeHalfBlocks(_ text: String) throws -> DecodedPicture {
    var rows: [[(top: [UInt8], bottom: [UInt8])]] = [[]]
    var foreground: [UInt8]? = nil
    var background: [UInt8]? = nil
    var scalars = Array(text.unicodeScalars)[...]
    func colour(_ parameters: inout ArraySlice<Int>) throws -> [UInt8] {
        switch parameters.popFirst() {
        case 2:
            guard parameters.count >= 3 else { throw SixelDecodingError.malformed("short 24-bit colour") }
            let rgb = parameters.prefix(3).map { UInt8($0) }
            parameters = parameters.dropFirst(3)
            return rgb
        case 5:
            guard let index = parameters.popFirst() else { throw SixelDecodingError.malformed("short 256 colour") }
            let (r, g, b) = XtermPalette.colour(index)
            return [r, g, b]
        default:
            throw SixelDecodingError.malformed("colour form")
        }
    }
    while let scalar = scalars.popFirst() {
        switch scalar {
        case "\u{1B}":
            guard scalars.popFirst() == "[" else { throw SixelDecodingError.malformed("escape") }
            var body = ""
            while let next = scalars.popFirst(), next != "m" { body.unicodeScalars.append(next) }
            var parameters = ArraySlice(body.split(separator: ";").compactMap { Int($0) })
            while let code = parameters.popFirst() {
                switch code {
                case 0: foreground = nil; background = nil
                case 39: foreground = nil
                case 49: background = nil
                case 38: foreground = try colour(&parameters)
                case 48: background = try colour(&parameters)
                default: throw SixelDecodingError.malformed("SGR \(code)")
                }
            }
        case "\n":
            rows.append([])
        case "▀":
            rows[rows.count - 1].append(((foreground ?? [0, 0, 0]) + [foreground == nil ? 0 : 255], (background ?? [0, 0, 0]) + [background == nil ? 0 : 255]))
        case "▄":
            rows[rows.count - 1].append(((background ?? [0, 0, 0]) + [background == nil ? 0 : 255], (foreground ?? [0, 0, 0]) + [foreground == nil ? 0 : 255]))
        case " ":
            let cell = (background ?? [0, 0, 0]) + [background == nil ? 0 : 255]
            rows[rows.count - 1].append((cell, cell))
        default:
            throw SixelDecodingError.malformed("character \(scalar)")
        }
    }
    if rows.last?.isEmpty == true { rows.removeLast() }
    let width = rows.first?.count ?? 0
    guard rows.allSatisfy({ $0.count == width }) else { throw SixelDecodingError.malformed("ragged rows") }
    var rgba: [UInt8] = []
    for row in rows {
        for cell in row { rgba += cell.top }
        for cell in row { rgba += cell.bottom }
    }
    return DecodedPicture(width: width, height: rows.count * 2, rgba: rgba)
}

/// The chunks of a kitty graphics transmission: each chunk's control keys and payload.
func kittyChunks(_ text: String) throws -> [(keys: [String: String], payload: String)] {
    var chunks: [(keys: [String: String], payload: String)] = []
    var rest = Substring(text)
    while rest.hasPrefix("\u{1B}_G") {
        guard let terminator = rest.range(of: "\u{1B}\\") else { throw SixelDecodingError.malformed("unterminated chunk") }
        let body = rest[rest.index(rest.startIndex, offsetBy: 3)..<terminator.lowerBound]
        guard let semicolon = body.firstIndex(of: ";") else { throw SixelDecodingError.malformed("no payload") }
        var keys: [String: String] = [:]
        for pair in body[..<semicolon].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw SixelDecodingError.malformed("key \(pair)") }
            keys[String(parts[0])] = String(parts[1])
        }
        chunks.append((keys, String(body[body.index(after: semicolon)...])))
        rest = rest[terminator.upperBound...]
    }
    guard rest == "\n" else { throw SixelDecodingError.malformed("after the chunks: \(rest.debugDescription)") }
    return chunks
}
