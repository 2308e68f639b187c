/// A strict, independent zlib/deflate decoder (RFC 1950/1951: stored, fixed and dynamic blocks) for
/// checking what the server's encoder writes. Throws on anything malformed.
enum Inflate {
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static func zlib(_ stream: [UInt8]) throws -> [UInt8] {
        guard stream.count >= 6 else { throw Invalid(description: "too short") }
        guard stream[0] & 0x0F == 8, (UInt16(stream[0]) << 8 | UInt16(stream[1])) % 31 == 0, stream[1] & 0x20 == 0 else {
            throw Invalid(description: "zlib header")
        }
        var reader = BitReader(bytes: stream, position: 2)
        let data = try inflate(&reader)
        let end = reader.alignedPosition
        guard end + 4 == stream.count else { throw Invalid(description: "\(stream.count - end - 4) bytes after the stream") }
        let stored = stream[end..<(end + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard stored == adler32(data) else { throw Invalid(description: "Adler-32") }
        return data
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

    /// Which block types a stream used, for tests that want real compression.
    static func blockTypes(_ stream: [UInt8]) throws -> [Int] {
        var reader = BitReader(bytes: stream, position: 2)
        var types: [Int] = []
        _ = try inflate(&reader) { types.append($0) }
        return types
    }

    private struct BitReader {
        let bytes: [UInt8]
        var position: Int
        var bit = 0

        mutating func read(_ count: Int) throws -> Int {
            var value = 0
            for index in 0..<count {
                guard position < bytes.count else { throw Invalid(description: "ran out of bits") }
                value |= Int((bytes[position] >> UInt8(bit)) & 1) << index
                bit += 1
                if bit == 8 {
                    bit = 0
                    position += 1
                }
            }
            return value
        }

        mutating func align() {
            if bit > 0 {
                bit = 0
                position += 1
            }
        }

        var alignedPosition: Int { bit > 0 ? position + 1 : position }
    }

    /// Canonical Huffman decoding table: symbols by code length.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) throws {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
            var left = 1
            for length in 1..<16 {
                left <<= 1
                left -= counts[length]
                guard left >= 0 else { throw Invalid(description: "over-subscribed code") }
            }
        }

        func decode(_ reader: inout BitReader) throws -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1..<16 {
                code |= try reader.read(1)
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw Invalid(description: "bad code")
        }
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static func inflate(_ reader: inout BitReader, onBlock: (Int) -> Void = { _ in }) throws -> [UInt8] {
        var output: [UInt8] = []
        var final = false
        while !final {
            final = try reader.read(1) == 1
            let type = try reader.read(2)
            onBlock(type)
            switch type {
            case 0:
                reader.align()
                let at = reader.position
                guard at + 4 <= reader.bytes.count else { throw Invalid(description: "stored header") }
                let length = Int(reader.bytes[at]) | Int(reader.bytes[at + 1]) << 8
                let complement = Int(reader.bytes[at + 2]) | Int(reader.bytes[at + 3]) << 8
                guard length ^ complement == 0xFFFF, at + 4 + length <= reader.bytes.count else { throw Invalid(description: "stored length") }
                output += reader.bytes[(at + 4)..<(at + 4 + length)]
                reader.position = at + 4 + length
            case 1:
                let literal = try Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
                let distance = try Huffman(lengths: [Int](repeating: 5, count: 30))
                try codes(&reader, literal, distance, into: &output)
            case 2:
                let literalCount = try reader.read(5) + 257
                let distanceCount = try reader.read(5) + 1
                let codeCount = try reader.read(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for index in 0..<codeCount { codeLengths[order[index]] = try reader.read(3) }
                let lengthCode = try Huffman(lengths: codeLengths)
                var lengths: [Int] = []
                while lengths.count < literalCount + distanceCount {
                    let symbol = try lengthCode.decode(&reader)
                    switch symbol {
                    case 0...15: lengths.append(symbol)
                    case 16:
                        guard let last = lengths.last else { throw Invalid(description: "repeat with nothing before") }
                        lengths += [Int](repeating: last, count: 3 + (try reader.read(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.read(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try reader.read(7)))
                    }
                }
                guard lengths.count == literalCount + distanceCount else { throw Invalid(description: "code lengths overrun") }
                try codes(&reader, Huffman(lengths: Array(lengths[..<literalCount])), Huffman(lengths: Array(lengths[literalCount...])), into: &output)
            default:
                throw Invalid(description: "block type 3")
            }
        }
        return output
    }

    private static func codes(_ reader: inout BitReader, _ literal: Huffman, _ distance: Huffman, into output: inout [UInt8]) throws {
        while true {
            let symbol = try literal.decode(&reader)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < 29 else { throw Invalid(description: "length symbol \(symbol)") }
                let length = lengthBase[index] + (try reader.read(lengthExtra[index]))
                let distanceSymbol = try distance.decode(&reader)
                guard distanceSymbol < 30 else { throw Invalid(description: "distance symbol") }
                let back = distanceBase[distanceSymbol] + (try reader.read(distanceExtra[distanceSymbol]))
                guard back <= output.count, back <= 32_768 else { throw Invalid(description: "distance \(back) too far") }
                for _ in 0..<length { output.append(output[output.count - back]) }
            }
        }
    }
}

/// A truecolour PNG read the strict way: signature, chunk order and CRCs, zlib, filters undone.
struct DecodedPNG {
    var width: Int
    var height: Int
    var pixels: [UInt8]
    var zlibStream: [UInt8]

    func colour(x: Int, y: Int) -> (Int, Int, Int) {
        let offset = (y * width + x) * 3
        return (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
    }

    init(_ bytes: [UInt8]) throws {
        func bigEndian(_ offset: Int) -> Int {
            bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Inflate.Invalid(description: "signature") }
        var offset = 8
        var chunks: [(type: String, data: [UInt8])] = []
        while offset + 12 <= bytes.count {
            let length = bigEndian(offset)
            guard offset + 12 + length <= bytes.count else { throw Inflate.Invalid(description: "chunk length") }
            let typed = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            guard Self.crc32(typed) == UInt32(bigEndian(offset + 8 + length)) else { throw Inflate.Invalid(description: "crc") }
            chunks.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
            offset += 12 + length
        }
        guard offset == bytes.count, chunks.first?.type == "IHDR", chunks.last?.type == "IEND" else { throw Inflate.Invalid(description: "chunks") }
        let header = chunks[0].data
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard Array(header[8...]) == [8, 2, 0, 0, 0] else { throw Inflate.Invalid(description: "not 8-bit truecolour") }
        zlibStream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        let raw = try Inflate.zlib(zlibStream)
        let stride = width * 3
        guard raw.count == height * (stride + 1) else { throw Inflate.Invalid(description: "size") }
        pixels = []
        pixels.reserveCapacity(width * height * 3)
        var previous = [UInt8](repeating: 0, count: stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            var line = Array(raw[(row * (stride + 1) + 1)..<((row + 1) * (stride + 1))])
            for index in 0..<stride {
                let left = index >= 3 ? Int(line[index - 3]) : 0
                let up = Int(previous[index])
                let upLeft = index >= 3 ? Int(previous[index - 3]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predicted = a <= b && a <= c ? left : (b <= c ? up : upLeft)
                default: throw Inflate.Invalid(description: "filter \(filter)")
                }
                line[index] = UInt8((Int(line[index]) + predicted) & 0xFF)
            }
            pixels += line
            previous = line
        }
    }

    private static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
