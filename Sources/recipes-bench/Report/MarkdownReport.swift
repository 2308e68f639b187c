import Foundation

/// The results as a Markdown table with numbered notes: readable in a terminal, ready for the README.
struct MarkdownReport {
    let mode: String
    let machine: MachineFacts
    let seconds: Double
    let sections: [SectionReport]

    var text: String {
        var lines = [
            "RecipeBook benchmarks · \(mode) run · \(Self.duration(seconds))",
            "Machine: \(machine.summary)",
            "",
            "| # | figure | value | reference | ratio | target | result |",
            "|---|---|--:|--:|--:|---|---|",
        ]
        for section in sections {
            for figure in section.figures {
                let target = figure.targets.map { $0.text(unit: figure.value.unit) }.joined(separator: ", ")
                let cells = [
                    "\(section.number)", figure.name, figure.value.text, figure.reference?.text ?? "—",
                    figure.ratio.map(NumberText.ratio) ?? "—", target.isEmpty ? "—" : target,
                    figure.verdict == .missed ? "**missed**" : figure.verdict.rawValue,
                ]
                lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
            }
            if section.failure != nil {
                lines.append("| \(section.number) | \(section.title) | could not run | — | — | — | **not run** |")
            }
        }
        lines += ["", "Notes"]
        for section in sections {
            var paragraph = "\(section.number). \(section.title) (\(Self.duration(section.seconds))). Reference: \(section.reference)."
            if !section.notes.isEmpty { paragraph += " " + section.notes.joined(separator: " ") }
            if let failure = section.failure { paragraph += " COULD NOT RUN: \(failure)" }
            lines.append(paragraph)
        }
        return lines.joined(separator: "\n")
    }

    static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        return "\(Int(seconds) / 60) min \(Int(seconds) % 60) s"
    }
}
