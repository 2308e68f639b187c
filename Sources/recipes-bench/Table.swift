import Foundation
import View

/// The results: a Markdown table with a paragraph of notes per section (ready for the README), or JSON.
struct Table: Encodable {
    let mode: String
    let seconds: Double
    let machine: Machine
    let sections: [SectionReport]

    var markdown: String {
        var lines = [
            "RecipeBook benchmarks · \(mode) run · \(Self.duration(seconds))",
            "Machine: \(machine.summary)",
            "",
            "| # | figure | value | reference | ratio | target | result |",
            "|---|---|--:|--:|--:|---|---|",
        ]
        for section in sections {
            for figure in section.figures {
                let cells = [
                    figure.name, NumberText.quantity(figure.value, figure.unit),
                    figure.reference.map { NumberText.quantity($0, figure.unit) } ?? "—",
                    figure.ratio.map(NumberText.ratio) ?? "—", figure.target ?? "—",
                    figure.met.map { $0 ? "met" : "**missed**" } ?? "—",
                ]
                lines.append("| \(section.number) | " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
            }
            if let skipped = section.skipped {
                lines.append("| \(section.number) | \(section.title) | skipped: \(skipped) | — | — | — | — |")
            } else if section.failure != nil {
                lines.append("| \(section.number) | \(section.title) | could not run | — | — | — | **not run** |")
            }
        }
        lines += ["", "Notes"]
        for section in sections {
            var paragraph = "\(section.number). \(section.title) (\(Self.duration(section.seconds))). Reference: \(section.reference)."
            if !section.notes.isEmpty { paragraph += " " + section.notes.joined(separator: " ") }
            if let skipped = section.skipped { paragraph += " SKIPPED: \(skipped)" }
            if let failure = section.failure { paragraph += " COULD NOT RUN: \(failure)" }
            lines.append(paragraph)
        }
        return lines.joined(separator: "\n")
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    static func duration(_ seconds: Double) -> String {
        seconds < 60 ? String(format: "%.1f s", seconds) : "\(Int(seconds) / 60) min \(Int(seconds) % 60) s"
    }
}

/// Numbers as the table prints them: three significant figures, thousands grouped.
enum NumberText {
    static func quantity(_ value: Double, _ unit: String) -> String {
        let decimals = unit == "" || unit == "req/s" || abs(value) >= 100 || value == 0 ? 0 : abs(value) < 1 ? 3 : abs(value) < 10 ? 2 : 1
        let number = decimals == 0 ? grouped(Int(value.rounded())) : String(format: "%.\(decimals)f", value)
        return unit.isEmpty ? number : "\(number) \(unit)"
    }

    /// A ratio: `1/512` below 0.1, else `0.65×`, `2.3×` or `150×`.
    static func ratio(_ value: Double) -> String {
        if value > 0, value < 0.1 { return "1/" + grouped(Int((1 / value).rounded())) }
        return (value >= 100 ? grouped(Int(value.rounded())) : String(format: value >= 10 ? "%.1f" : "%.2f", value)) + "×"
    }

    static func grouped(_ value: Int) -> String {
        var text = ""
        for (index, digit) in String(value.magnitude).reversed().enumerated() {
            if index > 0, index % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + String(text.reversed())
    }
}

/// What the numbers were measured on.
struct Machine: Encodable {
    var cores = ProcessInfo.processInfo.activeProcessorCount
    var processor = Machine.read("/proc/cpuinfo").split(separator: "\n").first { $0.hasPrefix("model name") }
        .flatMap { $0.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    var memoryGB = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
    var kernel = Machine.read("/proc/sys/kernel/osrelease").trimmingCharacters(in: .whitespacesAndNewlines)
    var swift = Machine.swiftVersion()
    var build = Tools.isReleaseBuild ? "release" : "debug"
    /// 1, 5 and 15 minute load averages when the run began and when it ended.
    var loadAtStart = Machine.loadAverage()
    var loadAtEnd: [Double] = []

    var summary: String {
        let load = { (values: [Double]) in values.map { String(format: "%.2f", $0) }.joined(separator: " ") }
        return "\(cores) cores (\(processor)), \(String(format: "%.1f", memoryGB)) GB, Linux \(kernel), \(swift), "
            + "\(build) build; load average \(load(loadAtStart)) at start, \(load(loadAtEnd)) at end"
    }

    static func loadAverage() -> [Double] {
        read("/proc/loadavg").split(separator: " ").prefix(3).compactMap { Double($0) }
    }

    private static func read(_ file: String) -> String {
        // A fact that cannot be read is left out of the summary.
        (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    private static func swiftVersion() -> String {
        // Without swiftc on PATH the version is printed as unknown.
        let output = Tools.find("swiftc").flatMap { try? Tools.run($0, ["--version"]) } ?? ""
        return "Swift " + (output.split(separator: " ").drop { $0 != "version" }.dropFirst().first.map(String.init) ?? "(version unknown)")
    }
}

/// Where the benchmark writes: results on stdout, progress and problems on stderr.
enum Console {
    private static let streams = StandardStreams()

    static func output(_ text: String) {
        streams.write(text + "\n", to: .standardOutput)
    }

    static func message(_ text: String) {
        streams.write("recipes-bench: " + text + "\n", to: .standardError)
    }
}
