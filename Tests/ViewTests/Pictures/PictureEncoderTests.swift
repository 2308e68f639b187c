import Foundation
import Presenter
import Testing
@testable import View

private let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255]
private let blue: [UInt8] = [0, 0, 255, 255], yellow: [UInt8] = [255, 255, 0, 255]
private let clear: [UInt8] = [0, 0, 0, 0]

/// The colour a quadrant picture of `width` × `height` has at (x, y).
private func quadrantColour(_ x: Int, _ y: Int, width: Int, height: Int, transparentCorner: Bool = false) -> [UInt8] {
    switch (x < width / 2, y < height / 2) {
    case (true, true): return transparentCorner ? clear : red
    case (false, true): return green
    case (true, false): return blue
    case (false, false): return yellow
    }
}

private func within(_ a: [UInt8], _ b: [UInt8], _ tolerance: Int) -> Bool {
    zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
}

@Suite("Picture layout")
struct PictureLayoutTests {
    @Test(arguments: [
        // picture, box, cell → columns, rows, pixels
        ((8, 8), (10, 5), (8, 16), (10, 5, 80, 80)),
        ((1024, 683), (80, 24), (8, 16), (72, 24, 576, 384)),
        ((1024, 683), (40, 40), (8, 16), (40, 14, 320, 213)),
        ((683, 1024), (80, 24), (6, 13), (35, 24, 208, 312)),
        ((1, 1), (3, 3), (8, 16), (3, 2, 24, 24)),
        ((64, 64), (0, 0), (8, 16), (1, 1, 8, 8)),
    ])
    func picturesFillTheirBoxWithTheAspectRatioKept(picture: (Int, Int), box: (Int, Int), cell: (Int, Int), expected: (Int, Int, Int, Int)) {
        let layout = PictureLayout(pictureWidth: picture.0, pictureHeight: picture.1, maxColumns: box.0, maxRows: box.1,
                                   cell: CellSize(width: cell.0, height: cell.1))
        #expect(layout.columns == expected.0 && layout.rows == expected.1, "\(layout)")
        #expect(layout.pixelWidth == expected.2 && layout.pixelHeight == expected.3, "\(layout)")
    }

    @Test func halfBlocksAreTwoSquarePixelsACell() {
        let grid = PictureLayout.halfBlocks(pictureWidth: 1024, pictureHeight: 683, maxColumns: 80, maxRows: 24, cell: .assumed)
        #expect(grid.columns == 72 && grid.pixelRows == 48)
        let square = PictureLayout.halfBlocks(pictureWidth: 100, pictureHeight: 100, maxColumns: 10, maxRows: 10, cell: .assumed)
        #expect(square.columns == 10 && square.pixelRows == 10)
    }
}

@Suite("Picture encoders")
struct PictureEncoderTests {
    @Test func kittyGetsThePNGInChunksAndItDecodesToThePicture() throws {
        let picture = try #require(TestPictures.noise(width: 64, height: 64))
        let output = KittyGraphicsEncoder.encode(picture, columns: 16, rows: 8, cell: CellSize(width: 8, height: 16))
        let chunks = try kittyChunks(output)
        #expect(chunks.count > 2)
        #expect(chunks[0].keys == ["a": "T", "f": "100", "t": "d", "q": "2", "c": "16", "r": "8", "m": "1"])
        for chunk in chunks.dropFirst().dropLast() { #expect(chunk.keys == ["m": "1"]) }
        #expect(chunks.last?.keys == ["m": "0"])
        #expect(chunks.allSatisfy { $0.payload.utf8.count <= 4096 && $0.payload.utf8.count % 4 == 0 })
        let data = try #require(Data(base64Encoded: chunks.map(\.payload).joined()))
        let decoded = try decodePNG(data)
        #expect(decoded == DecodedPicture(width: 64, height: 64, rgba: picture.rgba))
    }

    @Test func kittyGetsRawPixelsScaledToTheCellsWhenThereIsNoPNG() throws {
        let quadrants = try #require(TestPictures.quadrants())
        let picture = try #require(TestPictures.model(width: 8, height: 8, rgba: quadrants.rgba, withPNG: false))
        let chunks = try kittyChunks(KittyGraphicsEncoder.encode(picture, columns: 2, rows: 1, cell: CellSize(width: 8, height: 16)))
        #expect(chunks.count == 1)
        #expect(chunks[0].keys == ["a": "T", "f": "32", "s": "16", "v": "16", "t": "d", "q": "2", "c": "2", "r": "1", "m": "0"])
        let pixels = try #require(Data(base64Encoded: chunks[0].payload))
        let decoded = DecodedPicture(width: 16, height: 16, rgba: Array(pixels))
        for y in 0..<16 {
            for x in 0..<16 { #expect(decoded.pixel(x, y) == quadrantColour(x, y, width: 16, height: 16), "at \(x),\(y)") }
        }
    }

    @Test func iTerm2GetsTheFileWithItsSizeInCells() throws {
        let picture = try #require(TestPictures.quadrants(width: 8, height: 4))
        let output = ITermImageEncoder.encode(picture, columns: 10, rows: 10, cell: CellSize(width: 8, height: 16))
        #expect(output.hasPrefix("\u{1B}]1337;File=inline=1;size=\(picture.png.count);width=10;height=3;preserveAspectRatio=1:"))
        #expect(output.hasSuffix("\u{07}\n"))
        let base64 = try #require(output.split(separator: ":").last?.dropLast(2))
        let data = try #require(Data(base64Encoded: String(base64)))
        #expect(try decodePNG(data) == DecodedPicture(width: 8, height: 4, rgba: picture.rgba))
        let withoutPNG = try #require(TestPictures.model(width: 8, height: 4, rgba: picture.rgba, withPNG: false))
        #expect(ITermImageEncoder.encode(withoutPNG, columns: 10, rows: 10, cell: nil).isEmpty)
    }

    @Test(arguments: [false, true])
    func sixelDecodesToTheQuadrants(transparentCorner: Bool) throws {
        let picture = try #require(TestPictures.quadrants(transparentCorner: transparentCorner))
        // 8×8 pixels into 4 columns of 6×12 cells: 24×24 pixels.
        let output = SixelEncoder.encode(picture, columns: 4, rows: 2, cell: CellSize(width: 6, height: 12))
        #expect(output.hasPrefix("\u{1B}P0;1;0q\"1;1;24;24"))
        let (decoded, colours) = try decodeSixel(output)
        #expect(colours == (transparentCorner ? 3 : 4))
        #expect(decoded.width == 24 && decoded.height == 24)
        for y in 0..<24 {
            for x in 0..<24 {
                let expected = quadrantColour(x, y, width: 24, height: 24, transparentCorner: transparentCorner)
                #expect(within(decoded.pixel(x, y), expected, 0), "at \(x),\(y): \(decoded.pixel(x, y))")
            }
        }
        #expect(output.contains("!12~"), "runs are encoded")
    }

    @Test(arguments: [(256, false), (256, true), (16, true)])
    func sixelQuantizesManyColoursClosely(colours: Int, dithering: Bool) throws {
        let picture = try #require(TestPictures.gradient(width: 96, height: 60))
        let output = SixelEncoder.encode(picture, columns: 12, rows: 5, cell: CellSize(width: 8, height: 12), colours: colours, dithering: dithering)
        let (decoded, defined) = try decodeSixel(output)
        #expect(decoded.width == 96 && decoded.height == 60)
        #expect(defined == colours)
        #expect(decoded.rgba.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
        // Dithering trades each pixel's accuracy for the right mean over a few pixels: compare the
        // means of 4×4 blocks.
        var error = 0
        for blockY in stride(from: 0, to: 60, by: 4) {
            for blockX in stride(from: 0, to: 96, by: 4) {
                for channel in 0..<3 {
                    var meant = 0, drawn = 0
                    for y in blockY..<(blockY + 4) {
                        for x in blockX..<(blockX + 4) {
                            meant += Int(picture.rgba[(y * 96 + x) * 4 + channel])
                            drawn += Int(decoded.rgba[(y * 96 + x) * 4 + channel])
                        }
                    }
                    error += abs(meant - drawn)
                }
            }
        }
        let meanError = Double(error) / Double(96 * 60 * 3)
        #expect(meanError < (colours == 256 ? 3 : 10), "mean error of 4×4 blocks \(meanError)")
    }

    @Test(arguments: [HalfBlockColours.trueColour, .xterm256])
    func halfBlocksDecodeToTheQuadrants(colours: HalfBlockColours) throws {
        let picture = try #require(TestPictures.quadrants(transparentCorner: true))
        let output = HalfBlockEncoder.encode(picture, columns: 8, rows: 4, cell: CellSize(width: 8, height: 16), colours: colours)
        let decoded = try decodeHalfBlocks(output)
        #expect(decoded.width == 8 && decoded.height == 8)
        for y in 0..<8 {
            for x in 0..<8 {
                #expect(decoded.pixel(x, y) == quadrantColour(x, y, width: 8, height: 8, transparentCorner: true), "at \(x),\(y)")
            }
        }
        #expect(output.components(separatedBy: "\n").count == 5)
        #expect(output.hasSuffix("\u{1B}[0m\n"))
    }

    @Test func aTransparentHalfCellShowsTheTerminalsBackground() throws {
        // Left column: clear over red; right column: green over clear.
        let rgba = clear + green + red + clear
        let picture = try #require(TestPictures.model(width: 2, height: 2, rgba: rgba))
        let output = HalfBlockEncoder.encode(picture, columns: 2, rows: 1, cell: CellSize(width: 8, height: 16), colours: .trueColour)
        #expect(output == "\u{1B}[38;2;255;0;0;49m▄\u{1B}[38;2;0;255;0m▀\u{1B}[0m\n")
        #expect(try decodeHalfBlocks(output) == DecodedPicture(width: 2, height: 2, rgba: rgba))
    }

    @Test func halfBlocksSendAColourOnlyWhenItChanges() throws {
        let picture = try #require(TestPictures.model(width: 4, height: 2, rgba: Array([[UInt8]](repeating: red, count: 8).joined())))
        let output = HalfBlockEncoder.encode(picture, columns: 4, rows: 1, cell: CellSize(width: 8, height: 16), colours: .trueColour)
        #expect(output == "\u{1B}[38;2;255;0;0;48;2;255;0;0m▀▀▀▀\u{1B}[0m\n")
    }

    @Test func halfBlocksPickTheNearestXterm256Colour() {
        #expect(XtermPalette.nearest(red: 255, green: 0, blue: 0) == 196)
        #expect(XtermPalette.nearest(red: 0, green: 0, blue: 0) == 16)
        #expect(XtermPalette.nearest(red: 128, green: 128, blue: 128) == 244)
        #expect(XtermPalette.nearest(red: 95, green: 135, blue: 175) == 67)
        for index in 16...255 {
            let (r, g, b) = XtermPalette.colour(index)
            let nearest = XtermPalette.nearest(red: r, green: g, blue: b)
            #expect(XtermPalette.colour(nearest) == XtermPalette.colour(index), "entry \(index)")
        }
    }

    @Test func resamplingAveragesWhenShrinkingAndRepeatsWhenEnlarging() {
        let two: [UInt8] = [0, 0, 0, 255, 200, 100, 50, 255]
        #expect(PixelResampler.resize(two, width: 2, height: 1, toWidth: 1, toHeight: 1) == [100, 50, 25, 255])
        let doubled: [UInt8] = [0, 0, 0, 255, 0, 0, 0, 255, 200, 100, 50, 255, 200, 100, 50, 255]
        #expect(PixelResampler.resize(two, width: 2, height: 1, toWidth: 4, toHeight: 1) == doubled)
        let halfClear: [UInt8] = [255, 255, 255, 255, 0, 0, 0, 0]
        #expect(PixelResampler.resize(halfClear, width: 2, height: 1, toWidth: 1, toHeight: 1) == [255, 255, 255, 128])
    }

    @Test func theRenderingFollowsTheProtocolAndDrawsNothingForALink() throws {
        let picture = try #require(TestPictures.quadrants())
        let cell = CellSize(width: 8, height: 16)
        #expect(PictureRendering.render(picture, with: .kitty, columns: 4, rows: 2, cell: cell).hasPrefix("\u{1B}_G"))
        #expect(PictureRendering.render(picture, with: .iTerm2, columns: 4, rows: 2, cell: cell).hasPrefix("\u{1B}]1337;"))
        #expect(PictureRendering.render(picture, with: .sixel(colours: 16), columns: 4, rows: 2, cell: cell).hasPrefix("\u{1B}P"))
        #expect(PictureRendering.render(picture, with: .halfBlocks(.xterm256), columns: 4, rows: 2, cell: cell).contains("38;5;"))
        #expect(PictureRendering.render(picture, with: .linkOnly, columns: 4, rows: 2, cell: cell).isEmpty)
        #expect(PictureRendering.render(picture, with: .kitty, columns: 0, rows: 2, cell: cell).isEmpty)
    }
}
