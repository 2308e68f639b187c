import Foundation
import Glibc

/// What the numbers were measured on.
struct MachineFacts: Sendable, Codable {
    let cores: Int
    let processor: String
    let memoryGB: Double
    let kernel: String
    let swift: String
    let build: String
    /// 1, 5 and 15 minute load averages when the run began and when it ended.
    var loadAtStart: [Double]
    var loadAtEnd: [Double]

    static func sample() -> MachineFacts {
        MachineFacts(
            cores: ProcessInfo.processInfo.activeProcessorCount,
            processor: field("model name", in: "/proc/cpuinfo") ?? "unknown",
            memoryGB: (field("MemTotal", in: "/proc/meminfo").flatMap { Double($0.split(separator: " ").first ?? "") } ?? 0) / 1_048_576,
            kernel: kernelRelease(),
            swift: swiftVersion(),
            build: BuildFolder.isReleaseBuild ? "release" : "debug",
            loadAtStart: loadAverage(),
            loadAtEnd: []
        )
    }

    static func loadAverage() -> [Double] {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return [] }
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }

    var summary: String {
        let load = { (values: [Double]) in values.map { String(format: "%.2f", $0) }.joined(separator: " ") }
        return "\(cores) cores (\(processor)), \(String(format: "%.1f", memoryGB)) GB, Linux \(kernel), \(swift), "
            + "\(build) build; load average \(load(loadAtStart)) at start, \(load(loadAtEnd)) at end"
    }

    private static func field(_ name: String, in file: String) -> String? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    private static func kernelRelease() -> String {
        var name = utsname()
        guard uname(&name) == 0 else { return "unknown" }
        return withUnsafeBytes(of: name.release) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func swiftVersion() -> String {
        guard let swiftc = ExternalTools.find("swiftc"),
              let result = try? ExternalTools.run(swiftc, ["--version"], timeout: .seconds(30)),
              let line = result.output.split(separator: "\n").first(where: { $0.contains("Swift version") }),
              let range = line.range(of: "Swift version ") else { return "Swift (version unknown)" }
        return "Swift " + (line[range.upperBound...].split(separator: " ").first.map(String.init) ?? "?")
    }
}
