/// Reading amounts: the number or range that starts a line, the size of each, an amount found later.
extension IngredientLineReader {
    /// `Juice of 1 lemon`, `Finely grated zest and juice of 2 limes`, `Leaves from 2 sprigs tarragon`:
    /// the part taken is a preparation, the amount and name follow.
    mutating func skipPartOf() {
        var offset = 0
        var sawPart = false
        while let word = word(offset), offset < 6 {
            if IngredientWords.partsTaken.contains(word) {
                sawPart = true
            } else if word == "of" || word == "from" {
                guard sawPart, offset > 0, token(offset + 1)?.number != nil || IngredientWords.numbers[self.word(offset + 1) ?? ""] != nil
                        || self.word(offset + 1) == "a" || self.word(offset + 1) == "an" else { return }
                preparations.append(text(from: index, to: index + offset + 1))
                index += offset + 1
                return
            } else if !isAdverb(word) && word != "and" && !IngredientWords.preparations.contains(word) {
                return
            }
            offset += 1
        }
    }

    /// An amount later in the line when none starts it: `Heavy cream 2 cups`, `Cold water, ¼ cup`,
    /// `sunflower oil, for frying (about 1 litre)`. Its tokens are left out of the rest.
    mutating func findLaterAmount() {
        var position = index + 1
        while position < tokens.count {
            if tokens[position].number != nil, !(position > 0 && tokens[position - 1].isPunctuation("/")) {
                let save = index
                index = position
                if let found = rangeAllowingHyphens() {
                    let quantityEnd = index
                    if isMark("-") { index += 1 }
                    if let (measure, _) = peekUnit(), measure.isMeasure {
                        quantityTokens = position..<quantityEnd
                        let unitStart = index
                        skipUnit()
                        skipAlternatives()
                        unitTokens = unitStart..<index
                        quantity = found
                        unit = measure
                        var start = position
                        // `about 1 litre`, `approximately 5mm`
                        if start > 0, tokens[start - 1].isWord, IngredientWords.approximations.contains(tokens[start - 1].lower) { start -= 1 }
                        skipped.formUnion(start..<index)
                        index = save
                        return
                    }
                }
                index = save
            }
            position += 1
        }
    }

    // MARK: Amounts

    /// A number or range at `index`, in digits or words; moves past it.
    mutating func amount() -> IngredientQuantity? {
        guard let first = number() else { return nil }
        let save = index
        // `4- to 5-pound`
        if isMark("-"), word(1) == "to", token(2)?.number != nil { index += 1 }
        if isMark("-") || word() == "to" || word() == "or" || isMark("/") && word(1) == nil {
            let joined = !isMark("/")
            let hyphen = isMark("-")
            index += 1
            let secondText = token()?.text
            if joined, let second = number() {
                if second > first { return IngredientQuantity(first, to: second) }
                // `1 - 2/3 cups`: a whole number and a fraction below one, as some sites print 1⅔.
                if hyphen, first == first.rounded(), second < 1, let secondText, !secondText.contains("."), !secondText.contains(",") {
                    return IngredientQuantity(first + second)
                }
            }
            index = save
        }
        return IngredientQuantity(first)
    }

    /// One number at `index`, in digits or words (`2`, `two`, `half`, `a dozen`, `2 dozen`); moves past it.
    mutating func number() -> Double? {
        if let value = token()?.number {
            index += 1
            if word() == "dozen" {
                index += 1
                return value * 12
            }
            return value
        }
        guard let word = word() else { return nil }
        if word == "a" || word == "an", let next = self.word(1) {
            if next == "dozen" {
                index += 2
                return 12
            }
            if next == "couple" {
                index += 2
                if self.word() == "of" { index += 1 }
                return 2
            }
            if next == "half" {
                index += 2
                return 0.5
            }
        }
        guard let value = IngredientWords.numbers[word] else { return nil }
        if word == "half" || word == "quarter" || word == "third" {
            // `half a teaspoon`, `half an onion`, `half of the`
            guard let next = self.word(1), next == "a" || next == "an" || next == "of" || IngredientUnits.spellings[next] != nil
            else { return nil }
            index += 1
            if self.word() == "a" || self.word() == "an" { index += 1 }
            return value
        }
        index += 1
        if self.word() == "dozen" {
            index += 1
            return value * 12
        }
        return value
    }

    mutating func readQuantity() {
        // `Heaped ½ cup`, `Scant 1/4 cup`: the word goes with the unit.
        if let word = word(), ["heaped", "heaping", "scant", "level", "rounded"].contains(word), token(1)?.number != nil {
            leadingModifier = String(token()?.text ?? "")
            index += 1
        }
        if isMark("~"), token(1)?.number != nil { index += 1 }
        // `about 5 tbsp`, `up to 250g`, `approx. 1 kg`: the amount is what follows.
        if let word = word(), IngredientWords.approximations.contains(word), token(1)?.number != nil || isMark(".", 1) {
            let save = index
            index += 1
            if isMark(".") { index += 1 }
            if token()?.number == nil { index = save }
        } else if word() == "up", word(1) == "to", token(2)?.number != nil {
            index += 2
        }
        let start = index
        if let amount = amount() {
            quantity = amount
            quantityTokens = start..<index
        } else if let word = word(), word == "a" || word == "an" {
            impliedOne = true
            index += 1
            if self.word() == "few" { index += 1 }
        } else if let word = word(), word == "few" || word == "several" || word == "some", let next = self.word(1),
                  IngredientUnits.spellings[next] != nil || IngredientWords.unitModifiers.contains(next) {
            // `few sprigs coriander`, `several drops of oil`: no number, the unit still counts.
            index += 1
            fewOf = true
        }
        // `4 x 200g steaks`: four of them, each weighing what follows.
        if quantity != nil, let word = word(), word == "x" || word == "×" { index += 1 }
        if quantity != nil, isMark("×") { index += 1 }
    }

    /// The size of each, between a count and what is counted: `1 (8 ounce) can`, `One 14-ounce can`,
    /// `two 3- to 4-pound chickens`, `4 x 200g/7oz fillets`, `1 3-inch piece`.
    mutating func readEachSize() {
        guard quantity != nil || impliedOne else { return }
        let save = index
        var parenthesised = false
        if isMark("(") || isMark("[") {
            parenthesised = true
            index += 1
        }
        guard token()?.number != nil else {
            index = save
            return
        }
        let start = index
        guard let eachQuantity = rangeAllowingHyphens() else {
            index = save
            return
        }
        if isMark("-") { index += 1 }
        if parenthesised, isMark(")") || isMark("]") {
            // `1 (1 1/2) pound squash`
            index += 1
            parenthesised = false
        }
        guard let (eachUnit, _) = peekUnit(), eachUnit.isMeasure else {
            index = save
            return
        }
        skipUnit()
        let end = index
        skipAlternatives()
        if word() == "long" || word() == "thick" || word() == "wide" || word() == "each" { index += 1 }
        if parenthesised {
            // The rest of the parentheses: `(14.5 oz, 411 g)`.
            skipToClosing()
        } else if isMark("(") {
            index += 1
            skipToClosing()
        }
        if isMark("-"), word(1) != nil { index += 1 }
        sizes.append(text(from: start, to: end))
        each = IngredientAmount(eachQuantity, eachUnit)
    }

    /// `3½- to 4-`, `14.5`, `1-2`.
    mutating func rangeAllowingHyphens() -> IngredientQuantity? {
        guard let first = token()?.number else { return nil }
        index += 1
        let save = index
        if isMark("-"), word(1) == "to", token(2)?.number != nil {
            index += 2
        } else if word() == "to" || word() == "or" || (isMark("-") && token(1)?.number != nil) {
            index += 1
        } else {
            return IngredientQuantity(first)
        }
        guard let second = token()?.number else {
            index = save
            return IngredientQuantity(first)
        }
        index += 1
        return IngredientQuantity(first, to: second)
    }

    /// Moves past the closing parenthesis of the group we are in; one never closed (`1 lb (450 g fish`)
    /// is let be, and the line is unsure.
    mutating func skipToClosing() {
        guard tokens[index...].contains(where: { $0.isPunctuation(")") || $0.isPunctuation("]") }) else {
            unsure = true
            return
        }
        var depth = 1
        while let token = token() {
            index += 1
            if token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") {
                depth -= 1
                if depth == 0 { return }
            }
        }
    }
}
