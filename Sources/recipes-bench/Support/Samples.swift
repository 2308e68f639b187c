/// Repeated measurements of one thing, in milliseconds.
struct Samples: Sendable {
    private(set) var values: [Double] = []

    init() {}

    mutating func append(_ duration: Duration) {
        values.append(duration.milliseconds)
    }

    mutating func append(milliseconds: Double) {
        values.append(milliseconds)
    }

    var count: Int { values.count }

    var median: Double { percentile(50) }

    /// Nearest-rank percentile (0 when there are no samples).
    func percentile(_ percent: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    var seconds: Double { milliseconds / 1000 }
}
