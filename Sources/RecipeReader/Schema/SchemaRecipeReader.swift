import Foundation
import Entity
import PageReader
import TextSafety

/// Reads a schema.org `Recipe` (from JSON-LD, or from microdata turned into the same shape) into a
/// draft, accepting every shape real sites emit: a string, number, array or object where another was
/// expected, `HowToStep`/`HowToSection` at any depth, `@id` references to other nodes of the graph.
/// Work is bounded by `Limits`.
struct SchemaRecipeReader {
    enum Limits {
        static let lines = 400
        static let depth = 12
        static let visits = 20_000
    }

    /// Nodes of the page's graph by `@id`, for references such as `"author": {"@id": "#person"}`.
    let nodesByID: [String: [String: JSONValue]]
    private var visits = 0

    /// Whether the recipe is the page's own markup (microdata) rather than JSON-LD: lines that name a
    /// group ("For the glaze:", "DRESSING") are then the page's headings and become group names, and
    /// lines that only title a part or state the yield are the page's labels, not the recipe's text.
    /// JSON-LD's lines stay lines.
    let fromMarkup: Bool

    init(nodesByID: [String: [String: JSONValue]] = [:], fromMarkup: Bool = false) {
        self.nodesByID = nodesByID
        self.fromMarkup = fromMarkup
    }

    /// Whether a value's `@type` names `wanted` (`Recipe`, `schema:Recipe`, `http://schema.org/Recipe`,
    /// or one of several types in an array).
    static func hasType(_ object: [String: JSONValue], _ wanted: String) -> Bool {
        guard let type = object["@type"] ?? object["type"] else { return false }
        return type.elements.contains { element in
            guard let name = element.string else { return false }
            return localName(name).caseInsensitiveCompare(wanted) == .orderedSame
        }
    }

    /// `Recipe` from `http://schema.org/Recipe`, `schema:Recipe` or `Recipe`.
    static func localName(_ type: String) -> Substring {
        let trimmed = type.trimmingCharacters(in: .whitespaces)
        if let cut = trimmed.lastIndex(where: { $0 == "/" || $0 == "#" || $0 == ":" }) {
            return trimmed[trimmed.index(after: cut)...]
        }
        return Substring(trimmed)
    }

    /// Whether text has nothing to read: whitespace only (a quick test; tags or entities alone count as text).
    static func isBlank(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// A member by name, also spelled with other capitals (`Name`, `recipeingredient`).
    static func member(_ object: [String: JSONValue], _ key: String) -> JSONValue? {
        if let value = object[key] { return value }
        return object.first { $0.key.caseInsensitiveCompare(key) == .orderedSame }?.value
    }

    /// The object a value stands for, following an `@id` reference when the object is only that.
    func resolved(_ value: JSONValue) -> [String: JSONValue]? {
        guard case .object(let object) = value else { return nil }
        if object.count <= 2, let id = object["@id"]?.string, let node = nodesByID[id], node.count > object.count {
            return node
        }
        return object
    }

    mutating func draft(from recipe: [String: JSONValue]) -> RecipeDraft {
        var draft = RecipeDraft()
        draft.title = (SchemaRecipeReader.member(recipe, "name") ?? SchemaRecipeReader.member(recipe, "headline")).flatMap(firstText)
        draft.description = SchemaRecipeReader.member(recipe, "description").flatMap(firstText)
        draft.yields = (SchemaRecipeReader.member(recipe, "recipeYield") ?? SchemaRecipeReader.member(recipe, "yield")).flatMap(yields)
        draft.prepMinutes = SchemaRecipeReader.member(recipe, "prepTime").flatMap(minutes)
        draft.cookMinutes = SchemaRecipeReader.member(recipe, "cookTime").flatMap(minutes)
        draft.totalMinutes = SchemaRecipeReader.member(recipe, "totalTime").flatMap(minutes)
        if draft.totalMinutes == nil, draft.prepMinutes != nil || draft.cookMinutes != nil {
            draft.totalMinutes = (draft.prepMinutes ?? 0) + (draft.cookMinutes ?? 0)
        }
        // Both names at once (microdata around a list of its own): the one with more elements is the list.
        let ingredientValues = ["recipeIngredient", "ingredients", "ingredient"].compactMap { SchemaRecipeReader.member(recipe, $0) }
        if let ingredients = ingredientValues.reduce(nil, { (best: JSONValue?, value: JSONValue) in
            guard let best else { return value }
            return value.elements.count > best.elements.count ? value : best
        }) {
            // Each entry is one line as the data gives it; a list given as one text is split into its lines.
            var lines: [String] = []
            let entries = ingredients.elements
            collectIngredients(ingredients, into: &lines, depth: 0, splitting: entries.count == 1 && entries[0].string != nil)
            // A list that repeats its own end says it once; a line that only titles the list is no ingredient.
            lines = IngredientLines.withoutRepeatedEnd(lines).filter { SectionWords.title(of: $0) != .ingredients }
            if fromMarkup {
                draft.ingredientGroups = IngredientLines.grouped(lines.filter { !IngredientLines.isLabel($0) })
            } else {
                draft.ingredientGroups = [PageRecipe.IngredientGroup(name: nil, lines: lines)]
            }
        }
        if let instructions = SchemaRecipeReader.member(recipe, "recipeInstructions") ?? SchemaRecipeReader.member(recipe, "instructions") {
            var lines: [PageRecipe.Instruction] = []
            collectInstructions(instructions, into: &lines, depth: 0)
            lines = StepLines.joiningOpenBrackets(lines)
            // Instructions that only repeat the description are no method: the page has it elsewhere.
            if let description = draft.description, !lines.isEmpty, lines.count <= 2 {
                let method = Folding.fold(lines.map(\.text).joined())
                let summary = Folding.fold(description)
                let shorter = min(method.count, summary.count)
                if shorter >= 40, method.hasPrefix(summary) || summary.hasPrefix(method) { lines = [] }
            }
            // A method that only repeats the list of ingredients, with its groups' names, is none (its
            // property marks the list).
            let ingredientLines = draft.ingredientGroups.flatMap { [$0.name].compactMap { $0 } + $0.lines }
            if !lines.isEmpty, !ingredientLines.isEmpty,
               Folding.fold(lines.map(\.text).joined(separator: " ")) == Folding.fold(ingredientLines.joined(separator: " ")) {
                lines = []
            }
            // One section over the whole method named only as the method ("Preparation", "Modo de
            // preparo") titles it; it is no part of it.
            if lines.first?.kind == .section, lines.dropFirst().allSatisfy({ $0.kind == .step }), let first = lines.first,
               SectionWords.title(of: first.text) == .instructions {
                lines.removeFirst()
            }
            if fromMarkup {
                // "Preparation" over the method's lines titles them.
                while let first = lines.first, SectionWords.title(of: first.text) == .instructions { lines.removeFirst() }
                // The page's element runs on past the method into its servings, nutrition or credit.
                if let end = lines.indices.dropFirst().first(where: { lines[$0].kind == .step && SchemaRecipeReader.endsMethod(lines[$0].text) }) {
                    lines.removeSubrange(end...)
                }
            }
            draft.instructions = lines
        }
        draft.cuisine = SchemaRecipeReader.member(recipe, "recipeCuisine").flatMap(joinedText)
        draft.category = SchemaRecipeReader.member(recipe, "recipeCategory").flatMap(joinedText)
        if let image = SchemaRecipeReader.member(recipe, "image") { collectPictures(image, into: &draft.pictures, depth: 0) }
        if draft.pictures.candidates.isEmpty, let thumbnail = SchemaRecipeReader.member(recipe, "thumbnailUrl") {
            collectPictures(thumbnail, into: &draft.pictures, depth: 0)
        }
        draft.video = SchemaRecipeReader.member(recipe, "video").flatMap { address($0, keys: ["contentUrl", "embedUrl", "url"]) }
        draft.author = SchemaRecipeReader.member(recipe, "author").flatMap(names)
        draft.siteName = SchemaRecipeReader.member(recipe, "publisher").flatMap(names)
        draft.basedOn = SchemaRecipeReader.member(recipe, "isBasedOn").flatMap { address($0, keys: ["url", "@id"]) }
        draft.license = SchemaRecipeReader.member(recipe, "license").flatMap(firstText)
        draft.language = SchemaRecipeReader.member(recipe, "inLanguage").flatMap(firstText)
        draft.canonicalURL = (SchemaRecipeReader.member(recipe, "url") ?? SchemaRecipeReader.member(recipe, "mainEntityOfPage"))
            .flatMap { address($0, keys: ["@id", "url"]) }
        return draft
    }

    /// Words (folded) that open a line after a method: its nutrition, its servings, a credit.
    private static let methodEnds = [
        "nutritionfacts", "nutritioninformation", "nutritionalinformation", "servingsize", "numberofservings", "recipeby",
        "recipesubmittedby", "recipecourtesyof", "recipereprinted", "thisrecipewasreprinted", "reprintedwithpermission",
    ]

    /// Whether a line closes a method rather than being part of it ("Serves 4 to 6.", "Nutrition Facts
    /// per Serving: …", "Recipe by Ann Smith.").
    static func endsMethod(_ line: String) -> Bool {
        let clean = CleanText.line(line, maxLength: 300)
        if clean.contains(where: \.isLetter), YieldText.statesServings(clean) { return true }
        let folded = Folding.fold(clean, limit: 30)
        return methodEnds.contains { folded.hasPrefix($0) }
    }

    // MARK: Text

    /// The first text in a value: a string or number, the first of an array, an object's `name`, `text` or `@value`.
    func firstText(_ value: JSONValue) -> String? {
        firstText(value, depth: 0)
    }

    private func firstText(_ value: JSONValue, depth: Int) -> String? {
        guard depth < Limits.depth else { return nil }
        switch value {
        case .string(let text), .number(let text):
            return SchemaRecipeReader.isBlank(text) ? nil : Mojibake.repaired(text)
        case .array(let values):
            for element in values.prefix(50) {
                if let text = firstText(element, depth: depth + 1) { return text }
            }
            return nil
        case .object(let object):
            for key in ["name", "text", "@value", "value"] {
                if let member = object[key], let text = firstText(member, depth: depth + 1) { return text }
            }
            return nil
        case .null, .bool:
            return nil
        }
    }

    /// Texts joined with `, ` (`["Dinner", "Main course"]`), repeats left out.
    private func joinedText(_ value: JSONValue) -> String? {
        var seen = Set<String>()
        var parts: [String] = []
        for element in value.elements.prefix(50) {
            if let text = firstText(element), seen.insert(text).inserted { parts.append(text) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Person or organisation names: a string, an object's `name` (also through `@id`), or several.
    private func names(_ value: JSONValue) -> String? {
        var seen = Set<String>()
        var parts: [String] = []
        for element in value.elements.prefix(20) {
            var name: String?
            if case .object = element {
                name = resolved(element).flatMap { SchemaRecipeReader.member($0, "name") }.flatMap(firstText)
            } else {
                name = firstText(element)
            }
            if let name, seen.insert(name).inserted { parts.append(name) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// A URL: a string, the first of an array, or an object's `url`/`contentUrl` (also through `@id`).
    private func address(_ value: JSONValue, keys: [String]) -> String? {
        address(value, keys: keys, depth: 0)
    }

    private func address(_ value: JSONValue, keys: [String], depth: Int) -> String? {
        guard depth < 4 else { return nil }
        switch value {
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        case .array(let values):
            for element in values.prefix(20) {
                if let found = address(element, keys: keys, depth: depth + 1) { return found }
            }
            return nil
        case .object:
            guard let object = resolved(value) else { return nil }
            for key in keys {
                if let member = object[key], let found = address(member, keys: keys, depth: depth + 1) { return found }
            }
            return nil
        default:
            return nil
        }
    }

    /// Every picture an `image` names: an address, an `ImageObject` (also through `@id`) with its
    /// width and height, or a list of either.
    private func collectPictures(_ value: JSONValue, into pictures: inout Pictures, depth: Int) {
        guard depth < 4 else { return }
        switch value {
        case .string(let text):
            pictures.add(Mojibake.repaired(text))
        case .array(let values):
            for element in values.prefix(20) { collectPictures(element, into: &pictures, depth: depth + 1) }
        case .object:
            guard let object = resolved(value) else { return }
            // An `@id` names the picture only when it is not a fragment of the page (`…/#primaryimage`).
            let address = ["url", "contentUrl", "@id"].lazy.compactMap { key in
                object[key].flatMap { self.address($0, keys: ["url", "contentUrl"]) }.flatMap { key == "@id" && $0.contains("#") ? nil : $0 }
            }.first
            guard let address else { return }
            func size(_ key: String) -> Int? {
                guard let member = object[key] else { return nil }
                return Pictures.dimension(member.string ?? member["value"]?.string ?? member["@value"]?.string)
            }
            pictures.add(address, width: size("width"), height: size("height"))
        default:
            return
        }
    }

    private func minutes(_ value: JSONValue) -> Int? {
        switch value {
        case .string(let text):
            return Durations.minutes(text)
        case .number(let text):
            return Durations.minutes(text)
        case .array(let values):
            return values.first.flatMap(minutes)
        case .object(let object):
            return (object["@value"] ?? object["value"]).flatMap(minutes)
        default:
            return nil
        }
    }

    /// The yield: of several (`["4", "4 servings"]`), the one that says most; a bare number is servings.
    /// Only one value (the same text given twice is one) counts at the top of a range it writes as one.
    private func yields(_ value: JSONValue) -> String? {
        let texts = value.elements.prefix(20).compactMap(firstText).map { CleanText.line($0, maxLength: 200) }.filter { !$0.isEmpty }
        guard let first = texts.first else { return nil }
        let worded = texts.first { $0.contains { $0.isLetter } } ?? first
        return YieldText.normalized(worded, rangeTop: Set(texts).count == 1)
    }

    /// Whether a step's name is a line of its own ("Make the marinade"): not when it only numbers the
    /// step ("Step 1", "Schritt 2", "3."), and not when the text starts with it.
    static func nameSaysMore(_ name: String, than text: String) -> Bool {
        var cleanName = CleanText.line(name)
        while cleanName.hasSuffix(".") { cleanName.removeLast() }
        guard !cleanName.isEmpty, !CleanText.line(text, maxLength: cleanName.unicodeScalars.count + 16).hasPrefix(cleanName) else { return false }
        // The text's start cut short as a preview ("Salat1. Wa...").
        if case let written = CleanText.line(name), written.hasSuffix("...") || written.hasSuffix("…") {
            let start = Folding.fold(cleanName, limit: 200)
            if !start.isEmpty, Folding.fold(text, limit: start.count + 8).hasPrefix(start) { return false }
        }
        guard !StepLines.isNumberingLabel(cleanName) else { return false }
        let words = CleanText.line(name).split { !$0.isLetter && !$0.isNumber }
        let numbered = words.contains { $0.allSatisfy(\.isNumber) }
        return !(numbered && words.count <= 2) && !StepLines.isNumberedStepTitle(name)
    }

    // MARK: Lists

    private mutating func collectIngredients(_ value: JSONValue, into lines: inout [String], depth: Int, splitting: Bool) {
        guard depth < Limits.depth, lines.count < Limits.lines else { return }
        visits += 1
        guard visits < Limits.visits else { return }
        switch value {
        case .string(let text):
            if splitting {
                var split = HTMLLines.lines(Mojibake.repaired(text))
                if split.count == 1 { split = IngredientLines.splitAtCommas(split[0]) }
                for line in split where lines.count < Limits.lines { lines.append(line) }
            } else if !SchemaRecipeReader.isBlank(text) {
                // An entry that holds several ingredients a line each, most with an amount, is those lines.
                let repaired = Mojibake.repaired(text)
                let parts = !fromMarkup && repaired.utf8.contains(0x0A) ? HTMLLines.lines(repaired) : []
                if parts.count >= 2, parts.filter(Amounts.startsWithAmount).count * 2 > parts.count {
                    for part in parts where lines.count < Limits.lines { lines.append(part) }
                } else {
                    lines.append(repaired)
                }
            }
        case .number(let text):
            lines.append(text)
        case .array(let values):
            for element in values {
                guard lines.count < Limits.lines, visits < Limits.visits else { break }
                collectIngredients(element, into: &lines, depth: depth + 1, splitting: splitting)
            }
        case .object(let object):
            // A microdata ingredient item reads as its element's whole text.
            if let text = (object["@text"] ?? object["text"] ?? object["name"] ?? object["@value"]).flatMap(firstText) { lines.append(text) }
        default:
            break
        }
    }

    private mutating func collectInstructions(_ value: JSONValue, into lines: inout [PageRecipe.Instruction], depth: Int) {
        guard depth < Limits.depth, lines.count < Limits.lines else { return }
        visits += 1
        guard visits < Limits.visits else { return }
        switch value {
        case .string(let text):
            for line in StepLines.withoutLabelsAndTitles(StepLines.unwrapped(HTMLLines.lines(Mojibake.repaired(text)))) where lines.count < Limits.lines {
                lines.append(.step(line))
            }
        case .number(let text):
            lines.append(.step(text))
        case .array(let values):
            for element in values {
                guard lines.count < Limits.lines, visits < Limits.visits else { break }
                collectInstructions(element, into: &lines, depth: depth + 1)
            }
        case .object:
            guard let object = resolved(value) else { return }
            let items = SchemaRecipeReader.member(object, "itemListElement")
            let name = SchemaRecipeReader.member(object, "name").flatMap(firstText)
            // A step given as a list's entry may keep its text in `description` under a `name` that titles it.
            let text = (SchemaRecipeReader.member(object, "text") ?? (items == nil ? SchemaRecipeReader.member(object, "description") : nil))
                .flatMap(firstText)
            if SchemaRecipeReader.hasType(object, "HowToSection") || (items != nil && text == nil) {
                // A section named only by its place ("First instruction") has no name worth a line.
                if let name, !StepLines.isNumberingLabel(name) { lines.append(.section(name)) }
                if let items { collectInstructions(items, into: &lines, depth: depth + 1) }
                return
            }
            if let name, let text, SchemaRecipeReader.nameSaysMore(name, than: text) {
                lines.append(.step(name))
            }
            if let text {
                for line in StepLines.withoutLabelsAndTitles(StepLines.unwrapped(HTMLLines.lines(text))) where lines.count < Limits.lines { lines.append(.step(line)) }
            } else if let items {
                collectInstructions(items, into: &lines, depth: depth + 1)
            } else if let name {
                lines.append(.step(name))
            }
        default:
            break
        }
    }
}
