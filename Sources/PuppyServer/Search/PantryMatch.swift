/// `have=eggs,milk,flour` (with `missing=N`, default 2, and `strict=1`): the catalog ranked by how few of
/// each recipe's ingredients the names given lack, an extension of the API that a RecipePuppy client never
/// sends. Only recipes missing at most `missing` ingredients, and using at least one of the names given,
/// are listed: fewest missing first, then those using the most, then in catalog order (or in the order of
/// the `i` and `q` search, when one is given too).
///
/// Names are compared as the search compares ingredients (case, accents and plurals folded by
/// `SearchFolding`), less the words that do not change what is bought (`fresh`, `large`, `extra virgin`,
/// …), so `eggs` holds `large eggs`. Unless `strict`, salt, pepper, water and oil (and their kinds: `sea
/// salt`, `black pepper`, `olive oil`) count as held whether given or not. The same rules as the pantry
/// ranking of RecipeBook's own client; PuppyServer keeps its own copy, as it shares no code with it.
struct PantryRequest: Hashable, Sendable {
    /// The names given, as keys (`PantryMatch.key`), sorted and unique.
    var keys: [String]
    var missing: Int
    var strict: Bool

    static let defaultMissing = 2
    static let maxMissing = 50
    /// More names than this are not read (a pantry, not a dictionary).
    static let maxNames = 200

    init(names: String, missing: Int = PantryRequest.defaultMissing, strict: Bool = false) {
        let keys = names.split(separator: ",").prefix(Self.maxNames).map { PantryMatch.key(String($0)) }.filter { !$0.isEmpty }
        self.keys = Set(keys).sorted()
        self.missing = missing
        self.strict = strict
    }

    /// A stable text form, for quirk decisions.
    var text: String {
        "have=" + keys.joined(separator: ",") + "&missing=\(missing)" + (strict ? "&strict" : "")
    }
}

/// One recipe's place in a pantry ranking.
struct PantryEntry: Sendable, Hashable {
    let position: Int32
    /// The ingredients not held, as the catalog names them, in its order.
    let missing: [String]
    /// How many of its distinct ingredients are held, and how many it has.
    let uses: Int
    let of: Int
}

enum PantryMatch {
    /// The folded words of a name that say what it is: `Large Free-Range Eggs` is `egg`.
    static func key(_ name: String) -> String {
        let words = TitleWords.words(name).map { SearchFolding.term($0).key }
        let kept = words.filter { !plainWords.contains($0) }
        return (kept.isEmpty ? words : kept).joined(separator: " ")
    }

    /// The candidates (catalog positions, in the order to keep among equals) ranked for `request`.
    static func rank(_ candidates: [Int32], keys: (Int32) -> [(name: String, key: String)], request: PantryRequest) -> [PantryEntry] {
        let held = Set(request.keys)
        var entries: [(entry: PantryEntry, order: Int)] = []
        var seen = Set<String>()
        for (order, position) in candidates.enumerated() {
            seen.removeAll(keepingCapacity: true)
            var missing: [String] = []
            var uses = 0
            var usesPantry = false
            for (name, key) in keys(position) where !key.isEmpty && seen.insert(key).inserted {
                if held.contains(key) {
                    uses += 1
                    usesPantry = true
                } else if !request.strict && isStaple(key) {
                    uses += 1
                } else {
                    missing.append(name)
                    if missing.count > request.missing { break }
                }
            }
            guard usesPantry, missing.count <= request.missing else { continue }
            entries.append((PantryEntry(position: position, missing: missing, uses: uses, of: seen.count), order))
        }
        entries.sort { left, right in
            if left.entry.missing.count != right.entry.missing.count { return left.entry.missing.count < right.entry.missing.count }
            if left.entry.uses != right.entry.uses { return left.entry.uses > right.entry.uses }
            return left.order < right.order
        }
        return entries.map(\.entry)
    }

    /// Salt, pepper, water or oil, or a kind of one (`sea salt`, `black pepper`, `olive oil`); not foods
    /// named after one (`red pepper`, `bell pepper`).
    static func isStaple(_ key: String) -> Bool {
        let words = key.split(separator: " ").map(String.init)
        guard let last = words.last, let kinds = staples[last] else { return false }
        return words.dropLast().allSatisfy { kinds.contains($0) }
    }

    private static func folded(_ words: [String]) -> Set<String> {
        Set(words.map { SearchFolding.term($0).key })
    }

    private static let staples: [String: Set<String>] = [
        SearchFolding.term("salt").key: folded(["sea", "kosher", "table", "fine", "coarse", "flaky", "rock", "and", "pepper", "black", "ground"]),
        SearchFolding.term("pepper").key: folded(["black", "ground", "white", "cracked", "freshly", "salt", "and", "peppercorn"]),
        SearchFolding.term("peppercorn").key: folded(["black", "whole"]),
        SearchFolding.term("water").key: folded(["cold", "warm", "hot", "boiling", "lukewarm", "iced", "ice", "tap", "filtered", "tepid"]),
        SearchFolding.term("oil").key: folded(["olive", "vegetable", "sunflower", "canola", "rapeseed", "neutral", "cooking", "light",
                                               "groundnut", "peanut", "corn", "frying", "virgin", "extra"]),
    ]

    /// Words that say nothing about what to buy.
    private static let plainWords = folded([
        "fresh", "freshly", "organic", "large", "small", "medium", "big", "jumbo", "extra", "good", "quality", "best", "plain",
        "all", "purpose", "unbleached", "virgin", "kosher", "sea", "table", "fine", "coarse", "flaky", "unsalted", "salted",
        "whole", "full", "fat", "skimmed", "semi", "free", "range", "granulated", "caster", "superfine", "ripe",
    ])
}
