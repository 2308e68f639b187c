import Foundation
import Glibc
import Services

/// `recipes-bench`: RecipeBook's performance figures, each beside a reference measured in the same run.
@main
@MainActor
struct BenchCommand {
    /// The sections, numbered in this order. A new section is one file in `Sections/` and one line here.
    static let sections: [any Section] = [
        NextScreenLatency(), RequestEconomy(), StartUp(), ServerThroughput(), FavoritesAtScale(), MemoryAfterWalk(),
        PictureDisplay(), RepeatedSearch(), RecipeExtraction(), IngredientParsing(), PantryRankingSpeed(),
        SearchQuality(), ArchiveAtScale(),
    ]

    static let usage = """
        Usage: recipes-bench [--quick] [--json] [--only N[,N...]]

        Measures RecipeBook beside a reference in the same run and prints a table: figure, value,
        reference, ratio, target, and whether the target was met. Build with -c release; for the
        static Swift runtime `recipes` is meant to be installed with, `swift build -c release
        --static-swift-stdlib`, then run .build/release/recipes-bench.

          --quick       every section in under a minute: fewer repetitions, smaller data sets
          --json        the results as JSON on stdout (progress stays on stderr)
          --only LIST   only these sections, like --only 3 or --only 1,4:

        """ + sections.enumerated().map { "                  \($0.offset + 1). \($0.element.title)\n" }.joined() + """
          -h, --help    this help

        `recipes-bench --picture-probe FILE PROTOCOL` is the child that section 7 runs: it shows one picture
        (PROTOCOL: half-blocks, sixel or kitty) and prints what it measured.

        Exit status: 0 when every section ran or was skipped (missed targets included), 1 when one
        could not run, 2 for a bad command line.
        """

    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        if CommandLine.arguments.dropFirst().first == PictureProbe.flag {
            exit(PictureProbe.run(Array(CommandLine.arguments.dropFirst(2))))
        }
        var (quick, json, only) = (false, false, Set<Int>())
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            if argument == "--quick" {
                quick = true
            } else if argument == "--json" {
                json = true
            } else if argument == "-h" || argument == "--help" {
                Console.output(usage)
                exit(0)
            } else if argument == "--only" || argument.hasPrefix("--only=") {
                let list = argument == "--only" ? arguments.popFirst() ?? "" : String(argument.dropFirst("--only=".count))
                let items = list.split(separator: ",")
                let numbers = items.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { (1...sections.count).contains($0) }
                guard !items.isEmpty, numbers.count == items.count else {
                    Console.message("--only wants section numbers from 1 to \(sections.count), like --only 1,4; not \"\(list)\"")
                    exit(2)
                }
                only.formUnion(numbers)
            } else {
                Console.message("unknown argument \"\(argument)\" (see --help)")
                exit(2)
            }
        }
        if !Tools.isReleaseBuild {
            Console.message("this is a debug build: the figures will be slow. Run `swift run -c release recipes-bench`.")
        }

        let began = ContinuousClock.now
        var machine = Machine()
        var reports: [SectionReport] = []
        for (index, section) in sections.enumerated() where only.isEmpty || only.contains(index + 1) {
            Console.message("\(index + 1). \(section.title)…")
            let sectionBegan = ContinuousClock.now
            var report = SectionReport(number: index + 1, title: section.title, reference: section.reference)
            do {
                try await section.run(quick: quick, into: &report)
            } catch let error as BenchError where error.skipped {
                report.skipped = error.description
                Console.message("\(index + 1). skipped: \(error)")
            } catch {
                report.failure = "\(error)"
                Console.message("\(index + 1). could not run: \(error)")
            }
            report.seconds = (ContinuousClock.now - sectionBegan).timeInterval
            reports.append(report)
        }
        machine.loadAtEnd = Machine.loadAverage()
        let table = Table(mode: quick ? "quick" : "full", seconds: (ContinuousClock.now - began).timeInterval, machine: machine, sections: reports)
        do {
            Console.output(json ? try table.json() : table.markdown)
        } catch {
            Console.message("cannot write the results as JSON: \(error)")
            exit(1)
        }
        let missed = reports.flatMap(\.figures).filter { $0.met == false }.count
        if missed > 0 { Console.message("\(missed) target\(missed == 1 ? "" : "s") missed (see the table).") }
        exit(reports.contains { $0.failure != nil } ? 1 : 0)
    }
}
