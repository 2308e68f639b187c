import Foundation

/// Numbers as the table prints them: three significant figures, thousands grouped.
enum NumberText {
    static func significant(_ value: Double, unit: Quantity.Unit) -> String {
        if unit == .count || unit == .requestsPerSecond { return grouped(Int(value.rounded())) }
        let magnitude = abs(value)
        let decimals: Int
        switch magnitude {
        case 0: decimals = 0
        case ..<1: decimals = 3
        case ..<10: decimals = 2
        case ..<100: decimals = 1
        default: decimals = 0
        }
        return decimals == 0 ? grouped(Int(value.rounded())) : String(format: "%.\(decimals)f", value)
    }

    /// A ratio: `1/512` below 0.1, else `0.65×` or `2.3×`.
    static func ratio(_ value: Double) -> String {
        if value > 0, value < 0.1 { return "1/" + grouped(Int((1 / value).rounded())) }
        return (value >= 100 ? grouped(Int(value.rounded())) : String(format: value >= 10 ? "%.1f" : "%.2f", value)) + "×"
    }

    /// `5`, `0.5`, `100` (no trailing zeros).
    static func plain(_ value: Double) -> String {
        value == value.rounded() ? grouped(Int(value)) : String(format: "%g", value)
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
