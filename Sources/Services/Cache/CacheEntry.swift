import Foundation

/// One cache entry as it lies in its file: the key it answers, when it was saved, and the bytes.
///
/// The file is a 32-byte header, then the key (UTF-8), then the body:
///
/// | bytes | what |
/// |---|---|
/// | 0–7 | `RBCACHE1` |
/// | 8–15 | FNV-1a 64 of bytes 16 to the end, little-endian |
/// | 16–23 | saved at: `timeIntervalSince1970` as the bits of a Double, little-endian |
/// | 24–27 | key length, little-endian |
/// | 28–31 | body length, little-endian |
///
/// A file is an entry only when every field checks out and its length is exactly header + key + body:
/// a truncated, padded, bit-flipped or foreign file decodes to nil.
struct CacheEntry: Equatable, Sendable {
    static let magic = Array("RBCACHE1".utf8)
    static let headerSize = 32
    /// Keys are short (a query, an href); a longer one is refused.
    static let maxKeyBytes = 16 << 10

    let key: String
    let savedAt: Date
    let body: Data

    /// The file's bytes, or nil when the key is too long or the entry would be larger than `maxBytes`.
    func encoded(maxBytes: Int) -> Data? {
        let keyBytes = Array(key.utf8)
        guard keyBytes.count <= CacheEntry.maxKeyBytes, body.count <= Int(UInt32.max),
              CacheEntry.headerSize + keyBytes.count + body.count <= maxBytes else { return nil }
        var data = Data(capacity: CacheEntry.headerSize + keyBytes.count + body.count)
        data.append(contentsOf: CacheEntry.magic)
        data.append(contentsOf: [UInt8](repeating: 0, count: 8))
        CacheEntry.appendLittleEndian(savedAt.timeIntervalSince1970.bitPattern, to: &data)
        CacheEntry.appendLittleEndian(UInt32(keyBytes.count), to: &data)
        CacheEntry.appendLittleEndian(UInt32(body.count), to: &data)
        data.append(contentsOf: keyBytes)
        data.append(body)
        var checksum = Data()
        CacheEntry.appendLittleEndian(FNV1a.hash(data.dropFirst(16)), to: &checksum)
        data.replaceSubrange(data.startIndex + 8..<data.startIndex + 16, with: checksum)
        return data
    }

    /// The entry in `data`, or nil when `data` is anything but a whole, intact entry no larger than
    /// `maxBytes`.
    static func decode(_ data: Data, maxBytes: Int) -> CacheEntry? {
        let bytes = [UInt8](data.prefix(maxBytes + 1))
        guard bytes.count <= maxBytes, bytes.count >= headerSize, Array(bytes[0..<8]) == magic else { return nil }
        let keyLength = Int(littleEndian(bytes, at: 24, as: UInt32.self))
        let bodyLength = Int(littleEndian(bytes, at: 28, as: UInt32.self))
        guard keyLength <= maxKeyBytes, bytes.count == headerSize + keyLength + bodyLength,
              littleEndian(bytes, at: 8, as: UInt64.self) == FNV1a.hash(bytes[16...]) else { return nil }
        let seconds = Double(bitPattern: littleEndian(bytes, at: 16, as: UInt64.self))
        guard seconds.isFinite,
              let key = String(validating: bytes[headerSize..<headerSize + keyLength], as: UTF8.self) else { return nil }
        return CacheEntry(key: key, savedAt: Date(timeIntervalSince1970: seconds),
                          body: Data(bytes[(headerSize + keyLength)...]))
    }

    private static func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func littleEndian<Value: FixedWidthInteger>(_ bytes: [UInt8], at offset: Int, as: Value.Type) -> Value {
        var value: Value = 0
        for index in (0..<MemoryLayout<Value>.size).reversed() {
            value = value << 8 | Value(bytes[offset + index])
        }
        return value
    }
}

/// The 64-bit FNV-1a hash: entry checksums and file names. Not a defence against anyone who can write
/// the cache folder (nothing is); it tells damage from data.
enum FNV1a {
    static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
