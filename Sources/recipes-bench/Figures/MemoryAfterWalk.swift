import Foundation
import PuppyServer

/// 6. The built `recipes` binary's resident size after walking 1,000 screens of one search.
struct MemoryAfterWalk: Benchmark {
    let number = 6
    let title = "Memory after a long walk"
    let reference = "the same `recipes` process right after its first screen"

    func run(_ scale: Scale, into report: inout SectionReport) async throws {
        let screens = scale.pick(quick: 250, full: 1_000)
        let recipes = try BuildFolder.recipesBinary()
        let catalog = try CatalogGenerator.catalog(count: CatalogGenerator.size(forSaltMatches: (screens + 2) * 10))
        let server = PuppyServer(catalog: catalog, configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threads: 1))
        try server.start()
        defer { server.shutdown() }
        let folder = try TemporaryFolder("memory")
        defer { folder.remove() }

        let child = try ChildProcess(recipes, ["--api", server.apiURL.absoluteString],
                                     environment: try StartUp.environment(folder), wiring: .pipes)
        try child.write("salt\n")
        try child.waitFor(TimestampingSink.screenMarker, timeout: .seconds(60))
        let first = try ProcessMemory(pid: child.pid)
        let walking = ContinuousClock.now
        try child.write(String(repeating: "n\n", count: screens - 1))
        try child.waitFor(TimestampingSink.screenMarker, occurrences: screens - 1, timeout: .seconds(600))
        let walkSeconds = (ContinuousClock.now - walking).seconds
        let last = try ProcessMemory(pid: child.pid)
        try child.closeInput()
        try child.readToEnd(timeout: .seconds(30))
        let status = try child.wait(timeout: .seconds(10))
        guard status == 0 else { throw BenchError("recipes exited with \(status): \(child.tailText)") }

        report.figures = [
            Figure("resident size after \(NumberText.grouped(screens)) screens (VmRSS)", value: Quantity(last.residentMB, .megabytes),
                   reference: Quantity(first.residentMB, .megabytes), targets: [.below(100)]),
            Figure("peak resident size over the walk (VmHWM)", value: Quantity(last.peakResidentMB, .megabytes),
                   reference: Quantity(first.peakResidentMB, .megabytes)),
        ]
        report.notes = [
            "The built `recipes` binary with `--api` pointing at a PuppyServer in the benchmark's process serving a generated "
                + "\(NumberText.grouped(catalog.recipes.count))-recipe catalog (the bundled one repeated), so `salt` has "
                + "more than \(NumberText.grouped(screens * 10)) results; the embedded server is therefore not in the measured process.",
            "Commands on a pipe: `salt`, then \(NumberText.grouped(screens - 1)) × `n` written at once (prefetch on); "
                + "\(NumberText.grouped(screens)) screens in \(String(format: "%.1f", walkSeconds)) s. "
                + "Sizes read from /proc/PID/status as the last screen arrived.",
        ]
    }
}
