extension IngredientName {
    /// Names from `known` that someone who typed `name` probably meant ("did you mean onions?"), best
    /// first, at most `limit`.
    ///
    /// Names are compared folded (see `folded(_:)`). In order of preference:
    /// 1. the same name once folded (`Onion` finds `onions`, `jalapeño` finds `jalapenos`);
    /// 2. a close spelling: an edit distance (Damerau–Levenshtein: a letter added, dropped, changed, or
    ///    two swapped) of at most 1 for names of 4 to 7 letters and 2 from 8 letters on; names of 3 letters
    ///    or fewer, or longer than `maxCompared`, get no spelling suggestions (`onins` finds `onions`,
    ///    `mozarela` finds `mozzarella`), nearer first;
    /// 3. names that start with it (`mozz` finds `mozzarella cheese`), shorter first;
    /// 4. names with a later word that starts with it (`beans` finds `black beans`), shorter first.
    /// Ties keep the order of `known`, so pass the most common names first. Of names that fold the same,
    /// only the first in `known` is returned. The work is linear in the total length of `known`.
    public static func closest(to name: String, among known: some Collection<String>, limit: Int = 5) -> [String] {
        guard limit > 0 else { return [] }
        let target = folded(name)
        guard !target.isEmpty else { return [] }
        let targetScalars = Array(target.unicodeScalars)
        let allowed = allowedDistance(letters: targetScalars.count)
        var seen = Set<String>()
        var ranked: [(tier: Int, score: Int, order: Int, name: String)] = []
        for (order, candidate) in known.enumerated() {
            let foldedCandidate = folded(candidate)
            guard !foldedCandidate.isEmpty, seen.insert(foldedCandidate).inserted else { continue }
            if foldedCandidate == target {
                ranked.append((0, 0, order, candidate))
            } else if allowed > 0, let distance = EditDistance.bounded(targetScalars, Array(foldedCandidate.unicodeScalars), limit: allowed) {
                ranked.append((1, distance, order, candidate))
            } else if foldedCandidate.hasPrefix(target) {
                ranked.append((2, foldedCandidate.count, order, candidate))
            } else if foldedCandidate.contains(" " + target) {
                ranked.append((3, foldedCandidate.count, order, candidate))
            }
        }
        ranked.sort { ($0.tier, $0.score, $0.order) < ($1.tier, $1.score, $1.order) }
        return ranked.prefix(limit).map(\.name)
    }

    /// Folded names longer than this many scalars get no spelling suggestions.
    public static let maxCompared = 64

    /// How many edits a misspelling of a name this long may have.
    static func allowedDistance(letters: Int) -> Int {
        switch letters {
        case ..<4: return 0
        case 4...7: return 1
        case 8...maxCompared: return 2
        default: return 0
        }
    }
}
