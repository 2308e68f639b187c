import Entity
import TextSafety

/// The last clean-up before anything is printed, for the View: the Entity's `TerminalText`, the one
/// scanner of escape sequences, so text a display model holds cannot act on the terminal whatever
/// path it took to get there.
public enum PrintableText {
    /// Text on one line, without control characters, escape sequences or bidirectional controls.
    public static func line(_ text: String) -> String {
        TerminalText.line(text)
    }

    /// The same, keeping line breaks.
    public static func block(_ text: String) -> String {
        TerminalText.block(text)
    }
}
