import Entity
import Foundation
import Testing
@testable import Services

@Suite("PNG encoder")
struct ImageEncoderTests {
    private func picture(width: Int, height: Int, seed: UInt32) throws -> PixelImage {
        var state = seed
        let bytes = (0..<(width * height * 4)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        return try #require(PixelImage(width: width, height: height, rgba: bytes))
    }

    @Test(arguments: [(1, 1), (3, 7), (64, 48), (300, 2)])
    func aPNGDecodesBackToExactlyThePixelsGiven(width: Int, height: Int) throws {
        // Random bytes: colours under zero alpha, every alpha value, nothing that compresses.
        let image = try picture(width: width, height: height, seed: UInt32(width * 1000 + height))
        let png = try ImageEncoder.png(image)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try ImageDecoder().decode(png, maxWidth: 4096, maxHeight: 4096) == image)
    }

    @Test func aFlatPictureCompresses() throws {
        let image = try #require(PixelImage(width: 200, height: 200, rgba: [UInt8](repeating: 200, count: 200 * 200 * 4)))
        #expect(try ImageEncoder.png(image).count < 2000)
    }
}

@Suite("Streaming downsampler")
struct RowDownsamplerTests {
    private func run(_ rows: [[UInt8]], width: Int, to size: (Int, Int)) throws -> PixelImage {
        var downsampler = RowDownsampler(sourceWidth: width, sourceHeight: rows.count, width: size.0, height: size.1)
        for row in rows { row.withUnsafeBufferPointer { if let base = $0.baseAddress { downsampler.add(row: base) } } }
        return try #require(downsampler.image())
    }

    @Test func eachOutputPixelIsTheMeanOfItsBox() throws {
        let rows: [[UInt8]] = [
            [0, 0, 0, 255, 100, 0, 0, 255, 10, 10, 10, 255, 30, 30, 30, 255],
            [200, 0, 0, 255, 100, 40, 0, 255, 50, 50, 50, 255, 70, 70, 70, 255],
        ]
        let image = try run(rows, width: 4, to: (2, 1))
        #expect(image.rgba == [100, 10, 0, 255, 40, 40, 40, 255])
    }

    @Test func transparentPixelsDoNotBleedTheirColour() throws {
        // Left half opaque white, right half transparent black: the mean is white at half alpha.
        let rows: [[UInt8]] = [[255, 255, 255, 255, 0, 0, 0, 0], [255, 255, 255, 255, 0, 0, 0, 0]]
        let image = try run(rows, width: 2, to: (1, 1))
        #expect(image.rgba == [255, 255, 255, 128])
    }

    @Test func unevenBoxesCoverEverySourcePixelOnce() throws {
        // 5 → 2 columns and 3 → 2 rows: boxes of 3 and 2 columns, 2 and 1 rows.
        let row: [UInt8] = (0..<5).flatMap { [UInt8($0 * 10), 0, 0, 255] }
        let image = try run([row, row, row], width: 5, to: (2, 2))
        #expect(image.rgba == [10, 0, 0, 255, 35, 0, 0, 255, 10, 0, 0, 255, 35, 0, 0, 255])
    }

    @Test func anImageIsOnlyGivenOnceEveryRowHasArrived() {
        var downsampler = RowDownsampler(sourceWidth: 1, sourceHeight: 2, width: 1, height: 1)
        [UInt8](repeating: 9, count: 4).withUnsafeBufferPointer { if let base = $0.baseAddress { downsampler.add(row: base) } }
        #expect(downsampler.image() == nil)
    }
}
