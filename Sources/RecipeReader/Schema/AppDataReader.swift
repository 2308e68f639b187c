import PageReader

/// Finds a recipe in the JSON a page embeds for its own scripts (`<script id="__NEXT_DATA__"
/// type="application/json">`, `window.__INITIAL_STATE__ = {…}`): a schema.org `Recipe` there, also one
/// given as a JSON text inside a string, else an object that holds a list of ingredients and a method
/// under the names apps give them (`ingredients`, `ingredientLines`; `steps`, `instructions`,
/// `directions`), turned into the schema's shape. Bounded like the JSON-LD reader.
enum AppDataReader {
    enum Limits {
        static let scripts = 32
        static let walk = 200_000
        static let depth = 40
        static let nestedTexts = 8
        static let nestedTextLength = 1 << 20
    }

    private static let ingredientKeys = ["recipeIngredient", "ingredients", "ingredientLines", "ingredientList", "ingredientGroups"]
    private static let instructionKeys = ["recipeInstructions", "instructions", "steps", "directions", "method", "preparationSteps", "preparation"]
    private static let textKeys = ["text", "raw", "originalText", "display", "displayText", "description", "instruction", "body", "content"]
    private static let groupNameKeys = ["title", "name", "heading", "header", "label"]

    /// The fullest recipe the page's app data holds, in the schema's shape.
    static func recipe(in tree: PageTree) -> [String: JSONValue]? {
        var search = Search()
        var scripts = 0
        for node in tree.nodes where node.kind == .raw && node.name == "script" {
            guard node.parent >= 0, !node.range.isEmpty else { continue }
            let type = tree.attribute("type", of: node.parent)?.lowercased() ?? ""
            let isJSON = type.contains("json") && !type.contains("ld+json")
            let id = tree.attribute("id", of: node.parent) ?? ""
            var range = node.range
            if !isJSON, id != "__NEXT_DATA__" {
                // `window.__STATE__ = {…};` in a plain script: the value after the first `=`.
                guard type.isEmpty || type.contains("javascript"), let start = assignedValue(in: tree.bytes, range) else { continue }
                range = start..<range.upperBound
            }
            scripts += 1
            if scripts > Limits.scripts { break }
            for value in tree.jsonValues(in: range).prefix(4) { search.walk(value, depth: 0) }
        }
        return search.typed.max(by: { size($0) < size($1) }) ?? search.untyped.max(by: { size($0) < size($1) }).map(schemaShaped)
    }

    /// Where the value of `name = {…}` starts, for a script that is only such an assignment.
    private static func assignedValue(in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound, HTMLTokenizer.isWhitespace(bytes[index]) { index += 1 }
        let nameStart = index
        while index < range.upperBound, index - nameStart < 80,
              HTMLTokenizer.isASCIILetter(bytes[index]) || bytes[index] == UInt8(ascii: "_") || bytes[index] == UInt8(ascii: ".")
                || bytes[index] == UInt8(ascii: "$") || (0x30...0x39).contains(bytes[index]) {
            index += 1
        }
        guard index > nameStart else { return nil }
        while index < range.upperBound, HTMLTokenizer.isWhitespace(bytes[index]) { index += 1 }
        guard index < range.upperBound, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < range.upperBound, HTMLTokenizer.isWhitespace(bytes[index]) { index += 1 }
        guard index < range.upperBound, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else { return nil }
        return index
    }

    private struct Search {
        var typed: [[String: JSONValue]] = []
        var untyped: [[String: JSONValue]] = []
        var walked = 0
        var nestedTexts = 0

        mutating func walk(_ value: JSONValue, depth: Int) {
            walked += 1
            guard depth < Limits.depth, walked < Limits.walk else { return }
            switch value {
            case .array(let elements):
                for element in elements {
                    guard walked < Limits.walk else { return }
                    walk(element, depth: depth + 1)
                }
            case .object(let object):
                if SchemaRecipeReader.hasType(object, "Recipe") {
                    typed.append(object)
                    return
                }
                if AppDataReader.looksLikeRecipe(object) { untyped.append(object) }
                for (_, member) in object.sorted(by: { $0.key < $1.key }) { walk(member, depth: depth + 1) }
            case .string(let text):
                // JSON-LD kept as a text inside the app's data.
                guard nestedTexts < Limits.nestedTexts, text.utf8.count <= Limits.nestedTextLength, let first = text.utf8.first,
                      first == UInt8(ascii: "{") || first == UInt8(ascii: "["), text.contains("Recipe") else { return }
                nestedTexts += 1
                for nested in LenientJSON.values(in: text).prefix(4) { walk(nested, depth: depth + 1) }
            default:
                return
            }
        }
    }

    /// An object holding at least two ingredients and a method under the names apps give them.
    private static func looksLikeRecipe(_ object: [String: JSONValue]) -> Bool {
        guard let ingredients = ingredientKeys.lazy.compactMap({ object[$0] }).first,
              let method = instructionKeys.lazy.compactMap({ object[$0] }).first else { return false }
        return ingredients.elements.count >= 2 && !method.elements.isEmpty && method.elements.contains { $0 != .null }
    }

    private static func size(_ object: [String: JSONValue]) -> Int {
        (ingredientKeys + instructionKeys).reduce(0) { $0 + (object[$1]?.elements.count ?? 0) }
    }

    /// An app's recipe object in the schema's shape: its ingredients as lines (an entry's own text, or
    /// its amount, unit and name joined; a group's name before its entries), its method as lines.
    private static func schemaShaped(_ object: [String: JSONValue]) -> [String: JSONValue] {
        var shaped: [String: JSONValue] = ["@type": .string("Recipe")]
        for key in ["name", "title", "headline"] where shaped["name"] == nil {
            if let name = object[key]?.string { shaped["name"] = .string(name) }
        }
        for (key, schemaKey) in [("recipeYield", "recipeYield"), ("yield", "recipeYield"), ("servings", "recipeYield"), ("description", "description"),
                                 ("image", "image"), ("totalTime", "totalTime"), ("prepTime", "prepTime"), ("cookTime", "cookTime")]
        where shaped[schemaKey] == nil {
            if let value = object[key] { shaped[schemaKey] = value }
        }
        if let ingredients = ingredientKeys.lazy.compactMap({ object[$0] }).first {
            var lines: [JSONValue] = []
            collect(ingredients, into: &lines, depth: 0, ingredient: true)
            shaped["recipeIngredient"] = .array(lines)
        }
        if let method = instructionKeys.lazy.compactMap({ object[$0] }).first {
            var lines: [JSONValue] = []
            collect(method, into: &lines, depth: 0, ingredient: false)
            shaped["recipeInstructions"] = .array(lines)
        }
        return shaped
    }

    private static func collect(_ value: JSONValue, into lines: inout [JSONValue], depth: Int, ingredient: Bool) {
        guard depth < 6, lines.count < 400 else { return }
        switch value {
        case .string, .number:
            lines.append(value)
        case .array(let elements):
            for element in elements { collect(element, into: &lines, depth: depth + 1, ingredient: ingredient) }
        case .object(let object):
            // A group: its name, then its entries.
            if let entries = (ingredient ? ingredientKeys + ["items"] : instructionKeys + ["items"]).lazy.compactMap({ object[$0] }).first,
               case .array = entries {
                if let name = groupNameKeys.lazy.compactMap({ object[$0]?.string }).first {
                    lines.append(.string(ingredient ? name + ":" : name))
                }
                collect(entries, into: &lines, depth: depth + 1, ingredient: ingredient)
                return
            }
            if let text = textKeys.lazy.compactMap({ object[$0]?.string }).first {
                lines.append(.string(text))
            } else if ingredient {
                let parts = [["quantity", "amount", "qty"], ["unit", "unitName", "measure"], ["name", "ingredient", "title", "food"], ["note", "comment", "notes"]]
                    .compactMap { keys in keys.lazy.compactMap { object[$0].flatMap(AppDataReader.text) }.first }
                if !parts.isEmpty { lines.append(.string(parts.joined(separator: " "))) }
            } else if let name = groupNameKeys.lazy.compactMap({ object[$0]?.string }).first {
                lines.append(.string(name))
            }
        default:
            return
        }
    }

    /// A value as text: a string or a number, or an object's name (`{"name": "cup"}`).
    private static func text(_ value: JSONValue) -> String? {
        if let text = value.string, !SchemaRecipeReader.isBlank(text) { return text }
        if case .object(let object) = value { return ["name", "text", "abbreviation"].lazy.compactMap { object[$0]?.string }.first }
        return nil
    }
}
