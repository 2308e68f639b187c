/// What a terminal answered to the picture probe (see `TerminalProbe`).
struct TerminalAnswers: Equatable, Sendable {
    /// The kitty graphics query was answered `OK` before the primary device attributes.
    var kittyGraphics = false
    /// The parameters of the primary device attributes answer (`CSI ? 63;1;2;4 c`); nil until it
    /// arrives. Every terminal answers it, so it marks the end of the answers.
    var deviceAttributes: [Int]?
    /// The terminal's name and version (XTVERSION: `DCS > | XTerm(379) ST`).
    var version: String?
    /// How many sixel colour registers the terminal has (XTSMGRAPHICS: `CSI ? 1 ; 0 ; 256 S`).
    var colourRegisters: Int?
    /// Bytes that were not part of any answer: keys typed while the probe ran, for the line editor.
    var unclaimed: [UInt8] = []

    /// True once the device attributes arrived: nothing more is to be read.
    var isComplete: Bool { deviceAttributes != nil }

    /// Sixel graphics is attribute 4 (the first parameter is the terminal's class, not an attribute).
    var sixel: Bool { deviceAttributes?.dropFirst().contains(4) == true }
}
