import Foundation

/// Resident size of a process, from `/proc/PID/status`.
struct ProcessMemory: Sendable {
    /// VmRSS, in megabytes (2^20 bytes).
    let residentMB: Double
    /// VmHWM: the most it was ever resident, in megabytes.
    let peakResidentMB: Double

    init(pid: Int32) throws {
        let path = "/proc/\(pid)/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw BenchError("cannot read \(path)")
        }
        func kilobytes(_ field: String) throws -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
                  let number = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else {
                throw BenchError("no \(field) in \(path)")
            }
            return number
        }
        residentMB = try kilobytes("VmRSS") / 1024
        peakResidentMB = try kilobytes("VmHWM") / 1024
    }
}
