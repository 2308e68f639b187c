import Presenter

/// `recipes have --json`'s records written straight from their fields, byte for byte as `JSONEncoder`
/// writes them with the one-shot's options (pretty-printed two spaces a level, `" : "` after a key, keys
/// in byte order, slashes as they are, control characters escaped): a ranking of hundreds of recipes
/// costs a fraction of what the encoder's containers do. Its tests hold it to the encoder's bytes.
struct PantryRecordsJSON {
    private var out: [UInt8] = []

    /// The JSON array of `records`, without a final newline.
    static func text(_ records: [PantryMatchRecord]) -> String {
        var writer = PantryRecordsJSON()
        writer.out.reserveCapacity(records.count * 800 + 8)
        writer.write(records)
        return String(decoding: writer.out, as: UTF8.self)
    }

    private mutating func write(_ records: [PantryMatchRecord]) {
        array(records, indent: 0) { writer, record in
            let recipe = record.recipe
            // The keys of `RecipeRecord` and `PantryMatchRecord` together, in byte order.
            writer.raw("{")
            writer.key("cuisine", first: true)
            writer.optionalString(recipe.cuisine)
            writer.key("favorite")
            if let favorite = recipe.favorite { writer.bool(favorite) } else { writer.raw("null") }
            writer.key("href")
            writer.string(recipe.href)
            writer.key("ingredients")
            writer.array(recipe.ingredients, indent: 2) { $0.string($1) }
            writer.key("lactose")
            writer.bool(recipe.lactose)
            writer.key("missing")
            writer.array(record.missing, indent: 2) { $0.string($1) }
            writer.key("number")
            writer.out += String(recipe.number).utf8
            writer.key("of")
            writer.out += String(record.of).utf8
            writer.key("thumbnail")
            writer.optionalString(recipe.thumbnail)
            writer.key("title")
            writer.string(recipe.title)
            writer.key("uses")
            writer.out += String(record.uses).utf8
            writer.raw("\n  }")
        }
    }

    /// A list at `indent` levels, one element a line a level further in, as the encoder writes one (an
    /// empty one too: `[`, two line breaks, `]`).
    private mutating func array<Element>(_ elements: [Element], indent: Int, element: (inout PantryRecordsJSON, Element) -> Void) {
        raw("[\n")
        for (offset, value) in elements.enumerated() {
            if offset > 0 { raw(",\n") }
            spaces(indent + 1)
            element(&self, value)
        }
        raw("\n")
        spaces(indent)
        raw("]")
    }

    private mutating func spaces(_ levels: Int) {
        for _ in 0..<levels { raw("  ") }
    }

    /// `"name" : ` on its own line, at a record's members' indent.
    private mutating func key(_ name: StaticString, first: Bool = false) {
        raw(first ? "\n    \"" : ",\n    \"")
        raw(name)
        raw("\" : ")
    }

    private mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    private mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    private mutating func raw(_ text: StaticString) {
        out += UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private mutating func string(_ value: String) {
        Self.appendQuoted(value, to: &out)
    }

    /// A string in quotes: `"` and `\` escaped, the control characters as `\n`, `\t`… or `\u00XX`.
    static func appendQuoted(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00..<0x20:
                out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigit(byte >> 4), hexDigit(byte & 0x0F)]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
