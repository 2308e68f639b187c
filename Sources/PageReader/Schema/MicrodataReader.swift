import Entity

/// Reads schema.org microdata (`itemscope itemtype=".../Recipe"`, `itemprop` on elements) into the
/// shape JSON-LD has, so one reader maps both. A property's value is an item when its element has
/// `itemscope`, else `content`, `datetime`, `src`, `href`, `data` or `value` by element, else its text
/// (with its lines kept, for instructions written as one list).
enum MicrodataReader {
    enum Limits {
        static let properties = 2_000
        static let depth = 8
    }

    /// The first `Recipe` item on the page, as an object.
    static func recipe(in tree: PageTree) -> [String: JSONValue]? {
        for index in tree.nodes.indices where tree.nodes[index].kind == .element {
            guard tree.hasAttribute("itemscope", of: index), let type = tree.attribute("itemtype", of: index) else { continue }
            let isRecipe = type.split(whereSeparator: \.isWhitespace).contains {
                SchemaRecipeReader.localName(String($0)).caseInsensitiveCompare("Recipe") == .orderedSame
            }
            if isRecipe { return item(at: index, in: tree, depth: 0) }
        }
        return nil
    }

    private static func item(at root: Int, in tree: PageTree, depth: Int) -> [String: JSONValue] {
        var properties: [String: [JSONValue]] = [:]
        var order: [String] = []
        if let type = tree.attribute("itemtype", of: root) {
            properties["@type"] = type.split(whereSeparator: \.isWhitespace).map { .string(String($0)) }
            order.append("@type")
        }
        var count = 0
        var index = root + 1
        let end = tree.nodes[root].end
        while index < end, count < Limits.properties {
            let node = tree.nodes[index]
            guard node.kind == .element else {
                index += 1
                continue
            }
            let isScope = tree.hasAttribute("itemscope", of: index)
            if let names = tree.attribute("itemprop", of: index) {
                let value: JSONValue
                if isScope {
                    value = depth < Limits.depth ? .object(item(at: index, in: tree, depth: depth + 1)) : .null
                } else {
                    value = propertyValue(at: index, in: tree, keepingLines: names.contains("nstruction"))
                }
                for name in names.split(whereSeparator: \.isWhitespace) {
                    let key = String(SchemaRecipeReader.localName(String(name)))
                    if properties[key] == nil { order.append(key) }
                    properties[key, default: []].append(value)
                    count += 1
                }
            }
            // A nested item's properties are its own.
            index = isScope ? node.end : index + 1
        }
        var object: [String: JSONValue] = [:]
        for key in order {
            guard let values = properties[key] else { continue }
            object[key] = values.count == 1 ? values[0] : .array(values)
        }
        return object
    }

    private static func propertyValue(at index: Int, in tree: PageTree, keepingLines: Bool) -> JSONValue {
        let name = tree.nodes[index].name
        let attribute: String?
        switch name {
        case "meta": attribute = "content"
        case "img", "audio", "video", "source", "embed", "iframe", "track": attribute = "src"
        case "a", "link", "area": attribute = "href"
        case "object": attribute = "data"
        case "data", "meter": attribute = "value"
        case "time": attribute = "datetime"
        default: attribute = nil
        }
        if let attribute, let value = tree.attribute(attribute, of: index) { return .string(value) }
        if let value = tree.attribute("content", of: index) { return .string(value) }
        if !keepingLines, RecipeCardReader.isBoldOnly(index, tree: tree) {
            // `<li itemprop="recipeIngredient"><strong>Pulled Pork</strong></li>` names a group.
            return .string(CleanText.line(tree.text(of: index)) + ":")
        }
        var lines = tree.lines(of: index)
        if keepingLines, let notes = lines.firstIndex(where: { isNotesTitle($0) }), notes > 0 {
            // The method's element runs on into the page's notes ("Uwaga:", "Notes"): they are not steps.
            lines.removeSubrange(notes...)
        }
        return .string(lines.joined(separator: keepingLines ? "\n" : " "))
    }

    /// A short line that only titles notes or tips.
    private static func isNotesTitle(_ line: String) -> Bool {
        let clean = CleanText.line(line, maxLength: 40)
        return clean.count <= 30 && SectionWords.kind(of: clean) == .other
    }
}
