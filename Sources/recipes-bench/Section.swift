import Services

/// One numbered section of the benchmark: a file in `Sections/`, listed in `BenchCommand.sections`.
@MainActor
protocol Section {
    var title: String { get }
    /// What the reference column holds for this section.
    var reference: String { get }
    /// Measures (`quick`: fewer repetitions, smaller data sets), adding figures and notes to `report`.
    /// Throws a skipping `BenchError` when a tool it needs is missing.
    func run(quick: Bool, into report: inout SectionReport) async throws
}

/// What one section measured.
struct SectionReport: Encodable {
    let number: Int
    let title: String
    let reference: String
    var figures: [Figure] = []
    var notes: [String] = []
    /// Why it could not run, or why it was skipped.
    var failure: String?
    var skipped: String?
    var seconds = 0.0
}

/// One measured figure, the reference measured beside it in the same run, and what it must reach.
struct Figure: Encodable {
    let name: String
    let value: Double
    /// `ms`, `req/s`, `MB`, `req/page`, or empty for a count.
    let unit: String
    let reference: Double?
    /// Value divided by reference.
    let ratio: Double?
    /// The targets as printed (`< 5 ms, ≥ 30× faster`), and whether the value reached all of them.
    private(set) var target: String?
    private(set) var met: Bool?

    init(_ name: String, _ value: Double, _ unit: String = "ms", reference: Double? = nil) {
        self.name = name
        self.value = value
        self.unit = unit
        self.reference = reference
        ratio = reference.flatMap { $0 == 0 ? nil : value / $0 }
    }

    init(_ name: String, count: Int, reference: Int? = nil) {
        self.init(name, Double(count), "", reference: reference.map(Double.init))
    }

    func below(_ limit: Double) -> Figure { adding("< \(limit.plain)\(unit.isEmpty ? "" : " " + unit)", value < limit) }
    func notBelow(_ limit: Double) -> Figure { adding("≥ \(limit.plain)\(unit.isEmpty ? "" : " " + unit)", value >= limit) }
    func atMost(_ limit: Double) -> Figure { adding(limit == 0 ? "0" : "≤ \(limit.plain)", value <= limit) }
    /// The reference divided by the value is at least `factor`.
    func faster(by factor: Double) -> Figure { adding("≥ \(factor.plain)× faster", ratio.map { $0 == 0 || 1 / $0 >= factor } ?? false) }
    /// The value divided by the reference is at least `fraction`.
    func atLeast(_ fraction: Double) -> Figure { adding("≥ \(fraction.plain)× ref", ratio.map { $0 >= fraction } ?? false) }
    /// The value divided by the reference is at most `factor` (within `factor` times the reference).
    func withinRatio(_ factor: Double) -> Figure { adding("≤ \(String(format: "%.1f", factor))× ref", ratio.map { $0 <= factor } ?? false) }

    private func adding(_ text: String, _ reached: Bool) -> Figure {
        var figure = self
        figure.target = target.map { $0 + ", " + text } ?? text
        figure.met = (met ?? true) && reached
        return figure
    }
}

/// Repeated measurements of one thing, in milliseconds.
struct Samples {
    private(set) var values: [Double]

    init(_ values: [Double] = []) {
        self.values = values
    }

    mutating func append(_ duration: Duration) {
        values.append(duration.timeInterval * 1000)
    }

    var median: Double { percentile(50) }

    /// Nearest-rank percentile (0 when there are no samples).
    func percentile(_ percent: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let rank = Int((percent / 100 * Double(values.count)).rounded(.up))
        return values.sorted()[min(max(rank, 1), values.count) - 1]
    }
}

/// Why a measurement could not run, or (`skipped`) why a section did not run at all and how to change that.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    var skipped = false

    init(_ description: String, skipped: Bool = false) {
        (self.description, self.skipped) = (description, skipped)
    }
}

extension Double {
    /// `5`, `0.5`, `100`: no trailing zeros.
    var plain: String { String(format: "%g", self) }
}
