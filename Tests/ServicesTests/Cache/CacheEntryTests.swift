import Foundation
import Testing
@testable import Services

@Suite struct CacheEntryFormat {
    let entry = CacheEntry(key: "search {\"page\":1}", savedAt: Date(timeIntervalSince1970: 1_800_000_000.25),
                           body: Data("{\"recipes\":[\"crème brûlée\"]}".utf8))
    let limit = 1 << 20

    func bytes() throws -> [UInt8] {
        [UInt8](try #require(entry.encoded(maxBytes: limit)))
    }

    /// An entry's bytes with the header fields as given and a checksum that matches them, so only the
    /// field itself can make the decoder refuse it.
    func forged(savedAt: UInt64 = Date(timeIntervalSince1970: 1_800_000_000).timeIntervalSince1970.bitPattern,
                key: [UInt8] = Array("k".utf8), keyLength: UInt32? = nil, body: [UInt8] = [1, 2, 3],
                bodyLength: UInt32? = nil) -> Data {
        func littleEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
            withUnsafeBytes(of: value.littleEndian) { Array($0) }
        }
        let rest = littleEndian(savedAt) + littleEndian(keyLength ?? UInt32(key.count)) + littleEndian(bodyLength ?? UInt32(body.count))
            + key + body
        return Data(Array("RBCACHE1".utf8) + littleEndian(FNV1a.hash(rest)) + rest)
    }

    @Test func anEntryReadsBackAsWritten() throws {
        let decoded = try #require(CacheEntry.decode(Data(try bytes()), maxBytes: limit))
        #expect(decoded == entry)
        #expect(decoded.savedAt.timeIntervalSince1970 == 1_800_000_000.25)
    }

    @Test func anEntryWithAnEmptyKeyAndBodyReadsBack() throws {
        let empty = CacheEntry(key: "", savedAt: Date(timeIntervalSince1970: 0), body: Data())
        let data = try #require(empty.encoded(maxBytes: 32))
        #expect(data.count == 32)
        #expect(CacheEntry.decode(data, maxBytes: 32) == empty)
    }

    @Test func aForgedEntryWithHonestFieldsIsAccepted() {
        // The forger below is right about the format: the refusals that use it are about one field.
        #expect(CacheEntry.decode(forged(), maxBytes: limit) == CacheEntry(key: "k", savedAt: Date(timeIntervalSince1970: 1_800_000_000), body: Data([1, 2, 3])))
    }

    @Test func everyTruncationIsRefused() throws {
        let bytes = try bytes()
        for length in 0..<bytes.count {
            #expect(CacheEntry.decode(Data(bytes[0..<length]), maxBytes: limit) == nil, "cut at \(length)")
        }
    }

    @Test func everyChangedByteIsRefused() throws {
        let bytes = try bytes()
        for index in bytes.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = bytes
                damaged[index] ^= flip
                #expect(CacheEntry.decode(Data(damaged), maxBytes: limit) == nil, "byte \(index) ^ \(flip)")
            }
        }
    }

    @Test func anyByteAfterTheEndIsRefused() throws {
        let bytes = try bytes()
        for value in UInt8.min...UInt8.max {
            #expect(CacheEntry.decode(Data(bytes + [value]), maxBytes: limit) == nil, "padded with \(value)")
        }
    }

    @Test func foreignFilesAreRefused() {
        var foreign: [Data] = [Data(), Data("RBCACHE1".utf8), Data("RBCACHE1".utf8 + [UInt8](repeating: 0, count: 24)),
                               Data("{\"number\":1,\"recipes\":[]}".utf8), Data("SQLite format 3\0".utf8 + [UInt8](repeating: 0, count: 84))]
        foreign += (UInt8.min...UInt8.max).map { Data([$0]) }
        foreign += (UInt8.min...UInt8.max).map { Data(repeating: $0, count: 64) }
        for data in foreign {
            #expect(CacheEntry.decode(data, maxBytes: limit) == nil, "\(Array(data.prefix(16)))")
        }
    }

    @Test func lengthsThatLieAreRefused() {
        for (keyLength, bodyLength): (UInt32, UInt32) in [(2, 3), (1, 2), (0, 3), (1, 4), (UInt32.max, 3), (1, UInt32.max),
                                                          (UInt32(CacheEntry.maxKeyBytes + 1), 0)] {
            #expect(CacheEntry.decode(forged(keyLength: keyLength, bodyLength: bodyLength), maxBytes: limit) == nil,
                    "key \(keyLength) body \(bodyLength)")
        }
    }

    @Test func aKeyThatIsNotUTF8IsRefused() {
        for key: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x61, 0x80]] {
            #expect(CacheEntry.decode(forged(key: key), maxBytes: limit) == nil, "\(key)")
        }
    }

    @Test func aTimeThatIsNotANumberIsRefused() {
        for value in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            #expect(CacheEntry.decode(forged(savedAt: value.bitPattern), maxBytes: limit) == nil, "\(value)")
        }
    }

    @Test func anEntryOverTheLimitIsNeitherWrittenNorRead() throws {
        let bytes = try bytes()
        #expect(entry.encoded(maxBytes: bytes.count - 1) == nil)
        #expect(entry.encoded(maxBytes: bytes.count) != nil)
        #expect(CacheEntry.decode(Data(bytes), maxBytes: bytes.count - 1) == nil)
        #expect(CacheEntry.decode(Data(bytes), maxBytes: bytes.count) == entry)
    }

    @Test func aKeyOverItsLimitIsNotWritten() {
        let long = CacheEntry(key: String(repeating: "k", count: CacheEntry.maxKeyBytes + 1), savedAt: Date(), body: Data())
        #expect(long.encoded(maxBytes: limit) == nil)
        let longest = CacheEntry(key: String(repeating: "k", count: CacheEntry.maxKeyBytes), savedAt: Date(), body: Data())
        #expect(longest.encoded(maxBytes: limit) != nil)
    }

    @Test func entryNamesAreSixteenHexDigits() {
        for key in ["", "a", "search {}", String(repeating: "é", count: 500)] {
            let name = CacheFiles.entryName(for: key)
            #expect(CacheFiles.isEntryName(name), "\(name)")
            #expect(name.count == 16 + ".entry".count)
        }
        #expect(CacheFiles.entryName(for: "a") != CacheFiles.entryName(for: "b"))
        for name in ["lock", ".entry", "0123456789abcdef.entr", "0123456789ABCDEF.entry", "0123456789abcde.entry",
                     "0123456789abcdefa.entry", ".tmp-1-2", "0123456789abcdeg.entry"] {
            #expect(!CacheFiles.isEntryName(name), "\(name)")
        }
    }
}
