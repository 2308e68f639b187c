/// Names Tab can complete besides the command names: ingredient names, for the item of the
/// comma-separated list that the cursor is in (`onions, gar|` completes `gar`).
///
/// The line editor calls `names` on the main actor each time Tab is pressed with what is typed of the
/// item (leading spaces left out, `s`/`search` before the first item left out). It inserts the only
/// name returned (with `, ` after it at the end of the line), or the start all the names share, or lists
/// them (the first 40) when they share nothing more. Command names are completed first, as before,
/// when the first word is being typed. Nothing is completed inside double quotes (title words) or on a
/// line longer than 1,024 characters.
public struct CompletionSource {
    let names: (String) -> [String]

    /// `names(typed)`: the names that complete `typed`, best first.
    public init(_ names: @escaping (String) -> [String]) {
        self.names = names
    }
}
