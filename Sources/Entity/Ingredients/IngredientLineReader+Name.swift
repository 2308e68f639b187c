/// The name out of its part: sizes, preparations and comments taken out.
extension IngredientLineReader {
    /// The part that holds the name: sizes, preparations and trailing comments taken out.
    mutating func readHead(_ positions: [Int]) -> String {
        var kept = positions
        // A leading `of` or `each` (`2 tbsp each of parsley and mint`).
        while let first = kept.first, ["of", "each"].contains(tokens[first].lower) || isLoosePunctuation(first) { kept.removeFirst() }
        // Sizes first: `2 large eggs`, `1 medium onion`; a spoonful has no size (`1 tbsp medium curry powder`).
        let spoon = unit == .teaspoon || unit == .tablespoon || unit == .dessertspoon
        takeLeadingSizes(&kept, spoon: spoon)
        // A size after other words that describe: `1 ripe large tomato`, `4 fresh ripe large tomatoes`.
        if !spoon, kept.count > 2, let at = kept.dropLast().firstIndex(where: { isSize($0) }), at > 0,
           kept[..<at].allSatisfy({ tokens[$0].isWord && IngredientWords.adjectives.contains(tokens[$0].lower) && !IngredientWords.sizes.contains(tokens[$0].lower) }) {
            sizes.append(String(tokens[kept[at]].text))
            kept.remove(at: at)
        }
        // Trailing amounts in another measure: `2 tbsp soy sauce 30 mL`, `1 lb vermicelli 500 g`.
        if let cut = trailingMeasureStart(in: kept) {
            comments.append(join(Array(kept[cut...])))
            kept.removeSubrange(cut...)
        }
        // Trailing comments: from `or` followed by an amount, `plus`, `to taste`, `for serving`, `optional`.
        if let cut = commentStart(in: kept) {
            let comment = join(Array(kept[cut...]))
            if !comment.isEmpty { comments.insert(comment, at: 0) }
            kept.removeSubrange(cut...)
        }
        // A preparation with what it is done with: `milk mixed with water`, `carrots cut into batons`.
        if let cut = preparationClauseStart(in: kept) {
            preparations.append(join(Array(kept[cut...])))
            kept.removeSubrange(cut...)
        }
        // Preparations before, inside or after the name: `finely chopped onions`, `salt and freshly ground
        // pepper`, `1 pear peeled`.
        kept = removingPreparations(kept)
        while let first = kept.first, tokens[first].lower == "of" { kept.removeFirst() }
        while let first = kept.first, isLoosePunctuation(first) || ["or", "and"].contains(tokens[first].lower) { kept.removeFirst() }
        while !spoon, let first = kept.first, isSize(first), kept.count > 1 {
            sizes.append(String(tokens[first].text))
            kept.removeFirst()
        }
        while let last = kept.last, isLoosePunctuation(last), !tokens[last].isPunctuation("%") { kept.removeLast() }
        while let last = kept.last, let word = tokens[last].isWord ? tokens[last].lower : nil, word == "and" || word == "or" || word == "of" {
            kept.removeLast()
        }
        if unit == nil { takeUnitAfterName(&kept) }
        // `15 cloves`, `4 bay leaves`: a counted unit with nothing after it is what is counted.
        if kept.isEmpty, let counted = unit, !counted.isMeasure, let position = unitPosition {
            unit = nil
            unitModifier = nil
            unitTokens = nil
            return nameText([position])
        }
        return nameText(kept)
    }

    /// Sizes before the name: `2 large eggs`, `extra large eggs`, `medium size`, `medium to large`; the
    /// other count of `2 large or 3 small eggs` is a comment.
    mutating func takeLeadingSizes(_ kept: inout [Int], spoon: Bool) {
        // `extra large eggs`
        if !spoon, kept.count > 2, tokens[kept[0]].lower == "extra", isSize(kept[1]) {
            sizes.append(String(tokens[kept[0]].text))
            kept.removeFirst()
        }
        while !spoon, let first = kept.first, isSize(first), kept.count > 1 {
            sizes.append(String(tokens[first].text))
            kept.removeFirst()
            // `1 fat or 2 thin scallions`, `2 large or 3 small eggs`: the other count is a comment.
            if kept.count > 3, tokens[kept[0]].lower == "or", tokens[kept[1]].number != nil {
                let end = isSize(kept[2]) || IngredientWords.unitModifiers.contains(tokens[kept[2]].lower) ? 3 : 2
                comments.append(join(Array(kept[0..<end])))
                kept.removeFirst(end)
            }
            // `medium size`, `medium to large`, `large or extra-large`
            if kept.count > 1, ["size", "sized"].contains(tokens[kept[0]].lower) {
                sizes.append(String(tokens[kept[0]].text))
                kept.removeFirst()
            } else if kept.count > 2, ["to", "or"].contains(tokens[kept[0]].lower), isSize(kept[1]) {
                sizes.append(join(Array(kept[0...0])))
                kept.removeFirst()
            }
        }
    }

    /// A unit after the name when none came before it: `2 garlic cloves`, `1 small fennel bulb` (`small`
    /// goes with the unit), `3 plump garlic cloves`, `6 thyme sprigs`; not `2 cinnamon sticks`.
    mutating func takeUnitAfterName(_ kept: inout [Int]) {
        guard kept.count > 1, let last = kept.last, tokens[last].isWord,
              let found = IngredientUnits.spellings[tokens[last].lower], IngredientUnits.postposed.contains(found.name),
              !IngredientUnits.namesWithUnitWord.contains(tokens[kept[kept.count - 2]].lower) else { return }
        unit = found
        unitTokens = last..<(last + 1)
        alternativesEnd = last + 1
        kept.removeLast()
        if sizes.count == 1, IngredientWords.sizes.contains(sizes[0].lowercased()) {
            unitModifier = sizes.removeFirst().lowercased()
        } else if kept.count > 1, let first = kept.first, IngredientWords.unitModifiers.contains(tokens[first].lower),
                  !IngredientWords.adjectives.contains(tokens[first].lower) || tokens[first].lower == "thick" {
            // `3 plump garlic cloves`, `1 thick onion slice`
            unitModifier = tokens[first].lower
            kept.removeFirst()
        }
    }

    /// Where an amount in another measure ends the name's part: `soy sauce 30 mL`, `raspberries 250 mL`.
    func trailingMeasureStart(in positions: [Int]) -> Int? {
        guard positions.count > 2 else { return nil }
        for cut in stride(from: positions.count - 2, to: 0, by: -1) where tokens[positions[cut]].number != nil {
            var reader = self
            reader.index = positions[cut]
            guard reader.rangeAllowingHyphens() != nil, let (measure, length) = reader.peekUnit(), measure.isMeasure,
                  reader.index + length - 1 == positions[positions.count - 1] else { return nil }
            return cut
        }
        return nil
    }

    /// Punctuation a name does not begin or end with; quotation marks it may (`"olive" oil`).
    func isLoosePunctuation(_ position: Int) -> Bool {
        guard case .punctuation(let mark) = tokens[position].kind else { return false }
        return !"\"“”«»".contains(mark)
    }

    /// A size word, written in lower case or starting the line (`Little Gem` is a lettuce, not a size).
    func isSize(_ position: Int) -> Bool {
        let token = tokens[position]
        guard IngredientWords.sizes.contains(token.lower) else { return false }
        return position == 0 || token.text.first?.isLowercase == true
    }

    /// Where a participle followed by a preposition starts a preparation inside the name's part:
    /// `tamarind paste mixed with water`, `saffron soaked in milk`, `carrots cut into batons`.
    func preparationClauseStart(in positions: [Int]) -> Int? {
        guard positions.count > 2 else { return nil }
        for offset in 1..<(positions.count - 1) {
            let word = tokens[positions[offset]].lower
            let next = tokens[positions[offset + 1]].lower
            guard IngredientWords.clausePrepositions.contains(next) else { continue }
            if IngredientWords.preparations.contains(word) || looksLikeParticiple(word) {
                return offset
            }
        }
        return nil
    }

    /// Where a trailing comment starts inside the name's part, if one does.
    func commentStart(in positions: [Int]) -> Int? {
        for (offset, position) in positions.enumerated() where offset > 0 {
            let token = tokens[position]
            guard token.isWord else { continue }
            let next = offset + 1 < positions.count ? tokens[positions[offset + 1]] : nil
            switch token.lower {
            case "or", "and/or":
                // `or 2 spring onions`, `or to taste`, `or more`, `or as needed`
                if let next, next.number != nil || ["to", "more", "less", "as", "so", "until"].contains(next.lower)
                    || IngredientWords.numbers[next.lower] != nil && next.lower != "half" {
                    return offset
                }
            case "plus", "optional", "optionally", "preferably", "ideally", "if", "such", "divided":
                return offset
            case "to":
                if let next, next.lower == "taste" || next.lower == "serve" || next.lower == "garnish" || next.lower == "decorate"
                    || next.lower == "finish" || next.lower == "dust" || next.lower == "sprinkle" || next.lower == "glaze" {
                    return offset
                }
            case "for":
                if let next, IngredientWords.purposeWords.contains(next.lower) || next.lower.hasSuffix("ing") && next.lower.count > 5 { return offset }
            case "as":
                if let next, ["needed", "required", "desired", "a", "an", "garnish", "accompaniment"].contains(next.lower) { return offset }
            case "at":
                if let next, next.lower == "room" { return offset }
            case "about", "approximately", "approx", "weighing":
                if let next, next.number != nil || next.lower == "the" || next.lower == "a" { return offset }
            case "from":
                if let next, next.number != nil { return offset }
            default:
                break
            }
        }
        return nil
    }

    /// Takes preparations out of the name's part: a run of adverbs and participles before the name
    /// (`finely chopped`, `freshly grated`), and `adverb participle` pairs inside it (`salt and freshly
    /// ground pepper`). A participle alone that is most often part of what is bought (`ground beef`,
    /// `crushed tomatoes`) stays, as does everything after a container (`1 can sliced peaches`).
    mutating func removingPreparations(_ positions: [Int]) -> [Int] {
        var removed = Set<Int>()
        var offset = 0
        while offset < positions.count {
            // A run of adverbs and participles, joined by `and`, `or`, commas and hyphens.
            var end = offset
            var participles = 0
            var adverbs = 0
            var strong = 0
            var lastWasPreparation = false
            while end < positions.count {
                let position = positions[end]
                let word = tokens[position].lower
                let nextWord = end + 1 < positions.count ? tokens[positions[end + 1]].lower : ""
                if isPreparation(position) {
                    participles += 1
                    if !IngredientWords.preparationsKeptAlone.contains(word) { strong += 1 }
                    lastWasPreparation = true
                } else if isAdverb(word) || IngredientWords.preparationLeaders.contains(word) && IngredientWords.preparations.contains(nextWord) {
                    adverbs += 1
                    lastWasPreparation = false
                } else if participles + adverbs > 0, ["and", "or", "&", ",", "-", "/"].contains(word.isEmpty ? String(tokens[position].text) : word),
                          end + 1 < positions.count, isPreparation(positions[end + 1]) || isAdverb(nextWord) {
                    lastWasPreparation = false
                } else if tokens[position].isPunctuation("-"), participles + adverbs > 0 {
                    lastWasPreparation = false
                } else {
                    break
                }
                end += 1
            }
            let run = Array(positions[offset..<end])
            let remainsAfter = end < positions.count
            if !run.isEmpty, lastWasPreparation, remainsAfter {
                // Before the name (`finely chopped onions`; not after a container: `1 can crushed tomatoes`),
                // or inside it with an adverb (`salt and freshly ground pepper`).
                let before = offset == 0 && !afterContainer && (strong > 0 || adverbs > 0 || participles > 1)
                if before || offset > 0 && adverbs > 0 {
                    preparations.append(join(run))
                    removed.formUnion(run)
                }
            } else if !run.isEmpty, !remainsAfter, offset > 0, strong > 0 || adverbs > 0 && participles > 0 || isTrailingParticiple(run[run.count - 1]) {
                // After the name: `1 pear peeled`, `¼ onion finely sliced`, `1 chili cut finely`.
                preparations.append(join(run))
                removed.formUnion(run)
            } else if run.isEmpty, offset > 0, offset == positions.count - 1, isTrailingParticiple(positions[offset]) {
                preparations.append(join([positions[offset]]))
                removed.insert(positions[offset])
            }
            offset = max(end, offset + 1)
        }
        return removed.isEmpty ? positions : positions.filter { !removed.contains($0) }
    }

    /// A preparation word as a cook writes it: in lower case, or starting the line (`KRAFT Shredded
    /// Cheddar` is a product's name).
    func isPreparation(_ position: Int) -> Bool {
        let token = tokens[position]
        guard token.isWord, IngredientWords.preparations.contains(token.lower) || isPreparationCompound(token.lower) else { return false }
        return position == 0 || token.text.first?.isLowercase == true
    }

    /// `thin-sliced`, `pre-crumbled`, `slow-cooked`: a hyphenated word ending in a preparation.
    func isPreparationCompound(_ word: String) -> Bool {
        guard let hyphen = word.lastIndex(of: "-") else { return false }
        let first = String(word[..<hyphen])
        let last = String(word[word.index(after: hyphen)...])
        return IngredientWords.preparations.contains(last) && !IngredientWords.preparationsKeptAlone.contains(last)
            && (IngredientWords.preparationLeaders.contains(first) || isAdverb(first) || first == "pre") && last != "skinned"
    }

    /// A word in `-ed` ending the name's part: `smoked mozzarella ripped`.
    func isTrailingParticiple(_ position: Int) -> Bool {
        let token = tokens[position]
        guard token.isWord else { return false }
        if IngredientWords.preparations.contains(token.lower) { return !IngredientWords.preparationsKeptAlone.contains(token.lower) || token.lower == "cut" }
        return looksLikeParticiple(token.lower) && !IngredientWords.adjectives.contains(token.lower)
    }

    /// A word in `-ed` that is not a noun in `-eed` (`seed`, `seaweed`).
    func looksLikeParticiple(_ word: String) -> Bool {
        word.count > 4 && word.hasSuffix("ed") && !word.hasSuffix("eed")
    }

    func isAdverb(_ word: String) -> Bool {
        if IngredientWords.adverbs.contains(word) { return true }
        return word.count > 4 && word.hasSuffix("ly") && !IngredientWords.notAdverbs.contains(word)
    }

    /// A part after the name: a preparation when it starts like one (`finely chopped`, `cut into cubes`,
    /// `peeled and diced`), else a comment (`to serve`, `or to taste`, `about 2 cups`).
    mutating func classifyTail(_ positions: [Int]) {
        let text = join(positions)
        guard !text.isEmpty else { return }
        let first = tokens[positions[0]].lower
        if IngredientWords.preparations.contains(first) || isAdverb(first) || first == "into" {
            preparations.append(text)
        } else if looksLikeParticiple(first), first != "needed", tokens[positions[0]].isWord {
            preparations.append(text)
        } else {
            comments.append(text)
        }
    }
}
