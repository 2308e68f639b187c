import PageReader

/// Finds a recipe in the JSON a page embeds for its own scripts (`<script id="__NEXT_DATA__"
/// type="application/json">`, `window.__INITIAL_STATE__ = {…}`): a schema.org `Recipe` there, also one
/// given as a JSON text inside a string, else an object that holds a list of ingredients and a method
/// under the names apps give them (`ingredients`, `ingredientLines`; `steps`, `instructions`,
/// `directions`), turned into the schema's shape. The data may also come in pieces handed to a
/// function (`self.__next_f.push([1, "…"])`), each piece a text of lines that hold JSON
/// (`5:["$","div",null,{"recipe":{…}}]`). Bounded like the JSON-LD reader.
enum AppDataReader {
    enum Limits {
        static let scripts = 32
        static let walk = 200_000
        static let depth = 40
        static let nestedTexts = 8
        static let nestedTextLength = 1 << 20
    }

    private static let ingredientKeys = ["recipeIngredient", "ingredients", "ingredientLines", "ingredientList", "ingredientGroups"]
    private static let instructionKeys = ["recipeInstructions", "instructions", "steps", "directions", "method", "preparationSteps", "preparation",
                                             "preparationInstructions", "cookingInstructions"]
    private static let textKeys = ["text", "raw", "originalText", "display", "displayText", "description", "instruction", "body", "content"]
    private static let groupNameKeys = ["title", "name", "heading", "header", "label"]

    /// A recipe found, and whether it came from a piece of the data handed over as lines of JSON:
    /// the input of the page's own rendering, which the page's markup then shows as it means it.
    struct Found {
        let recipe: [String: JSONValue]
        let inPieces: Bool
    }

    /// The fullest recipe the page's app data holds, in the schema's shape.
    static func recipe(in tree: PageTree) -> Found? {
        var search = Search()
        var scripts = 0
        for node in tree.nodes where node.kind == .raw && node.name == "script" {
            guard node.parent >= 0, !node.range.isEmpty else { continue }
            let type = tree.attribute("type", of: node.parent)?.lowercased() ?? ""
            let isJSON = type.contains("json") && !type.contains("ld+json")
            let id = tree.attribute("id", of: node.parent) ?? ""
            var range = node.range
            search.inPieces = false
            if !isJSON, id != "__NEXT_DATA__" {
                // `window.__STATE__ = {…};` in a plain script: the value after the first `=`, or the
                // argument of `self.__next_f.push([…])`.
                guard type.isEmpty || type.contains("javascript"), let start = assignedValue(in: tree.bytes, range) else { continue }
                range = start.index..<range.upperBound
                search.inPieces = start.handedOver
            }
            scripts += 1
            if scripts > Limits.scripts { break }
            for value in tree.jsonValues(in: range).prefix(4) { search.walk(value, depth: 0) }
        }
        if let typed = search.typed.max(by: { size($0.object) < size($1.object) }) { return Found(recipe: typed.object, inPieces: typed.inPieces) }
        return search.untyped.max(by: { size($0.object) < size($1.object) }).map { Found(recipe: schemaShaped($0.object), inPieces: $0.inPieces) }
    }

    /// Where the value of `name = {…}` or `name.push([…])` starts, for a script that is only such an
    /// assignment or call, and whether it is handed over in a call.
    private static func assignedValue(in bytes: [UInt8], _ range: Range<Int>) -> (index: Int, handedOver: Bool)? {
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
        guard index < range.upperBound, bytes[index] == UInt8(ascii: "=") || bytes[index] == UInt8(ascii: "(") else { return nil }
        let handedOver = bytes[index] == UInt8(ascii: "(")
        index += 1
        while index < range.upperBound, HTMLTokenizer.isWhitespace(bytes[index]) { index += 1 }
        guard index < range.upperBound, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else { return nil }
        return (index, handedOver)
    }

    private struct Search {
        var typed: [(object: [String: JSONValue], inPieces: Bool)] = []
        var untyped: [(object: [String: JSONValue], inPieces: Bool)] = []
        var inPieces = false
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
                    typed.append((object, inPieces))
                    return
                }
                if AppDataReader.looksLikeRecipe(object) { untyped.append((object, inPieces)) }
                for (_, member) in object.sorted(by: { $0.key < $1.key }) { walk(member, depth: depth + 1) }
            case .string(let text):
                // JSON-LD kept as a text inside the app's data, or a piece of the data handed over as
                // lines of JSON (`5:[…]`) that names a list of ingredients.
                guard nestedTexts < Limits.nestedTexts, text.utf8.count <= Limits.nestedTextLength, let first = text.utf8.first else { return }
                let startsJSON = first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
                guard startsJSON ? text.contains("Recipe") : AppDataReader.namesIngredients(text) else { return }
                nestedTexts += 1
                for nested in LenientJSON.values(in: text).prefix(4) { walk(nested, depth: depth + 1) }
            default:
                return
            }
        }
    }

    /// Whether a text holds a JSON member named as a list of ingredients (`"ingredients":[`).
    fileprivate static func namesIngredients(_ text: String) -> Bool {
        ingredientKeys.contains { text.contains("\"\($0)\":[") }
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
                // Also under longer names that say the same (`displayQuantity`, `unitOfMeasurement`).
                let sortedKeys = object.keys.sorted()
                let quantity = ["quantity", "amount", "qty"].lazy.compactMap { object[$0].flatMap(AppDataReader.text) }.first
                    ?? sortedKeys.lazy.filter { $0.lowercased().hasSuffix("quantity") }.compactMap { object[$0].flatMap(AppDataReader.text) }.first
                let unit = ["unit", "unitName", "measure"].lazy.compactMap { object[$0].flatMap(AppDataReader.text) }.first
                    ?? sortedKeys.lazy.filter { $0.lowercased().hasSuffix("unitofmeasurement") || $0.lowercased().hasSuffix("unitofmeasure") }
                        .compactMap { object[$0].flatMap(AppDataReader.text) }.first
                let rest = [["name", "ingredient", "title", "food"], ["note", "comment", "notes"]]
                    .compactMap { keys in keys.lazy.compactMap { object[$0].flatMap(AppDataReader.text) }.first }
                let parts = [quantity, unit].compactMap { $0 } + rest
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
