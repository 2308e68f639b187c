import Testing
@testable import PuppyServer

extension SplitMix {
    mutating func bytes(_ count: Int, alphabet: Int = 256) -> [UInt8] {
        (0..<count).map { _ in UInt8(next() % UInt64(alphabet)) }
    }
}

@Suite("Deflate and PNG encoding")
struct DeflateTests {
    private static var samples: [(String, [UInt8])] {
        var random = SplitMix(seed: 42)
        let phrase = Array("the quick brown fox jumps over the lazy dog; ".utf8)
        let block = random.bytes(1_000)
        return [
            ("empty", []),
            ("one byte", [7]),
            ("three bytes", Array("abc".utf8)),
            ("a long run", [UInt8](repeating: 0, count: 100_000)),
            ("runs of 257, 258 and 259", [UInt8](repeating: 1, count: 257) + [2] + [UInt8](repeating: 3, count: 258) + [4] + [UInt8](repeating: 5, count: 259)),
            ("noise", random.bytes(70_000)),
            ("few symbols", random.bytes(50_000, alphabet: 4)),
            ("repeated text", (0..<3_000).flatMap { _ in phrase }),
            ("a match exactly 32768 back", block + random.bytes(32_768 - block.count) + block),
            ("a match 32769 back", block + random.bytes(32_769 - block.count) + block),
            ("every byte value", (0..<256).map(UInt8.init) + (0..<256).map(UInt8.init)),
        ]
    }

    @Test func everyStreamInflatesBackToItsInputWithAnIndependentDecoder() throws {
        for (name, data) in Self.samples {
            let stream = Deflate.zlib(data)
            #expect(try Inflate.zlib(stream) == data, "\(name)")
            #expect(try Inflate.blockTypes(stream) == [1], "\(name)")
            #expect(try Inflate.zlib(Deflate.zlibStored(data)) == data, "\(name) stored")
        }
    }

    @Test func repetitiveDataIsReallyCompressed() {
        #expect(Deflate.zlib([UInt8](repeating: 0, count: 100_000)).count < 1_000)
        let text = (0..<3_000).flatMap { _ in Array("the quick brown fox jumps over the lazy dog; ".utf8) }
        #expect(Deflate.zlib(text).count < text.count / 20)
    }

    @Test func theChecksumsMatchPublishedValues() {
        #expect(PNGEncoder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(Deflate.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Deflate.adler32([UInt8](repeating: 255, count: 100_000)) == Inflate.adler32([UInt8](repeating: 255, count: 100_000)))
    }

    @Test func theStoredBlockEncoderSplitsLongData() {
        let stream = Deflate.zlibStored([UInt8](repeating: 7, count: 70_000))
        #expect(stream.count == 2 + 5 + 65_535 + 5 + (70_000 - 65_535) + 4)
    }

    @Test func aCanvasSurvivesEncodingPixelForPixel() throws {
        var canvas = Canvas(width: 37, height: 23)
        var random = SplitMix(seed: 7)
        for index in canvas.pixels.indices {
            // Smooth areas and noise, so every filter gets chosen somewhere.
            canvas.pixels[index] = index % 300 < 150 ? UInt8(index / 111 % 256) : UInt8(random.next() % 256)
        }
        let png = try DecodedPNG(PNGEncoder.encode(canvas))
        #expect(png.width == 37 && png.height == 23)
        #expect(png.pixels == canvas.pixels)
        let filters = Set((0..<23).map { PNGEncoder.filteredRows(canvas)[$0 * (37 * 3 + 1)] })
        #expect(filters.count >= 2)
    }
}
