import Entity

/// A recipe from a Cooklang file (https://cooklang.org/docs/spec/): metadata from front matter or
/// `>> key: value` lines, each paragraph a step, `@ingredient{quantity%unit}(note)`, `#cookware{}`,
/// `~timer{quantity%unit}`, `--` and `[- … -]` comments, `=` sections and `>` notes passed over. The
/// ingredient lines are written as a cook reads them (`125 g flour`, `3 eggs`, `salt`), the steps with
/// each mark as its text. Linear: every look ahead for a brace is bounded.
enum CooklangRecipeReader {
    static func read(_ text: String, fileName: String) -> Result<FileRecipe, RecipeFileProblem> {
        var matter: FrontMatter
        var body: Substring
        do throws(RecipeFileProblem) {
            (matter, body) = try FrontMatter.split(text[...])
        } catch {
            return .failure(error)
        }
        let uncommented = withoutBlockComments(body)
        body = uncommented[...]
        var lines: [String] = []
        var seenLines = Set<String>()
        var steps: [String] = []
        var paragraph: [Substring] = []
        var listKey: String?

        func endParagraph() {
            guard !paragraph.isEmpty else { return }
            let step = Self.step(paragraph.joined(separator: " "))
            paragraph.removeAll(keepingCapacity: true)
            for line in step.ingredients where seenLines.insert(line).inserted { lines.append(line) }
            if !step.text.isEmpty { steps.append(step.text) }
        }

        while let raw = FrontMatter.nextLine(&body) {
            var line = raw
            if let comment = line.range(of: "--") { line = line[..<comment.lowerBound] }
            let clean = FrontMatter.trimmed(line)
            if clean.hasPrefix(">>") {
                endParagraph()
                matter.take(clean.dropFirst(2), listKey: &listKey)
                continue
            }
            if clean.isEmpty || clean.hasPrefix("=") || clean.hasPrefix(">") {
                endParagraph()
                continue
            }
            paragraph.append(clean)
        }
        endParagraph()

        let title = RecipeFileReader.firstTitle(matter.text("title"), matter.text("name"), RecipeFileReader.title(fromFileName: fileName))
        guard !lines.isEmpty else { return .failure(.noIngredients) }
        guard !steps.isEmpty else { return .failure(.noSteps) }
        return .success(RecipeFileReader.recipe(title: title, lines: lines, steps: steps, matter: matter))
    }

    /// The text with every `[- … -]` left out (one never closed: to the end).
    private static func withoutBlockComments(_ text: Substring) -> String {
        guard text.contains("[-") else { return String(text) }
        var result = ""
        var rest = text
        while let open = rest.range(of: "[-") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-]") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// A step's text, and the ingredient lines its `@` marks give.
    static func step(_ paragraph: String) -> (text: String, ingredients: [String]) {
        let scalars = Array(paragraph.unicodeScalars)
        var text = String.UnicodeScalarView()
        var ingredients: [String] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "@" || scalar == "#" || scalar == "~", let mark = Self.mark(scalars, at: index) else {
                text.append(scalar)
                index += 1
                continue
            }
            index = mark.end
            let amount = [mark.quantity, mark.unit].compactMap { $0 }.joined(separator: " ")
            switch scalar {
            case "@":
                text.append(contentsOf: mark.name.unicodeScalars)
                var line = amount.isEmpty ? mark.name : amount + " " + mark.name
                if let note = mark.note { line += ", " + note }
                if !mark.name.isEmpty { ingredients.append(line) }
            case "#":
                text.append(contentsOf: mark.name.unicodeScalars)
            default:
                text.append(contentsOf: (mark.name.isEmpty ? amount : mark.name + (amount.isEmpty ? "" : " (\(amount))")).unicodeScalars)
            }
        }
        let step = String(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return (step, ingredients)
    }

    private struct Mark {
        var name: String
        var quantity: String?
        var unit: String?
        var note: String?
        var end: Int
    }

    private static let lookAhead = 200

    /// The mark starting at `start` (`@`, `#` or `~`): a name of many words up to a `{` (when no other
    /// mark comes first), else one word; then `{quantity%unit}` and, for an ingredient, `(note)`.
    private static func mark(_ s: [Unicode.Scalar], at start: Int) -> Mark? {
        var index = start + 1
        if s[start] == "@" {
            while index < s.count, "?&-+".unicodeScalars.contains(s[index]) { index += 1 }
        }
        let limit = min(s.count, index + lookAhead)
        var brace: Int?
        var probe = index
        while probe < limit {
            let c = s[probe]
            if c == "{" { brace = probe; break }
            if c == "@" || c == "#" || c == "~" || c == "}" { break }
            probe += 1
        }
        var name: String
        if let brace, s[index..<brace].contains(where: { !Self.isWordScalar($0) }) || brace == index {
            name = String(String.UnicodeScalarView(s[index..<brace]))
            index = brace
        } else {
            var end = index
            while end < s.count, isWordScalar(s[end]) { end += 1 }
            name = String(String.UnicodeScalarView(s[index..<end]))
            index = end
        }
        name = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var mark = Mark(name: name, end: index)
        if index < s.count, s[index] == "{" {
            let closeLimit = min(s.count, index + lookAhead)
            if let close = s[index..<closeLimit].firstIndex(of: "}") {
                let inside = String(String.UnicodeScalarView(s[(index + 1)..<close]))
                let parts = inside.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)
                let quantity = parts[0].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "*", with: "")
                mark.quantity = quantity.isEmpty ? nil : quantity
                if parts.count > 1 {
                    let unit = parts[1].trimmingCharacters(in: .whitespaces)
                    mark.unit = unit.isEmpty ? nil : unit
                }
                index = close + 1
                mark.end = index
            }
        }
        if s[start] == "@", index < s.count, s[index] == "(" {
            let closeLimit = min(s.count, index + lookAhead)
            if let close = s[index..<closeLimit].firstIndex(of: ")") {
                let note = String(String.UnicodeScalarView(s[(index + 1)..<close])).trimmingCharacters(in: .whitespaces)
                mark.note = note.isEmpty ? nil : note
                mark.end = close + 1
            }
        }
        // A lone `@`, `#` or `~` (`# of eggs`, `~ 5 min`) is text.
        guard !mark.name.isEmpty || mark.quantity != nil, mark.end > start + 1 else { return nil }
        return mark
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" || scalar == "'"
    }
}
