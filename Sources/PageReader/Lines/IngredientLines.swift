import Entity

/// Ingredient lists that carry their group names as lines ("MASHED POTATOES", "For the glaze:").
enum IngredientLines {
    static func grouped(_ lines: [String]) -> [PageRecipe.IngredientGroup] {
        var groups: [PageRecipe.IngredientGroup] = []
        var name: String?
        var current: [String] = []
        for line in lines {
            let clean = line.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 < 0x20 }) ? CleanText.line(line) : line
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

    /// Lines of one text whose ingredients are indented under group names written flush left
    /// ("Salsa" over "\t2 pickles", "\t1 onion"): the names get a colon, so they read as names.
    static func markingIndentedGroups(_ lines: [String]) -> [String] {
        func indented(_ line: String) -> Bool { line.hasPrefix("\t") || line.hasPrefix("  ") }
        let indentedCount = lines.lazy.filter(indented).count
        guard indentedCount >= 3, indentedCount < lines.count, indentedCount * 2 > lines.count else { return lines }
        return lines.enumerated().map { index, line in
            guard !indented(line), index + 1 < lines.count, indented(lines[index + 1]) else { return line }
            let clean = CleanText.line(line)
            guard !clean.isEmpty, clean.count <= 60, !clean.hasSuffix(":"), !clean.contains(where: \.isNumber) else { return line }
            return clean + ":"
        }
    }

    /// Whether most lines have no quantity (`Tequila`, `Knoblauchzehe`): structured data that dropped them.
    static func lackQuantities(_ groups: [PageRecipe.IngredientGroup]) -> Bool {
        let lines = groups.flatMap(\.lines)
        guard lines.count >= 3 else { return false }
        let withNumbers = lines.filter { line in line.contains { $0.isNumber } }
        return withNumbers.count * 3 < lines.count
    }

    /// The lines as the page shows them, when each is a structured line with its quantity in front
    /// (also when the page shows quantity and name as two lines each).
    static func withQuantities(_ groups: [PageRecipe.IngredientGroup], shown: [PageRecipe.IngredientGroup]) -> [PageRecipe.IngredientGroup]? {
        let lines = groups.flatMap(\.lines)
        let visible = shown.flatMap(\.lines)
        var matched: [String] = []
        var position = 0
        var skipped = 0
        for structured in lines {
            let foldedStructured = Folding.fold(structured)
            guard !foldedStructured.isEmpty else { return nil }
            while true {
                guard position < visible.count else { return nil }
                let foldedLine = Folding.fold(visible[position])
                // The first line must add its quantity: a page that shows the name first pairs the other way.
                if foldedLine.hasSuffix(foldedStructured), foldedLine.count > foldedStructured.count || !matched.isEmpty {
                    matched.append(visible[position])
                    position += 1
                    break
                }
                if position + 1 < visible.count, Folding.fold(visible[position] + visible[position + 1]).hasSuffix(foldedStructured) {
                    matched.append(visible[position] + " " + visible[position + 1])
                    position += 2
                    break
                }
                // A line or two before the list proper ("2 portions").
                guard matched.isEmpty, skipped < 2 else { return nil }
                skipped += 1
                position += 1
            }
        }
        return matched == visible ? shown : [PageRecipe.IngredientGroup(name: nil, lines: matched)]
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
