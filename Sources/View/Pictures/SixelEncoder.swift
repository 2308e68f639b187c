import Presenter

/// DEC sixel graphics: the picture scaled to the pixels of its cells, quantized to at most `colours`
/// registers (`#n;2;r;g;b` in percent), then drawn in bands six pixels high: for each colour in a
/// band, one sixel character a column (63 plus the bits of the rows in that colour), runs of four or
/// more as `!count`, `$` back to the band's start, `-` on to the next band. Transparent pixels are
/// left alone (P2=1). A newline follows: xterm (in its sixel scrolling mode) leaves the cursor on
/// the last text row the picture touches, so the cursor ends on the line below the picture.
enum SixelEncoder {
    static func encode(_ picture: PictureModel, columns: Int, rows: Int, cell: CellSize?, colours: Int = 256,
                       dithering: Bool = true) -> String {
        let layout = PictureLayout(pictureWidth: picture.width, pictureHeight: picture.height, maxColumns: columns, maxRows: rows,
                                   cell: cell ?? .assumed)
        let width = layout.pixelWidth
        let height = layout.pixelHeight
        let pixels = PixelResampler.resize(picture.rgba, width: picture.width, height: picture.height, toWidth: width, toHeight: height)
        let palette = SixelPalette(rgba: pixels, width: width, height: height, maxColours: colours, dithering: dithering)

        var output: [UInt8] = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        for (index, colour) in palette.colours.enumerated() {
            output += Array("#\(index);2;\(percent(colour.red));\(percent(colour.green));\(percent(colour.blue))".utf8)
        }
        // One row of sixels per colour, filled in one pass over each band.
        let colourCount = palette.colours.count
        var sixels = [UInt8](repeating: 0, count: max(1, colourCount) * width)
        var present = [Bool](repeating: false, count: colourCount)
        let bands = (height + 5) / 6
        for band in 0..<bands {
            let top = band * 6
            for y in top..<min(height, top + 6) {
                let bit = UInt8(1) << UInt8(y - top)
                for x in 0..<width {
                    let entry = Int(palette.indices[y * width + x])
                    guard entry >= 0 else { continue }
                    present[entry] = true
                    sixels[entry * width + x] |= bit
                }
            }
            var firstColour = true
            for entry in 0..<colourCount where present[entry] {
                if !firstColour { output.append(UInt8(ascii: "$")) }
                firstColour = false
                output += Array("#\(entry)".utf8)
                appendRuns(sixels[(entry * width)..<((entry + 1) * width)], to: &output)
                for x in (entry * width)..<((entry + 1) * width) { sixels[x] = 0 }
                present[entry] = false
            }
            if band + 1 < bands { output.append(UInt8(ascii: "-")) }
        }
        output += [0x1B, UInt8(ascii: "\\"), UInt8(ascii: "\n")]
        return String(decoding: output, as: UTF8.self)
    }

    private static func percent(_ value: UInt8) -> Int {
        (Int(value) * 100 + 127) / 255
    }

    /// The sixel characters of one colour in a band, with runs encoded and empty columns at the end
    /// left out.
    private static func appendRuns(_ sixels: ArraySlice<UInt8>, to output: inout [UInt8]) {
        var end = sixels.endIndex
        while end > sixels.startIndex && sixels[end - 1] == 0 { end -= 1 }
        var x = sixels.startIndex
        while x < end {
            var run = 1
            while x + run < end && sixels[x + run] == sixels[x] { run += 1 }
            let character = 63 + sixels[x]
            if run >= 4 {
                output += Array("!\(run)".utf8)
                output.append(character)
            } else {
                output += [UInt8](repeating: character, count: run)
            }
            x += run
        }
    }
}
