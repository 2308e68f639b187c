import Foundation

/// The results as JSON, for scripts and CI.
struct JSONReport: Encodable {
    struct Section: Encodable {
        let number: Int
        let title: String
        let reference: String
        let seconds: Double
        let notes: [String]
        let failure: String?
        let figures: [Row]
    }

    struct Row: Encodable {
        let name: String
        let value: Double
        let unit: String
        let reference: Double?
        let ratio: Double?
        let target: String?
        let result: String
    }

    let mode: String
    let seconds: Double
    let machine: MachineFacts
    let sections: [Section]

    init(mode: String, machine: MachineFacts, seconds: Double, sections: [SectionReport]) {
        self.mode = mode
        self.seconds = seconds
        self.machine = machine
        self.sections = sections.map { section in
            Section(
                number: section.number, title: section.title, reference: section.reference, seconds: section.seconds,
                notes: section.notes, failure: section.failure,
                figures: section.figures.map { figure in
                    let target = figure.targets.map { $0.text(unit: figure.value.unit) }.joined(separator: ", ")
                    return Row(name: figure.name, value: figure.value.amount.isFinite ? figure.value.amount : 0,
                               unit: figure.value.unit.rawValue,
                               reference: figure.reference?.amount, ratio: figure.ratio.flatMap { $0.isFinite ? $0 : nil },
                               target: target.isEmpty ? nil : target,
                               result: figure.verdict == .none ? "none" : figure.verdict.rawValue)
                }
            )
        }
    }

    func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
