import Entity

/// A recipe from a Markdown file as most collections write one: front matter (or a first `#` heading)
/// for the title; an Ingredients section and a Directions/Method/Instructions/Steps section under
/// headings in any language the page reader knows (`## Zutaten`, `**Ingredients**`, `Method:`), their
/// items as list items or numbered lines, or plain lines and paragraphs. One pass over the lines, no
/// recursion: a list nested 100,000 deep is 100,000 lines read once.
enum MarkdownRecipeReader {
    private enum Section {
        case none
        case ingredients
        case steps
    }

    static func read(_ text: String, fileName: String) -> Result<FileRecipe, RecipeFileProblem> {
        let matter: FrontMatter
        var body: Substring
        do throws(RecipeFileProblem) {
            (matter, body) = try FrontMatter.split(text[...])
        } catch {
            return .failure(error)
        }
        var firstHeading: String?
        var firstTopHeading: String?
        var section = Section.none
        var sectionLevel = 0
        var lines: [String] = []
        var steps: [String] = []
        var paragraph: [Substring] = []
        var inFence = false
        var lastWasItem = false

        func endParagraph() {
            guard !paragraph.isEmpty else { return }
            let text = inline(paragraph.joined(separator: " ")[...])
            paragraph.removeAll(keepingCapacity: true)
            guard !text.isEmpty else { return }
            switch section {
            case .steps: steps.append(text)
            case .ingredients: lines.append(text)
            case .none: break
            }
        }

        var pending: Substring?
        while let line = pending ?? FrontMatter.nextLine(&body) {
            pending = nil
            let clean = FrontMatter.trimmed(line)
            if clean.hasPrefix("```") || clean.hasPrefix("~~~") {
                inFence.toggle()
                endParagraph()
                continue
            }
            if inFence { continue }
            if clean.isEmpty {
                endParagraph()
                continue
            }
            // A heading: `## Ingredients`, a setext heading (the text, then `---` or `===`), or a line that
            // is only a section's name (`**Ingredients**`, `Method:`).
            var heading: (text: Substring, level: Int)?
            if let atx = atxHeading(clean), leadingSpaces(line) < 4 {
                heading = atx
            } else if paragraph.isEmpty, !isListItem(clean) {
                if let next = FrontMatter.nextLine(&body) {
                    let underline = FrontMatter.trimmed(next)
                    if underline.count >= 2, underline.allSatisfy({ $0 == "=" }) || underline.allSatisfy({ $0 == "-" }) {
                        heading = (clean, underline.first == "=" ? 1 : 2)
                    } else {
                        pending = next
                    }
                }
                if heading == nil {
                    let label = clean.trimmingCharacters(in: ["*", "_", ":", " "])
                    if label.count < clean.count || clean.hasSuffix(":"), SectionWords.title(of: label) != nil {
                        // A label opens a section as a `##` heading would: `###` groups stay in it.
                        heading = (label[...], 2)
                    }
                }
            }
            if let heading {
                endParagraph()
                lastWasItem = false
                let text = inline(heading.text)
                switch SectionWords.kind(of: text) {
                case .ingredients:
                    section = .ingredients
                    sectionLevel = heading.level
                case .instructions:
                    section = .steps
                    sectionLevel = heading.level
                case .other:
                    section = .none
                case nil:
                    // A group inside a section (`### For the sauce`) keeps it; any other heading ends it.
                    if section != .none, heading.level > sectionLevel { continue }
                    section = .none
                    if heading.level == 1, firstTopHeading == nil { firstTopHeading = text }
                    if firstHeading == nil, !text.isEmpty { firstHeading = text }
                }
                continue
            }
            guard section != .none else { continue }
            if let item = listItem(clean) {
                endParagraph()
                let text = inline(item)
                lastWasItem = !text.isEmpty
                guard !text.isEmpty else { continue }
                if section == .ingredients { lines.append(text) } else { steps.append(text) }
            } else if lastWasItem, leadingSpaces(line) >= 2 {
                // An item's text going on, indented under it.
                let more = inline(clean)
                if section == .ingredients, let last = lines.popLast() { lines.append(last + " " + more) }
                if section == .steps, let last = steps.popLast() { steps.append(last + " " + more) }
            } else if section == .ingredients {
                lastWasItem = false
                let text = inline(clean)
                if !text.isEmpty, !clean.hasPrefix("!["), !clean.hasPrefix("<!--") { lines.append(text) }
            } else {
                lastWasItem = false
                if !clean.hasPrefix("!["), !clean.hasPrefix("<!--") { paragraph.append(clean) }
            }
        }
        endParagraph()

        let title = RecipeFileReader.firstTitle(matter.text("title"), matter.text("name"), firstTopHeading, firstHeading,
                                                RecipeFileReader.title(fromFileName: fileName))
        guard !lines.isEmpty else { return .failure(.noIngredients) }
        guard !steps.isEmpty else { return .failure(.noSteps) }
        return .success(RecipeFileReader.recipe(title: title, lines: lines, steps: steps, matter: matter))
    }

    /// `## Title ##` → (`Title`, 2); nil for anything else (`#hashtag`, `####### seven`).
    private static func atxHeading(_ line: Substring) -> (text: Substring, level: Int)? {
        var level = 0
        var index = line.startIndex
        while index < line.endIndex, line[index] == "#", level <= 6 {
            level += 1
            index = line.index(after: index)
        }
        guard (1...6).contains(level), index == line.endIndex || line[index] == " " || line[index] == "\t" else { return nil }
        var text = FrontMatter.trimmed(line[index...])
        while text.last == "#" { text.removeLast() }
        return (FrontMatter.trimmed(text), level)
    }

    private static func isListItem(_ line: Substring) -> Bool {
        listItem(line) != nil
    }

    /// The text of a list item, its markers taken off however deep it is nested (`- `, `* `, `+ `, `• `,
    /// `1. `, `1) `, `[ ] `); nil for a line that is no item.
    private static func listItem(_ line: Substring) -> Substring? {
        var text = line
        var found = false
        while true {
            text = FrontMatter.trimmed(text)
            guard let first = text.first else { return found ? text : nil }
            if first == "-" || first == "*" || first == "+" || first == "•" {
                let after = text.dropFirst()
                guard after.isEmpty || after.first?.isWhitespace == true else { break }
                // `---` or `***` alone is a rule, not an item.
                text = after
                found = true
                continue
            }
            if first.isASCII, first.isNumber {
                let digits = text.prefix { $0.isASCII && $0.isNumber }
                let after = text[digits.endIndex...]
                guard digits.count <= 4, let mark = after.first, mark == "." || mark == ")" else { break }
                let rest = after.dropFirst()
                guard rest.isEmpty || rest.first?.isWhitespace == true else { break }
                text = rest
                found = true
                continue
            }
            if text.hasPrefix("[ ]") || text.hasPrefix("[x]") || text.hasPrefix("[X]"), found {
                text = text.dropFirst(3)
                continue
            }
            break
        }
        return found ? text : nil
    }

    private static func leadingSpaces(_ line: Substring) -> Int {
        var count = 0
        for character in line {
            if character == " " { count += 1 } else if character == "\t" { count += 4 } else { break }
            if count >= 8 { break }
        }
        return count
    }

    /// Markdown's inline marks taken off: images left out, a link's text kept, emphasis and code marks
    /// removed. The text is made a printable line later, with the rest of the recipe.
    static func inline(_ text: Substring) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "!", text[index...].dropFirst().first == "[", let end = linkEnd(text, from: text.index(after: index)) {
                index = end.after
                continue
            }
            if character == "[", let end = linkEnd(text, from: index) {
                result += inline(text[text.index(after: index)..<end.label])
                index = end.after
                continue
            }
            if character == "*" || character == "`" || character == "\\" {
                index = text.index(after: index)
                continue
            }
            if character == "_", text[index...].dropFirst().first == "_" {
                index = text.index(index, offsetBy: 2)
                continue
            }
            result.append(character)
            index = text.index(after: index)
        }
        return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// For `[label](target)` starting at `start`: where the label ends and where the whole link ends.
    /// Looks at most 500 characters ahead, so a line of unclosed brackets stays linear.
    private static func linkEnd(_ text: Substring, from start: String.Index) -> (label: String.Index, after: String.Index)? {
        guard let close = text[start...].prefix(500).firstIndex(of: "]") else { return nil }
        let open = text.index(after: close)
        guard open < text.endIndex, text[open] == "(", let end = text[open...].prefix(500).firstIndex(of: ")") else { return nil }
        return (close, text.index(after: end))
    }
}
