public import Foundation

/// Small pictures for tests, made once with ImageMagick from the same 32×32 drawing: four 16×16
/// quadrants, red (top left), green (top right), blue (bottom left), yellow (bottom right); and
/// generators for pictures too large or too hostile to keep as files.
public enum PictureFixtures {
    /// The colour of each quadrant of the drawing, top left, top right, bottom left, bottom right.
    public static let quadrantColours: [(red: UInt8, green: UInt8, blue: UInt8)] = [
        (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0),
    ]

    private static func bytes(_ base64: String) -> Data {
        // The literals below are valid base64; an empty Data would make every test using it fail loudly.
        Data(base64Encoded: base64) ?? Data()
    }

    /// A baseline JPEG, 4:4:4.
    public static let baselineJPEG = bytes(
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoK" +
        "CgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoK" +
        "CgoKCgoKCgr/wAARCAAgACADAREAAhEBAxEB/8QAFwABAQEBAAAAAAAAAAAAAAAAAAkKCP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/" +
        "xAAXAQEBAQEAAAAAAAAAAAAAAAAACAoJ/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8A4vSm7+AKUJbYVwE11SN1" +
        "AClCW2FcBBttMdWAGxRgDVQAx1t/iVwGxRgDVQA//9k="
    )

    /// A progressive JPEG.
    public static let progressiveJPEG = bytes(
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMU" +
        "FRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQU" +
        "FBQUFBQUFBT/wgARCAAgACADAREAAhEBAxEB/8QAFwABAQEBAAAAAAAAAAAAAAAAAAcJCP/EABgBAQEBAQEAAAAAAAAAAAAAAAAG" +
        "CQcI/9oADAMBAAIQAxAAAAGcwvqkWOJzHEcttOBY4nMccvaM9zGg2VdwM+dVIcaDZV3A/8QAFBABAAAAAAAAAAAAAAAAAAAAQP/a" +
        "AAgBAQABBQIH/8QAFBEBAAAAAAAAAAAAAAAAAAAAQP/aAAgBAwEBPwEH/8QAFBEBAAAAAAAAAAAAAAAAAAAAQP/aAAgBAgEBPwEH" +
        "/8QAFBABAAAAAAAAAAAAAAAAAAAAQP/aAAgBAQAGPwIH/8QAFBABAAAAAAAAAAAAAAAAAAAAQP/aAAgBAQABPyEH/9oADAMBAAIA" +
        "AwAAABD+3+1LZLb/xAAUEQEAAAAAAAAAAAAAAAAAAABA/9oACAEDAQE/EAf/xAAUEQEAAAAAAAAAAAAAAAAAAABA/9oACAECAQE/" +
        "EAf/xAAUEAEAAAAAAAAAAAAAAAAAAABA/9oACAEBAAE/EAf/2Q=="
    )

    /// A greyscale JPEG (the quadrants as grey levels).
    public static let grayJPEG = bytes(
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoK" +
        "CgoKBggLDAsKDAkKCgr/wAALCAAgACABAREA/8QAFgABAQEAAAAAAAAAAAAAAAAAAAoJ/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/a" +
        "AAgBAQAAPwDNcUACf8UACW8W2CJMW2D/2Q=="
    )

    /// A CMYK JPEG with an Adobe marker (inverted samples).
    public static let cmykJPEG = bytes(
        "/9j/7gAOQWRvYmUAZAAAAAAC/9sAQwACAQEBAQECAQEBAgICAgIEAwICAgIFBAQDBAYFBgYGBQYGBgcJCAYHCQcGBggLCAkKCgoK" +
        "CgYICwwLCgwJCgoK/9sAQwECAgICAgIFAwMFCgcGBwoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoK" +
        "CgoKCgoK/8AAFAgAIAAgBAERAAIRAQMRAQQRAP/EABcAAQEBAQAAAAAAAAAAAAAAAAAJCgj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA" +
        "/8QAFwEBAQEBAAAAAAAAAAAAAAAAAAoICf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAOBAEAAhEDEQQAAD8A7MasT/r+ACa7Ui6w" +
        "AFKGW0KYAJrtSLrAAXkRXuU4AMda/wAZXABsUQBtUAAx1r/GVwAf/9k="
    )

    /// An RGBA PNG whose top-left quadrant is fully transparent.
    public static let transparentPNG = bytes(
        "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAO0lEQVRYw+3VwQ3AQAwCsND9d+aG4FXJDBCsfEhvS3rTiW/snwMA" +
        "AAAAAACQu0573ubfHwAAAAAAAAB4Z+wHOnwvIGMAAAAASUVORK5CYII="
    )

    /// A palette PNG.
    public static let palettePNG = bytes(
        "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAMAAABEpIrGAAAADFBMVEX/AAAA/wAAAP///wDWAo97AAAAHklEQVQ4y2NgQAOMaIBh" +
        "VMGIUsCEBpjRwKiCEaUAADSYBgG18eA+AAAAAElFTkSuQmCC"
    )

    /// A 16-bit greyscale PNG (the quadrants as grey levels).
    public static let gray16PNG = bytes(
        "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgEAAAAAAGgflrAAAAM0lEQVRIx2M0K2DACxqX4JdnYqAQjBowasCoAYPFAEahavwKbnMO" +
        "di+MGjBqwKgBVDIAAC/HA3sJPToDAAAAAElFTkSuQmCC"
    )

    /// An interlaced (Adam7) RGB PNG.
    public static let interlacedPNG = bytes(
        "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAGLH901AAAAdElEQVRIx+2USw6AMAgFB+9/Z1x0Q4PEUGs0hLdr6GOAfkQBEAU4" +
        "MBJQQFVcZN3jF9Oui1xDI+OdI83IB/JVLTA0GQgzpdHbDNOcrOzM/t5DgXOoYKhwlyoYwvewy5Cu6PWWG9AAp/A/ihT9U5910IAG" +
        "PNcJTJwjVsWzQ5gAAAAASUVORK5CYII="
    )

    /// A lossy WebP.
    public static let lossyWebP = bytes(
        "UklGRnAAAABXRUJQVlA4IGQAAABQBACdASogACAAAMASJaACdMoRwN4B+AH7AfyvnDNAuwH7Afx3P+xEhqVAAP76IZf/d2/bVu//" +
        "WpPSLJyv+tdpBBmQ76x2geI/3/D7sNIud/SS3Tl2G/8y3UoMlf8NcKMNSAAA"
    )

    /// A lossless WebP.
    public static let losslessWebP = bytes(
        "UklGRjgAAABXRUJQVlA4TCwAAAAvH8AHAB8gEEjaH3qN+RcQFPk/2vwHXySAMNtokpOc5BHcP6L/sW2qvwBVvw=="
    )

    /// A lossy WebP with alpha; the top-left quadrant is fully transparent.
    public static let transparentWebP = bytes(
        "UklGRqAAAABXRUJQVlA4WAoAAAAQAAAAHwAAHwAAQUxQSBUAAAABDzD/ERFCIJDkLz3AAhH9nwDq9QcAVlA4IGQAAABQBACdASog" +
        "ACAAAMASJaACdMoRwN4B+AH7AfyvnDNAuwH7Afx3P+xEhqVAAP76IZf/d2/bVu//WpPSLJyv+tdpBBmQ76x2geI/3/D7sNIud/SS" +
        "3Tl2G/8y3UoMlf8NcKMNSAAA"
    )

    /// An animated WebP of two frames.
    public static let animatedWebP = bytes(
        "UklGRhABAABXRUJQVlA4WAoAAAACAAAAHwAAHwAAQU5JTQYAAAD/////AABBTk1GbgAAAAAAAAAAAB8AAB8AAGQAAAJWUDggVgAA" +
        "ANADAJ0BKiAAIAACADQloAJ0yhHA3gH4V/rNzBmgXZ39cM77EBU0wAD+8MQL/x+iBpv/kBkAPZfVuj9cj119q1nf8o9b6Nxy+wvb" +
        "Tf6hK9GbrNeldmAAQU5NRm4AAAAAAAAAAAAfAAAfAABkAAAAVlA4IFYAAADUAwCdASogACAAAAA0JaACdMoRwN4B+Ff6zcwZoF2d" +
        "/XDO+xAVNMAA/vBF3/8agsk7/5HDjBm35IqpEfRdeEWyT/RGr7SNYyHJDA/1UV6LL+OVM9OAAFJJRkZiAAAAV0VCUFZQOCBWAAAA" +
        "0AMAnQEqIAAgAAIANCWgAnTKEcDeAfhX+s3MGaBdnf1wzvsQFTTAAP7wxAv/H6IGm/+QGQA9l9W6P1yPXX2rWd/yj1vo3HL7C9tN" +
        "/qEr0Zus16V2YAA="
    )

    /// A GIF.
    public static let gif = bytes(
        "R0lGODlhIAAgAPEAAP8AAAD/AP//AAAA/yH5BAAAAAAALAAAAAAgACAAAAJihI8Jwe0flDywtjmtxVJXrngQmIgPiZgOSqkMa7gv" +
        "LEe0DC/47ea1v2PVBsSi8TgQKJfMpgAJLTqny2iUSrVCsVMtkuv0HsFNsZHMNEvRSjWR3XbDn3K4O2mvs+9zfl49VwAAOw=="
    )
}

// MARK: - Generated pictures

extension PictureFixtures {
    /// A baseline greyscale JPEG of any size whose every 8×8 block is mid-grey (128). Each block takes
    /// two bits (Huffman tables with one one-bit code each), so a 50-megapixel picture is about 200 KB.
    public static func flatGreyJPEG(width: Int, height: Int) -> Data {
        var data: [UInt8] = [0xFF, 0xD8]
        // Quantization table 0: all ones.
        data += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        // Baseline frame: 8 bits, height, width, one component (id 1, 1×1 sampling, table 0).
        data += [0xFF, 0xC0, 0x00, 0x0B, 0x08, UInt8(height >> 8 & 0xFF), UInt8(height & 0xFF),
                 UInt8(width >> 8 & 0xFF), UInt8(width & 0xFF), 0x01, 0x01, 0x11, 0x00]
        // DC table 0 and AC table 0: one code of one bit ("0"), for DC category 0 and end-of-block.
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0x00]
        data += [0xFF, 0xC4, 0x00, 0x14, 0x00] + oneCode
        data += [0xFF, 0xC4, 0x00, 0x14, 0x10] + oneCode
        data += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        data += [UInt8](repeating: 0, count: (blocks * 2 + 7) / 8)
        data += [0xFF, 0xD9]
        return Data(data)
    }

    /// A PNG header for `width` × `height` (8-bit RGB unless told) followed by `idat` as its only
    /// image data and an end chunk. The IDAT is whatever is given, so the picture can lie.
    public static func png(width: Int, height: Int, bitDepth: UInt8 = 8, colourType: UInt8 = 2, interlaced: Bool = false,
                           idat: [UInt8]) -> Data {
        var data: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [bitDepth, colourType, 0, 0, interlaced ? 1 : 0]
        data += chunk("IHDR", header)
        data += chunk("IDAT", idat)
        data += chunk("IEND", [])
        return Data(data)
    }

    /// A decompression bomb: a black `width` × `height` 1-bit greyscale PNG whose zlib stream is mostly
    /// 258-byte back-references, about 150 times smaller than the rows it inflates to, and each of those
    /// rows is `width` pixels once decoded to RGBA.
    public static func zeroPNG(width: Int, height: Int) -> Data {
        let rowBytes = 1 + (width + 7) / 8
        return png(width: width, height: height, bitDepth: 1, colourType: 0, idat: zlibZeros(count: rowBytes * height))
    }

    /// A zlib stream of `count` zero bytes: a literal, then back-references of 258 at distance 1.
    public static func zlibZeros(count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // final block
        bits.write(1, count: 2)  // fixed Huffman codes
        var left = count
        if left > 0 {
            bits.writeCode(0x30, length: 8)  // literal 0
            left -= 1
        }
        while left >= 258 {
            bits.writeCode(0xC5, length: 8)  // length code 285: 258 bytes
            bits.writeCode(0, length: 5)  // distance code 0: distance 1
            left -= 258
        }
        while left > 0 {
            bits.writeCode(0x30, length: 8)
            left -= 1
        }
        bits.writeCode(0, length: 7)  // end of block
        let adler = (UInt32(count % 65_521) << 16) | 1
        return [0x78, 0x01] + bits.flushed + bigEndian(adler)
    }

    private static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let typeAndPayload = Array(type.utf8) + payload
        return bigEndian(UInt32(payload.count)) + typeAndPayload + bigEndian(crc32(typeAndPayload))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// Bits for deflate: fields least significant bit first, Huffman codes most significant bit first.
private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var current: UInt32 = 0
    private var used = 0

    mutating func write(_ value: UInt32, count: Int) {
        for index in 0..<count {
            current |= ((value >> UInt32(index)) & 1) << UInt32(used)
            used += 1
            if used == 8 {
                bytes.append(UInt8(current))
                current = 0
                used = 0
            }
        }
    }

    mutating func writeCode(_ code: UInt32, length: Int) {
        for index in stride(from: length - 1, through: 0, by: -1) { write((code >> UInt32(index)) & 1, count: 1) }
    }

    var flushed: [UInt8] { used > 0 ? bytes + [UInt8(current)] : bytes }
}
