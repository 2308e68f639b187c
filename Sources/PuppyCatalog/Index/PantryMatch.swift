package import Entity

/// `have=eggs,milk,flour` (with `missing=N`, default 2, and `strict=1`): the catalog ranked by how few of
/// each recipe's ingredients the names given lack, an extension of the API that a RecipePuppy client never
/// sends. Only recipes missing at most `missing` ingredients, and using at least one of the names given,
/// are listed: fewest missing first, then those using the most, then in catalog order (or in the order of
/// the `i` and `q` search, when one is given too).
///
/// Names are compared as the search compares ingredients (case, accents and plurals folded by
/// `SearchFolding`), less the words that do not change what is bought (`fresh`, `large`, `extra virgin`,
/// …), so `eggs` holds `large eggs`; and a name holds what the food table says is that food (`FoodFacts`:
/// `scallions` hold `green onions`, `cheese` holds `parmesan cheese`, `butter` no `peanut butter`). Unless `strict`, salt, pepper, water and oil (and their kinds: `sea
/// salt`, `black pepper`, `olive oil`) count as held whether given or not. The same rules as the pantry
/// ranking of RecipeBook's own client; PuppyServer keeps its own copy, as it shares no code with it.
package struct PantryRequest: Hashable, Sendable {
    /// The names given, as keys (`PantryMatch.key`), sorted and unique.
    package var keys: [String]
    /// The names as given, each with its key, in order, each key once.
    package var names: [(name: String, key: String)]
    /// What each name asks for in the food table (`FoodFacts.concept(of:)`), less its plain words.
    package var concepts: Set<String>
    package var missing: Int
    package var strict: Bool

    package static func == (left: PantryRequest, right: PantryRequest) -> Bool {
        left.keys == right.keys && left.missing == right.missing && left.strict == right.strict
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(missing)
        hasher.combine(strict)
    }

    package static let defaultMissing = 2
    package static let maxMissing = 50
    /// More names than this are not read (a pantry, not a dictionary).
    package static let maxNames = 200

    package init(names: String, missing: Int = PantryRequest.defaultMissing, strict: Bool = false) {
        var named: [(name: String, key: String)] = []
        var seen = Set<String>()
        var concepts = Set<String>()
        for part in names.split(separator: ",").prefix(Self.maxNames) {
            let name = String(part).trimmingWhitespace()
            let key = PantryMatch.key(name)
            if !key.isEmpty, seen.insert(key).inserted {
                named.append((name, key))
                let concept = PantryMatch.concept(name)
                if !concept.isEmpty { concepts.insert(concept) }
            }
        }
        self.names = named
        self.concepts = concepts
        keys = seen.sorted()
        self.missing = missing
        self.strict = strict
    }

    /// A stable text form, for quirk decisions.
    package var text: String {
        "have=" + keys.joined(separator: ",") + "&missing=\(missing)" + (strict ? "&strict" : "")
    }
}

/// One recipe's place in a pantry ranking.
package struct PantryEntry: Sendable, Hashable {
    package let position: Int32
    /// The ingredients not held, as the catalog names them, in its order.
    package let missing: [String]
    /// How many of its distinct ingredients are held, and how many it has.
    package let uses: Int
    package let of: Int
}

package enum PantryMatch {
    /// The folded words of a name that say what it is: `Large Free-Range Eggs` is `egg`.
    package static func key(_ name: String) -> String {
        let words = TitleWords.words(name).map { SearchFolding.term($0).key }
        let kept = words.filter { !plainWords.contains($0) }
        return (kept.isEmpty ? words : kept).joined(separator: " ")
    }

    /// What a name given asks for in the food table, its plain words left out: `large free-range eggs` asks
    /// for `egg`.
    package static func concept(_ name: String, facts: FoodFacts = .standard) -> String {
        let words = TitleWords.words(name)
        let kept = words.filter { !plainWords.contains(SearchFolding.term($0).key) }
        return facts.concept(of: (kept.isEmpty ? words : kept).joined(separator: " "))
    }

    /// A recipe's ingredient as the ranking compares it: its name, key and what the food table says it is.
    package typealias Ingredient = (name: String, key: String, concepts: [String])

    /// For each name given that no recipe of the catalog has, the catalog's names a person probably
    /// meant: those whose key is one edit away (two for keys of 8 letters or more; none below 4),
    /// nearest first, then in catalog order, at most 3. A name the catalog has under another name
    /// (`isKnown` of its concept) is not unknown.
    /// `catalog` may hold each key once (`PantryTable.vocabulary`): the first of a key is the one taken.
    package static func suggestions(for request: PantryRequest, catalog: [Ingredient], known: Set<String>? = nil,
                            isKnown: (String) -> Bool = { _ in false }) -> [(name: String, close: [String])] {
        let known = known ?? Set(catalog.map(\.key))
        var found: [(name: String, close: [String])] = []
        for (name, key) in request.names where !known.contains(key) && !isKnown(concept(name)) {
            let typed = Array(key.unicodeScalars)
            let limit = typed.count >= 8 ? 2 : (typed.count >= 4 ? 1 : 0)
            guard limit > 0 else { continue }
            var close: [(distance: Int, order: Int, name: String)] = []
            var seen = Set<String>()
            for (order, entry) in catalog.enumerated() where seen.insert(entry.key).inserted {
                if let distance = editDistance(typed, Array(entry.key.unicodeScalars), within: limit) {
                    close.append((distance, order, entry.name))
                }
            }
            close.sort { ($0.distance, $0.order) < ($1.distance, $1.order) }
            if !close.isEmpty { found.append((name, close.prefix(3).map(\.name))) }
        }
        return found
    }

    /// Edits (a letter added, dropped, changed, or two neighbours swapped) from `a` to `b`, when at
    /// most `limit`.
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], within limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit, !a.isEmpty, !b.isEmpty else { return nil }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count] <= limit ? table[a.count][b.count] : nil
    }

    /// Salt, pepper, water or oil, or a kind of one (`sea salt`, `black pepper`, `olive oil`); not foods
    /// named after one (`red pepper`, `bell pepper`).
    package static func isStaple(_ key: String) -> Bool {
        // Most keys are none: their last word, found without splitting the key, says so.
        let bytes = key.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: " ") { end = bytes.index(before: end) }
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: " ")).map { bytes.index(after: $0) } ?? bytes.startIndex
        let lastWord = Substring(bytes[start..<end])
        guard stapleWords.contains(where: { $0 == lastWord }) else { return false }
        let words = key.split(separator: " ").map(String.init)
        guard let last = words.last, let kinds = staples[last] else { return false }
        return words.dropLast().allSatisfy { kinds.contains($0) }
    }

    private static func folded(_ words: [String]) -> Set<String> {
        Set(words.map { SearchFolding.term($0).key })
    }

    private static let stapleWords = Array(staples.keys)

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
