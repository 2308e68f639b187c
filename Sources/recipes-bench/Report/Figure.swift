/// One measured figure: its value, the reference measured beside it in the same run, and its targets.
struct Figure: Sendable {
    let name: String
    let value: Quantity
    let reference: Quantity?
    let targets: [Target]

    init(_ name: String, value: Quantity, reference: Quantity? = nil, targets: [Target] = []) {
        self.name = name
        self.value = value
        self.reference = reference
        self.targets = targets
    }

    /// Value divided by reference.
    var ratio: Double? {
        guard let reference, reference.amount != 0 else { return nil }
        return value.amount / reference.amount
    }

    var verdict: Verdict {
        if targets.isEmpty { return .none }
        return targets.allSatisfy { $0.isMet(by: self) } ? .met : .missed
    }
}

enum Verdict: String, Sendable {
    case met
    case missed
    case none = "—"
}
