/// What a figure must reach.
enum Target: Sendable {
    /// The value is under this amount (in the value's unit).
    case below(Double)
    /// The value is at most this amount.
    case atMost(Double)
    /// The reference divided by the value is at least this.
    case fasterThanReference(by: Double)
    /// The value divided by the reference is at least this.
    case fractionOfReference(atLeast: Double)

    func isMet(by figure: Figure) -> Bool {
        switch self {
        case .below(let limit): return figure.value.amount < limit
        case .atMost(let limit): return figure.value.amount <= limit
        case .fasterThanReference(let factor):
            guard let reference = figure.reference, figure.value.amount > 0 else { return figure.reference != nil }
            return reference.amount / figure.value.amount >= factor
        case .fractionOfReference(let fraction):
            guard let ratio = figure.ratio else { return false }
            return ratio >= fraction
        }
    }

    func text(unit: Quantity.Unit) -> String {
        let suffix = unit.rawValue.isEmpty ? "" : " \(unit.rawValue)"
        switch self {
        case .below(let limit): return "< \(NumberText.plain(limit))\(suffix)"
        case .atMost(let limit): return limit == 0 ? "0" : "≤ \(NumberText.plain(limit))\(suffix)"
        case .fasterThanReference(let factor): return "≥ \(NumberText.plain(factor))× faster"
        case .fractionOfReference(let fraction): return "≥ \(NumberText.plain(fraction))× ref"
        }
    }
}
