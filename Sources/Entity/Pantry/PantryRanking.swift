/// Recipes ranked by how few of their ingredients the pantry lacks: "what can I make with what I have".
///
/// Each ingredient line of a recipe is read (`IngredientLine`) and matched by its `IngredientKey`, so
/// `2 large eggs, beaten` is held by a pantry with `eggs`, and `plain flour` by one with `flour`. With
/// `staples` (the default), salt, pepper, water and oil are held whether listed or not. Recipes missing
/// more than `maxMissing` are left out; the rest come fewest missing first, then most of the pantry
/// used, then in the order given.
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
        self.pantry = Set(pantry.map { IngredientKey(name: $0) }.filter { !$0.isEmpty })
        self.staples = staples
    }

    /// Whether the pantry holds what a line asks for.
    public func holds(_ key: IngredientKey) -> Bool {
        pantry.contains(key) || staples && Staples.covers(key)
    }

    /// One recipe's entry.
    public func entry(for recipe: Recipe, at index: Int) -> Entry {
        var seen = Set<IngredientKey>()
        var missing: [String] = []
        var uses = 0
        for text in recipe.ingredients {
            let line = IngredientLine(parsing: text)
            let key = IngredientKey(line)
            guard !key.isEmpty, seen.insert(key).inserted else { continue }
            if holds(key) {
                uses += 1
            } else {
                missing.append(line.isUnsure || line.name.isEmpty ? line.text : line.name)
            }
        }
        return Entry(index: index, title: recipe.title, missing: missing, uses: uses, of: seen.count)
    }

    /// The recipes missing at most `maxMissing` ingredients, fewest missing first, then those using more
    /// of the pantry, then in the order given.
    public func ranked(_ recipes: [Recipe], maxMissing: Int = 2) -> [Entry] {
        recipes.enumerated()
            .map { entry(for: $0.element, at: $0.offset) }
            .filter { $0.missing.count <= maxMissing && $0.of > 0 }
            .sorted { left, right in
                if left.missing.count != right.missing.count { return left.missing.count < right.missing.count }
                if left.uses != right.uses { return left.uses > right.uses }
                return left.index < right.index
            }
    }
}
