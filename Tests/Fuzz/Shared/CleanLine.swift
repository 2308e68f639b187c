// Shared by the harnesses whose answers are lines of text a person reads (RecipeExtractor, RecipeFiles);
// .ci/fuzz compiles it into each of them.

import TextSafety

/// Why `text` is not one clean line, or nil when it is: never empty, at most `limit` scalars, no
/// control or invisible character, no whitespace at an end or twice in a row. `what` names the line.
func cleanLineProblem(_ text: String, _ what: String, limit: Int) -> String? {
    if text.isEmpty { return "empty \(what)" }
    if text.unicodeScalars.count > limit { return "\(what) of \(text.unicodeScalars.count) scalars" }
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
        if CleanText.isControl(scalar) || CleanText.isInvisible(scalar) {
            return "\(what) carries U+\(String(scalar.value, radix: 16)): \(text.debugDescription)"
        }
        if scalar.properties.isWhitespace {
            if index == 0 || index == scalars.count - 1 { return "\(what) has whitespace at an end: \(text.debugDescription)" }
            if scalars[index - 1].properties.isWhitespace { return "\(what) has a run of whitespace: \(text.debugDescription)" }
        }
    }
    return nil
}
