public import Foundation
import TextSafety

/// What a person asked for: ingredients a recipe must all have, and words its title must contain.
public struct SearchQuery: Hashable, Sendable, Codable {
    /// Normalized ingredient names: trimmed, lower-case, inner spaces collapsed, no empties or repeats.
    public let ingredients: [String]
    /// Title words, whitespace collapsed ("" for none).
    public let title: String

    public init(ingredients: [String], title: String = "") {
        self.ingredients = TextCleanup.uniqueNames(ingredients.map { TextCleanup.collapseWhitespace($0).lowercased() })
        self.title = TextCleanup.collapseWhitespace(title)
    }

    /// Parses what was typed: a comma-separated ingredient list (`"Onions,  garlic, onions"`).
    public init(ingredientText: String, title: String = "") {
        self.init(ingredients: ingredientText.split(separator: ",", omittingEmptySubsequences: false).map(String.init),
                  title: title)
    }

    public var isEmpty: Bool { ingredients.isEmpty && title.isEmpty }

    /// How the query reads back to a person: `onions, garlic` or `onions, garlic "omelet"`.
    public var summary: String {
        let list = ingredients.joined(separator: ", ")
        switch (list.isEmpty, title.isEmpty) {
        case (false, true): return list
        case (true, false): return "\"\(title)\""
        case (false, false): return "\(list) \"\(title)\""
        case (true, true): return ""
        }
    }
}

/// One page of results as the service returned it, cleaned.
public struct SearchPage: Hashable, Sendable {
    public let number: Int
    public let recipes: [Recipe]
    /// Results left out: without a title or an href, or with nothing readable in them.
    public let droppedCount: Int
    /// Of those, the results whose title or href held nothing readable (only control characters,
    /// escape sequences or text that is not text).
    public let unreadableCount: Int
    /// When the page was fetched, for a page answered from the search cache; nil for a page that came
    /// from the network just now.
    public let savedAt: Date?
    /// Whether the server said it matches ingredient names by what they are (`cheese` finds `feta`), as
    /// PuppyServer does, or only as written; nil when it did not say (a page kept on disk).
    public let matchesKinds: Bool?

    public init(number: Int, recipes: [Recipe], droppedCount: Int = 0, unreadableCount: Int = 0, savedAt: Date? = nil,
                matchesKinds: Bool? = nil) {
        self.number = number
        self.recipes = recipes
        self.droppedCount = droppedCount
        self.unreadableCount = min(unreadableCount, droppedCount)
        self.savedAt = savedAt
        self.matchesKinds = matchesKinds
    }

    /// The same page, marked as saved at `date` (nil: fresh from the network).
    public func saved(at date: Date?) -> SearchPage {
        SearchPage(number: number, recipes: recipes, droppedCount: droppedCount, unreadableCount: unreadableCount, savedAt: date,
                   matchesKinds: date == nil ? matchesKinds : nil)
    }
}
