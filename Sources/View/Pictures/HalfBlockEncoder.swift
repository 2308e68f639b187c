import Presenter

/// Unicode half blocks: each cell is two pixels, the upper drawn by `▀` in the foreground colour, the
/// lower by the background colour, in 24-bit (`38;2;r;g;b`) or xterm-256 (`38;5;n`) colours. A
/// transparent half leaves the terminal's own background (`▄`, or a space). Colours are only sent when
/// they change; every line ends with a reset, so nothing bleeds when the screen scrolls.
enum HalfBlockEncoder {
    static func encode(_ picture: PictureModel, columns: Int, rows: Int, cell: CellSize?, colours: HalfBlockColours) -> String {
        let grid = PictureLayout.halfBlocks(pictureWidth: picture.width, pictureHeight: picture.height, maxColumns: columns,
                                            maxRows: rows, cell: cell ?? .assumed)
        let pixels = PixelResampler.resize(picture.rgba, width: picture.width, height: picture.height,
                                           toWidth: grid.columns, toHeight: grid.pixelRows)
        func colour(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)? {
            guard y < grid.pixelRows else { return nil }
            let offset = (y * grid.columns + x) * 4
            guard pixels[offset + 3] >= 128 else { return nil }
            return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
        }
        func sgr(_ layer: Int, _ colour: (UInt8, UInt8, UInt8)?) -> String {
            guard let (red, green, blue) = colour else { return layer == 38 ? "39" : "49" }
            switch colours {
            case .trueColour: return "\(layer);2;\(red);\(green);\(blue)"
            case .xterm256: return "\(layer);5;\(XtermPalette.nearest(red: red, green: green, blue: blue))"
            }
        }

        var output = ""
        for row in 0..<((grid.pixelRows + 1) / 2) {
            var foreground: String?
            var background: String?
            for x in 0..<grid.columns {
                let top = colour(x, row * 2)
                let bottom = colour(x, row * 2 + 1)
                let glyph: String
                let wanted: (foreground: String?, background: String)
                switch (top, bottom) {
                case (nil, nil):
                    glyph = " "
                    wanted = (nil, sgr(48, nil))
                case (let top?, nil):
                    glyph = "▀"
                    wanted = (sgr(38, top), sgr(48, nil))
                case (nil, let bottom?):
                    glyph = "▄"
                    wanted = (sgr(38, bottom), sgr(48, nil))
                case (let top?, let bottom?):
                    glyph = "▀"
                    wanted = (sgr(38, top), sgr(48, bottom))
                }
                var codes: [String] = []
                if let wantedForeground = wanted.foreground, wantedForeground != foreground {
                    codes.append(wantedForeground)
                    foreground = wantedForeground
                }
                if wanted.background != background {
                    codes.append(wanted.background)
                    background = wanted.background
                }
                if !codes.isEmpty { output += "\u{1B}[" + codes.joined(separator: ";") + "m" }
                output += glyph
            }
            output += "\u{1B}[0m\n"
        }
        return output
    }
}
