import Foundation
import TestSupport

/// The built `recipes` binary from launch to its first prompt, to the first screen of a search, and
/// to its exit, beside a Foundation "hello".
struct StartUp: Section {
    let title = "Start-up of the `recipes` binary"
    let reference = "a Foundation \"hello\" binary (compiled with `swiftc -O` into a temporary folder during the run), "
        + "launch to exit, measured the same way and interleaved with the runs of `recipes`"

    private enum Run: String, CaseIterable {
        case hello, prompt = "first-prompt", screen = "`printf 'garlic\\n' | recipes`", quit = "`printf 'quit\\n' | recipes`"
    }

    private static let hello = """
        import Foundation

        let name = ProcessInfo.processInfo.processName
        FileHandle.standardOutput.write(Data("hello from \\(name)\\n".utf8))

        """

    func run(quick: Bool, into report: inout SectionReport) async throws {
        let recipes = try Tools.recipesBinary()
        guard let swiftc = Tools.find("swiftc") else { throw BenchError("no swiftc on PATH to build the \"hello\" reference") }
        let repetitions = quick ? 5 : 25
        var samples: [Run: Samples] = [:]
        var unclean: [Run: [String]] = [:]
        try await TemporaryDirectory.with { folder in
            Console.message("   compiling the \"hello\" reference with swiftc -O…")
            let hello = folder.appendingPathComponent("hello").path
            try Data(Self.hello.utf8).write(to: folder.appendingPathComponent("hello.swift"))
            _ = try Tools.run(swiftc, ["-O", hello + ".swift", "-o", hello], timeout: .seconds(600))
            let environment = Tools.environment(home: folder)
            // One untimed round first: the first launch creates the favorites file, and it warms the caches.
            for round in -1..<repetitions {
                for run in Run.allCases.rotated(by: max(0, round)) {
                    let (duration, ending) = try measure(run, program: run == .hello ? hello : recipes, environment: environment)
                    if round >= 0 { samples[run, default: Samples()].append(duration) }
                    if let ending { unclean[run, default: []].append(ending) }
                }
            }
        }

        let (hello, prompt) = (samples[.hello] ?? Samples(), samples[.prompt] ?? Samples())
        report.figures = [
            Figure("launch → first prompt, on a terminal: median", prompt.median, reference: hello.median).below(150),
            Figure("launch → first prompt, on a terminal: p90", prompt.percentile(90), reference: hello.percentile(90)),
            Figure("\(Run.screen.rawValue), launch → first screen: median", samples[.screen]?.median ?? 0, reference: hello.median),
            Figure("\(Run.quit.rawValue), launch → exit: median", samples[.quit]?.median ?? 0, reference: hello.median),
            Figure("\(Run.screen.rawValue): runs of \(repetitions + 1) that did not exit cleanly", count: unclean[.screen]?.count ?? 0),
        ]
        report.notes = [
            "\(repetitions) runs of each after one untimed round, in rotating order; `\(recipes)`, with the embedded server and "
                + "its bundled catalog; HOME in a temporary folder (the untimed round creates the favorites file there), "
                + "PATH=/usr/bin:/bin, SWIFT_BACKTRACE=enable=no.",
            "First prompt: on a pseudo-terminal (100×40, TERM=xterm-256color), from posix_spawn to the moment `recipes> ` is read; then `quit`.",
            "First screen: stdin is a pipe holding `garlic` and then its end, as with printf; no prompt is printed in pipe mode, "
                + "so the time runs to the screen's footer being read.",
            "Exit: `quit` on a pipe that is then closed; the time runs to the end of the program's output (its exit). "
                + "The reference runs to its exit the same way.",
        ]
        for run in Run.allCases {
            guard let endings = unclean[run], let first = endings.first else { continue }
            report.notes.append("\(endings.count) of \(repetitions + 1) \(run.rawValue) runs ended badly, the first with \(first).")
        }
    }

    /// One launch: how long it took to what is measured, and how it ended when that was not exit 0.
    private func measure(_ run: Run, program: String, environment: [String: String]) throws -> (Duration, String?) {
        let timeout = Duration.seconds(30)
        if run == .prompt {
            let terminal = try PseudoTerminalProcess(program, [], environment: environment, rows: 40, columns: 100)
            let prompt = terminal.outputTranscript.find("recipes> ", timeout: timeout)
            terminal.type("quit\r")
            let ending = Self.ending(terminal.finish(timeout: timeout), terminal.transcript)
            guard let prompt else { throw BenchError("no prompt within \(timeout); recipes \(ending ?? "exited 0")") }
            return (prompt.arrivedAt - terminal.started, ending)
        }
        let child = try RunningProcess(program, [], environment: environment)
        child.write(run == .screen ? "garlic\n" : run == .quit ? "quit\n" : "")
        child.closeInput()
        let screen = run == .screen ? child.outputTranscript.find(ClientStack.screenMarker, timeout: timeout) : nil
        let result = child.finish(timeout: timeout)
        let ending = Self.ending(result.status, result.output + result.errors)
        guard let end = run == .screen ? screen?.arrivedAt : child.outputEndedAt else {
            throw BenchError("\(run.rawValue) did not get there within \(timeout); it \(ending ?? "exited 0")")
        }
        return (end - child.started, ending)
    }

    /// Nil for exit 0; otherwise the status and the last thing the program wrote.
    private static func ending(_ status: Int32, _ output: String) -> String? {
        guard status != 0 else { return nil }
        let last = output.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        return "exit status \(status)\(status > 128 ? " (signal \(status - 128))" : ""), last words: \"\(last.suffix(200))\""
    }
}

extension Array {
    /// The elements starting at `offset` (modulo the count), wrapping round.
    func rotated(by offset: Int) -> [Element] {
        isEmpty ? self : Array(self[(offset % count)...] + self[..<(offset % count)])
    }
}
