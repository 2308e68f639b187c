import Foundation

/// 3. The built `recipes` binary from launch to its first prompt, to the first screen of a search, and
/// to its exit, beside a Foundation "hello".
struct StartUp: Benchmark {
    let number = 3
    let title = "Start-up of the `recipes` binary"
    let reference = "a Foundation \"hello\" binary (compiled with `swiftc -O` into a temporary folder during the run), "
        + "launch to exit, measured the same way and interleaved with the runs of `recipes`"

    private enum Run: String, CaseIterable {
        case hello = "hello"
        case prompt = "first-prompt"
        case firstScreen = "`printf 'garlic\\n' | recipes`"
        case quit = "`printf 'quit\\n' | recipes`"
    }

    func run(_ scale: Scale, into report: inout SectionReport) async throws {
        let recipes = try BuildFolder.recipesBinary()
        let folder = try TemporaryFolder("startup")
        defer { folder.remove() }
        Console.message("   compiling the \"hello\" reference with swiftc -O…")
        let hello = try HelloBinary.compile(into: folder)
        let environment = try Self.environment(folder)
        let repetitions = scale.pick(quick: 5, full: 25)

        var samples: [Run: Samples] = [:]
        var unclean: [Run: [String]] = [:]
        // One untimed round first: the first launch creates the favorites file, and it warms the caches.
        for round in -1..<repetitions {
            let order = Run.allCases.rotated(by: max(0, round))
            for run in order {
                let (duration, exit) = try measure(run, recipes: recipes, hello: hello.path, environment: environment)
                if round >= 0 { samples[run, default: Samples()].append(duration) }
                if let exit { unclean[run, default: []].append(exit) }
            }
        }
        let reference = Quantity.milliseconds(samples[.hello, default: Samples()].median)
        report.figures = [
            Figure("launch → first prompt, on a terminal: median", value: .milliseconds(samples[.prompt, default: Samples()].median),
                   reference: reference, targets: [.below(150)]),
            Figure("launch → first prompt, on a terminal: p90", value: .milliseconds(samples[.prompt, default: Samples()].percentile(90)),
                   reference: .milliseconds(samples[.hello, default: Samples()].percentile(90))),
            Figure("`printf 'garlic\\n' | recipes`, launch → first screen: median",
                   value: .milliseconds(samples[.firstScreen, default: Samples()].median), reference: reference),
            Figure("`printf 'quit\\n' | recipes`, launch → exit: median", value: .milliseconds(samples[.quit, default: Samples()].median),
                   reference: reference),
            Figure("`printf 'garlic\\n' | recipes`: runs of \(repetitions + 1) that did not exit cleanly",
                   value: .count(unclean[.firstScreen, default: []].count)),
        ]
        report.notes = [
            "\(repetitions) runs of each after one untimed round, in rotating order; `\(recipes)`, with the embedded "
                + "server and its bundled catalog, a favorites file in a temporary folder (created by the untimed round), "
                + "SWIFT_BACKTRACE=enable=no.",
            "First prompt: on a pseudo-terminal (100×40, TERM=xterm-256color), from posix_spawn to the moment `recipes> ` is read; then `quit`.",
            "First screen: stdin is a pipe holding `garlic` and then its end, as with printf; no prompt is printed in pipe mode, "
                + "so the time runs to the screen's footer being read.",
            "Exit: `quit` on a pipe that is then closed; the time runs to the end of the program's output (its exit). "
                + "The reference runs to its exit the same way.",
        ]
        for run in Run.allCases where run != .hello {
            guard let exits = unclean[run], let first = exits.first else { continue }
            report.notes.append("\(exits.count) of \(repetitions + 1) \(run.rawValue) runs ended badly, the first with \(first).")
        }
    }

    /// One launch: how long it took to what is measured, and how it ended when that was not exit 0.
    private func measure(_ run: Run, recipes: String, hello: String, environment: [String: String]) throws -> (Duration, String?) {
        switch run {
        case .hello:
            let child = try ChildProcess(hello, [], environment: environment, wiring: .pipes)
            try child.closeInput()
            try child.readToEnd(timeout: .seconds(30))
            let exit = try ending(child)
            return (try ended(child), exit)
        case .prompt:
            let child = try ChildProcess(recipes, [], environment: environment, wiring: .terminal(rows: 40, columns: 100))
            let prompt = try child.waitFor("recipes> ", timeout: .seconds(30))
            try child.write("quit\r")
            try child.readToEnd(timeout: .seconds(30))
            return (prompt - child.started, try ending(child))
        case .firstScreen:
            let child = try ChildProcess(recipes, [], environment: environment, wiring: .pipes)
            try child.write("garlic\n")
            try child.closeInput()
            let screen = try child.waitFor(TimestampingSink.screenMarker, timeout: .seconds(30))
            try child.readToEnd(timeout: .seconds(30))
            return (screen - child.started, try ending(child))
        case .quit:
            let child = try ChildProcess(recipes, [], environment: environment, wiring: .pipes)
            try child.write("quit\n")
            try child.closeInput()
            try child.readToEnd(timeout: .seconds(30))
            let exit = try ending(child)
            return (try ended(child), exit)
        }
    }

    private func ended(_ child: ChildProcess) throws -> Duration {
        guard let end = child.endedAt else { throw BenchError("\(child.name): no end of output") }
        return end - child.started
    }

    /// Nil for exit 0; otherwise the status and the last thing the program wrote.
    private func ending(_ child: ChildProcess) throws -> String? {
        let status = try child.wait(timeout: .seconds(10))
        guard status != 0 else { return nil }
        let last = child.tailText.split(separator: "\n").last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        return "exit status \(status)\(status > 128 ? " (signal \(status - 128))" : ""), last words: \"\(last ?? "")\""
    }

    /// The caller's environment with every RecipeBook folder in the temporary folder.
    static func environment(_ folder: TemporaryFolder) throws -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = try folder.folder("home").path
        environment["RECIPEBOOK_DATA_DIR"] = try folder.folder("data").path
        environment["XDG_DATA_HOME"] = try folder.folder("xdg-data").path
        environment["XDG_STATE_HOME"] = try folder.folder("xdg-state").path
        environment["TERM"] = "xterm-256color"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["NO_COLOR"] = nil
        environment["COLUMNS"] = nil
        environment["LINES"] = nil
        return environment
    }
}

extension Array {
    /// The elements starting at `offset` (modulo the count), wrapping round.
    func rotated(by offset: Int) -> [Element] {
        guard !isEmpty else { return self }
        let start = offset % count
        return Array(self[start...] + self[..<start])
    }
}
