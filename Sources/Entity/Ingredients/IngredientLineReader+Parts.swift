/// Splitting what follows the unit into the part that holds the name and the parts after it.
extension IngredientLineReader {
    /// Everything after the unit: returns the name, filling sizes, preparations and comments.
    mutating func readRest() -> String {
        var (parts, groups) = splitRest()
        // A first part of modifiers only continues into the next: `skinless, boneless chicken`,
        // `roughly chopped, fresh basil`.
        while parts.count > 1, !parts[1].afterColon, let head = parts.first, !head.positions.isEmpty,
              head.positions.allSatisfy({ !tokens[$0].isWord || isModifier(tokens[$0].lower) }) {
            Self.joinSecond(of: &parts)
        }
        // A part ending in an adjective continues: `linguine or other long, thin pasta`.
        if parts.count > 1, parts[0].positions.count > 1, let last = parts[0].positions.last,
           IngredientWords.adjectives.contains(tokens[last].lower), !IngredientWords.sizes.contains(tokens[last].lower),
           !parts[1].afterColon, isPlainNames(parts[1].positions, limit: 3) {
            Self.joinSecond(of: &parts)
        }
        // An enumeration of names: `brandy, sherry or rum`, `beans, chickpeas or lentils`, `oil, or other fat`.
        if let joined = enumerationLength(parts) {
            for _ in 0..<joined { Self.joinSecond(of: &parts) }
        }
        guard !parts.isEmpty else {
            comments.insert(contentsOf: groups.map { join($0.positions) }, at: 0)
            return ""
        }
        // Parentheses inside or right after the name that read as part of it: `fish sauce (nam pla)`,
        // `pinhead (coarse) oatmeal`.
        // From the last, so that the offsets of those before stay right.
        var groupComments: [String] = []
        for group in groups.reversed() {
            let midName = group.part == 0 && group.offset > 0 && group.offset < parts[0].positions.count
            if group.part == 0, group.offset > 0, isNameLike(group.positions, midName: midName) {
                parts[0].positions.insert(contentsOf: group.positions, at: min(group.offset, parts[0].positions.count))
            } else {
                groupComments.insert(join(group.positions), at: 0)
            }
        }
        comments.insert(contentsOf: groupComments.filter { !$0.isEmpty }, at: 0)
        let name = readHead(parts[0].positions)
        for part in parts.dropFirst() where !part.positions.isEmpty {
            classifyTail(part.positions)
        }
        return name
    }

    /// The second part joins the first, with the comma between them.
    static func joinSecond(of parts: inout [Part]) {
        let next = parts.remove(at: 1)
        parts[0].positions += [next.comma].compactMap { $0 } + next.positions
    }

    struct Part {
        var positions: [Int] = []
        /// The comma or semicolon before it.
        var comma: Int?
        /// Whether a colon comes before it: what follows a colon lists, it does not continue a name.
        var afterColon = false
    }

    struct Group {
        let part: Int
        /// How many of its part's positions come before it.
        let offset: Int
        let positions: [Int]
    }

    /// The rest split at top-level commas, semicolons and spaced dashes, with parenthesised groups apart.
    mutating func splitRest() -> ([Part], [Group]) {
        var parts = [Part()]
        var groups: [Group] = []
        var depth = 0
        var inside: [Int] = []
        var position = index
        while position < tokens.count {
            let token = tokens[position]
            if token.isPunctuation("(") || token.isPunctuation("[") {
                depth += 1
                if depth > 1 { inside.append(position) }
            } else if token.isPunctuation(")") || token.isPunctuation("]") {
                if depth > 1 { inside.append(position) }
                if depth > 0 {
                    depth -= 1
                    if depth == 0 {
                        groups.append(Group(part: parts.count - 1, offset: parts[parts.count - 1].positions.count, positions: inside))
                        inside = []
                    }
                }
            } else if skipped.contains(position) {
                // Read already.
            } else if depth > 0 {
                inside.append(position)
            } else if token.isPunctuation(",") || token.isPunctuation(";") || token.isPunctuation(":")
                || (token.isPunctuation("-") && token.spaceBefore && position + 1 < tokens.count && tokens[position + 1].spaceBefore) {
                if token.isPunctuation(":"), parts.count == 1, let first = parts[0].positions.first,
                   parts[0].positions.allSatisfy({ IngredientWords.labels.contains(tokens[$0].lower) })
                    || ["to", "for", "optional"].contains(tokens[first].lower) {
                    // `Optional: red wine vinegar`, `For the garnish: mint`
                    comments.append(join(parts[0].positions))
                    parts[0].positions = []
                } else {
                    parts.append(Part(positions: [], comma: token.isPunctuation("-") || token.isPunctuation(":") ? nil : position,
                                      afterColon: token.isPunctuation(":")))
                }
            } else {
                parts[parts.count - 1].positions.append(position)
            }
            position += 1
        }
        if depth > 0 {
            // A parenthesis never closed (`1 lb (500g fish fillets`): read on as if it were not there.
            unsure = true
            if let open = (index..<tokens.count).first(where: { tokens[$0].isPunctuation("(") || tokens[$0].isPunctuation("[") }),
               !ignoredOpening {
                var again = self
                again.ignoredOpening = true
                again.skipped.insert(open)
                let result = again.splitRest()
                self = again
                return result
            }
            if !inside.isEmpty { groups.append(Group(part: parts.count - 1, offset: parts[parts.count - 1].positions.count, positions: inside)) }
        }
        // Empty parts (`, ,`) are dropped; the first part stays, even empty, so that groups keep their part.
        let first = parts[0]
        var kept = [first]
        var renumber: [Int: Int] = [0: 0]
        for (number, part) in parts.enumerated().dropFirst() where !part.positions.isEmpty {
            renumber[number] = kept.count
            kept.append(part)
        }
        groups = groups.map { Group(part: renumber[$0.part] ?? -1, offset: $0.offset, positions: $0.positions) }
        if first.positions.isEmpty, kept.count > 1 {
            kept.removeFirst()
            groups = groups.map { Group(part: $0.part - 1, offset: $0.part == 0 ? 0 : $0.offset, positions: $0.positions) }
        }
        return (kept, groups)
    }

    /// How many parts after the first continue an enumeration of names: `brandy, sherry, or rum`.
    func enumerationLength(_ parts: [Part]) -> Int? {
        let head = parts.first?.positions.filter { !isModifier(tokens[$0].lower) } ?? []
        guard parts.count > 1, isPlainNames(head, limit: 6) else { return nil }
        if eachName {
            // `large handful each of chervil, basil, parsley`
            var end = 0
            while end + 1 < parts.count, !parts[end + 1].afterColon, isPlainNames(parts[end + 1].positions, limit: 4) { end += 1 }
            return end > 0 ? end : nil
        }
        for end in 1..<min(parts.count, 6) {
            guard !parts[end].afterColon else { return nil }
            let part = parts[end].positions
            let words = part.filter { tokens[$0].isWord }.map { tokens[$0].lower }
            if words.contains("or") || words.contains("and") || words.contains("and/or") {
                guard isPlainNames(part, limit: 6), let first = words.first, first != "either",
                      !words.allSatisfy({ isModifier($0) || $0 == "or" || $0 == "and" }) else { return nil }
                if first == "or" || first == "and", let second = words.dropFirst().first,
                   ["to", "as", "more", "less", "so", "until", "if"].contains(second) || IngredientWords.numbers[second] != nil {
                    return nil
                }
                return end
            }
            guard isPlainNames(part, limit: 3) else { return nil }
        }
        return nil
    }

    /// Words only, none of them a preparation, a number or a word that starts a comment.
    func isPlainNames(_ positions: [Int], limit: Int) -> Bool {
        let words = positions.filter { tokens[$0].isWord }
        guard !words.isEmpty, words.count <= limit, words.count == positions.count || positions.allSatisfy({ tokens[$0].isWord || tokens[$0].isPunctuation("/") || tokens[$0].isPunctuation("&") }) else { return false }
        return words.allSatisfy { position in
            let word = tokens[position].lower
            return !IngredientWords.preparations.contains(word) && !isAdverb(word) && !IngredientWords.commentOpeners.contains(word)
                && !IngredientWords.partsOfIngredients.contains(word) && !looksLikeParticiple(word) && word != "more"
                && IngredientUnits.spellings[word] == nil
        }
    }

    /// Words that describe an ingredient and name none: `skinless`, `soft`, `cooked`, `finely`.
    func isModifier(_ word: String) -> Bool {
        IngredientWords.preparations.contains(word) || isAdverb(word) || IngredientWords.adjectives.contains(word)
            || word.hasSuffix("less") || looksLikeParticiple(word)
    }

    /// A parenthesised group that is part of a name: at most three words, no number, nothing that
    /// starts a comment or a preparation.
    func isNameLike(_ positions: [Int], midName: Bool) -> Bool {
        guard !positions.isEmpty, positions.count <= 4 else { return false }
        var words = positions.filter { tokens[$0].isWord }.map { tokens[$0].lower }
        // `brown (or white) sugar`
        if midName, words.first == "or", words.count > 1 { words.removeFirst() }
        guard !words.isEmpty, words.count <= 3, words.count >= positions.count - 1 else { return false }
        return words.allSatisfy { word in
            !IngredientWords.preparations.contains(word) && !isAdverb(word) && !IngredientWords.commentOpeners.contains(word)
                && !IngredientWords.notInNames.contains(word) && !looksLikeParticiple(word)
        }
    }
}
