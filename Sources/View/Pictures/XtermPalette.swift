/// The xterm 256-colour palette's fixed part: the 6×6×6 colour cube (16–231) and the grey ramp
/// (232–255). The first 16 are left out: terminals set them to taste.
enum XtermPalette {
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest of colours 16–255.
    static func nearest(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        let r = level(red), g = level(green), b = level(blue)
        let cube = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance(red, green, blue, cubeLevels[r], cubeLevels[g], cubeLevels[b])
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let grey = min(23, max(0, (average - 3) / 10))
        let greyLevel = 8 + 10 * grey
        let greyDistance = distance(red, green, blue, greyLevel, greyLevel, greyLevel)
        return greyDistance < cubeDistance ? 232 + grey : cube
    }

    /// The colour of palette entry 16–255.
    static func colour(_ index: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        if index >= 232 {
            let level = UInt8(8 + 10 * (index - 232))
            return (level, level, level)
        }
        let cube = max(0, index - 16)
        return (UInt8(cubeLevels[cube / 36 % 6]), UInt8(cubeLevels[cube / 6 % 6]), UInt8(cubeLevels[cube % 6]))
    }

    private static func level(_ value: UInt8) -> Int {
        let value = Int(value)
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min(5, (value - 35) / 40)
    }

    private static func distance(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ r2: Int, _ g2: Int, _ b2: Int) -> Int {
        let dr = Int(r) - r2, dg = Int(g) - g2, db = Int(b) - b2
        return dr * dr + dg * dg + db * db
    }
}
