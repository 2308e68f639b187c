import Foundation
import Glibc

/// `recipes-bench`: RecipeBook's performance figures, each beside a reference measured in the same run.
@main
@MainActor
struct BenchCommand {
    static let benchmarks: [any Benchmark] = [
        NextScreenLatency(), RequestEconomy(), StartUp(), ServerThroughput(), FavoritesAtScale(), MemoryAfterWalk(),
    ]

    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        let options: BenchOptions
        do {
            options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            Console.message(error.description)
            exit(2)
        }
        if options.help {
            Console.output(BenchOptions.usage)
            exit(0)
        }
        if !BuildFolder.isReleaseBuild {
            Console.message("this is a debug build: the figures will be slow. Run `swift run -c release recipes-bench`.")
        }

        let began = ContinuousClock.now
        var machine = MachineFacts.sample()
        let scale = Scale(quick: options.quick)
        var reports: [SectionReport] = []
        for benchmark in benchmarks where options.includes(benchmark.number) {
            Console.message("\(benchmark.number). \(benchmark.title)…")
            let sectionBegan = ContinuousClock.now
            var report = SectionReport(number: benchmark.number, title: benchmark.title, reference: benchmark.reference)
            do {
                try await benchmark.run(scale, into: &report)
            } catch {
                report.failure = "\(error)"
                Console.message("\(benchmark.number). \(benchmark.title) could not run: \(error)")
            }
            report.seconds = (ContinuousClock.now - sectionBegan).seconds
            reports.append(report)
        }
        machine.loadAtEnd = MachineFacts.loadAverage()
        let seconds = (ContinuousClock.now - began).seconds
        let mode = options.quick ? "quick" : "full"

        if options.json {
            do {
                Console.output(try JSONReport(mode: mode, machine: machine, seconds: seconds, sections: reports).text())
            } catch {
                Console.message("cannot write the results as JSON: \(error)")
                exit(1)
            }
        } else {
            Console.output(MarkdownReport(mode: mode, machine: machine, seconds: seconds, sections: reports).text)
        }
        let missed = reports.flatMap(\.figures).filter { $0.verdict == .missed }.count
        if missed > 0 { Console.message("\(missed) target\(missed == 1 ? "" : "s") missed (see the table).") }
        exit(reports.contains { $0.failure != nil } ? 1 : 0)
    }
}
