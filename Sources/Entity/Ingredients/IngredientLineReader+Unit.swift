/// Reading the unit after the amount, and what may come with it before the name.
extension IngredientLineReader {
    /// The unit at `index` and how many tokens it takes, without moving.
    func peekUnit() -> (IngredientUnit, Int)? {
        guard let token = token(), token.isWord else {
            if let token = token(), token.isPunctuation("\""), index > 0, tokens[index - 1].number != nil { return (.inch, 1) }
            return nil
        }
        let lower = token.lower
        // Two words: fl oz, fluid ounce(s), fl. oz.
        if lower == "fl" || lower == "fluid" {
            var offset = 1
            if isMark(".", 1) { offset = 2 }
            if let next = word(offset), next == "oz" || next == "ounce" || next == "ounces" || next == "oz." {
                return (.fluidOunce, offset + 1)
            }
            return nil
        }
        if lower == "in", index > 0, tokens[index - 1].number != nil, !token.spaceBefore { return (.inch, 1) }
        if lower == "imperial", let next = word(1), next == "pint" || next == "pints" { return (.imperialPint, 2) }
        // French spoons: `c. à soupe`, `c. à s.`, `cuillères à café`.
        if lower == "c" || lower == "cuillère" || lower == "cuillères" || lower == "cuil" {
            let offset = isMark(".", 1) ? 2 : 1
            if word(offset) == "à", let spoon = word(offset + 1) {
                if spoon == "soupe" || spoon == "s" { return (.tablespoon, offset + 2) }
                if spoon == "café" || spoon == "c" { return (.teaspoon, offset + 2) }
            }
        }
        // `inch-thick`, `cm-long`: a length and what it measures.
        if let hyphen = lower.firstIndex(of: "-"), ["thick", "long", "wide", "thin"].contains(String(lower[lower.index(after: hyphen)...])),
           let length = IngredientUnits.spellings[String(lower[..<hyphen])], case .length = length.measure {
            return (length, 1)
        }
        guard let unit = IngredientUnits.unit(for: token.text, lower: lower) else { return nil }
        return (unit, 1)
    }

    /// The unit `offset` tokens ahead.
    func peek(unitAfter offset: Int) -> (IngredientUnit, Int)? {
        var reader = self
        reader.index += offset
        return reader.peekUnit()
    }

    mutating func skipUnit() {
        guard let (_, length) = peekUnit() else { return }
        index += length
        if isMark("."), !(token()?.spaceBefore ?? true) { index += 1 }
    }

    /// Reads the unit after the amount, with a modifier before it (`heaped tablespoon`, `large handful`).
    mutating func readUnit() {
        let counted = quantity != nil || impliedOne || fewOf
        // `6-inch tortillas`, `5-pound roast`
        if quantity != nil, isMark("-"), index + 1 < tokens.count, !tokens[index + 1].spaceBefore {
            index += 1
            if peekUnit() == nil { index -= 1 }
        }
        let save = index
        var modifiers: [String] = []
        while let word = word(), IngredientWords.unitModifiers.contains(word), modifiers.count < 2 {
            modifiers.append(token()?.text.lowercased() ?? word)
            index += 1
        }
        if let (found, length) = peekUnit(), counted || acceptsUnit(found, modifiers: modifiers, followedByOf: word(length) == "of") {
            unit = found
            unitModifier = modifiers.isEmpty ? leadingModifier : modifiers.joined(separator: " ")
            unitPosition = index
            skipUnit()
            unitTokens = (unitPosition ?? index)..<index
            if IngredientUnits.containers.contains(found.name) { afterContainer = true }
            readAfterUnit(found)
            return
        }
        index = save
    }

    /// What may come between the unit and the name: the same amount in other units (`250g/9oz`), a
    /// smaller unit that adds to it (`2 lb 4 oz`), another measure (`or 1 lb`, `or so`), `each`, `of`,
    /// the size of pieces (`1-inch pieces`), the container a measure comes in (`400ml can`), and an
    /// amount added (`plus 2 tablespoons`).
    mutating func readAfterUnit(_ found: IngredientUnit) {
        readsOwnAlternative = found.isMeasure
        skipAlternatives()
        readsOwnAlternative = false
        alternativesEnd = index
        // `2 lb 4 oz`: the smaller unit adds to the amount.
        if found.isMeasure, let value = token()?.number, let (smaller, _) = peek(unitAfter: 1), smaller.isMeasure,
           smaller.sameDimension(as: found), smaller.size < found.size {
            index += 1
            skipUnit()
            added = IngredientAmount(IngredientQuantity(value), smaller)
            alternativesEnd = index
        }
        skipOtherMeasure()
        if word() == "each" {
            index += 1
            eachName = true
        }
        if word() == "of" { index += 1 }
        skipPieceSize()
        // The container or piece a measure comes in: `2.5cm/1in piece ginger`, `400ml can of coconut milk`,
        // `7g sachet yeast`.
        if found.isMeasure, let (container, _) = peekUnit(), !container.isMeasure,
           IngredientUnits.containers.contains(container.name) || container.name == "handful" {
            let start = index
            skipUnit()
            sizes.append(text(from: start, to: index))
            afterContainer = IngredientUnits.containers.contains(container.name) && container.name != "piece" && container.name != "chunk"
            if word() == "of" { index += 1 }
        }
        skipAddedAmount()
    }

    /// `2 tbsp or so honey`, `1 cup or more`, `3 cups or 1 lb leeks`, `500g or 2 large handfuls of bread`:
    /// the same in another measure, a comment.
    mutating func skipOtherMeasure() {
        if word() == "or", let next = word(1), next == "so" || next == "more" || next == "less" {
            comments.append(text(from: index, to: index + 2))
            index += 2
        }
        guard word() == "or", token(1)?.number != nil else { return }
        let start = index
        index += 2
        while let word = word(), IngredientWords.unitModifiers.contains(word) { index += 1 }
        if peekUnit() != nil {
            skipUnit()
            comments.append(text(from: start, to: index))
        } else {
            index = start
        }
    }

    /// Pieces of a size: `3/4 cup 1-inch pieces green beans`.
    mutating func skipPieceSize() {
        guard token()?.number != nil else { return }
        let start = index
        guard rangeAllowingHyphens() != nil else { return }
        if isMark("-") { index += 1 }
        guard let (length, _) = peekUnit(), case .length = length.measure else {
            index = start
            return
        }
        skipUnit()
        if isMark("-") { index += 1 }
        guard let (piece, _) = peekUnit(), !piece.isMeasure else {
            index = start
            return
        }
        skipUnit()
        sizes.append(text(from: start, to: index))
        if word() == "of" { index += 1 }
    }

    /// `1 cup plus 2 tablespoons flour`, `¼ cup + 1 tablespoon oil`, `2 tablespoons, plus ¼ cup oil`: an
    /// amount added to the first; `1 ½ teaspoons to 1 tablespoon oil`: a comment.
    mutating func skipAddedAmount() {
        let follows = index == alternativesEnd
        if isMark(","), word(1) == "plus", token(2)?.number != nil { index += 1 }
        guard word() == "plus" || isMark("+") || word() == "to", token(1)?.number != nil else { return }
        let start = index
        let isRange = word() == "to"
        index += 1
        let second = amount()
        if let second, let (secondUnit, _) = peekUnit() {
            skipUnit()
            if isRange || !follows || !secondUnit.isMeasure {
                comments.append(text(from: start, to: index))
            } else {
                added = IngredientAmount(second, secondUnit)
                alternativesEnd = index
            }
            if word() == "of" { index += 1 }
        } else {
            index = start
        }
    }

    /// Whether a line that starts without an amount starts with `unit`: informal units (`Handful of
    /// basil`, `pinch salt`, `sprig fresh mint`), others only with `of` or a modifier (`wedges of lime`,
    /// `thumb-sized piece ginger`, `heaped tbsp flour`); never `head cheese` or `stick blender`.
    func acceptsUnit(_ unit: IngredientUnit, modifiers: [String], followedByOf: Bool) -> Bool {
        if unit.isMeasure { return modifiers.contains { IngredientWords.spoonModifiers.contains($0) } }
        if followedByOf || !modifiers.isEmpty { return true }
        return !IngredientUnits.ambiguous.contains(unit.name) && !IngredientUnits.containers.contains(unit.name)
    }

    /// The same amount in other units, after a slash or in parentheses: `/9oz`, `/1lb 2oz`,
    /// `/20fl oz/1 pint`, ` (240 ml)`, `/½ pint`. Kept as a comment.
    mutating func skipAlternatives() {
        while true {
            if isMark("/"), token(1)?.number != nil {
                let save = index
                index += 1
                guard alternativeMeasure() else {
                    // `10g/¼ fine salt`: the other amount lost its unit.
                    if token()?.number != nil, token(1)?.isWord == true { index += 1 } else { index = save }
                    return
                }
            } else if let number = token(), number.number != nil, !number.spaceBefore, index > 0, tokens[index - 1].isWord {
                // `15g¼oz`: the slash lost.
                let save = index
                guard alternativeMeasure() else {
                    index = save
                    return
                }
            } else if isMark("("), let skip = IngredientLineReader.approximationLength(word(1)), token(1 + skip)?.number != nil {
                // `(240 ml)`, `(about 240 ml)`, `(240 ml; 8 oz)`: up to the closing parenthesis, a comment.
                let save = index
                index += 1
                let start = index
                index += skip
                guard alternativeMeasure() else {
                    index = save
                    return
                }
                let end = index
                skipToClosing()
                comments.append(text(from: start, to: end))
            } else {
                return
            }
        }
    }

    /// How many words before an amount say it is about that much: 0 for none, 1 for `about`; nil for
    /// any other word.
    static func approximationLength(_ word: String?) -> Int? {
        guard let word else { return 0 }
        return word == "about" || word == "approx" || word == "approximately" ? 1 : nil
    }

    /// `1lb 2oz`, `½ pint`, `150-200g`: amounts each followed by a measure.
    mutating func alternativeMeasure() -> Bool {
        var found = false
        while token()?.number != nil {
            let save = index
            guard let amount = rangeAllowingHyphens() else { break }
            if word() == "in" {
                // `/1 in`: inches, where only a length can be.
                index += 1
                found = true
                continue
            }
            guard let (unit, _) = peekUnit(), unit.isMeasure else {
                index = save
                break
            }
            skipUnit()
            // The first one is the amount in another system (`(450 g)`); `1lb 2oz` is not kept whole.
            if readsOwnAlternative, !found, alternative == nil, token()?.number == nil { alternative = IngredientAmount(amount, unit) }
            found = true
        }
        return found
    }
}
