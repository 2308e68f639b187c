/// An amount with its unit.
struct Quantity: Sendable {
    enum Unit: String, Sendable {
        case milliseconds = "ms"
        case requestsPerSecond = "req/s"
        case megabytes = "MB"
        case count = ""
        case requestsPerPage = "req/page"
        case fraction = "×"
    }

    let amount: Double
    let unit: Unit

    init(_ amount: Double, _ unit: Unit) {
        self.amount = amount
        self.unit = unit
    }

    static func milliseconds(_ amount: Double) -> Quantity { Quantity(amount, .milliseconds) }
    static func count(_ amount: Int) -> Quantity { Quantity(Double(amount), .count) }

    var text: String {
        let number = NumberText.significant(amount, unit: unit)
        return unit.rawValue.isEmpty ? number : "\(number) \(unit.rawValue)"
    }
}
