import Foundation
import PuppyServer
import TestSupport

/// The built `recipes` binary's resident size after walking 1,000 screens of one search.
struct MemoryAfterWalk: Section {
    let title = "Memory after a long walk"
    let reference = "the same `recipes` process right after its first screen"

    func run(quick: Bool, into report: inout SectionReport) async throws {
        let screens = quick ? 250 : 1_000
        let recipes = try Tools.recipesBinary()
        let catalog = try CatalogGenerator.catalog(forSaltMatches: (screens + 2) * 10)
        let server = PuppyServer(catalog: catalog, configuration: .init(host: "127.0.0.1", port: 0, threads: 1))
        try server.start()
        defer { server.shutdown() }

        let (first, last, walkSeconds) = try await TemporaryDirectory.with { folder in
            let child = try RunningProcess(recipes, ["--api", server.apiURL.absoluteString], environment: Tools.environment(home: folder))
            child.write("salt\n")
            var end = 0
            var (first, walking) = ((resident: 0.0, peak: 0.0), ContinuousClock.now)
            for screen in 1...screens {
                guard let found = child.outputTranscript.find(ClientStack.screenMarker, after: end, timeout: .seconds(60)) else {
                    throw BenchError("screen \(screen) did not come within 60 s; recipes wrote: \((child.output + child.errors).suffix(300))")
                }
                end = found.end
                if screen == 1 {
                    (first, walking) = (try Self.memory(of: child.pid), .now)
                    child.write(String(repeating: "n\n", count: screens - 1))
                }
            }
            let walkSeconds = (ContinuousClock.now - walking).timeInterval
            let last = try Self.memory(of: child.pid)
            child.closeInput()
            let result = child.finish(timeout: .seconds(30))
            guard result.status == 0 else { throw BenchError("recipes exited with \(result.status): \(result.errors.suffix(300))") }
            return (first, last, walkSeconds)
        }

        report.figures = [
            Figure("resident size after \(NumberText.grouped(screens)) screens (VmRSS)", last.resident, "MB", reference: first.resident).below(100),
            Figure("peak resident size over the walk (VmHWM)", last.peak, "MB", reference: first.peak),
        ]
        report.notes = [
            "The built `recipes` binary with `--api` pointing at a PuppyServer in the benchmark's process serving a generated "
                + "\(NumberText.grouped(catalog.recipes.count))-recipe catalog (the bundled one repeated), so `salt` has more than "
                + "\(NumberText.grouped(screens * 10)) results; the embedded server is therefore not in the measured process.",
            "Commands on a pipe: `salt`, then \(NumberText.grouped(screens - 1)) × `n` written at once (prefetch on); "
                + "\(NumberText.grouped(screens)) screens in \(String(format: "%.1f", walkSeconds)) s. "
                + "Sizes read from /proc/PID/status as the last screen arrived.",
        ]
    }

    /// VmRSS and VmHWM (the most it was ever resident) from `/proc/PID/status`, in megabytes (2^20 bytes).
    private static func memory(of pid: Int32) throws -> (resident: Double, peak: Double) {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8).split(separator: "\n")
        let megabytes = { (field: String) in
            status.first { $0.hasPrefix(field + ":") }?.split(separator: " ").dropFirst().first.flatMap { Double($0) }.map { $0 / 1024 }
        }
        guard let resident = megabytes("VmRSS"), let peak = megabytes("VmHWM") else { throw BenchError("no VmRSS or VmHWM for \(pid)") }
        return (resident, peak)
    }
}
