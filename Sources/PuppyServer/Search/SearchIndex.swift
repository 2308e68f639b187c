/// Everything a search needs, built once per catalog: ingredient postings, title-word postings sorted
/// for prefix lookup, and ids. Positions are catalog positions, so every result list is in catalog order.
/// Ingredient names and title words are indexed by their `SearchFolding` keys, and so are looked up.
struct SearchIndex: Sendable {
    let recipeCount: Int
    let allPositions: [Int32]
    private let positionByID: [String: Int]
    private let postingsByIngredient: [String: [Int32]]
    /// Distinct folded title words as UTF-8, sorted bytewise, with their postings alongside.
    private let titleWords: [[UInt8]]
    private let titlePostings: [[Int32]]

    /// With a `stop` signal, looked at every 64 recipes, a build found stopped ends early with an
    /// incomplete index: whoever passed the signal checks it afterwards and drops the index (a signal
    /// still not stopped after the build means the index is whole).
    init(recipes: [CatalogRecipe], stop: StopSignal? = nil) {
        recipeCount = recipes.count
        allPositions = (0..<Int32(recipes.count)).map { $0 }
        var positionByID: [String: Int] = [:]
        var ingredients: [String: [Int32]] = [:]
        var words: [[UInt8]: [Int32]] = [:]
        for (position, recipe) in recipes.enumerated() {
            if position % 64 == 0, let stop, stop.isStopped { break }
            positionByID[recipe.id] = position
            // A recipe's few names: a list is cheaper than a set for telling repeats.
            var keys: [String] = []
            for name in recipe.ingredients {
                let key = SearchFolding.ingredientKey(name)
                guard !keys.contains(key) else { continue }
                keys.append(key)
                ingredients[key, default: []].append(Int32(position))
            }
            var titleKeys: [[UInt8]] = []
            for word in TitleWords.words(recipe.title) {
                let key = Array(SearchFolding.term(word).key.utf8)
                guard !titleKeys.contains(key) else { continue }
                titleKeys.append(key)
                words[key, default: []].append(Int32(position))
            }
        }
        self.positionByID = positionByID
        postingsByIngredient = ingredients
        let sortedWords = words.keys.sorted { $0.lexicographicallyPrecedes($1) }
        titleWords = sortedWords
        titlePostings = sortedWords.map { words[$0] ?? [] }
    }

    func position(ofID id: String) -> Int? {
        positionByID[id]
    }

    /// Catalog positions of recipes having every ingredient (normalized names, compared folded) and,
    /// for every word (case-folded title words), a title word it is the start of, or, for a word that
    /// folding changed (`omelets`, `creme`), a title word it equals once both are folded. Both lists
    /// empty: the whole catalog.
    func matches(ingredients: [String], words: [String]) -> [Int32] {
        var lists: [[Int32]] = []
        for name in ingredients {
            guard let postings = postingsByIngredient[SearchFolding.ingredientKey(name)] else { return [] }
            lists.append(postings)
        }
        for word in words {
            let term = SearchFolding.term(word)
            let key = Array(term.key.utf8)
            let postings = term.isWhole ? positions(ofWord: key) : positions(ofWordsPrefixedBy: key)
            guard !postings.isEmpty else { return [] }
            lists.append(postings)
        }
        guard !lists.isEmpty else { return allPositions }
        lists.sort { $0.count < $1.count }
        var result = lists[0]
        for list in lists.dropFirst() {
            result = Self.intersect(result, list)
            if result.isEmpty { break }
        }
        return result
    }

    private func positions(ofWord word: [UInt8]) -> [Int32] {
        let low = firstWord(notBefore: word)
        guard low < titleWords.count, titleWords[low] == word else { return [] }
        return titlePostings[low]
    }

    /// The index of the first title word not sorting before `word`.
    private func firstWord(notBefore word: [UInt8]) -> Int {
        var low = 0
        var high = titleWords.count
        while low < high {
            let middle = (low + high) / 2
            if titleWords[middle].lexicographicallyPrecedes(word) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func positions(ofWordsPrefixedBy prefix: [UInt8]) -> [Int32] {
        let low = firstWord(notBefore: prefix)
        var upper = low
        while upper < titleWords.count, titleWords[upper].starts(with: prefix) { upper += 1 }
        switch upper - low {
        case 0: return []
        case 1: return titlePostings[low]
        default:
            let merged = titlePostings[low..<upper].joined().sorted()
            var unique: [Int32] = []
            unique.reserveCapacity(merged.count)
            for position in merged where unique.last != position { unique.append(position) }
            return unique
        }
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
}
