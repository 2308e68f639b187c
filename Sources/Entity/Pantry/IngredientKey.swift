/// What an ingredient is, for telling whether two lines ask for the same thing and whether the pantry
/// holds it: its parsed name folded as the search folds names (`IngredientName`: case, accents,
/// plurals), without the words that do not change what is bought (`fresh`, `large`, `organic`,
/// `all-purpose`, `extra virgin`, `sea`, `unsalted`, `free-range`).
///
/// So `2 large eggs, beaten`, `1 free-range egg` and `eggs` are all `egg`; `plain flour` and
/// `all-purpose flour` are `flour`; `extra-virgin olive oil` is `olive oil`. Words that make another
/// food stay: `coconut milk` is not `milk`, `red pepper` is not `pepper`, `dried basil` is not `basil`.
public struct IngredientKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let words: [String]

    /// The key of a line's parsed name (of all its text, when the line was not read with confidence).
    public init(_ line: IngredientLine) {
        self.init(name: line.isUnsure || line.name.isEmpty ? line.text : line.name)
    }

    /// The key of a name as a person types it (`Eggs`, `plain flour`).
    public init(name: String) {
        let folded = IngredientName.foldedWords(name)
        let kept = folded.filter { !IngredientKey.plainWords.contains($0) }
        words = kept.isEmpty ? folded : kept
    }

    public var description: String { words.joined(separator: " ") }

    public var isEmpty: Bool { words.isEmpty }

    public static func < (left: IngredientKey, right: IngredientKey) -> Bool {
        left.description < right.description
    }

    /// Words that say nothing about what to buy, folded.
    static let plainWords: Set<String> = Set([
        "fresh", "freshly", "organic", "large", "small", "medium", "big", "jumbo", "extra", "good", "quality",
        "best", "plain", "all", "purpose", "allpurpose", "unbleached", "virgin", "kosher", "sea", "table", "fine",
        "coarse", "flaky", "unsalted", "salted", "whole", "full", "fat", "skimmed", "semi", "free", "range",
        "freerange", "granulated", "caster", "superfine", "ripe", "some", "few", "more", "additional", "extra",
    ].map(IngredientName.folded))
}
