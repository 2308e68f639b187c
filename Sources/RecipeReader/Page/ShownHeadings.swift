import Entity
import PageReader

/// The lines of a structured ingredient list that the page itself shows as headings over its list
/// ("For the noodles:" in bold as the whole of an item, "Apple slaw" as a heading): JSON-LD keeps a
/// group's name as one more line, where the page means it as the name of the lines after it.
enum ShownHeadings {
    /// The most a heading line holds, in bytes.
    static let longest = 120

    /// `groups` with each line the page shows as a heading made the name of the lines after it. A
    /// line that gives an amount stays a line, as does the last line of a group (it heads nothing).
    static func grouped(_ groups: [PageRecipe.IngredientGroup], in tree: PageTree) -> [PageRecipe.IngredientGroup] {
        // Each candidate with the start of the line after it, which the page shows under the heading.
        var candidates: [String: Set<String>] = [:]
        for group in groups {
            for (line, next) in zip(group.lines, group.lines.dropFirst()) where isCandidate(line) {
                let folded = Folding.fold(line)
                let following = String(letters(next).prefix(10))
                if !folded.isEmpty, !following.isEmpty { candidates[folded, default: []].insert(following) }
            }
        }
        guard !candidates.isEmpty else { return groups }
        let shown = headings(among: candidates, in: tree)
        guard !shown.isEmpty else { return groups }
        var result: [PageRecipe.IngredientGroup] = []
        for group in groups {
            var name = group.name
            var lines: [String] = []
            for (offset, line) in group.lines.enumerated() {
                guard offset < group.lines.count - 1, isCandidate(line), shown.contains(Folding.fold(line)) else {
                    lines.append(line)
                    continue
                }
                if !lines.isEmpty { result.append(PageRecipe.IngredientGroup(name: name, lines: lines)) }
                var heading = Folding.clean(line, maxLength: longest).trimmingCharacters(in: .whitespaces)
                while heading.hasSuffix(":") { heading = String(heading.dropLast()).trimmingCharacters(in: .whitespaces) }
                name = heading
                lines = []
            }
            if !lines.isEmpty { result.append(PageRecipe.IngredientGroup(name: name, lines: lines)) }
        }
        return result
    }

    private static func isCandidate(_ line: String) -> Bool {
        line.utf8.count <= longest && !Amounts.startsWithAmount(line)
    }

    /// The letters of a line, lower-cased: its words without amounts or punctuation.
    private static func letters(_ line: String) -> String {
        String(String.UnicodeScalarView(Folding.fold(line).unicodeScalars.filter { $0.properties.numericType == nil }))
    }

    /// Those of `candidates` (folded texts) that the page shows as a heading, with the line after it
    /// in the list (the start of its letters) right below: in an `h2`–`h6`, in an element whose class
    /// names a heading or title, or in bold that is the whole of its item, paragraph or block and
    /// stands over text that is not bold (a list whose items all start in bold only looks that way).
    static func headings(among candidates: [String: Set<String>], in tree: PageTree) -> Set<String> {
        var found = Set<String>()
        for index in tree.nodes.indices {
            let node = tree.nodes[index]
            // (A heading is small: a large element is not read for one.)
            guard node.kind == .element, node.end - index <= 24, var shown = heading(index, in: tree) else { continue }
            let folded = Folding.fold(tree.text(of: index), limit: longest * 2)
            guard !folded.isEmpty, let followers = candidates[folded], !found.contains(folded) else { continue }
            // Up through the elements that hold this text and nothing more.
            var top = index
            var element = node.parent
            while element >= 0, Folding.fold(tree.text(of: element), limit: longest * 2 + 1) == folded {
                top = element
                if let kind = heading(element, in: tree) { shown = max(shown, kind) }
                element = tree.nodes[element].parent
            }
            guard PageTree.blockElements.contains(tree.nodes[top].name), let after = textAfter(top, in: tree, length: 10) else { continue }
            if shown == .bold, after.bold || nextHoldsBold(top, in: tree) { continue }
            if followers.contains(where: { after.letters.hasPrefix($0) }) { found.insert(folded) }
        }
        return found
    }

    /// Whether the element after `index`, of its kind (the next item of a list), holds bold: a list that
    /// sets the names in its lines in bold (`1 pound <b>sausage</b>`) sets a line of names only all in
    /// bold, and means no heading by it.
    private static func nextHoldsBold(_ index: Int, in tree: PageTree) -> Bool {
        guard let next = tree.nextNonBlank(after: index), tree.nodes[next].kind == .element, tree.nodes[next].name == tree.nodes[index].name else { return false }
        return tree.first("strong", in: next..<tree.nodes[next].end) != nil || tree.first("b", in: next..<tree.nodes[next].end) != nil
    }

    /// How an element shows its text as a heading: in bold, or as a heading proper.
    private enum Shown: Comparable { case bold, heading }

    private static let headingClassNeedles = ByteNeedles(["heading", "title", "subhead", "h2", "h3", "h4", "h5", "h6"])

    private static func heading(_ element: Int, in tree: PageTree) -> Shown? {
        let name = tree.nodes[element].name
        if name == "strong" || name == "b" { return .bold }
        if name.count == 2, name.first == "h", let level = Int(name.dropFirst()), (2...6).contains(level) { return .heading }
        guard tree.attribute("class", of: element, containsAnyOf: headingClassNeedles) else { return nil }
        let named = tree.classes(element).contains { token in
            token.contains("heading") || token.contains("title") || token.contains("subhead")
                || ["h2", "h3", "h4", "h5", "h6"].contains { token == $0 || token.hasSuffix("-" + $0) }
        }
        return named ? .heading : nil
    }

    /// The letters of the text right after element `index` (at least `length` of them, when there
    /// are), and whether its first text is in bold; nil when no text follows.
    private static func textAfter(_ index: Int, in tree: PageTree, length: Int) -> (letters: String, bold: Bool)? {
        var letters = ""
        var bold: Bool?
        var position = tree.nodes[index].end
        var looked = 0
        while position < tree.nodes.count, looked < 40, letters.unicodeScalars.count < length {
            if tree.nodes[position].kind == .text {
                let read = ShownHeadings.letters(tree.string(tree.nodes[position].range))
                if bold == nil, !read.isEmpty { bold = inBold(position, in: tree) }
                letters += read
            }
            position += 1
            looked += 1
        }
        return bold.map { (letters, $0) }
    }

    /// Whether a text is in `strong` or `b` within its block.
    private static func inBold(_ index: Int, in tree: PageTree) -> Bool {
        var element = tree.nodes[index].parent
        while element >= 0, !PageTree.blockElements.contains(tree.nodes[element].name) {
            if tree.nodes[element].name == "strong" || tree.nodes[element].name == "b" { return true }
            element = tree.nodes[element].parent
        }
        return false
    }
}
