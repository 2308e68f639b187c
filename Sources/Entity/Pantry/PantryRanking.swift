/// Recipes ranked by how few of their ingredients the pantry lacks: "what can I make with what I have".
///
/// Each ingredient line of a recipe is read (`IngredientLine`) and matched by its `IngredientKey`, so
/// `2 large eggs, beaten` is held by a pantry with `eggs`, and `plain flour` by one with `flour`; the
/// pantry's names are read the same way (`a dozen eggs` is eggs). With `staples` (the default), salt,
/// pepper, water and oil are held whether listed or not. Recipes missing more than `maxMissing`, and
/// recipes that use nothing of the pantry but staples, are left out; the rest come fewest missing first,
/// then most of the pantry used, then in the order given.
public struct PantryRanking: Sendable {
    /// One recipe's place in the ranking.
    public struct Entry: Sendable, Equatable {
        /// Where the recipe stood in the list ranked.
        public let index: Int
        public let title: String
        /// The ingredients the pantry lacks, as the recipe names them, in its order.
        public let missing: [String]
        /// How many of its ingredients the pantry holds, and how many it has (each ingredient counted once).
        public let uses: Int
        public let of: Int
        /// How many of those held are in the pantry itself rather than staples taken to be there.
        public let fromPantry: Int

        /// `uses 6 of 8`.
        public var usesText: String { "uses \(uses) of \(of)" }
        /// `missing: butter, cream`, or nil when nothing is missing.
        public var missingText: String? { missing.isEmpty ? nil : "missing: " + missing.joined(separator: ", ") }
    }

    /// A recipe to rank: its title and its ingredient lines (or names) as written.
    public struct Recipe: Sendable, Equatable {
        public let title: String
        public let ingredients: [String]

        public init(title: String, ingredients: [String]) {
            self.title = title
            self.ingredients = ingredients
        }
    }

    public let pantry: Set<IngredientKey>
    public let staples: Bool

    /// `pantry`: names as typed (`eggs, milk, flour`); `staples`: salt, pepper, water and oil count as held.
    public init(pantry: [String], staples: Bool = true) {
        self.pantry = Set(pantry.map { PantryItem(name: $0).key }.filter { !$0.isEmpty })
        self.staples = staples
    }

    /// Whether the pantry holds what a line asks for.
    public func holds(_ key: IngredientKey) -> Bool {
        pantry.contains(key) || staples && Staples.covers(key)
    }

    /// Whether a pantry name matches an ingredient among `names` (ingredient names or lines).
    public static func matches(_ item: PantryItem, among names: [String]) -> Bool {
        names.contains { IngredientKey(IngredientLine(parsing: $0)) == item.key }
    }

    /// One recipe's entry.
    public func entry(for recipe: Recipe, at index: Int) -> Entry {
        var lines = ReadLines()
        return entry(for: recipe, at: index, lines: &lines)
    }

    /// Lines already read, by their text: recipes share most of their ingredients, and reading a line
    /// costs far more than finding it here.
    private struct ReadLines {
        var known: [String: (key: IngredientKey, missingName: String)] = [:]

        mutating func read(_ text: String) -> (key: IngredientKey, missingName: String) {
            if let read = known[text] { return read }
            let line = IngredientLine(parsing: text)
            let read = (IngredientKey(line), line.isUnsure || line.name.isEmpty ? line.text : line.name)
            known[text] = read
            return read
        }
    }

    private func entry(for recipe: Recipe, at index: Int, lines: inout ReadLines) -> Entry {
        var seen = Set<IngredientKey>()
        var missing: [String] = []
        var uses = 0
        var fromPantry = 0
        for text in recipe.ingredients {
            let (key, missingName) = lines.read(text)
            guard !key.isEmpty, seen.insert(key).inserted else { continue }
            if pantry.contains(key) {
                uses += 1
                fromPantry += 1
            } else if holds(key) {
                uses += 1
            } else {
                missing.append(missingName)
            }
        }
        return Entry(index: index, title: recipe.title, missing: missing, uses: uses, of: seen.count, fromPantry: fromPantry)
    }

    /// The recipes missing at most `maxMissing` ingredients and using something of the pantry, fewest
    /// missing first, then those using more of the pantry, then in the order given.
    public func ranked(_ recipes: [Recipe], maxMissing: Int = 2) -> [Entry] {
        rankedReadingKeys(recipes, maxMissing: maxMissing).entries
    }

    /// The same, with the key of every ingredient of every recipe given: what the ranking read them as,
    /// so a caller that needs them too (which pantry names no recipe has) does not read them again.
    public func rankedReadingKeys(_ recipes: [Recipe], maxMissing: Int = 2) -> (entries: [Entry], keys: Set<IngredientKey>) {
        var lines = ReadLines()
        let entries = recipes.enumerated()
            .map { entry(for: $0.element, at: $0.offset, lines: &lines) }
            .filter { $0.missing.count <= maxMissing && $0.of > 0 && $0.fromPantry > 0 }
            .sorted { left, right in
                if left.missing.count != right.missing.count { return left.missing.count < right.missing.count }
                if left.uses != right.uses { return left.uses > right.uses }
                return left.index < right.index
            }
        return (entries, Set(lines.known.values.map { $0.key }))
    }
}
