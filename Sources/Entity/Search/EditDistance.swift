/// How far apart two short strings are, for "did you mean" suggestions.
enum EditDistance {
    /// The Damerau–Levenshtein distance in its optimal-string-alignment form (inserting, deleting or
    /// replacing a scalar, or swapping two neighbours, each costs 1), or nil when it is more than `limit`.
    /// Only the diagonal band of width `2 × limit + 1` is computed: the work is O(length × limit).
    static func bounded(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        let beyond = limit + 1
        let width = b.count
        var twoRowsUp = [Int](repeating: beyond, count: width + 1)
        var rowAbove = (0...width).map { min($0, beyond) }
        var row = [Int](repeating: beyond, count: width + 1)
        for i in 1...a.count {
            let from = max(1, i - limit)
            let to = min(width, i + limit)
            row[0] = min(i, beyond)
            // The rows are reused: the cell left of the band holds an old value. Cells right of it were
            // never written in a reused row, so they still hold `beyond`.
            if from > 1 { row[from - 1] = beyond }
            var smallest = row[0]
            for j in from...to {
                let same = a[i - 1] == b[j - 1]
                var value = min(rowAbove[j] + 1, row[j - 1] + 1, rowAbove[j - 1] + (same ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, twoRowsUp[j - 2] + 1)
                }
                row[j] = min(value, beyond)
                smallest = min(smallest, row[j])
            }
            if smallest > limit { return nil }
            (twoRowsUp, rowAbove, row) = (rowAbove, row, twoRowsUp)
        }
        return rowAbove[width] <= limit ? rowAbove[width] : nil
    }
}
