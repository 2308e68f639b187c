import Entity
import PageReader
import TextSafety

/// Reads schema.org microdata into the shape JSON-LD has, so one reader maps both, by the W3C
/// microdata rules: an item's properties are the `itemprop` elements inside it (and inside the
/// elements its `itemref` names), except those inside a nested `itemscope`, which belong to that
/// nested item; a property's value is its nested item, else `content` (`meta`), `src` (`img`, `video`,
/// …), `href` (`a`, `link`), `data` (`object`), `value` (`data`, `meter`) or `datetime` (`time`), else
/// the text of all its descendants, with its lines. A nested item keeps its element's text too, so an
/// ingredient written as an item (amount, unit and name as properties of their own) reads as one line.
enum MicrodataReader {
    enum Limits {
        static let properties = 2_000
        static let depth = 8
        static let items = 16
    }

    /// The page's fullest `Recipe` item (the most ingredient and method properties; the first among
    /// equals), as an object.
    static func recipe(in tree: PageTree) -> [String: JSONValue]? {
        var best: [String: JSONValue]?
        var bestScore = -1
        var seen = 0
        for index in tree.nodes.indices where tree.nodes[index].kind == .element {
            guard tree.hasAttribute("itemscope", of: index), let type = tree.attribute("itemtype", of: index) else { continue }
            let isRecipe = type.split(whereSeparator: \.isWhitespace).contains {
                SchemaRecipeReader.localName(String($0)).caseInsensitiveCompare("Recipe") == .orderedSame
            }
            guard isRecipe else { continue }
            seen += 1
            if seen > Limits.items { break }
            let item = item(at: index, in: tree, depth: 0)
            let score = ["recipeIngredient", "ingredients", "ingredient", "recipeInstructions", "instructions"]
                .reduce(0) { $0 + (item[$1]?.elements.count ?? 0) }
            if score > bestScore {
                best = item
                bestScore = score
            }
        }
        return best
    }

    private static func item(at root: Int, in tree: PageTree, depth: Int) -> [String: JSONValue] {
        var properties: [String: [JSONValue]] = [:]
        var order: [String] = []
        if let type = tree.attribute("itemtype", of: root) {
            properties["@type"] = type.split(whereSeparator: \.isWhitespace).map { .string(String($0)) }
            order.append("@type")
        }
        var count = 0
        // The last element that gave each property, where its subtree ends and where its value sits.
        var holders: [String: (end: Int, slot: Int?)] = [:]
        // For each ingredient entry, whether its element holds its text whole in one element of its own.
        var wrapped: [String: [Bool]] = [:]
        for start in [root] + referenced(by: root, in: tree) {
            // The root's own subtree, or a referenced element and its subtree.
            var index = start == root ? root + 1 : start
            let end = tree.nodes[start].end
            while index < end, count < Limits.properties {
                let node = tree.nodes[index]
                guard node.kind == .element else {
                    index += 1
                    continue
                }
                let isScope = tree.hasAttribute("itemscope", of: index) && index != start
                if let names = tree.attribute("itemprop", of: index) {
                    let value: JSONValue
                    if isScope {
                        value = depth < Limits.depth ? .object(item(at: index, in: tree, depth: depth + 1)) : .null
                    } else {
                        value = propertyValue(at: index, in: tree, keepingLines: names.contains("nstruction") || names.contains("ngredient") || names == "text", names: names)
                    }
                    for name in names.split(whereSeparator: \.isWhitespace) {
                        let key = String(SchemaRecipeReader.localName(String(name)))
                        if properties[key] == nil { order.append(key) }
                        let isList = key.contains("nstruction") || key.contains("ngredient")
                        if isList, let holder = holders[key], index < holder.end {
                            // Inside an element that gives the same list: that one only wraps the entries
                            // (`<ol itemprop="recipeInstructions"><li itemprop="recipeInstructions">`), read once.
                            if let slot = holder.slot, slot < properties[key, default: []].count {
                                properties[key]?.remove(at: slot)
                                wrapped[key]?.remove(at: slot)
                                holders[key] = (holder.end, nil)
                            }
                        } else {
                            holders[key] = (node.end, properties[key, default: []].count)
                        }
                        properties[key, default: []].append(value)
                        if key.contains("ngredient") { wrapped[key, default: []].append(!isScope && holdsTextInOneElement(index, in: tree)) }
                        count += 1
                    }
                }
                // A nested item's properties are its own.
                index = isScope ? node.end : index + 1
            }
        }
        var object: [String: JSONValue] = [:]
        for key in order {
            guard var values = properties[key] else { continue }
            if let shapes = wrapped[key], shapes.count == values.count { values = withGroupNamesSetApart(values, wrapped: shapes) }
            object[key] = values.count == 1 ? values[0] : .array(values)
        }
        // What the item's element says as a whole: an ingredient written as an item reads as one line.
        object["@text"] = .string(CleanText.line(tree.text(of: root), maxLength: PageRecipe.Limits.stepLength))
        return object
    }

    /// Entries of an ingredient list whose text alone sits whole in an element of its own, the others'
    /// text being their entry's own (`<span itemprop="recipeIngredient"><span class="…"><br>Seasoning</span></span>`
    /// among `<span itemprop="recipeIngredient">2 tablespoons olive oil</span>`), with no amount: the page
    /// sets them apart as the names of the groups after them.
    private static func withGroupNamesSetApart(_ values: [JSONValue], wrapped: [Bool]) -> [JSONValue] {
        let plain = wrapped.filter { !$0 }.count
        guard plain >= 2, plain < wrapped.count else { return values }
        return zip(values, wrapped).enumerated().map { offset, pair in
            guard pair.1, offset < values.count - 1, let text = pair.0.string, case let clean = CleanText.line(text),
                  !clean.isEmpty, clean.count <= 60, !Amounts.hasAmount(clean), !clean.hasSuffix(":") else { return pair.0 }
            return .string(clean + ":")
        }
    }

    /// Whether the element at `index` holds one element and nothing else but blank text, and that element
    /// is styled by a class and holds text that is not a link (an ingredient's name linked to its page
    /// is only the entry's name).
    private static func holdsTextInOneElement(_ index: Int, in tree: PageTree) -> Bool {
        var only: Int?
        for child in tree.children(of: index) {
            switch tree.nodes[child].kind {
            case .text:
                if !tree.isBlank(child) { return false }
            case .element:
                guard only == nil else { return false }
                only = child
            case .raw:
                return false
            }
        }
        guard let only, tree.hasAttribute("class", of: only), tree.first("a", in: only..<tree.nodes[only].end) == nil else { return false }
        return !CleanText.line(tree.text(of: only)).isEmpty
    }

    /// The elements an item's `itemref` names by id, outside the item itself.
    private static func referenced(by root: Int, in tree: PageTree) -> [Int] {
        guard let refs = tree.attribute("itemref", of: root) else { return [] }
        let ids = Set(refs.split(whereSeparator: \.isWhitespace).prefix(16).map(String.init))
        guard !ids.isEmpty else { return [] }
        return tree.nodes.indices.filter { index in
            tree.nodes[index].kind == .element && !tree.contains(root, index) && index != root
                && tree.attribute("id", of: index).map { ids.contains($0) } == true
        }
    }

    private static func propertyValue(at index: Int, in tree: PageTree, keepingLines: Bool, names: String = "") -> JSONValue {
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
        if let attribute, let value = tree.attribute(attribute, of: index) { return attributeValue(value, keepingLines: keepingLines) }
        // schema.org's own habit: a `content` on any element is its value.
        if let value = tree.attribute("content", of: index) { return attributeValue(value, keepingLines: keepingLines) }
        if RecipeCardReader.isBoldOnly(index, tree: tree) {
            // `<li itemprop="recipeIngredient"><strong>Pulled Pork</strong></li>` names a group.
            return .string(CleanText.line(tree.text(of: index)) + ":")
        }
        if names.contains("ngredient"), let heading = RecipeCardReader.headingInside(index, tree: tree) {
            // So does `<li itemprop="ingredients"><h3>Meat Pie Filling</h3></li>`.
            return .string(heading.hasSuffix(":") ? heading : heading + ":")
        }
        var lines = tree.lines(of: index)
        if !keepingLines, let label = lines.first, lines.count == 1, isLabelOnly(label), let value = valueAfterLabel(label, of: index, in: tree) {
            // `<span itemprop="recipeYield">Yield:</span> 1 cocktail`: the property marks the label of its value.
            return .string(value)
        }
        if names.contains("ngredient") { lines = withGroupNamesMarked(lines, in: index, tree: tree) }
        if keepingLines, let notes = lines.firstIndex(where: { isNotesTitle($0) }), notes > 0 {
            // The method's element runs on into the page's notes ("Uwaga:", "Notes"): they are not steps.
            lines.removeSubrange(notes...)
        }
        return .string(lines.joined(separator: keepingLines ? "\n" : " "))
    }

    /// An attribute's value; for the method or the ingredients, JSON written into it (`content='[{"@type":
    /// "HowToStep","text":…}]'`) is read as the JSON-LD it is.
    private static func attributeValue(_ value: String, keepingLines: Bool) -> JSONValue {
        guard keepingLines, value.utf8.count <= PageRecipe.Limits.stepLength * 8,
              let first = value.utf8.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }), first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
        else { return .string(value) }
        switch LenientJSON.values(in: value).first {
        case .some(.array(let elements)): return .array(elements)
        case .some(.object(let members)): return .object(members)
        default: return .string(value)
        }
    }

    /// The lines of one ingredient property holding the whole list, a line that the page sets as a
    /// heading inside it (`<div class="group-head">Side</div>`), with no amount, ending in a colon, so
    /// that it names the group of the lines after it.
    private static func withGroupNamesMarked(_ lines: [String], in index: Int, tree: PageTree) -> [String] {
        guard lines.count >= 2 else { return lines }
        var headings: Set<String> = []
        var position = index + 1
        while position < tree.nodes[index].end, headings.count < 50 {
            guard tree.nodes[position].kind == .element, RecipeCardReader.isHeading(position, tree: tree) else {
                position += 1
                continue
            }
            let text = CleanText.line(tree.text(of: position))
            // (An amount set apart in a styled element is part of its line, not a heading.)
            if !text.isEmpty, text.count <= 60, !Amounts.hasAmount(text), text.contains(where: \.isLetter) { headings.insert(text) }
            position = tree.nodes[position].end
        }
        guard !headings.isEmpty else { return lines }
        return lines.map { line in
            let clean = CleanText.line(line)
            return headings.contains(clean) && !clean.hasSuffix(":") ? clean + ":" : line
        }
    }

    /// A label and nothing more ("Yield:").
    private static func isLabelOnly(_ text: String) -> Bool {
        let clean = CleanText.line(text, maxLength: 40)
        return clean.count <= 30 && (clean.hasSuffix(":") || clean.hasSuffix("：")) && !clean.contains(where: \.isNumber)
    }

    /// The text that follows the label at `index` in the element holding it ("1 cocktail" after "Yield:").
    private static func valueAfterLabel(_ label: String, of index: Int, in tree: PageTree) -> String? {
        let parent = tree.nodes[index].parent
        guard parent >= 0, tree.nodes[parent].end - parent <= 12 else { return nil }
        let whole = CleanText.line(tree.text(of: parent), maxLength: 200)
        let clean = CleanText.line(label)
        guard whole.hasPrefix(clean) else { return nil }
        let value = whole.dropFirst(clean.count).trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    /// A short line that only titles notes or tips.
    private static func isNotesTitle(_ line: String) -> Bool {
        let clean = CleanText.line(line, maxLength: 40)
        return clean.count <= 30 && SectionWords.kind(of: clean) == .other
    }
}
