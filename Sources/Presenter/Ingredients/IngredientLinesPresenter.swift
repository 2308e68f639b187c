import Entity
import TextSafety

/// `recipes ingredients`: each line read into its parts, as a JSON record and as one line of text.
public struct IngredientLinesPresenter: Sendable {
    public init() {}

    /// The line read: its record for `--json`, and a line for people. The line is made printable first
    /// (the one escape scanner, `TerminalText`), so an escape sequence neither reaches the output nor
    /// splits the line's parts.
    public func read(_ text: String) -> (record: IngredientLineRecord, summary: String) {
        let line = IngredientLine(parsing: TerminalText.line(text))
        return (IngredientLineRecord(line), IngredientLinesPresenter.summary(line))
    }

    /// `1 ½ cups · onions · finely chopped · divided`: the amount as a cook writes it, the name, then
    /// size, preparation and comment; a line read without confidence is shown as written after `?`.
    static func summary(_ line: IngredientLine) -> String {
        guard !line.text.allSatisfy(\.isWhitespace) else { return "" }
        guard !line.isUnsure else { return "? " + line.text }
        var parts: [String] = []
        if let quantity = line.quantity {
            // `2 tbsp + 1 tsp`: the amount is read whole.
            parts.append(CookAmount.text(quantity, unit: line.unit, modifier: line.unitModifier)
                + (line.added.map { " + " + CookAmount.text($0) } ?? ""))
        } else if let unit = line.unit {
            parts.append([line.unitModifier, CookAmount.unitText(unit, plural: false)].compactMap { $0 }.joined(separator: " "))
        }
        parts.append(line.name)
        parts += [line.size, line.preparation, line.comment].compactMap { $0 }
        return parts.joined(separator: " · ")
    }
}
