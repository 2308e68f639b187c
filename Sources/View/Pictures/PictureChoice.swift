/// `--pictures`: whether pictures are drawn in the terminal.
public enum PictureChoice: String, Sendable, CaseIterable {
    /// Where the terminal can draw them (a graphics protocol it answers to, or colour half blocks).
    case auto
    /// Wherever stdout is a terminal, falling back to 256-colour half blocks.
    case always
    /// Never; the picture's link is shown instead.
    case never
}
