import Entity
import TextSafety

/// Ingredient lists that carry their group names as lines ("MASHED POTATOES", "For the glaze:").
enum IngredientLines {
    static func grouped(_ lines: [String]) -> [PageRecipe.IngredientGroup] {
        var groups: [PageRecipe.IngredientGroup] = []
        var name: String?
        var current: [String] = []
        for line in lines {
            let clean = Folding.clean(line, maxLength: 10_000)
            if isGroupName(clean) {
                if !current.isEmpty { groups.append(PageRecipe.IngredientGroup(name: name, lines: current)) }
                current = []
                var groupName = clean
                while groupName.hasSuffix(":") { groupName.removeLast() }
                name = SectionWords.kind(of: clean) == .ingredients ? nil : groupName
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty || groups.isEmpty { groups.append(PageRecipe.IngredientGroup(name: name, lines: current)) }
        return groups
    }

    /// The lines without a repeat of their own end: a list whose last three or more lines are the
    /// ones just before them once more, in any order, lists that group twice.
    static func withoutRepeatedEnd(_ lines: [String]) -> [String] {
        guard lines.count >= 6, lines.count <= 400 else { return lines }
        let folded = lines.map { Folding.fold($0) }
        for length in stride(from: folded.count / 2, through: 3, by: -1) {
            let end = folded.count
            let last = folded[(end - length)..<end]
            let before = folded[(end - 2 * length)..<(end - length)]
            if !last.contains(""), last.sorted() == before.sorted() { return Array(lines.prefix(end - length)) }
        }
        return lines
    }

    /// The groups without the copies of their lines in other units: a page whose switch between metric
    /// and cups keeps every version of the list gives each group (or the whole list) two or three
    /// times over, the same ingredients in the same order with other amounts. Only the first stays.
    static func withoutCopiesInOtherUnits(_ groups: [PageRecipe.IngredientGroup]) -> [PageRecipe.IngredientGroup] {
        var result = groups.map { group in
            PageRecipe.IngredientGroup(name: group.name, lines: withoutCopies(group.lines))
        }
        let lines = result.flatMap(\.lines)
        let kept = withoutCopies(lines)
        guard kept.count < lines.count else { return result }
        // The whole list given again: the groups up to the end of its first copy, then what follows the copies.
        var remaining = kept[...]
        result = result.compactMap { group in
            var taken: [String] = []
            for line in group.lines where remaining.first == line {
                taken.append(line)
                remaining = remaining.dropFirst()
            }
            return taken.isEmpty ? nil : PageRecipe.IngredientGroup(name: group.name, lines: taken)
        }
        return result
    }

    /// The lines without the runs that copy the first run in other units (see `withoutCopiesInOtherUnits`).
    static func withoutCopies(_ lines: [String]) -> [String] {
        guard lines.count >= 4, lines.count <= 400 else { return lines }
        let names = lines.map(nameAfterAmount)
        func copies(_ start: Int, _ length: Int) -> Bool {
            guard start + length <= names.count else { return false }
            let same = (0..<length).filter { !names[$0].isEmpty && names[$0] == names[start + $0] }.count
            // A short run copies only with every name the same ("Salt" twice is no copy of a list).
            return length <= 4 ? same == length : same * 5 >= length * 3
        }
        // The first version names most things once; a run of one name ("1 g flour", "2 g flour", …) is no list given twice.
        for length in 2...(lines.count / 2) where copies(length, length) && Set(names.prefix(length)).count * 5 >= length * 4 {
            var end = 2 * length
            while copies(end, length) { end += length }
            return Array(lines.prefix(length) + lines[end...])
        }
        return lines
    }

    /// A line's words after its amount and unit, folded: `500 grams cherry tomatoes` and `1 pound cherry
    /// tomatoes` name the same thing.
    private static func nameAfterAmount(_ line: String) -> String {
        let words = line.lowercased().split(whereSeparator: \.isWhitespace)
        let name = words.drop { word in
            word.contains(where: \.isNumber) || Amounts.isUnit(String(word)) || ["fl", "of", "x"].contains(word)
        }
        return Folding.fold(name.joined(separator: " "))
    }

    /// Whether most lines have no quantity (`Tequila`, `Knoblauchzehe`): structured data that dropped them.
    static func lackQuantities(_ groups: [PageRecipe.IngredientGroup]) -> Bool {
        let lines = groups.flatMap(\.lines)
        guard lines.count >= 3 else { return false }
        let withNumbers = lines.filter { line in line.contains { $0.isNumber } }
        return withNumbers.count * 3 < lines.count
    }

    /// The structured lines, each as the page shows it when the page puts a quantity in front of it
    /// (also with a note after the name, "1 stick butter, room temp." for "butter", and when the page
    /// shows the quantity on a line of its own just before); nil unless the page gives two thirds of them so.
    static func withQuantities(_ groups: [PageRecipe.IngredientGroup], shown: [PageRecipe.IngredientGroup]) -> [PageRecipe.IngredientGroup]? {
        let lines = groups.flatMap(\.lines)
        let visible = shown.flatMap(\.lines)
        var result: [String] = []
        var position = 0
        var found = 0
        for structured in lines {
            let folded = Folding.fold(structured)
            var taken: String?
            if !folded.isEmpty, !isGroupName(CleanText.line(structured)) {
                for candidate in position..<min(visible.count, position + 3) {
                    let line = Folding.fold(visible[candidate])
                    if line.count > folded.count, line.hasSuffix(folded) || (line.contains(folded) && Amounts.startsWithAmount(visible[candidate])) {
                        taken = visible[candidate]
                        position = candidate + 1
                        break
                    }
                    if candidate + 1 < visible.count, RowText.isAmountAlone(visible[candidate]), Folding.fold(visible[candidate + 1]) == folded {
                        taken = visible[candidate] + " " + visible[candidate + 1]
                        position = candidate + 2
                        break
                    }
                }
            }
            if taken != nil { found += 1 }
            result.append(taken ?? structured)
        }
        let names = lines.filter { isGroupName(CleanText.line($0)) }.count
        guard found * 3 >= (lines.count - names) * 2 else { return nil }
        return [PageRecipe.IngredientGroup(name: nil, lines: result)]
    }

    /// Whether the structured lines could be names of groups, before any list on the page is read: two or
    /// more, each short and with no number.
    static func mayNameGroups(_ groups: [PageRecipe.IngredientGroup]) -> Bool {
        let lines = groups.flatMap(\.lines)
        return lines.count >= 2 && lines.allSatisfy { $0.count <= 60 && !$0.contains(where: \.isNumber) }
    }

    /// Whether the structured lines only name the groups of `shown` ("Décor", "Biscuit Joconde"): two or
    /// more, each the name of one of its groups.
    static func nameOnlyGroups(_ groups: [PageRecipe.IngredientGroup], of shown: [PageRecipe.IngredientGroup]) -> Bool {
        let lines = groups.flatMap(\.lines).map { Folding.fold($0) }
        let names = Set(shown.compactMap(\.name).map { Folding.fold($0) })
        return lines.count >= 2 && lines.allSatisfy { !$0.isEmpty && names.contains($0) }
    }

    /// Whether `shown`, a list the page shows with amounts, is the structured list of names in another
    /// order: as long or longer, and holding nearly every name (nine in ten) in one of its lines.
    static func showsInAnotherOrder(_ groups: [PageRecipe.IngredientGroup], shown: [PageRecipe.IngredientGroup]) -> Bool {
        let names = groups.flatMap(\.lines).map { Folding.fold($0) }.filter { !$0.isEmpty }
        let visible = shown.flatMap(\.lines).map { Folding.fold($0) }
        guard names.count >= 3, visible.count >= names.count, mostlyGiveAmounts(shown) else { return false }
        // Each name at the first line that holds it and no name before it (a name may come twice: salt).
        var places: [Int] = []
        for name in names {
            guard let place = visible.indices.first(where: { !places.contains($0) && visible[$0].count > name.count && visible[$0].contains(name) }) else { continue }
            places.append(place)
        }
        return places.count * 10 >= names.count * 9 && zip(places, places.dropFirst()).contains { $0 > $1 }
    }

    /// Words that open the name of a group of ingredients ("For the glaze", "Für den Teig", "Voor de saus").
    private static let groupOpeningWords: Set<String> = ["for", "für", "voor", "pour", "para", "per"]

    /// A line in a page's list that names the group after it rather than an ingredient: "For the
    /// topping", short, with no quantity and nothing after a colon.
    static func opensGroup(_ line: String) -> Bool {
        guard !line.isEmpty, line.count <= 60, !line.contains(where: \.isNumber) else { return false }
        var body = Substring(line)
        while body.hasSuffix(":") { body = body.dropLast() }
        guard !body.contains(":"), !body.hasSuffix("."), !body.contains(",") else { return false }
        let words = body.split(whereSeparator: \.isWhitespace)
        guard words.count >= 2, words.count <= 6, let first = words.first else { return false }
        return groupOpeningWords.contains(first.lowercased())
    }

    /// A line that names a group rather than an ingredient: it ends with a colon, or it is written in
    /// capitals with no quantity, or it only says "Ingredients".
    static func isGroupName(_ line: String) -> Bool {
        guard !line.isEmpty, line.utf8.count <= 240 else { return false }
        if line.hasSuffix(":") { return true }
        guard !line.utf8.contains(where: { (0x30...0x39).contains($0) }), !line.contains(where: \.isNumber) else { return false }
        let head = line.split(separator: "(", maxSplits: 1).first.map(String.init) ?? line
        if head.utf8.contains(where: { (0x61...0x7A).contains($0) }) {
            // Some lower case: a group name only when it says "Ingredients".
            return SectionWords.kind(of: line) == .ingredients
        }
        // Capitals up to a parenthesis: "DRESSING (whisk together)".
        let letters = head.unicodeScalars.filter(\.properties.isAlphabetic)
        guard letters.count >= 3 else { return false }
        return letters.allSatisfy { !$0.properties.isLowercase } && letters.contains { $0.properties.isUppercase }
    }
}

extension IngredientLines {
    /// The structured lines in the card's groups, when the card shows the same lines: each stays as the
    /// structured data has it, unless the card shows it with the quantity the structured data left out
    /// (`½ cup popping corn` for `popping corn`); the group names come from the card. Otherwise the
    /// lines as they were.
    static func regrouped(_ lines: [PageRecipe.IngredientGroup], like card: [PageRecipe.IngredientGroup]) -> [PageRecipe.IngredientGroup] {
        let flat = lines.flatMap(\.lines)
        let shown = card.flatMap(\.lines)
        guard !lines.contains(where: { $0.name != nil }), shown.count == flat.count, !flat.isEmpty else { return lines }
        var chosen: [String] = []
        for (structured, line) in zip(flat, shown) {
            if Folding.fold(structured) == Folding.fold(line) {
                chosen.append(structured)
            } else if addsQuantity(line, to: structured) {
                chosen.append(line)
            } else {
                return lines
            }
        }
        var result: [PageRecipe.IngredientGroup] = []
        var position = 0
        for group in card {
            result.append(PageRecipe.IngredientGroup(name: group.name, lines: Array(chosen[position..<(position + group.lines.count)])))
            position += group.lines.count
        }
        return result
    }

    /// Whether the page's line is the structured line with the quantity the structured data left out.
    static func addsQuantity(_ shown: String, to structured: String) -> Bool {
        let foldedShown = Folding.fold(shown)
        let foldedStructured = Folding.fold(structured)
        guard !foldedStructured.isEmpty, foldedShown.count > foldedStructured.count, foldedShown.hasSuffix(foldedStructured) else { return false }
        let clean = CleanText.line(structured)
        return !(clean.first?.isNumber ?? false) && CleanText.line(shown).first.map { $0.isNumber || $0.unicodeScalars.first?.properties.numericType != nil } == true
    }
}

extension IngredientLines {
    /// Whether the page's list is the structured one and goes on for at least three more lines: a
    /// structured list cut short (one or two more are likely the card's equipment or a note).
    static func continues(_ shown: [PageRecipe.IngredientGroup], _ structured: [PageRecipe.IngredientGroup]) -> Bool {
        let shownLines = shown.flatMap(\.lines).map { Folding.fold($0) }
        let lines = structured.flatMap(\.lines).map { Folding.fold($0) }
        return !lines.isEmpty && shownLines.count >= lines.count + 3 && Array(shownLines.prefix(lines.count)) == lines
    }
}

extension IngredientLines {
    /// A line of a page's list that is its label, not an ingredient: a part's title ("Ingredients",
    /// "Zutaten:") or the yield ("Serves 4", "2 - 4 porcje", "Für 2 Personen").
    static func isLabel(_ line: String) -> Bool {
        let clean = Folding.clean(line, maxLength: 120)
        return SectionWords.title(of: clean) != nil || YieldText.statesServings(clean)
    }
}

extension IngredientLines {
    /// A whole list written as one line with commas (`2 eggs, 1 cup flour, 1 tsp salt`), split where
    /// most parts start with an amount; any other line as it is.
    static func splitAtCommas(_ line: String) -> [String] {
        let parts = line.split(whereSeparator: { $0 == "," || $0 == ";" }).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard parts.count >= 3 else { return [line] }
        let measured = parts.filter { Amounts.startsWithAmount($0) }.count
        return measured * 3 >= parts.count * 2 ? parts : [line]
    }
}

extension IngredientLines {
    /// Whether most lines of a list give an amount (see `Amounts`).
    static func mostlyGiveAmounts(_ groups: [PageRecipe.IngredientGroup]) -> Bool {
        let lines = groups.flatMap(\.lines)
        return !lines.isEmpty && lines.filter(Amounts.hasAmount).count * 2 >= lines.count
    }
}

extension IngredientLines {
    /// A long sentence with no amount among a page's ingredients: a note or a disclaimer, not a line of the list.
    static func isNote(_ line: String) -> Bool {
        let clean = Folding.clean(line, maxLength: 2_000)
        return clean.count >= 80 && clean.hasSuffix(".") && !Amounts.startsWithAmount(clean) && !namesThenGivesAmount(clean)
    }

    /// A line that names the ingredient and then gives its amount after a comma, in its first 100
    /// characters ("Shaoxing wine, ~1/2 tbsp. To be swirled in at the end."): an ingredient however long its note.
    private static func namesThenGivesAmount(_ line: String) -> Bool {
        var rest = line.prefix(100)
        while let comma = rest.range(of: ", ") {
            let after = rest[comma.upperBound...].drop { $0 == "~" || $0 == "≈" || $0 == "±" }
            if Amounts.startsWithAmount(String(after.prefix(24))) { return true }
            rest = rest[comma.upperBound...]
        }
        return false
    }
}

extension IngredientLines {
    /// The lines without a control the page prints after every one of them ("3 chicken breasts, diced
    /// shopping list"): see `PageLabels.trailingControl`.
    static func withoutTrailingControl(_ lines: [String]) -> [String] {
        guard let tail = PageLabels.trailingControl(of: lines) else { return lines }
        return lines.map { PageLabels.withoutTail(tail, of: $0) }
    }
}
