package import ServiceSupport
package import Entity

/// Everything a search needs, built once per catalog: ingredient postings (by name, and by everything
/// each name is in `FoodFacts`: `parmesan cheese` under `parmesan`, `cheese` and `dairy`), word postings sorted for
/// prefix lookup (title words, and the words of the whole recipe: title, ingredients and method), each
/// recipe's count of distinct ingredients, and ids. Postings hold catalog positions in ascending order.
/// Ingredient names and words are indexed by their `SearchFolding` keys, and so are looked up.
///
/// Building is linear in the catalog's text: a recipe's repeated names and words are told apart with
/// sets, never by searching what was already seen.
package struct SearchIndex: Sendable {
    package let recipeCount: Int
    package let allPositions: [Int32]
    private let positionByID: [String: Int]
    private let postingsByIngredient: [String: [Int32]]
    /// Positions by every concept of their ingredients' names (`FoodFacts.concepts(of:)`).
    private let postingsByConcept: [String: [Int32]]
    private let facts: FoodFacts
    /// Distinct ingredient keys of each recipe, by catalog position: how ingredient searches rank.
    private let ingredientCounts: [Int32]
    /// The word postings, built the first time a search has words (`q=`): an ingredient search, the
    /// usual kind, never waits for the recipes' whole text to be read.
    private let words: TextIndex

    /// With a `stop` signal, looked at every 64 recipes, a build found stopped ends early with an
    /// incomplete index: whoever passed the signal checks it afterwards and drops the index (a signal
    /// still not stopped after the build means the index is whole).
    package init(recipes: [CatalogRecipe], stop: StopSignal? = nil, facts: FoodFacts = .standard) {
        self.facts = facts
        recipeCount = recipes.count
        allPositions = (0..<Int32(recipes.count)).map { $0 }
        var positionByID: [String: Int] = [:]
        var ingredients: [String: [Int32]] = [:]
        var counts = [Int32](repeating: 0, count: recipes.count)
        var keys = Set<String>()
        var concepts: [String: [Int32]] = [:]
        var conceptsByName: [String: [String]] = [:]
        var recipeConcepts = Set<String>()
        for (position, recipe) in recipes.enumerated() {
            if position % 64 == 0, let stop, stop.isStopped { break }
            positionByID[recipe.id] = position
            let at = Int32(position)
            keys.removeAll(keepingCapacity: true)
            for name in recipe.ingredients {
                let key = SearchFolding.ingredientKey(name)
                guard keys.insert(key).inserted else { continue }
                ingredients[key, default: []].append(at)
            }
            counts[position] = Int32(keys.count)
            recipeConcepts.removeAll(keepingCapacity: true)
            for name in recipe.ingredients {
                let named = conceptsByName[name] ?? facts.concepts(of: name)
                conceptsByName[name] = named
                for concept in named where recipeConcepts.insert(concept).inserted {
                    concepts[concept, default: []].append(at)
                }
            }
        }
        self.positionByID = positionByID
        postingsByIngredient = ingredients
        postingsByConcept = concepts
        ingredientCounts = counts
        words = TextIndex(recipes: recipes)
    }

    package func position(ofID id: String) -> Int? {
        positionByID[id]
    }

    /// The recipes a search finds, in the order the real service gave them.
    ///
    /// A recipe is found when it has every ingredient, under its name (compared folded) or as anything
    /// the food table says a name of the recipe's is (`cheese` finds `parmesan cheese` and `feta`,
    /// `scallions` finds `green onions`; `FoodFacts`), and every word is in its text: a word matches a word it is the start of, or, for a word that folding
    /// changed (`omelets`, `creme`), a word it equals once both are folded. Recipes with every word
    /// in their title come first, then those with the words anywhere in title, ingredients and method.
    /// With ingredients, each of those groups is ranked first by how many of the typed names a recipe has
    /// under another name than the one typed (fewest first: a recipe naming exactly what was typed comes
    /// before one found through a family), then by how few other ingredients it has; ties, and searches
    /// without ingredients, keep catalog order. Both lists empty: the whole catalog.
    /// `literally`: a name finds only recipes naming it as typed (folded), as the real service matched.
    package func matches(ingredients: [String], words: [String], literally: Bool = false) -> [Int32] {
        var lists: [[Int32]] = []
        var exact: [[Int32]] = []
        for name in ingredients {
            let named = postingsByIngredient[SearchFolding.ingredientKey(name)] ?? []
            let concept = literally ? "" : facts.concept(of: name)
            let postings = Self.union(named, concept.isEmpty ? [] : postingsByConcept[concept] ?? [])
            guard !postings.isEmpty else { return [] }
            lists.append(postings)
            exact.append(named)
        }
        guard !words.isEmpty else {
            guard !lists.isEmpty else { return allPositions }
            return ranked(Self.intersect(lists), exact: exact)
        }
        var inTitles = lists
        var inTexts = lists
        let (titleWords, textWords) = self.words.postings
        for word in words {
            let term = SearchFolding.term(word)
            let key = Array(term.key.utf8)
            let text = textWords.positions(of: key, whole: term.isWhole)
            guard !text.isEmpty else { return [] }
            inTexts.append(text)
            inTitles.append(titleWords.positions(of: key, whole: term.isWhole))
        }
        let titled = Self.intersect(inTitles)
        let elsewhere = Self.subtract(Self.intersect(inTexts), titled)
        return ranked(titled, exact: exact) + ranked(elsewhere, exact: exact)
    }

    /// Positions by how many typed ingredients each recipe has only under another name (`exact` holds,
    /// for each typed ingredient, the positions naming it as typed), then by how many distinct
    /// ingredients it has (the query's own are in every one of them, so this is "fewest other
    /// ingredients"), catalog order among equals. Without typed ingredients, as they are.
    private func ranked(_ positions: [Int32], exact: [[Int32]]) -> [Int32] {
        guard !exact.isEmpty, positions.count > 1 else { return positions }
        // One sort of (other names, count, position) packed in one integer: stable by construction.
        var keyed = positions.map { position in
            let others = exact.reduce(0) { $0 + (Self.contains($1, position) ? 0 : 1) }
            return UInt64(min(others, 0x7FFF)) << 48 | UInt64(UInt16(clamping: ingredientCounts[Int(position)])) << 32
                | UInt64(UInt32(position))
        }
        keyed.sort()
        return keyed.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
    }

    /// Whether the ascending `list` holds `position`.
    private static func contains(_ list: [Int32], _ position: Int32) -> Bool {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low] == position
    }

    /// Both ascending lists merged, each position once.
    private static func union(_ lhs: [Int32], _ rhs: [Int32]) -> [Int32] {
        if lhs.isEmpty { return rhs }
        if rhs.isEmpty { return lhs }
        var result: [Int32] = []
        result.reserveCapacity(max(lhs.count, rhs.count))
        var left = 0
        var right = 0
        while left < lhs.count || right < rhs.count {
            if right == rhs.count || (left < lhs.count && lhs[left] < rhs[right]) {
                result.append(lhs[left])
                left += 1
            } else {
                if left < lhs.count, lhs[left] == rhs[right] { left += 1 }
                result.append(rhs[right])
                right += 1
            }
        }
        return result
    }

    private static func intersect(_ lists: [[Int32]]) -> [Int32] {
        guard !lists.isEmpty else { return [] }
        let sorted = lists.sorted { $0.count < $1.count }
        var result = sorted[0]
        for list in sorted.dropFirst() {
            if result.isEmpty { break }
            result = intersect(result, list)
        }
        return result
    }

    private static func intersect(_ lhs: [Int32], _ rhs: [Int32]) -> [Int32] {
        var result: [Int32] = []
        var left = 0
        var right = 0
        while left < lhs.count, right < rhs.count {
            if lhs[left] == rhs[right] {
                result.append(lhs[left])
                left += 1
                right += 1
            } else if lhs[left] < rhs[right] {
                left += 1
            } else {
                right += 1
            }
        }
        return result
    }

    /// `lhs` without what is in `rhs` (both ascending).
    private static func subtract(_ lhs: [Int32], _ rhs: [Int32]) -> [Int32] {
        guard !rhs.isEmpty else { return lhs }
        var result: [Int32] = []
        var right = 0
        for position in lhs {
            while right < rhs.count, rhs[right] < position { right += 1 }
            if right < rhs.count, rhs[right] == position { continue }
            result.append(position)
        }
        return result
    }
}

/// Distinct folded words as UTF-8, sorted bytewise, with the ascending positions of the recipes that
/// have each.
package struct WordPostings: Sendable {
    private let words: [[UInt8]]
    private let postings: [[Int32]]

    /// Collects words recipe by recipe, in ascending positions; a recipe's repeated words count once.
    package struct Builder {
        private var postings: [[UInt8]: [Int32]] = [:]

        mutating func add(_ words: [String], at position: Int32) {
            for word in words {
                let key = Array(SearchFolding.term(word).key.utf8)
                // Positions only grow, so the last one tells whether this recipe already has the word.
                if postings[key]?.last == position { continue }
                postings[key, default: []].append(position)
            }
        }

        func build() -> WordPostings {
            let sorted = postings.keys.sorted { $0.lexicographicallyPrecedes($1) }
            return WordPostings(words: sorted, postings: sorted.map { postings[$0] ?? [] })
        }
    }

    /// The positions of the word `key` (whole), or of every word starting with it, ascending.
    package func positions(of key: [UInt8], whole: Bool) -> [Int32] {
        let low = firstWord(notBefore: key)
        if whole {
            guard low < words.count, words[low] == key else { return [] }
            return postings[low]
        }
        var upper = low
        while upper < words.count, words[upper].starts(with: key) { upper += 1 }
        switch upper - low {
        case 0: return []
        case 1: return postings[low]
        default:
            let merged = postings[low..<upper].joined().sorted()
            var unique: [Int32] = []
            unique.reserveCapacity(merged.count)
            for position in merged where unique.last != position { unique.append(position) }
            return unique
        }
    }

    /// The index of the first word not sorting before `word`.
    private func firstWord(notBefore word: [UInt8]) -> Int {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].lexicographicallyPrecedes(word) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// The word postings of a catalog's recipes (title words; the words of title, ingredients and method),
/// built once, by the first search that has words; later ones use them as they are.
package final class TextIndex: Sendable {
    private let recipes: [CatalogRecipe]
    private let built = Locked<(title: WordPostings, text: WordPostings)?>(nil)

    package init(recipes: [CatalogRecipe]) {
        self.recipes = recipes
    }

    package var postings: (title: WordPostings, text: WordPostings) {
        built.withLock { built in
            if let built { return built }
            var titles = WordPostings.Builder()
            var texts = WordPostings.Builder()
            for (position, recipe) in recipes.enumerated() {
                let at = Int32(position)
                let titleWords = TitleWords.words(recipe.title)
                titles.add(titleWords, at: at)
                texts.add(titleWords, at: at)
                for name in recipe.ingredients { texts.add(TitleWords.words(name), at: at) }
                texts.add(TitleWords.words(recipe.method), at: at)
            }
            let postings = (title: titles.build(), text: texts.build())
            built = postings
            return postings
        }
    }
}
