extension FoodFacts {
    /// The most searches a widened search adds to the one typed.
    public static let maxWidenedSearches = 6

    /// For a server that matches ingredient names only as written: the searches to make after the one
    /// typed, so that it finds what this table would (`cheese` → `parmesan cheese`, `feta`).
    ///
    /// Each is the typed list with one name replaced by another name for what it asks for: first the
    /// names `seen` in results that are that food or a kind of it (`parmesan cheese` for `cheese`, never
    /// `cream of tartar` for `cream`), in the order seen; then the table's kinds of it and other names for
    /// it in turn (`cheddar`, `queso`, … for `cheese`; `green onions` for `scallions`). The typed names
    /// take turns, so every one of them is widened before any is widened twice; at most `limit` searches
    /// in all, none repeated, none the typed list itself.
    public func widenedSearches(of typed: [String], seen: [String], limit: Int = FoodFacts.maxWidenedSearches) -> [[String]] {
        guard limit > 0, !typed.isEmpty else { return [] }
        let typedFolded = typed.map(IngredientName.folded)
        var conceptsBySeen: [String: [String]] = [:]
        var seenOnce: [String] = []
        for name in seen where conceptsBySeen[IngredientName.folded(name)] == nil {
            let folded = IngredientName.folded(name)
            guard !folded.isEmpty else { continue }
            conceptsBySeen[folded] = concepts(of: name)
            seenOnce.append(name)
        }
        let alternatives: [[String]] = typed.map { name in
            let asked = concept(of: name)
            guard !asked.isEmpty else { return [] }
            var taken = Set(typedFolded)
            var found: [String] = []
            // A name a search cannot carry (a comma would split it, or too long to send) is not asked for.
            func take(_ name: String) {
                guard !name.contains(","), name.count <= RequestLimits.maxIngredientLength else { return }
                if taken.insert(IngredientName.folded(name)).inserted { found.append(name) }
            }
            for name in seenOnce where conceptsBySeen[IngredientName.folded(name)]?.contains(asked) == true { take(name) }
            // Then, in turn, the table's kinds of it (its first ones are the commonest) and its other names.
            let kinds = self.kinds(of: name)
            let others = vocabulary.filter { concept(of: $0) == asked }
            for index in 0..<max(kinds.count, others.count) {
                if index < kinds.count { take(kinds[index]) }
                if index < others.count { take(others[index]) }
            }
            return found
        }
        var searches: [[String]] = []
        var round = 0
        while searches.count < limit {
            var added = false
            for (index, names) in alternatives.enumerated() where round < names.count && searches.count < limit {
                var search = typed
                search[index] = names[round]
                searches.append(search)
                added = true
            }
            guard added else { break }
            round += 1
        }
        return searches
    }
}
