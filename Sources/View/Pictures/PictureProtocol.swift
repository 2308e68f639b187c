/// How pictures are drawn on this terminal, best first.
enum PictureProtocol: Equatable, Sendable {
    /// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole).
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm).
    case iTerm2
    /// DEC sixel graphics with this many colour registers (xterm -ti vt340, mlterm, foot, WezTerm).
    case sixel(colours: Int)
    /// Unicode upper half blocks, two pixels a cell, in 24-bit or xterm-256 colours.
    case halfBlocks(HalfBlockColours)
    /// No picture: only its link.
    case linkOnly
}

/// The colours half blocks are drawn in.
enum HalfBlockColours: Equatable, Sendable {
    case trueColour
    case xterm256
}
