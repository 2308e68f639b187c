// Standard library only.

/// zlib streams (RFC 1950) of deflate data (RFC 1951) compressed with LZ77 and the fixed Huffman
/// codes: one final block, matches of 3 to 258 bytes found through hash chains over a 32 KB window.
/// Not as small as zlib's dynamic codes, but real compression in about 150 lines; deterministic.
enum Deflate {
    /// `data` as a zlib stream.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.bytes.reserveCapacity(data.count / 3 + 64)
        writer.bytes += [0x78, 0x9C]  // deflate, 32 KB window, default level; header checksum fits
        writer.write(bits: 1, count: 1)  // BFINAL
        writer.write(bits: 1, count: 2)  // BTYPE 01: fixed Huffman codes
        data.withUnsafeBufferPointer { compress($0, into: &writer) }
        writer.writeCode(FixedCodes.literal[256])  // end of block
        writer.flush()
        let checksum = adler32(data)
        writer.bytes += [UInt8(checksum >> 24), UInt8((checksum >> 16) & 0xFF), UInt8((checksum >> 8) & 0xFF), UInt8(checksum & 0xFF)]
        return writer.bytes
    }

    /// A zlib stream of stored (uncompressed) blocks, at most 65,535 bytes each.
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
        let checksum = adler32(data)
        stream += [UInt8(checksum >> 24), UInt8((checksum >> 16) & 0xFF), UInt8((checksum >> 8) & 0xFF), UInt8(checksum & 0xFF)]
        return stream
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        data.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                // 5,552 bytes is the most that cannot overflow b before the modulo.
                let end = min(index + 5_552, bytes.count)
                while index < end {
                    a &+= UInt32(bytes[index])
                    b &+= a
                    index += 1
                }
                a %= 65_521
                b %= 65_521
            }
        }
        return b << 16 | a
    }

    // MARK: - LZ77

    private static let windowSize = 1 << 15
    private static let minMatch = 3
    private static let maxMatch = 258
    private static let hashBits = 15
    private static let maxChain = 24
    /// A match this long is taken without looking further.
    private static let goodEnough = 64

    private static func compress(_ data: UnsafeBufferPointer<UInt8>, into writer: inout BitWriter) {
        let count = data.count
        var head = [Int32](repeating: -1, count: 1 << hashBits)
        var previous = [Int32](repeating: -1, count: windowSize)
        head.withUnsafeMutableBufferPointer { head in
            previous.withUnsafeMutableBufferPointer { previous in
                func hash(_ position: Int) -> Int {
                    let value = UInt32(data[position]) << 16 | UInt32(data[position + 1]) << 8 | UInt32(data[position + 2])
                    return Int((value &* 2_654_435_761) >> UInt32(32 - hashBits))
                }
                func insert(_ position: Int) {
                    guard position + minMatch <= count else { return }
                    let key = hash(position)
                    previous[position & (windowSize - 1)] = head[key]
                    head[key] = Int32(position)
                }

                var position = 0
                while position < count {
                    var bestLength = 0
                    var bestDistance = 0
                    if position + minMatch <= count {
                        var candidate = Int(head[hash(position)])
                        var chain = maxChain
                        let limit = min(maxMatch, count - position)
                        while candidate >= 0, position - candidate <= windowSize, chain > 0 {
                            if data[candidate + bestLength] == data[position + bestLength] {
                                var length = 0
                                while length < limit, data[candidate + length] == data[position + length] { length += 1 }
                                if length > bestLength {
                                    bestLength = length
                                    bestDistance = position - candidate
                                    if length >= goodEnough || length == limit { break }
                                }
                            }
                            let next = Int(previous[candidate & (windowSize - 1)])
                            guard next < candidate else { break }  // the slot was reused for a newer position
                            candidate = next
                            chain -= 1
                        }
                    }
                    if bestLength >= minMatch {
                        writer.writeMatch(length: bestLength, distance: bestDistance)
                        for offset in 0..<bestLength { insert(position + offset) }
                        position += bestLength
                    } else {
                        writer.writeCode(FixedCodes.literal[Int(data[position])])
                        insert(position)
                        position += 1
                    }
                }
            }
        }
    }
}

/// A Huffman code ready to write: its bits already reversed, as deflate's bit order needs.
struct HuffmanCode {
    var bits: UInt32
    var count: Int
}

/// The fixed literal/length and distance codes of RFC 1951 section 3.2.6, with the length and
/// distance bases and extra bits of section 3.2.5.
enum FixedCodes {
    static let literal: [HuffmanCode] = (0..<288).map { symbol in
        switch symbol {
        case 0...143: return code(0x30 + symbol, count: 8)
        case 144...255: return code(0x190 + symbol - 144, count: 9)
        case 256...279: return code(symbol - 256, count: 7)
        default: return code(0xC0 + symbol - 280, count: 8)
        }
    }

    static let distance: [HuffmanCode] = (0..<30).map { code($0, count: 5) }

    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// Length 3...258 to its index in `lengthBase` (symbol 257 + index).
    static let lengthIndex: [UInt8] = (0...258).map { length in
        guard length >= 3 else { return 0 }
        return UInt8((lengthBase.lastIndex { $0 <= length }) ?? 0)
    }

    private static func code(_ value: Int, count: Int) -> HuffmanCode {
        var reversed: UInt32 = 0
        for bit in 0..<count where value & (1 << (count - 1 - bit)) != 0 {
            reversed |= 1 << UInt32(bit)
        }
        return HuffmanCode(bits: reversed, count: count)
    }

    /// Distance 1...32768 to its index in `distanceBase`.
    static func distanceIndex(_ distance: Int) -> Int {
        var low = 0
        var high = distanceBase.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if distanceBase[middle] <= distance { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// Bits packed least significant first, as deflate stores them.
struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var filled = 0

    mutating func write(bits: UInt32, count: Int) {
        buffer |= UInt64(bits) << UInt64(filled)
        filled += count
        while filled >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            filled -= 8
        }
    }

    mutating func writeCode(_ code: HuffmanCode) {
        write(bits: code.bits, count: code.count)
    }

    mutating func writeMatch(length: Int, distance: Int) {
        let lengthIndex = Int(FixedCodes.lengthIndex[length])
        writeCode(FixedCodes.literal[257 + lengthIndex])
        let lengthExtra = FixedCodes.lengthExtra[lengthIndex]
        if lengthExtra > 0 { write(bits: UInt32(length - FixedCodes.lengthBase[lengthIndex]), count: lengthExtra) }
        let distanceIndex = FixedCodes.distanceIndex(distance)
        writeCode(FixedCodes.distance[distanceIndex])
        let distanceExtra = FixedCodes.distanceExtra[distanceIndex]
        if distanceExtra > 0 { write(bits: UInt32(distance - FixedCodes.distanceBase[distanceIndex]), count: distanceExtra) }
    }

    /// Writes out the last partial byte, padded with zero bits.
    mutating func flush() {
        if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        filled = 0
    }
}
