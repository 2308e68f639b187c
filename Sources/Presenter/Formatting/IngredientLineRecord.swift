public import Entity
import TextSafety

/// An ingredient line read into its parts, as `recipes ingredients --json` prints it: exactly these keys,
/// absent values as null.
///
/// `quantity` is a decimal string as recipe corpora label amounts (`"1.5"`, `"0.333"`, and `"1-2"` for a
/// range), `quantity_max` the top of a range as a number; `unit` the canonical singular unit with the word
/// that goes with it (`"cup"`, `"tablespoon"`, `"large handful"`); `unsure` says the card shows the line as
/// written; `added` an amount written after the first that adds to it (`"1 teaspoon"` for `2 tbsp + 1 tsp`),
/// else null.
public struct IngredientLineRecord: Encodable, Sendable, Equatable {
    public let quantity: String?
    public let quantityMax: Double?
    public let unit: String?
    public let added: String?
    public let name: String
    public let size: String?
    public let preparation: String?
    public let comment: String?
    public let text: String
    public let unsure: Bool

    enum CodingKeys: String, CodingKey {
        case quantity, quantityMax = "quantity_max", unit, added, name, size, preparation, comment, text, unsure
    }

    /// Every string printable (`TerminalText`, the one escape scanner): a line read from stdin or a page
    /// may hold anything, and `--json | jq -r .text` puts it on a terminal.
    public init(_ line: IngredientLine) {
        let printable = TerminalText.line
        quantity = line.quantity.map { quantity in
            IngredientLineRecord.decimal(quantity.low) + (quantity.high.map { "-" + IngredientLineRecord.decimal($0) } ?? "")
        }
        quantityMax = line.quantity?.high
        unit = line.unitText.map(printable)
        added = line.added.map { IngredientLineRecord.decimal($0.quantity.low) + ($0.unit.map { " " + $0.name } ?? "") }
        name = printable(line.name)
        size = line.size.map(printable)
        preparation = line.preparation.map(printable)
        comment = line.comment.map(printable)
        text = printable(line.text)
        unsure = line.isUnsure
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(quantityMax, forKey: .quantityMax)
        try container.encode(unit, forKey: .unit)
        try container.encode(added, forKey: .added)
        try container.encode(name, forKey: .name)
        try container.encode(size, forKey: .size)
        try container.encode(preparation, forKey: .preparation)
        try container.encode(comment, forKey: .comment)
        try container.encode(text, forKey: .text)
        try container.encode(unsure, forKey: .unsure)
    }

    /// `1.5`, `0.333`, `12`: at most three decimals, no trailing zeros.
    static func decimal(_ value: Double) -> String {
        guard value.isFinite, value.magnitude < 1e12 else { return "\(value)" }
        let thousandths = (value * 1000).rounded()
        let whole = Int((thousandths / 1000).rounded(.towardZero))
        var rest = Int(abs(thousandths).truncatingRemainder(dividingBy: 1000))
        guard rest > 0 else { return String(whole) }
        var digits = 3
        while rest % 10 == 0 {
            rest /= 10
            digits -= 1
        }
        let fraction = String(rest)
        return "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
