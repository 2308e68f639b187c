import Entity
import PageReader
import TextSafety

/// Reads the markup recipe-card plugins print (WP Recipe Maker's `wprm-recipe-ingredients-container`,
/// Tasty Recipes' `tasty-recipes-ingredients`, Mediavine Create's `mv-create-instructions`, and the
/// same idea under other names: an element whose class names ingredients or instructions as a whole,
/// holding list items, with group headings between them). No class of any one site is named: a class
/// counts by the words in it.
enum RecipeCardReader {
    enum Part: Hashable { case ingredients, instructions }

    enum Limits {
        static let items = 400
        static let containers = 200
    }

    static func read(_ tree: PageTree) -> RecipeDraft? {
        let candidates = containers(in: tree)
        let ingredients = bestEntries(for: .ingredients, among: candidates, in: tree)
        let instructions = bestEntries(for: .instructions, among: candidates, in: tree)
        var draft = RecipeDraft()
        draft.ingredientGroups = groups(from: ingredients)
        draft.instructions = steps(from: instructions)
        guard draft.ingredientCount > 0 || draft.stepCount > 0 else { return nil }
        return draft
    }

    // MARK: Finding the card

    private enum Entry {
        case heading(String)
        case item(String)
    }

    /// Words that make a class name a part of an item or a control, not the list as a whole.
    private static let detailWords: Set<String> = [
        "header", "title", "heading", "label", "name", "amount", "unit", "notes", "note", "quantity", "image", "img",
        "link", "checkbox", "button", "buttons", "btn", "action", "actions", "calculator", "clipboard", "count", "toggle",
        "icon", "print", "servings", "portions", "portion", "nav", "tab", "tabs", "jump", "media", "video", "tip", "tips",
        "summary", "intro", "placeholder", "modal", "popup", "counter", "form", "input", "search", "filter", "menu",
        "share", "rating", "nutrition", "equipment", "toc", "scroll", "sticky", "widget", "ad", "ads", "related",
    ]

    private static let structureWords: Set<String> = [
        "list", "lists", "group", "groups", "section", "sections", "container", "wrapper", "wrap", "body", "items", "content",
        "block", "box", "area", "inner", "holder", "v2", "table", "column", "col", "panel", "module", "component", "widget", "main",
    ]

    private static let ingredientWords = ByteNeedles(["ingredient", "zutaten"])
    private static let instructionWords = ByteNeedles(["instruction", "direction", "preparation", "zubereitung"])

    private static func part(ofClass token: String) -> Part? {
        let words = token.split { $0 == "-" || $0 == "_" }
        guard !words.isEmpty, !words.contains(where: { detailWords.contains(String($0)) }) else { return nil }
        let mentionsIngredients = ingredientWords.occur(in: token)
        let mentionsInstructions = instructionWords.occur(in: token)
            || words.contains { $0 == "steps" || $0 == "method" || $0 == "methods" || $0.hasSuffix("method") }
        if mentionsIngredients == mentionsInstructions { return nil }
        // The part's word, then only words about structure (`-list`, `-container`) or a generated suffix:
        // `ingredients-tequila` is a tag on a post, not a list.
        guard let last = words.lastIndex(where: { ingredientWords.occur(in: String($0)) || instructionWords.occur(in: String($0))
            || $0 == "steps" || $0 == "method" || $0 == "methods" || $0.hasSuffix("method") }) else { return nil }
        let word = words[last]
        let plural = word.hasSuffix("ingredients") || word.hasSuffix("instructions") || word.hasSuffix("directions")
            || word == "steps" || word.hasSuffix("method") || word == "methods" || word.hasSuffix("preparation") || word == "zutaten"
            || word == "zubereitung" || word.hasSuffix("ingredientlist") || word.hasSuffix("instructionlist")
        let rest = words[(last + 1)...]
        guard rest.allSatisfy({ structureWords.contains(String($0)) || $0.contains(where: \.isNumber) }) else { return nil }
        guard plural || !rest.isEmpty else { return nil }
        return mentionsIngredients ? .ingredients : .instructions
    }

    /// Byte strings one of which a class must hold to name a part (checked before any decoding).
    private static let partNeedles = ByteNeedles(["ingredient", "instruction", "direction", "preparation", "zutaten", "zubereitung", "steps", "method"])

    /// The entries of the element that reads most like `wanted`: of the outermost elements whose class
    /// names it (their parent instead, when the part is split over sibling lists there: `<ul
    /// class=ingredients>` once per group), the one whose items most look the part (ingredient lines
    /// giving amounts, steps reading as sentences), the first among equals.
    private static func bestEntries(for wanted: Part, among candidates: [(index: Int, part: Part)], in tree: PageTree) -> [Entry] {
        var best: [Entry] = []
        var bestScore = 0
        var tried = Set<Int>()
        for (index, part) in candidates where part == wanted {
            var unit = index
            var start = index + 1
            let parent = tree.nodes[index].parent
            if parent >= 0, tree.nodes[parent].name != "body", tree.nodes[parent].name != "html" {
                let inParent = candidates.filter { tree.contains(parent, $0.index) }
                if inParent.count >= 2, inParent.allSatisfy({ $0.part == wanted }) {
                    // The lists and what is between them, from the first list's heading on: what the parent
                    // holds before that (the recipe's title, its course and servings) is not the part.
                    unit = parent
                    start = firstList(of: inParent.map(\.index), in: parent, tree: tree)
                }
            }
            guard tried.insert(unit).inserted else { continue }
            let found = entries(in: unit, from: start, part: wanted, tree: tree)
            let score = quality(of: found, as: wanted)
            if score > bestScore {
                best = found
                bestScore = score
            }
        }
        return best
    }

    /// Where the part starts in `parent`: at the first of its `lists`, or at the heading just before it.
    private static func firstList(of lists: [Int], in parent: Int, tree: PageTree) -> Int {
        guard let first = lists.min() else { return parent + 1 }
        let siblings = tree.children(of: parent).filter { tree.nodes[$0].kind == .element }
        guard let position = siblings.firstIndex(where: { $0 == first || tree.contains($0, first) }) else { return parent + 1 }
        if position > 0, isHeading(siblings[position - 1], tree: tree) { return siblings[position - 1] }
        return siblings[position]
    }

    /// How much entries look like `part`: each item counts, twice when it looks the part (an
    /// ingredient giving an amount, a step that is a sentence), not at all when it is a label; the least
    /// of scores when fewer than half of them look the part (a menu, a list of tags).
    private static func quality(of entries: [Entry], as part: Part) -> Int {
        var items = 0
        var looking = 0
        for case .item(let text) in entries {
            items += 1
            if part == .ingredients ? Amounts.hasAmount(text) : StepLines.readLikeSteps([text]) { looking += 1 }
        }
        guard items > 0 else { return 0 }
        return looking * 2 >= items ? items + looking : 1
    }

    /// Outermost elements whose class names a part, in page order.
    private static func containers(in tree: PageTree) -> [(index: Int, part: Part)] {
        var result: [(index: Int, part: Part)] = []
        var index = 0
        while index < tree.nodes.count, result.count < Limits.containers {
            let node = tree.nodes[index]
            guard node.kind == .element, tree.attribute("class", of: index, containsAnyOf: partNeedles) else {
                index += 1
                continue
            }
            let parts = Set(tree.classes(index).compactMap(part(ofClass:)))
            if parts.count == 1, let part = parts.first, node.name != "body", node.name != "html" {
                result.append((index, part))
                // The outermost one only: its descendants are its own parts.
                index = node.end
                continue
            }
            index += 1
        }
        return result
    }

    // MARK: Reading the card

    /// Headings and items in order. Items are the outermost `li` elements when there are any, else
    /// paragraphs; headings are `h1`–`h6`, elements with a heading's class, and short bold-only lines.
    private static func entries(in container: Int, from start: Int? = nil, part: Part, tree: PageTree) -> [Entry] {
        let end = tree.nodes[container].end
        let usesListItems = listItemsOutnumberParagraphs(in: container, tree: tree)
        var entries: [Entry] = []
        var index = start ?? container + 1
        while index < end, entries.count < Limits.items {
            let node = tree.nodes[index]
            guard node.kind == .element else {
                index += 1
                continue
            }
            if isHidden(index, tree: tree) || isControl(index, tree: tree) {
                index = node.end
                continue
            }
            if isHeading(index, tree: tree) {
                let text = CleanText.line(ElementText.text(of: index, in: tree, skipping: skipped(part)))
                // A heading naming another part ("Cooking Instructions" in an ingredients box) ends this one.
                if let kind = SectionWords.kind(of: text), kind != (part == .ingredients ? .ingredients : .instructions) { break }
                if !text.isEmpty { entries.append(.heading(text)) }
                index = node.end
                continue
            }
            // (A heading is small: a large element is not looked through for one.)
            if node.name == "p" || node.name == "div", node.end - index <= 64, isBoldOnly(index, tree: tree) {
                // `<p><strong>For the glaze:</strong></p>` between lists.
                let text = CleanText.line(tree.text(of: index))
                if !text.isEmpty, text.count <= 80 { entries.append(.heading(text)) }
                index = node.end
                continue
            }
            let isItem = usesListItems ? node.name == "li" : (node.name == "p" || isItemByClass(index, tree: tree))
            if isItem, let heading = RecipeCardReader.headingInside(index, tree: tree) {
                // `<li><h3>For the dough</h3></li>`
                if let kind = SectionWords.kind(of: heading), kind != (part == .ingredients ? .ingredients : .instructions) { break }
                entries.append(.heading(heading))
                index = node.end
                continue
            }
            if isItem, part == .ingredients, node.name == "li", let nested = ((index + 1)..<node.end).first(where: { tree.nodes[$0].kind == .element && (tree.nodes[$0].name == "ul" || tree.nodes[$0].name == "ol") }),
               case let text = CleanText.line(ElementText.text(of: index, in: tree) { tree, inner in
                   tree.nodes[inner].name == "ul" || tree.nodes[inner].name == "ol" || skipped(part)(tree, inner)
               }), !text.isEmpty, text.count <= 80, !Amounts.hasAmount(text) {
                // `<li><strong>Seasonings</strong><ul><li>…</li></ul></li>`: an item with no amount over a
                // list of its own names the group of that list's items.
                entries.append(.heading(text))
                index = nested
                continue
            }
            // A method runs on into no link to another page: those are the page's cards for more recipes.
            if isItem, part == .instructions, linksAway(index, in: tree) { break }
            if isItem, part == .ingredients, tree.first("br", in: index..<node.end) != nil,
               case let lines = tree.lines(of: index).map({ CleanText.line($0) }).filter({ !$0.isEmpty }),
               lines.count >= 2, lines.allSatisfy(Amounts.startsWithAmount) {
                // `<p>¼ C yogurt<br>1 Tbsp honey</p>`: an item broken into lines that each give an amount
                // holds one ingredient a line.
                entries += lines.map { .item($0) }
                index = node.end
                continue
            }
            if isItem {
                let text = CleanText.line(ElementText.text(of: index, in: tree, skipping: skipped(part)))
                if !text.isEmpty {
                    let namesGroup = (isBoldOnly(index, tree: tree) && text.count <= 80 && text.hasSuffix(":"))
                        || (part == .ingredients && IngredientLines.opensGroup(text))
                    entries.append(namesGroup ? .heading(text) : .item(text))
                }
                index = node.end
                continue
            }
            if node.name == "span", isBoldOnly(index, tree: tree) {
                let text = CleanText.line(tree.text(of: index))
                if !text.isEmpty, text.count <= 80 { entries.append(.heading(text)) }
                index = node.end
                continue
            }
            index += 1
        }
        return withoutTitles(entries)
    }

    private static let controlNeedles = ByteNeedles(["share", "social", "dropdown", "print", "rating", "comment", "jump", "button", "nav", "menu", "subscribe", "newsletter"])

    /// Sharing buttons, menus and the like inside a card: not the recipe.
    private static func isControl(_ index: Int, tree: PageTree) -> Bool {
        let name = tree.nodes[index].name
        if name == "nav" || name == "button" || name == "select" { return true }
        if name == "form" { return tree.nodes[index].end - index <= HeadingHeuristic.Limits.formNodes }
        return tree.attribute("class", of: index, containsAnyOf: controlNeedles) || tree.attribute("id", of: index, containsAnyOf: controlNeedles)
    }

    /// Whether the card's items are list items (else paragraphs): controls left out of the count.
    private static func listItemsOutnumberParagraphs(in container: Int, tree: PageTree) -> Bool {
        var listItems = 0
        var paragraphs = 0
        var index = container + 1
        while index < tree.nodes[container].end {
            let node = tree.nodes[index]
            if node.kind == .element, isHidden(index, tree: tree) || isControl(index, tree: tree) {
                index = node.end
                continue
            }
            if node.kind == .element, node.name == "li" { listItems += 1 }
            if node.kind == .element, node.name == "p" { paragraphs += 1 }
            index += 1
        }
        return listItems > 0 && listItems * 2 >= paragraphs
    }

    /// A heading straight before another heading (or at the end) is the card's own title
    /// ("Ingredients" above "For the cake"), as is one that only names the part.
    private static func withoutTitles(_ entries: [Entry]) -> [Entry] {
        var result: [Entry] = []
        for (position, entry) in entries.enumerated() {
            guard case .heading(let text) = entry else {
                result.append(entry)
                continue
            }
            let next = position + 1 < entries.count ? entries[position + 1] : nil
            if case .item = next, !SectionWords.isSectionTitle(text) {
                result.append(entry)
            }
        }
        return result
    }

    private static func groups(from entries: [Entry]) -> [PageRecipe.IngredientGroup] {
        var groups: [PageRecipe.IngredientGroup] = []
        var name: String?
        var lines: [String] = []
        for entry in entries {
            switch entry {
            case .heading(let text):
                if !lines.isEmpty { groups.append(PageRecipe.IngredientGroup(name: name, lines: lines)) }
                name = text.hasSuffix(":") ? String(text.dropLast()) : text
                lines = []
            case .item(let text):
                lines.append(text)
            }
        }
        if !lines.isEmpty { groups.append(PageRecipe.IngredientGroup(name: name, lines: lines)) }
        return groups
    }

    private static func steps(from entries: [Entry]) -> [PageRecipe.Instruction] {
        // A credit under the method ("Photography: Ann Smith", "Tart (Photo: Ann Smith)") ends it.
        var entries = entries[...]
        if let credit = entries.indices.dropFirst().first(where: { if case .item(let text) = entries[$0] { PageLabels.isCredit(text) } else { false } }) {
            entries = entries[..<credit]
        }
        return entries.map { entry in
            switch entry {
            case .heading(let text): .section(text)
            case .item(let text): .step(text)
            }
        }
    }

    private static let headingNames: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6", "dt", "legend"]

    private static let headingClassNeedles = ByteNeedles(["group-name", "group-title", "section-title", "subtitle", "subheading", "group-head"])

    /// An element that heads what follows: `h1`–`h6`, `dt`, `legend`, or an element whose class says it
    /// heads a group or section (`group-head`, `section-title`).
    static func isHeading(_ index: Int, tree: PageTree) -> Bool {
        if headingNames.contains(tree.nodes[index].name) { return true }
        return tree.attribute("class", of: index, containsAnyOf: headingClassNeedles)
    }

    private static let itemClassNeedles = ByteNeedles(["ingredient", "instruction", "step", "direction", "item"])

    private static func isItemByClass(_ index: Int, tree: PageTree) -> Bool {
        guard tree.attribute("class", of: index, containsAnyOf: itemClassNeedles) else { return false }
        return tree.classes(index).contains { token in
            let words = token.split { $0 == "-" || $0 == "_" }
            return words.contains { ["ingredient", "instruction", "step", "direction", "item"].contains(String($0)) }
        }
    }

    /// The text of an item that holds only a heading (`<li><h3>For the dough</h3></li>`).
    static func headingInside(_ index: Int, tree: PageTree) -> String? {
        let end = tree.nodes[index].end
        guard let heading = ((index + 1)..<min(end, index + 4)).first(where: { headingNames.contains(tree.nodes[$0].name) && tree.nodes[$0].kind == .element }) else {
            return nil
        }
        let text = CleanText.line(tree.text(of: heading))
        guard !text.isEmpty, Folding.fold(text) == Folding.fold(tree.text(of: index)) else { return nil }
        return text
    }

    /// A heading whose text is all links (`<h2><a>More recipes >>></a></h2>` inside the last step): the
    /// page pointing elsewhere, not the text of what holds it.
    static func isHeadingOfLinks(_ index: Int, tree: PageTree) -> Bool {
        let node = tree.nodes[index]
        guard node.kind == .element, isNumberedHeading(node.name) else { return false }
        return isAllLinks(index, tree: tree) { _ in true }
    }

    /// `h1` to `h6`.
    private static func isNumberedHeading(_ name: String) -> Bool {
        name.utf8.count == 2 && name.first == "h" && name.last.map { ("1"..."6").contains($0) } == true
    }

    /// Whether the element at `index` is a link to another page: inside one (`<a href="/cake"><h3>`), or
    /// all its text in such links (`<p><a href="/cake">Cake</a></p>`). A link within the page (`#method`)
    /// or one that runs a script is none.
    static func linksAway(_ index: Int, in tree: PageTree) -> Bool {
        isInsideLinkAway(index, in: tree) || isAllLinks(index, tree: tree) { leadsAway($0, in: tree) }
    }

    /// Whether the node at `index` lies inside a link to another page, three elements up at the most.
    static func isInsideLinkAway(_ index: Int, in tree: PageTree) -> Bool {
        var ancestor = tree.nodes[index].parent
        for _ in 0..<3 where ancestor >= 0 {
            if tree.nodes[ancestor].name == "a" { return leadsAway(ancestor, in: tree) }
            ancestor = tree.nodes[ancestor].parent
        }
        return false
    }

    private static func leadsAway(_ link: Int, in tree: PageTree) -> Bool {
        guard let href = tree.attribute("href", of: link)?.trimmingCharacters(in: .whitespaces) else { return false }
        return !href.isEmpty && !href.hasPrefix("#") && !href.lowercased().hasPrefix("javascript:")
    }

    /// Whether all the text of the element at `index` is inside links, one of them at least with text,
    /// each of them one that `counts`.
    private static func isAllLinks(_ index: Int, tree: PageTree, where counts: (Int) -> Bool) -> Bool {
        var sawLink = false
        var position = index + 1
        while position < tree.nodes[index].end {
            let inner = tree.nodes[position]
            if inner.kind == .element, inner.name == "a" {
                guard counts(position) else { return false }
                if !CleanText.line(tree.text(of: position)).isEmpty { sawLink = true }
                position = inner.end
                continue
            }
            if inner.kind == .text, !CleanText.line(tree.string(inner.range)).isEmpty { return false }
            position += 1
        }
        return sawLink
    }

    /// An element whose text is all inside `strong` or `b` (`<p><strong>For the sauce</strong></p>`).
    static func isBoldOnly(_ index: Int, tree: PageTree) -> Bool {
        var sawBold = false
        var position = index + 1
        let end = tree.nodes[index].end
        while position < end {
            let node = tree.nodes[position]
            if node.kind == .element, node.name == "strong" || node.name == "b" {
                if !CleanText.line(tree.text(of: position)).isEmpty { sawBold = true }
                position = node.end
                continue
            }
            if node.kind == .text, !CleanText.line(tree.string(node.range)).isEmpty { return false }
            position += 1
        }
        return sawBold
    }

    private static let hiddenStyleNeedles = ByteNeedles(["display:none", "display: none"])
    private static let hiddenClassNeedles = ByteNeedles(["hid", "none", "sr-only", "screen-reader", "visually"])
    private static let hiddenClasses: Set<String> = [
        "hide", "hidden", "d-none", "is-hidden", "sr-only", "screen-reader-text", "visually-hidden", "visuallyhidden",
    ]

    static func isHidden(_ index: Int, tree: PageTree) -> Bool {
        if tree.hasAttribute("hidden", of: index) || tree.attribute("style", of: index, containsAnyOf: hiddenStyleNeedles) { return true }
        guard tree.attribute("class", of: index, containsAnyOf: hiddenClassNeedles) else { return false }
        return tree.classes(index).contains { hiddenClasses.contains($0) }
    }

    private static let controlClassNeedles = ByteNeedles(["checkbox", "media", "button"])
    private static let ingredientClassNeedles = ByteNeedles(["ingredient"])

    /// Parts of an item that are not its text: buttons, pictures, and (in a step) the list of the
    /// ingredients it uses, set apart as a block; an ingredient named inline in the step's sentence is
    /// part of it.
    private static func skipped(_ part: Part) -> (PageTree, Int) -> Bool {
        { tree, index in
            let node = tree.nodes[index]
            if node.name == "button" || node.name == "select" || node.name == "input" || node.name == "figure" { return true }
            if part == .instructions, PageTree.blockElements.contains(node.name), tree.attribute("class", of: index, containsAnyOf: ingredientClassNeedles) {
                return true
            }
            // A heading inside a step that only names the part ("INSTRUCTIONS" over the first step's text) is no part of the step.
            if part == .instructions, isNumberedHeading(node.name), node.end - index <= 8,
               SectionWords.title(of: CleanText.line(tree.text(of: index))) == .instructions {
                return true
            }
            return isHidden(index, tree: tree) || tree.attribute("class", of: index, containsAnyOf: controlClassNeedles) || isHeadingOfLinks(index, tree: tree)
        }
    }
}
