import Foundation

/// The command line of `recipes-bench`.
struct BenchOptions: Sendable {
    var quick = false
    var json = false
    var help = false
    /// Section numbers to run; empty runs all.
    var only: Set<Int> = []

    static let usage = """
    Usage: recipes-bench [--quick] [--json] [--only N,N...]

    Measures RecipeBook side by side with a reference in the same run and prints a table: figure,
    value, reference, ratio, target, and whether the target was met.

      --quick       every section in under a minute: fewer repetitions, smaller data sets
      --json        the results as JSON on stdout (progress stays on stderr)
      --only LIST   only these sections, like --only 1,4
                    1 next-screen latency   2 request economy   3 start-up
                    4 server throughput     5 favorites         6 memory
      -h, --help    this help

    Exit status: 0 when every section ran (missed targets included), 1 when one could not run,
    2 for a bad command line. Build with -c release: a debug build measures the wrong thing.
    """

    static func parse(_ arguments: [String]) throws(BenchError) -> BenchOptions {
        var options = BenchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--json": options.json = true
            case "-h", "--help": options.help = true
            case "--only":
                guard let list = remaining.popFirst() else { throw BenchError("--only needs section numbers, like --only 1,4") }
                try options.only.formUnion(sections(list))
            default:
                if argument.hasPrefix("--only=") {
                    try options.only.formUnion(sections(String(argument.dropFirst("--only=".count))))
                } else {
                    throw BenchError("unknown argument \"\(argument)\" (see --help)")
                }
            }
        }
        return options
    }

    private static func sections(_ list: String) throws(BenchError) -> Set<Int> {
        var numbers: Set<Int> = []
        for item in list.split(separator: ",") {
            guard let number = Int(item.trimmingCharacters(in: .whitespaces)), (1...6).contains(number) else {
                throw BenchError("--only wants section numbers from 1 to 6, not \"\(item)\"")
            }
            numbers.insert(number)
        }
        return numbers
    }

    func includes(_ section: Int) -> Bool {
        only.isEmpty || only.contains(section)
    }
}
