/// One of the benchmark's numbered sections.
@MainActor
protocol Benchmark {
    var number: Int { get }
    var title: String { get }
    /// What the reference column holds for this section.
    var reference: String { get }
    /// Measures, adding figures and notes to `report` as they are known (so a failure part-way keeps
    /// what was measured). Throws when the measurement cannot run.
    func run(_ scale: Scale, into report: inout SectionReport) async throws
}

/// How big a run is: `--quick` uses fewer repetitions and smaller data sets.
struct Scale: Sendable {
    let quick: Bool

    func pick<Value>(quick quickValue: Value, full fullValue: Value) -> Value {
        quick ? quickValue : fullValue
    }
}
