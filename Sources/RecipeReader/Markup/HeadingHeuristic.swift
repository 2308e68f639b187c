import Entity
import PageReader
import TextSafety

/// For pages with no recipe markup: a heading (or a bold or short line acting as one) named
/// Ingredients, Zutaten, Ingrédients, 材料, ... followed by list items or lines, and one named
/// Method, Zubereitung, Préparation, 作り方, ... followed by steps. Sub-headings inside become group
/// names and sections; the next heading of the same rank, or a title such as "Notes", ends a part.
enum HeadingHeuristic {
    enum Limits {
        static let blocks = 20_000
        static let linesPerPart = 150
        /// A form larger than this holds the page's content.
        static let formNodes = 400
        /// A `header` this small heads a section; a larger one is the page's banner.
        static let sectionHeaderNodes = 8
    }

    struct Block: Equatable {
        enum Kind: Equatable {
            /// `h1`–`h6`, or 7 for a bold-only line.
            case heading(Int)
            case item
            case line
        }

        let kind: Kind
        let text: String
        /// A heading, item or line that is only a link to another page (another recipe's card).
        var linksAway = false
    }

    static func read(_ tree: PageTree) -> RecipeDraft? {
        read(tree, blocks: blocks(of: tree))
    }

    /// The recipe under the headings of `tree`, whose blocks (`blocks(of: tree)`) are given.
    static func read(_ tree: PageTree, blocks pageBlocks: [Block]) -> RecipeDraft? {
        let found = read(blocks: pageBlocks)
        guard found?.ingredientCount ?? 0 == 0, tree.nodes.contains(where: { $0.kind == .element && $0.name == "aside" }) else { return found }
        // A page that keeps its ingredients in a box beside the method (`<aside>`), where a sidebar
        // usually is: read again with asides, when that finds the ingredients.
        guard let withAsides = read(blocks: blocks(of: tree, skipping: skippedElements.subtracting(["aside"]))),
              withAsides.ingredientCount > 0 else { return found }
        return withAsides
    }

    static func read(blocks pageBlocks: [Block]) -> RecipeDraft? {
        // The page's labels and controls are not parts of the recipe, but a part's title is; so is a
        // heading, unless it gives a fact and its value ("Bereidingstijd: 30 minuten").
        let blocks = pageBlocks.filter { block in
            if isHeading(block), !block.text.contains(where: \.isNumber) { return true }
            return !PageLabels.isNotRecipeText(block.text) || SectionWords.kind(of: block.text) != nil
        }
        var best: (ingredients: [Block], steps: [Block])?
        var bestScore = 0
        for (index, block) in blocks.enumerated() where isTitleCandidate(block) {
            guard SectionWords.kind(of: block.text) == .ingredients else { continue }
            let (ingredients, ingredientsEnd) = parts(after: index, in: blocks, ofIngredients: true)
            guard !ingredients.isEmpty else { continue }
            // Sentences about the ingredients ("Lemon juice: just a bit to brighten it all."), as a post
            // tells of them before its recipe, give way to any list of them.
            let lines = ingredients.filter { !isHeading($0) }
            let notes = lines.filter({ readsAsNote($0.text) }).count * 2 > lines.count
            var steps: [Block] = []
            let searchEnd = min(blocks.count, index + 1 + ingredients.count + 400)
            for next in (index + 1)..<searchEnd where isTitleCandidate(blocks[next]) && SectionWords.kind(of: blocks[next].text) == .instructions {
                steps = parts(after: next, in: blocks).blocks
                if hasStep(steps) { break }
                steps = []
            }
            if steps.isEmpty {
                // The method may come first: the nearest one before the ingredients.
                for previous in stride(from: index - 1, through: max(0, index - 400), by: -1)
                where isTitleCandidate(blocks[previous]) && SectionWords.kind(of: blocks[previous].text) == .instructions {
                    steps = part(after: previous, in: blocks).blocks
                    if hasStep(steps) { break }
                    steps = []
                }
            }
            if steps.isEmpty {
                // A weaker title for the method ("Recipe", "Recept: zelf maken"), after the ingredients.
                for next in (index + 1)..<searchEnd where isTitleCandidate(blocks[next]) && SectionWords.mayTitleMethod(blocks[next].text) {
                    let candidate = part(after: next, in: blocks).blocks
                    if readLikeSteps(candidate) {
                        steps = candidate
                        break
                    }
                }
            }
            if steps.isEmpty, ingredientsEnd < blocks.count, isTitleCandidate(blocks[ingredientsEnd]),
               SectionWords.kind(of: blocks[ingredientsEnd].text) == nil, !isNumberedSentence(blocks[ingredientsEnd].text) {
                // The method under a title of its own ("Here's how to make it", "Let's get started!"),
                // right after the ingredients: taken when its lines read like steps.
                let candidate = part(after: ingredientsEnd, in: blocks).blocks
                if readLikeSteps(candidate) { steps = candidate }
            } else if steps.isEmpty, ingredientsEnd < blocks.count, !isHeading(blocks[ingredientsEnd]) {
                // Or with no title at all: the sentences straight after the ingredients (lines, or a list's items).
                let kind = blocks[ingredientsEnd].kind
                var candidate: [Block] = []
                for block in blocks[ingredientsEnd...].prefix(Limits.linesPerPart) {
                    guard block.kind == kind else { break }
                    candidate.append(block)
                    // "Then slice and enjoy!": the method's last line.
                    if endsTalk(block.text) { break }
                }
                if candidate.count >= 2, readLikeSteps(candidate) { steps = candidate }
            }
            if steps.isEmpty {
                // Or in parts under headings that no word names as the method ("Prep.", "Cook.", "Finish."):
                // two or more headings of one rank after the ingredients, each over lines that read like steps.
                steps = untitledSections(after: ingredientsEnd, in: blocks)
            }
            // A list whose lines mostly give amounts is likelier the ingredients than one that gives none (the tools).
            let score = ingredients.count + steps.count + (mostlyCount(lines) ? 500 : 0) + (steps.isEmpty ? 0 : 1_000) + (notes ? 0 : 100_000)
            if score > bestScore {
                best = (ingredients, steps)
                bestScore = score
            }
        }
        if best == nil {
            // No title over the ingredients: the list that gives amounts, and the method after it.
            best = untitled(blocks)
        }
        if best == nil {
            // A method with no ingredient title.
            for (index, block) in blocks.enumerated() where isTitleCandidate(block) && SectionWords.kind(of: block.text) == .instructions {
                let steps = part(after: index, in: blocks).blocks
                if hasStep(steps) {
                    best = ([], steps)
                    break
                }
            }
        }
        guard let best else { return nil }
        var draft = RecipeDraft()
        draft.ingredientGroups = groups(best.ingredients)
        var steps = best.steps[...]
        // A photo's caption that credits it ("Lemon tart – Photo: Ann Smith") over the method is no step.
        while let first = steps.first, first.kind == .line, PageLabels.isCredit(first.text) { steps = steps.dropFirst() }
        // A credit under the method ("Photography: Ann Smith", a photo's caption "Tart (Photo: Ann Smith)")
        // is the page going on: the method ends there.
        if let credit = steps.indices.dropFirst().first(where: { steps[$0].kind == .line && PageLabels.isCredit(steps[$0].text) }) {
            steps = steps[..<credit]
        }
        // A note the page sets after the method under a label of its own ("NOTE | The vegetables can…",
        // "Tip: …") is another part, as a "Notes" heading would be.
        while steps.count > 1, let last = steps.last, last.kind == .line, opensWithOtherPartLabel(last.text) { steps.removeLast() }
        // A lone word closing the method ("Fertig", "Done") is a divider, not a step.
        while let last = steps.last, last.kind == .line, !last.text.contains(where: { $0.isWhitespace }),
              last.text.last?.isLetter == true, steps.count > 1 {
            steps.removeLast()
        }
        draft.instructions = steps.map { block in
            if case .heading = block.kind { return .section(block.text) }
            return .step(block.text)
        }
        return draft
    }

    /// For a page with no title over its ingredients: the run of short lines with the most lines that
    /// give an amount (at least three, and three in five of the run, from its first such line), and
    /// after it the method: the part under the next heading, else the sentences that follow.
    private static func untitled(_ blocks: [Block]) -> (ingredients: [Block], steps: [Block])? {
        var best: Range<Int>?
        var bestAmounts = 0
        var start = 0
        while start < blocks.count {
            guard !isHeading(blocks[start]), Amounts.hasAmount(blocks[start].text), blocks[start].text.count <= 120 else {
                start += 1
                continue
            }
            var end = start
            var amounts = 0
            // A heading over more lines with amounts names a group of the list.
            // A sentence that gives no amount is the method starting.
            // A numbered sentence ("1- Beat the eggs.") is the method's first step.
            // A plain line after the list's items, over no more of them, is the page going on.
            // (A line that gives an amount first is an ingredient however long its note in brackets.)
            while end < blocks.count, blocks[end].text.count <= 120 || (Amounts.startsWithAmount(blocks[end].text) && lengthOutsideBrackets(blocks[end].text) <= 80),
                  !isNumberedSentence(blocks[end].text),
                  !(blocks[end].kind == .line && end > start && blocks[end - 1].kind == .item && !(end + 1 < blocks.count && blocks[end + 1].kind == .item)),
                  Amounts.startsWithAmount(blocks[end].text) || !(blocks[end].text.hasSuffix(".") || lengthOutsideBrackets(blocks[end].text) >= 60),
                  !isHeading(blocks[end]) || (end + 1 < blocks.count && !isHeading(blocks[end + 1]) && Amounts.hasAmount(blocks[end + 1].text)
                                              && !StepLines.isNumberingLabel(blocks[end].text) && SectionWords.kind(of: blocks[end].text) == nil) {
                if Amounts.hasAmount(blocks[end].text) { amounts += 1 }
                end += 1
            }
            if amounts >= 3, amounts * 5 >= (end - start) * 3, amounts > bestAmounts {
                // Lines before the list that give no amount first ("Apr 21", "Written by", "Makes 4"), over
                // three that do, are the page's, not the list's. (A list's own items stay: "The thick end of 3 carrots".)
                // A title over the list ("RÉALISATION : POUR UN PLAT D'ENVIRON 18X20CM :") names it.
                var from = start + (endsWithColon(blocks[start].text) && !Amounts.startsWithAmount(blocks[start].text) ? 1 : 0)
                if let first = (start..<max(start, end - 2)).first(where: { at in (at..<(at + 3)).allSatisfy { Amounts.startsWithAmount(blocks[$0].text) } }),
                   !(start..<first).contains(where: { Amounts.startsWithAmount(blocks[$0].text) || blocks[$0].kind == .item }) {
                    from = first
                }
                best = from..<end
                bestAmounts = amounts
            }
            start = max(end, start + 1)
        }
        guard let best else { return nil }
        // The method: sentences after the list (a line or two before them, and headings that only number
        // the steps, passed over), or the part under the next heading.
        var steps: [Block] = []
        var passed = 0
        let after = blocks.indices.dropFirst(best.upperBound).prefix(Limits.linesPerPart)
        // A line that titles the method before the next heading (a note about the dish may come first, or
        // a part such as "Notes"), or that heading titling it: its part.
        let untilHeading = after.prefix { !isHeading(blocks[$0]) || SectionWords.kind(of: blocks[$0].text) == .other }
        let searched = after.prefix(untilHeading.count + 1)
        if let title = searched.first(where: { isTitleCandidate(blocks[$0]) && SectionWords.kind(of: blocks[$0].text) == .instructions }) {
            let part = part(after: title, in: blocks).blocks
            if readLikeSteps(part) { return (Array(blocks[best]), part) }
        }
        for index in after {
            let block = blocks[index]
            // A link to another page (a tag, another recipe) is the page going on.
            if block.linksAway { break }
            if isHeading(block) {
                if StepLines.isNumberingLabel(block.text) { continue }
                if steps.isEmpty { steps = part(after: index, in: blocks).blocks }
                break
            }
            // A short line that leads into the photo under it ("Bring to the boil:") is a step of its own.
            guard StepLines.readLikeSteps([block.text]) || (!steps.isEmpty && endsWithColon(block.text) && block.text.count <= 80) else {
                if steps.isEmpty, passed < 2 {
                    passed += 1
                    continue
                }
                break
            }
            steps.append(block)
        }
        guard readLikeSteps(steps) else { return nil }
        return (Array(blocks[best]), steps)
    }

    /// The method as parts under headings of one rank that name no part ("Prep.", "Create.", "Finish."),
    /// from the first such heading within a few blocks of `start`: two or more of them, each over lines
    /// that read like steps, up to a heading that is not one of them.
    private static func untitledSections(after start: Int, in blocks: [Block]) -> [Block] {
        func isSection(_ index: Int) -> Bool {
            let block = blocks[index]
            return isHeading(block) && !block.linksAway && SectionWords.kind(of: block.text) == nil && !SectionWords.opensOtherPart(block.text)
                && !endsTalk(block.text) && !PageLabels.isControl(block.text)
        }
        for first in blocks.indices.dropFirst(start).prefix(8) where isSection(first) {
            var steps: [Block] = []
            var index = first
            var sections = 0
            while index < blocks.count, blocks[index].kind == blocks[first].kind, isSection(index) {
                let (lines, end) = part(after: index, in: blocks)
                guard !lines.isEmpty, readLikeSteps(lines), hasStep(lines) else { break }
                steps.append(blocks[index])
                steps += lines
                sections += 1
                index = end
            }
            if sections >= 2 { return steps }
        }
        return []
    }

    /// `NOTE | Text`, `Tip: Text`: a line led by a label, set apart by a colon or a bar, that names a
    /// part other than the recipe's two.
    private static func opensWithOtherPartLabel(_ text: String) -> Bool {
        guard let mark = text.prefix(24).firstIndex(where: { $0 == ":" || $0 == "|" }) else { return false }
        let label = text[..<mark].trimmingCharacters(in: .whitespaces)
        return !label.isEmpty && text[text.index(after: mark)...].contains(where: \.isLetter) && SectionWords.kind(of: label) == .other
    }

    /// How long a line is less what it says in brackets: `Orange juice (freshly squeezed is best, …)` is
    /// the name of an ingredient and a note on it, not a sentence.
    private static func lengthOutsideBrackets(_ text: String) -> Int {
        var depth = 0
        var length = 0
        for character in text {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            default: if depth == 0 { length += 1 }
            }
        }
        return length
    }

    /// A line among ingredients that gives no amount first and is a sentence: long, or ending in a stop
    /// or a colon. `Salt and pepper` and `2 eggs, beaten.` are ingredients.
    private static func readsAsNote(_ text: String) -> Bool {
        guard !Amounts.startsWithAmount(text) else { return false }
        return lengthOutsideBrackets(text) >= 80 || (text.count >= 30 && (text.hasSuffix(".") || text.hasSuffix("!") || endsWithColon(text)))
    }

    /// `1- Beat the eggs in a bowl.`, `2) Add the cheese.`: a step's number, punctuated, before a
    /// sentence; `2-3 eggs` and `1 cup flour.` are amounts.
    private static func isNumberedSentence(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("0"..."9").contains(first), text.hasSuffix(".") || text.count >= 60 else { return false }
        let rest = StepLines.withoutNumber(text)
        return rest != text && rest.first?.isUppercase == true
    }

    private static func isTitleCandidate(_ block: Block) -> Bool {
        switch block.kind {
        case .heading: true
        case .line: block.text.count <= 40
        case .item: false
        }
    }

    private static func rank(_ block: Block) -> Int {
        if case .heading(let level) = block.kind { return level }
        return 8
    }

    /// Whether a part under a title of the method has a line that reads like a step (a sentence, or a
    /// line in a script that writes a step in a few signs): the page's facts under "Preparation"
    /// ("Baking", "Total time 1 h 40") are none.
    private static func hasStep(_ blocks: [Block]) -> Bool {
        blocks.contains { block in
            guard !isHeading(block) else { return false }
            let text = block.text
            return text.count >= 30 || text.last.map { ".!。！".contains($0) } == true
                || (text.count >= 8 && text.unicodeScalars.contains { $0.value >= 0x3000 })
        }
    }

    private static func readLikeSteps(_ blocks: [Block]) -> Bool {
        StepLines.readLikeSteps(blocks.filter { !isHeading($0) }.map(\.text))
    }

    /// Whether most lines (headings aside) start with a number: a list of ingredients, not of tools.
    private static func mostlyCount(_ blocks: [Block]) -> Bool {
        let lines = blocks.filter { !isHeading($0) }
        return lines.filter { StepLines.withoutBullet($0.text).first?.isNumber == true }.count * 2 > lines.count
    }

    /// The part titled by `blocks[title]` and those right after it under titles of the same kind and
    /// rank ("Ingredients for the filling", then "Ingredients for the topping"): one list, or one
    /// method, each title naming its group or section.
    private static func parts(after title: Int, in blocks: [Block], ofIngredients: Bool = false) -> (blocks: [Block], end: Int) {
        var (result, end) = part(after: title, in: blocks, ofIngredients: ofIngredients)
        // Each a list that gives amounts (not the tools), or a method that has steps (not the page's facts).
        func holds(_ part: [Block]) -> Bool {
            ofIngredients ? mostlyCount(part) : hasStep(part)
        }
        guard !result.isEmpty, holds(result) else { return (result, end) }
        let kind = SectionWords.kind(of: blocks[title].text)
        var joined = false
        func isHeadingAsHigh(_ index: Int) -> Bool {
            index < blocks.count && isHeading(blocks[index]) && blocks[index].kind == blocks[title].kind && !blocks[index].linksAway
        }
        while end > title, isHeadingAsHigh(end) {
            let (more, next) = part(after: end, in: blocks, ofIngredients: ofIngredients)
            guard !more.isEmpty, next > end, holds(more) else { break }
            // (A heading as high that names no part, between two that name this one, is one more of them:
            // "Method for the filling", "Making the dumplings", "Method for cooking".)
            let headingKind = SectionWords.kind(of: blocks[end].text)
            guard headingKind == kind || (headingKind == nil && isHeadingAsHigh(next) && SectionWords.kind(of: blocks[next].text) == kind) else { break }
            if !joined { result.insert(Block(kind: .heading(7), text: blocks[title].text), at: 0) }
            joined = true
            result.append(Block(kind: .heading(7), text: blocks[end].text))
            result += more
            end = next
        }
        return (result, end)
    }

    /// The blocks of the part titled by `blocks[title]`: up to a heading of the same or higher rank,
    /// another part's title, or the limit. Sub-headings are kept (they name groups or sections).
    /// Also where the part ended.
    private static func part(after title: Int, in blocks: [Block], ofIngredients: Bool = false) -> (blocks: [Block], end: Int) {
        let titleRank = rank(blocks[title])
        var result: [Block] = []
        var sawItems = false
        var sectionsAtTitleRank = false
        var index = title + 1
        while index < blocks.count, result.count < Limits.linesPerPart {
            let block = blocks[index]
            // (A smaller heading of the same part straight under its title, "Method" over "Preparation",
            // names its first section; in a list, one anywhere in it names the next group, "Other ingredients".)
            if isTitleCandidate(block), let kind = SectionWords.kind(of: block.text),
               !((result.isEmpty || ofIngredients) && isHeading(block) && rank(block) > titleRank && SectionWords.kind(of: blocks[title].text) == kind) { break }
            // So does a heading that opens a part after the recipe ("Tips from our kitchen").
            if isHeading(block), SectionWords.opensOtherPart(block.text) { break }
            // A method runs on into no link to another page: those are the page's cards for more recipes.
            // (An ingredient may link to its own page.)
            if block.linksAway, !ofIngredients { break }
            // A numbered sentence ("1. Beat the eggs.") after ingredients is the method's first step.
            if ofIngredients, !isHeading(block), !result.isEmpty, isNumberedSentence(block.text) { break }
            if ofIngredients, !isHeading(block) {
                // A sentence that leads into the list ("Here is all you will need to make a big pot of this soup:") is
                // none of the ingredients.
                if result.allSatisfy(isHeading), endsWithColon(block.text), block.text.count > 60 {
                    index += 1
                    continue
                }
                // Nor is a title of them that says more ("Ingredients for 6 bowls"): it names them.
                if SectionWords.kind(of: block.text) == .ingredients {
                    result.append(Block(kind: .heading(7), text: block.text))
                    index += 1
                    continue
                }
            }
            // In a list, a bold line that only links to a page of its own, between lines, is one of them: an
            // ingredient the page has a recipe for ("<p><b><a href=…>Brazil nut parmesan</a></b></p>").
            if ofIngredients, block.kind == .heading(7), block.linksAway, let last = result.last, !isHeading(last),
               index + 1 < blocks.count, !isHeading(blocks[index + 1]) {
                result.append(Block(kind: last.kind, text: block.text, linksAway: true))
                index += 1
                continue
            }
            switch block.kind {
            case .heading:
                // A heading that turns to the reader, or that is one of the page's controls ("Subscribe
                // or log in to save recipes"), ends the part; one that numbers a step ("Step 6: Serve
                // it up!") titles that step, however it ends.
                if (endsTalk(block.text) && !StepLines.isNumberedStepTitle(block.text)) || PageLabels.isControl(block.text) {
                    return (trimmed(result), index)
                }
                // Under the title of a step ("Step 1"), the titles of the next steps ("Step 2") go on with the method.
                if numbersStep(blocks[title].text), numbersStep(block.text) {
                    result.append(block)
                    index += 1
                    continue
                }
                // A heading over blocks of another kind than the part's (a list after lines, lines after a
                // list) is the page going on.
                if let kind = result.first(where: { !isHeading($0) })?.kind, index + 1 < blocks.count,
                   !isHeading(blocks[index + 1]), blocks[index + 1].kind != kind, !(ofIngredients && headsIngredientLines(index, in: blocks)) {
                    return (trimmed(result), index)
                }
                // (A heading as high straight under the method's title that names a group, over its lines,
                // names the method's first section, "DIRECTIONS" over "To prepare the dressing:"; more such
                // headings after it name the next.)
                let namesSection = !ofIngredients && (result.isEmpty || sectionsAtTitleRank) && rank(block) == titleRank
                    && endsWithColon(block.text) && index + 1 < blocks.count && !isHeading(blocks[index + 1])
                if namesSection { sectionsAtTitleRank = true }
                if rank(block) <= titleRank && titleRank < 8, !namesSection, !(ofIngredients && headsIngredientLines(index, in: blocks)) {
                    return (trimmed(result), index)
                }
                if titleRank == 8, rank(block) < 7 { return (trimmed(result), index) }
                result.append(block)
            case .item:
                sawItems = true
                result.append(block)
            case .line:
                // Lines the page bulleted by hand ("- 250g pastry"): the first one without its bullet ends the part.
                let bulleted = result.filter { $0.kind == .line }
                if bulleted.count >= 2, bulleted.allSatisfy({ StepLines.withoutBullet($0.text) != $0.text }),
                   StepLines.withoutBullet(block.text) == block.text {
                    return (trimmed(result), index)
                }
                // Numbered steps ("1. Bring the water to a boil.") end at the first line without a number.
                if !ofIngredients, !isNumberedSentence(block.text), case let steps = result.lazy.filter({ !isHeading($0) }),
                   steps.count >= 2, steps.allSatisfy({ isNumberedSentence($0.text) }) {
                    return (trimmed(result), index)
                }
                // After a list, a plain line ends the part (it is the page going on), unless it is a short
                // label of the list that follows ("Optional").
                let next = index + 1 < blocks.count ? blocks[index + 1] : nil
                let labelsList = next?.kind == .item && block.text.count <= 40 && !block.text.hasSuffix(".")
                if sawItems, result.last?.kind == .item, !endsWithColon(block.text) {
                    guard labelsList else { return (trimmed(result), index) }
                    result.append(Block(kind: .heading(7), text: block.text))
                    index += 1
                    continue
                }
                // So is a short line over the first items of the ingredients ("Tortillas", "Main course"):
                // it names their group, and is no ingredient. (A link there names one with a page of its own.)
                if ofIngredients, labelsList, !sawItems, !block.linksAway, !Amounts.hasAmount(block.text), result.allSatisfy(isHeading) {
                    result.append(Block(kind: .heading(7), text: block.text))
                    index += 1
                    continue
                }
                result.append(endsWithColon(block.text) && block.text.count <= 60 ? Block(kind: .heading(7), text: block.text) : block)
            }
            index += 1
        }
        return (trimmed(result), index)
    }

    /// A title that only numbers a step ("Step 2") or numbers it and names it ("Step 2: Bake").
    private static func numbersStep(_ title: String) -> Bool {
        StepLines.isNumberingLabel(title) || StepLines.isNumberedStepTitle(title)
    }

    /// Whether the heading at `index` is followed by short lines with quantities: a group of
    /// ingredients under a heading as high as the part's own ("Käsesahnesoße" beside "Zutaten").
    private static func headsIngredientLines(_ index: Int, in blocks: [Block]) -> Bool {
        let following = blocks[(index + 1)...].prefix(3).prefix { !isHeading($0) }
        guard !following.isEmpty, following.allSatisfy({ $0.text.count <= 160 }) else { return false }
        return following.filter { $0.text.contains(where: \.isNumber) }.count * 2 >= following.count
    }

    /// A line that turns to the reader ("Enjoy!", "Did you make this?"): the recipe is over.
    private static func endsTalk(_ text: String) -> Bool {
        text.hasSuffix("!") || text.hasSuffix("?")
    }

    private static func endsWithColon(_ text: String) -> Bool {
        text.hasSuffix(":") || text.hasSuffix("：")
    }

    /// Without headings that head nothing.
    private static func trimmed(_ blocks: [Block]) -> [Block] {
        var result: [Block] = []
        for (index, block) in blocks.enumerated() {
            if case .heading = block.kind {
                let next = index + 1 < blocks.count ? blocks[index + 1] : nil
                guard let next, next.kind == .item || next.kind == .line else { continue }
            }
            result.append(block)
        }
        return result.contains { $0.kind != .heading(7) && !isHeading($0) } ? result : []
    }

    private static func isHeading(_ block: Block) -> Bool {
        if case .heading = block.kind { return true }
        return false
    }

    private static func groups(_ blocks: [Block]) -> [PageRecipe.IngredientGroup] {
        var groups: [PageRecipe.IngredientGroup] = []
        var name: String?
        var lines: [String] = []
        for (index, block) in blocks.enumerated() {
            // A list item "For the topping", or one ending in a colon ("Icing:"), before more items names their group.
            let opensGroup = block.kind == .item && index + 1 < blocks.count && blocks[index + 1].kind == .item
                && (IngredientLines.opensGroup(block.text) || (endsWithColon(block.text) && block.text.count <= 40 && !Amounts.hasAmount(block.text)))
            if isHeading(block) || opensGroup {
                if !lines.isEmpty { groups.append(PageRecipe.IngredientGroup(name: name, lines: lines)) }
                name = block.text
                lines = []
            } else {
                lines.append(StepLines.withoutBullet(block.text))
            }
        }
        if !lines.isEmpty { groups.append(PageRecipe.IngredientGroup(name: name, lines: lines)) }
        return groups
    }

    // MARK: Blocks

    /// An item that is only paragraphs, the first a short name ending in a colon ("Seasoning:") over
    /// two lines or more: that name and the lines.
    private static func groupInParagraphs(_ index: Int, in tree: PageTree) -> (name: String, lines: [String])? {
        // (Every item of every list passes here: the cheap tests first, and no text made until they pass.)
        var paragraphs: [Int] = []
        var child = index + 1
        while child < tree.nodes[index].end {
            let node = tree.nodes[child]
            switch node.kind {
            case .element:
                guard node.name == "p", paragraphs.count < Limits.linesPerPart else { return nil }
                paragraphs.append(child)
            case .text:
                guard tree.isBlank(child) || CleanText.line(tree.string(node.range)).isEmpty else { return nil }
            case .raw:
                break
            }
            child = node.end
        }
        guard paragraphs.count >= 3 else { return nil }
        let name = CleanText.line(tree.text(of: paragraphs[0]))
        guard endsWithColon(name), name.count <= 60 else { return nil }
        let lines = paragraphs.dropFirst().map { CleanText.line(tree.text(of: $0)) }.filter { !$0.isEmpty }
        return lines.count >= 2 ? (name, lines) : nil
    }

    /// The lines of a paragraph that are all bold, each between line breaks (`<strong>For the
    /// sauce</strong><br>`), short and giving no amount, folded.
    private static func boldLines(of index: Int, in tree: PageTree) -> Set<String> {
        let end = tree.nodes[index].end
        var found: Set<String> = []
        var atLineStart = true
        var position = index + 1
        func isBlank(_ at: Int) -> Bool {
            tree.nodes[at].kind != .element && CleanText.line(tree.string(tree.nodes[at].range)).isEmpty
        }
        while position < end, found.count < 50 {
            let node = tree.nodes[position]
            if isBlank(position) {
                position += 1
                continue
            }
            if node.kind == .element, node.name == "br" {
                atLineStart = true
                position += 1
                continue
            }
            if atLineStart, node.kind == .element, node.name == "strong" || node.name == "b" {
                var after = node.end
                while after < end, isBlank(after) { after += 1 }
                let text = CleanText.line(tree.text(of: position))
                if after >= end || (tree.nodes[after].kind == .element && tree.nodes[after].name == "br"),
                   !text.isEmpty, text.count <= 60, !Amounts.hasAmount(text) {
                    found.insert(Folding.fold(text))
                }
                atLineStart = false
                position = node.end
                continue
            }
            // Text starts the line; an element around the bold (`<span><strong>`) does not.
            if node.kind != .element { atLineStart = false }
            position += 1
        }
        return found
    }

    /// A link that leads nowhere and runs the page's script instead (no address, `#` or `javascript:`,
    /// with an `onclick` or the role of a button): a control, whatever it says.
    private static func isScriptControl(_ tree: PageTree, _ index: Int) -> Bool {
        let href = tree.attribute("href", of: index)?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard href.isEmpty || href == "#" || href.hasPrefix("javascript:") else { return false }
        return tree.attribute("onclick", of: index) != nil || tree.attribute("role", of: index)?.lowercased() == "button"
    }

    /// Whether the element at `index` holds a control a reader sees: a field other than a hidden one, a
    /// list to choose from, a text box or a button.
    private static func hasControl(_ index: Int, in tree: PageTree) -> Bool {
        (index + 1..<tree.nodes[index].end).contains { inner in
            guard tree.nodes[inner].kind == .element else { return false }
            switch tree.nodes[inner].name {
            case "textarea", "select", "button": return true
            case "input": return tree.attribute("type", of: inner)?.lowercased() != "hidden"
            default: return false
            }
        }
    }

    /// Whether the label at `index` holds one box to tick and nothing else to fill in: a line of a list to
    /// tick off as one goes ("Table salt" beside "1 pound linguine"; its name may be a button that tells more).
    private static func ticksABox(_ index: Int, in tree: PageTree) -> Bool {
        var boxes = 0
        for inner in (index + 1)..<tree.nodes[index].end where tree.nodes[inner].kind == .element {
            switch tree.nodes[inner].name {
            case "textarea", "select": return false
            case "input":
                switch tree.attribute("type", of: inner)?.lowercased() {
                case "checkbox": boxes += 1
                case "hidden": continue
                default: return false
                }
            default: continue
            }
        }
        return boxes == 1
    }

    /// Whether the label at `index` labels no field: it names none (`for`), holds none, and follows none.
    private static func labelsNothing(_ index: Int, in tree: PageTree) -> Bool {
        guard tree.attribute("for", of: index) == nil, !hasControl(index, in: tree) else { return false }
        let parent = tree.nodes[index].parent
        var previous = index - 1
        while previous > parent, previous >= 0 {
            let node = tree.nodes[previous]
            if node.parent == parent {
                if node.kind == .text, tree.rawString(node.range).allSatisfy(\.isWhitespace) {
                    previous -= 1
                    continue
                }
                guard node.kind == .element else { return true }
                return !["input", "select", "textarea", "button"].contains(node.name) && !hasControl(previous, in: tree)
            }
            previous -= 1
        }
        return true
    }

    /// Whether the short element at `index`, right after a button, is followed by another button.
    private static func isBetweenButtons(_ tree: PageTree, _ index: Int) -> Bool {
        guard tree.nodes[index].end - index <= 8, let next = tree.nextNonBlank(after: index),
              tree.nodes[next].kind == .element, tree.nodes[next].name == "button" else { return false }
        return tree.text(of: index).count <= 40
    }

    /// Elements whose text is not the page's content.
    private static let skippedElements: Set<String> = ["nav", "footer", "form", "button", "select", "aside", "label", "header"]

    /// The page as headings, list items and lines, in order.
    static func blocks(of tree: PageTree, skipping skippedElements: Set<String> = skippedElements) -> [Block] {
        var blocks: [Block] = []
        var loose = ""
        // Whether all the loose text so far lies inside links to other pages (nil before any text).
        var looseLinksAway: Bool?
        func flush() {
            let text = CleanText.line(loose)
            // `[edit | edit source]` beside a wiki's heading: a control, not text.
            let isControl = text.hasPrefix("[") && text.hasSuffix("]") && text.count <= 40 && text.dropFirst().dropLast().allSatisfy { $0 != "[" && $0 != "]" }
            if !text.isEmpty, !isControl { blocks.append(Block(kind: .line, text: text, linksAway: looseLinksAway == true)) }
            loose = ""
            looseLinksAway = nil
        }
        var index = 0
        // Where the last button skipped ended (blank text after it passed over).
        var afterButton = -1
        // The last row read as an ingredient: the blocks up to it, its name and class.
        var lastRow: (blocks: Int, name: String, classes: String?)?
        while index < tree.nodes.count, blocks.count < Limits.blocks {
            let node = tree.nodes[index]
            switch node.kind {
            case .raw:
                index += 1
            case .text:
                if node.breakBefore { flush() }
                let text = tree.rawString(node.range)
                if index == afterButton, text.allSatisfy(\.isWhitespace) { afterButton = index + 1 }
                if !text.allSatisfy(\.isWhitespace) {
                    looseLinksAway = (looseLinksAway ?? true) && RecipeCardReader.isInsideLinkAway(index, in: tree)
                }
                loose += text
                index += 1
            case .element:
                let name = node.name
                if index == afterButton, name != "button", isBetweenButtons(tree, index) {
                    // The value of a stepper between its − and + buttons ("2 servings"): a control.
                    flush()
                    index = node.end
                    continue
                }
                if name == "button" { afterButton = node.end }
                if name == "header", node.end - index <= Limits.sectionHeaderNodes {
                    // A section's small header ("Ingredients" over the list) is its heading, not the page's banner.
                    flush()
                    let text = CleanText.line(tree.text(of: index))
                    if !text.isEmpty { blocks.append(Block(kind: .heading(7), text: text)) }
                    index = node.end
                } else if name == "label", skippedElements.contains(name), case let text = CleanText.line(tree.text(of: index)),
                          !text.isEmpty, text.count <= 200, Amounts.startsWithAmount(text) || labelsNothing(index, in: tree) || ticksABox(index, in: tree) {
                    // A label that gives an amount ("3 cups stock"), a box to tick beside it: an ingredient. So is
                    // one that labels nothing (no field inside it, before it or named): a line set in a label for its style.
                    flush()
                    blocks.append(Block(kind: .line, text: text))
                    index = node.end
                } else if skippedElements.contains(name), name != "form" || (node.end - index <= Limits.formNodes && hasControl(index, in: tree)) {
                    // (A form around the whole page, as some frameworks print it, is the page, not a control;
                    // so is a form with nothing to fill in or press, only text around hidden fields.)
                    flush()
                    index = node.end
                } else if name == "figcaption", tree.first("li", in: index..<node.end) == nil, tree.text(of: index).count <= 120 {
                    // A photo's short caption ("Stirring at 5 minutes") between two steps is not one of them.
                    // (A card that sets a list beside its photo holds more.)
                    flush()
                    index = node.end
                } else if name == "a", isScriptControl(tree, index) {
                    // `<a onclick="…">Make gluten free</a>`: a button drawn as a link.
                    flush()
                    index = node.end
                } else if name.count == 2, name.first == "h", let level = Int(name.dropFirst()) {
                    flush()
                    if tree.first("br", in: index..<node.end) != nil,
                       case let lines = tree.lines(of: index).map({ CleanText.line($0) }).filter({ !$0.isEmpty }), lines.count >= 3 {
                        // A heading broken into three lines or more (`<h5>• 2 tbsp oil<br>• 50 g butter<br>…</h5>`)
                        // is text set large, not a title.
                        for line in lines { blocks.append(Block(kind: .line, text: line)) }
                    } else {
                        let text = CleanText.line(tree.text(of: index))
                        if !text.isEmpty { blocks.append(Block(kind: .heading(level), text: text, linksAway: RecipeCardReader.linksAway(index, in: tree))) }
                    }
                    index = node.end
                } else if name == "li", rowsSideBySide(index, in: tree) {
                    // `<li><span class="row">…150 g…feta…</span><span class="row">…</span></li>`: an item that
                    // sets several ingredients side by side as rows holds each as a line of its own.
                    flush()
                    index += 1
                } else if name == "li" {
                    flush()
                    if let heading = RecipeCardReader.headingInside(index, tree: tree) {
                        blocks.append(Block(kind: .heading(7), text: heading))
                    } else if let (name, lines) = groupInParagraphs(index, in: tree) {
                        // `<li><p>Aromatics:</p><p>1 clove garlic</p><p>2 cm ginger</p></li>`: a group's name over its lines.
                        blocks.append(Block(kind: .heading(7), text: name))
                        for line in lines { blocks.append(Block(kind: .item, text: line)) }
                    } else {
                        let text = CleanText.line(ElementText.text(of: index, in: tree) { tree, inner in
                            RecipeCardReader.isHeadingOfLinks(inner, tree: tree)
                        })
                        if !text.isEmpty { blocks.append(Block(kind: .item, text: text, linksAway: RecipeCardReader.linksAway(index, in: tree))) }
                    }
                    index = node.end
                } else if name == "p" || name == "dt" || name == "dd" {
                    flush()
                    let away = RecipeCardReader.linksAway(index, in: tree)
                    if RecipeCardReader.isBoldOnly(index, tree: tree), case let text = CleanText.line(tree.text(of: index)), !text.isEmpty, text.count <= 80 {
                        blocks.append(Block(kind: .heading(7), text: text, linksAway: away))
                    } else {
                        let lines = tree.lines(of: index)
                        // `<p><strong>Sauce</strong><br>2 tbsp oil<br>…</p>`: a bold line over lines giving
                        // amounts names the group of ingredients under it.
                        let hasBold = lines.count >= 2 && (tree.first("strong", in: index..<node.end) ?? tree.first("b", in: index..<node.end)) != nil
                        let bold = hasBold ? boldLines(of: index, in: tree) : []
                        var position = 0
                        for line in lines {
                            let text = CleanText.line(line)
                            position += 1
                            guard !text.isEmpty else { continue }
                            let namesGroup = !bold.isEmpty && bold.contains(Folding.fold(text)) && position < lines.count
                                && Amounts.hasAmount(CleanText.line(lines[position]))
                            blocks.append(Block(kind: namesGroup ? .heading(7) : .line, text: text, linksAway: away))
                        }
                    }
                    index = node.end
                } else if RowText.mayBeRow(name), let row = RowText.line(at: index, in: tree) {
                    // An ingredient set out as pieces side by side, or a table's row: one line.
                    flush()
                    switch row {
                    case .line(let text):
                        blocks.append(Block(kind: .item, text: text))
                        lastRow = (blocks.count, name, tree.attribute("class", of: index))
                    case .header(let text): blocks.append(Block(kind: .heading(7), text: text))
                    }
                    index = node.end
                } else if let row = lastRow, row.blocks == blocks.count, loose.allSatisfy(\.isWhitespace), row.name == name,
                          row.classes != nil, row.classes == tree.attribute("class", of: index), node.end - index <= RowText.Limits.nodes,
                          case let text = CleanText.line(tree.text(of: index)), !text.isEmpty, text.count <= 80 {
                    // An element of the same kind and style right after a row is one more though it gives no
                    // amount (`<div class="row"><div></div><div>salt, pepper</div></div>`).
                    flush()
                    blocks.append(Block(kind: .item, text: text))
                    lastRow = (blocks.count, name, row.classes)
                    index = node.end
                } else {
                    if name == "br" || PageTree.blockElements.contains(name) { flush() }
                    index += 1
                }
            }
        }
        flush()
        return joiningWrappedLines(listsSetAsHeadings(blocks))
    }

    /// Whether the item at `index` holds nothing but two or more elements side by side, the first two of
    /// them rows of an amount and a name.
    private static func rowsSideBySide(_ index: Int, in tree: PageTree) -> Bool {
        var rows = 0
        for child in tree.children(of: index) {
            let node = tree.nodes[child]
            switch node.kind {
            case .text:
                if !tree.isBlank(child) { return false }
            case .raw:
                continue
            case .element:
                guard RowText.mayBeRow(node.name), node.name != "tr" else { return false }
                if rows < 2 {
                    guard case .line = RowText.line(at: child, in: tree) else { return false }
                }
                rows += 1
            }
        }
        return rows >= 2
    }

    /// A list the page set as headings, one line each (`<h6>8 medium potatoes</h6>` over
    /// `<h6>1 red onion, chopped</h6>`): a run of three or more headings of one rank, two in three of
    /// them giving an amount first, is a list's items.
    private static func listsSetAsHeadings(_ blocks: [Block]) -> [Block] {
        var result = blocks
        var start = 0
        while start < result.count {
            guard case .heading(let level) = result[start].kind else {
                start += 1
                continue
            }
            var end = start + 1
            while end < result.count, result[end].kind == .heading(level) { end += 1 }
            let amounts = result[start..<end].filter { Amounts.startsWithAmount($0.text) }.count
            if amounts >= 3, amounts * 3 >= (end - start) * 2 {
                for index in start..<end { result[index] = Block(kind: .item, text: result[index].text, linksAway: result[index].linksAway) }
            }
            start = end
        }
        return result
    }

    /// Lines the page broke inside a sentence (`Bring the water to the` over `boil.`) as one: from a line
    /// of words (three or more, no amount first) that ends in no stop, through lines that go on in
    /// lower case, to the one that ends the sentence. A list's lines ("Salt and pepper" over "olive
    /// oil") end in none, and stay; so do lines that a stop ends.
    private static func joiningWrappedLines(_ blocks: [Block]) -> [Block] {
        func endsSentence(_ text: String) -> Bool {
            text.last.map { ".!?。".contains($0) } ?? false
        }
        func goesOn(_ text: String) -> Bool {
            text.first?.isLowercase == true && !Amounts.startsWithAmount(text)
        }
        var result: [Block] = []
        result.reserveCapacity(blocks.count)
        var index = 0
        while index < blocks.count {
            let first = blocks[index]
            guard first.kind == .line, !endsSentence(first.text), first.text.split(separator: " ", maxSplits: 3).count >= 3,
                  !Amounts.startsWithAmount(first.text) else {
                result.append(first)
                index += 1
                continue
            }
            var end = index + 1
            var ended = false
            while end < blocks.count, end - index <= 20, blocks[end].kind == .line, goesOn(blocks[end].text) {
                end += 1
                if endsSentence(blocks[end - 1].text) {
                    ended = true
                    break
                }
            }
            guard ended else {
                result.append(first)
                index += 1
                continue
            }
            let run = blocks[index..<end]
            result.append(Block(kind: .line, text: run.map(\.text).joined(separator: " "), linksAway: run.allSatisfy(\.linksAway)))
            index = end
        }
        return result
    }
}
