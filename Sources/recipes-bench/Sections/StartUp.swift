import Foundation
import Entity
import Services
import PuppyServer
import PuppyCatalog
import TestSupport

/// The built `recipes` binary from launch to its first prompt, to the first screen of a search and to
/// its exit, and a one-shot search against a running server, beside reference programs built the same
/// way (static or dynamic Swift runtime, like `recipes`) and measured the same way in the same rounds.
struct StartUp: Section {
    let title = "Start-up of the `recipes` binary"
    let reference = "a Foundation \"hello\" compiled with `swiftc -O` in the run, linked like `recipes` (static or dynamic "
        + "Swift runtime), and `curl -s` of the same API URL for the one-shot search; all interleaved with the runs of `recipes`"

    private enum Run: String, CaseIterable {
        case hello = "Foundation \"hello\""
        case helloOnTerminal = "Foundation \"hello\" on a terminal"
        case plainHello = "non-Foundation \"hello\" (`print`)"
        case prompt = "first prompt"
        case quit = "`printf 'quit\\n' | recipes`"
        case screen = "`printf 'garlic\\n' | recipes`"
        case oneShot = "`recipes --api URL search garlic --json`"
        case curl = "`curl -s URL`"

        var isRecipes: Bool { [.prompt, .quit, .screen, .oneShot].contains(self) }
    }

    private static let foundationHello = """
        import Foundation

        let name = ProcessInfo.processInfo.processName
        FileHandle.standardOutput.write(Data("hello from \\(name) at \\(Date().timeIntervalSince1970)\\n".utf8))

        """

    private static let plainHello = """
        print("hello")

        """

    /// The programs of one run of the section.
    private struct Programs {
        let recipes: String
        let foundationHello: String
        let plainHello: String
        let curl: String?
        let apiURL: String
        let searchURL: String
    }

    func run(quick: Bool, into report: inout SectionReport) async throws {
        let recipes = try Tools.recipesBinary()
        guard let swiftc = Tools.find("swiftc") else { throw BenchError("no swiftc on PATH to build the \"hello\" references") }
        let linking = try Linking(of: recipes)
        // The benchmark's own linking is only described in the notes; unknown is said as such.
        let benchLinking = try? Linking(of: BinaryRunner.url(of: "recipes-bench").path)
        let curl = Tools.find("curl")
        let repetitions = quick ? 5 : 25
        let runs = Run.allCases.filter { curl != nil || ($0 != .oneShot && $0 != .curl) }

        let server = PuppyServer(catalog: try Catalog.bundled(), configuration: .init(host: "127.0.0.1", port: 0, threads: 1))
        try server.start()
        defer { server.shutdown() }
        let searchURL = try QueryBuilder.url(api: server.apiURL, query: SearchQuery(ingredientText: "garlic"), page: 1).absoluteString

        var samples: [Run: Samples] = [:]
        var echoes = Samples()
        var unclean: [Run: [String]] = [:]
        var libraries: [String: Int] = [:]
        try await TemporaryDirectory.with { folder in
            let flags = ["-O"] + (linking.staticSwift ? ["-static-stdlib"] : [])
            var built: [String: String] = [:]
            for (name, source) in [("hello-foundation", Self.foundationHello), ("hello-plain", Self.plainHello)] {
                Console.message("   compiling the \(name) reference with swiftc \(flags.joined(separator: " "))…")
                let path = folder.appendingPathComponent(name).path
                try Data(source.utf8).write(to: folder.appendingPathComponent(name + ".swift"))
                _ = try Tools.run(swiftc, flags + [path + ".swift", "-o", path], timeout: .seconds(600))
                built[name] = path
                libraries[name] = try Linking(of: path).libraries.count
            }
            guard let foundationHello = built["hello-foundation"], let plainHello = built["hello-plain"] else {
                throw BenchError("the \"hello\" references were not built")
            }
            let programs = Programs(recipes: recipes, foundationHello: foundationHello, plainHello: plainHello, curl: curl,
                                    apiURL: server.apiURL.absoluteString, searchURL: searchURL)
            let environment = Tools.environment(home: folder)
            // One untimed round first: the first launch creates the favorites file and the cache, and it
            // warms the page cache for every binary.
            for round in -1..<repetitions {
                for run in runs.rotated(by: max(0, round)) {
                    let (duration, ending, echo) = try measure(run, programs, environment: environment)
                    if round >= 0 { samples[run, default: Samples()].append(duration) }
                    if round >= 0, let echo { echoes.append(echo) }
                    if let ending { unclean[run, default: []].append(ending) }
                }
            }
        }

        let median = { (run: Run) in samples[run]?.median ?? 0 }
        let (hello, helloOnTerminal) = (samples[.hello] ?? Samples(), samples[.helloOnTerminal] ?? Samples())
        let prompt = samples[.prompt] ?? Samples()
        report.figures = [
            Figure("\(Run.quit.rawValue), launch → exit: median", median(.quit), reference: hello.median).withinRatio(2),
            Figure("\(Run.quit.rawValue), launch → exit: p90", samples[.quit]?.percentile(90) ?? 0, reference: hello.percentile(90)),
            Figure("launch → first prompt, on a terminal: median", prompt.median, reference: helloOnTerminal.median).withinRatio(1.5),
            Figure("launch → first prompt, on a terminal: p90", prompt.percentile(90), reference: helloOnTerminal.percentile(90)),
            Figure("launch → a key typed at the first prompt echoed (the session built): median", echoes.median,
                   reference: helloOnTerminal.median),
        ]
        if curl != nil {
            report.figures.append(Figure("\(Run.oneShot.rawValue), server listening, launch → exit: median", median(.oneShot),
                                         reference: median(.curl)).withinRatio(2))
        }
        report.figures += [
            Figure("\(Run.screen.rawValue), launch → first screen: median", median(.screen), reference: hello.median),
            Figure("\(Run.plainHello.rawValue), launch → exit: median", median(.plainHello), reference: hello.median),
            Figure("runs of `recipes` of \((repetitions + 1) * runs.filter(\.isRecipes).count) that did not exit cleanly",
                   count: runs.filter(\.isRecipes).map { unclean[$0]?.count ?? 0 }.reduce(0, +)).atMost(0),
        ]

        let build = linking.staticSwift ? "static Swift runtime (`--static-swift-stdlib`)" : "dynamic Swift runtime"
        report.notes = [
            "Measured: `\(recipes)`, built with a \(build): \(linking.libraries.count) shared libraries loaded "
                + "(`ldd`, the vdso left out; \(linking.swiftLibraries) of them Swift's).",
            (linking.staticSwift
                ? "The references were compiled with `swiftc -O -static-stdlib`, linked the same way. "
                : "The references were compiled with `swiftc -O`, linked the same way. The intended install links the Swift "
                    + "runtime statically. ")
                + "To measure that build: `swift build -c release --static-swift-stdlib`, then `.build/release/recipes-bench` "
                + "(or `swift run -c release --skip-build recipes-bench`): `swift run` takes no `--static-swift-stdlib`, and "
                + "without `--skip-build` it rebuilds the benchmark with the dynamic runtime in the same `.build/release` folder, "
                + "leaving `recipes` as it was.",
            "Libraries loaded: Foundation \"hello\" \(libraries["hello-foundation"].map(String.init) ?? "?"), non-Foundation "
                + "\"hello\" \(libraries["hello-plain"].map(String.init) ?? "?"), `recipes` \(linking.libraries.count).",
            "\(repetitions) runs of each after one untimed round, in rotating order; HOME in a temporary folder (the untimed round "
                + "creates the favorites file and the cache there), PATH=/usr/bin:/bin, SWIFT_BACKTRACE=enable=no.",
            "Exit: `quit` on a pipe that is then closed (the embedded server and its bundled catalog start, then stop); the time "
                + "runs from posix_spawn to the end of the program's output (its exit). The \"hello\"s run to their exit the same way.",
            "First prompt: on a pseudo-terminal (100×40, TERM=xterm-256color), from posix_spawn to `recipes> ` being read; the "
                + "reference is the Foundation \"hello\" on a pseudo-terminal to its line being read. The prompt is drawn before the "
                + "client side is built; the key echoed is `q`, typed as soon as the prompt was read, the time running from posix_spawn "
                + "to its echo: that is when the session reads what is typed.",
            "First screen: stdin is a pipe holding `garlic` and then its end, as with printf; no prompt is printed in pipe mode, "
                + "so the time runs to the screen's footer being read.",
        ]
        if curl != nil {
            report.notes.append("One-shot: PuppyServer already listening in the benchmark's process on 127.0.0.1 (bundled catalog, "
                + "one thread); `recipes --api http://127.0.0.1:PORT/api/ search garlic --json` to its exit, beside "
                + "`curl -s '\(searchURL.replacingOccurrences(of: ":\(server.port)/", with: ":PORT/"))'` (the request it makes "
                + "for page 1) to its exit.")
        } else {
            report.notes.append("One-shot search against a running server not measured: install curl (`sudo apt-get install curl`).")
        }
        if let benchLinking, benchLinking.staticSwift != linking.staticSwift {
            report.notes.append("Warning: this benchmark links the Swift runtime \(benchLinking.staticSwift ? "statically" : "dynamically") "
                + "but `recipes` \(linking.staticSwift ? "statically" : "dynamically"): `recipes` was last built another way. "
                + "Build both the same way first (`swift build -c release [--static-swift-stdlib]`).")
        }
        for run in runs {
            guard let endings = unclean[run], let first = endings.first else { continue }
            report.notes.append("\(endings.count) of \(repetitions + 1) \(run.rawValue) runs ended badly, the first with \(first).")
        }
    }

    /// One launch: how long it took to what is measured, and how it ended when that was not exit 0.
    /// For the first prompt, also when a key typed at it was echoed.
    private func measure(_ run: Run, _ programs: Programs, environment: [String: String]) throws -> (Duration, String?, Duration?) {
        let timeout = Duration.seconds(30)
        switch run {
        case .prompt, .helloOnTerminal:
            let (program, marker) = run == .prompt ? (programs.recipes, "recipes> ") : (programs.foundationHello, "hello from ")
            let terminal = try PseudoTerminalProcess(program, [], environment: environment, rows: 40, columns: 100)
            let found = terminal.outputTranscript.find(marker, timeout: timeout)
            var echo: Transcript.Match?
            if run == .prompt, let found {
                terminal.type("q")
                echo = terminal.outputTranscript.find("q\u{1B}[K", after: found.end, timeout: timeout)
                terminal.type("uit\r")
            }
            let ending = Self.ending(terminal.finish(timeout: timeout), terminal.transcript)
            guard let found else { throw BenchError("\(run.rawValue): no `\(marker)` within \(timeout); it \(ending ?? "exited 0")") }
            if run == .prompt, echo == nil { throw BenchError("\(run.rawValue): `q` typed at the prompt was not echoed within \(timeout)") }
            return (found.arrivedAt - terminal.started, ending, echo.map { $0.arrivedAt - terminal.started })
        default:
            let (program, arguments, input) = invocation(run, programs)
            let child = try RunningProcess(program, arguments, environment: environment)
            child.write(input)
            child.closeInput()
            let screen = run == .screen ? child.outputTranscript.find(ClientStack.screenMarker, timeout: timeout) : nil
            let result = child.finish(timeout: timeout)
            var ending = Self.ending(result.status, result.output + result.errors)
            if ending == nil, let expected = expectedOutput(run), !result.output.contains(expected) {
                ending = "exit 0 without `\(expected)` in its output: \"\(result.output.prefix(200))\""
            }
            guard let end = run == .screen ? screen?.arrivedAt : child.outputEndedAt else {
                throw BenchError("\(run.rawValue) did not get there within \(timeout); it \(ending ?? "exited 0")")
            }
            return (end - child.started, ending, nil)
        }
    }

    private func invocation(_ run: Run, _ programs: Programs) -> (String, [String], String) {
        switch run {
        case .hello: return (programs.foundationHello, [], "")
        case .plainHello: return (programs.plainHello, [], "")
        case .quit: return (programs.recipes, [], "quit\n")
        case .screen: return (programs.recipes, [], "garlic\n")
        case .oneShot: return (programs.recipes, ["--api", programs.apiURL, "search", "garlic", "--json"], "")
        case .curl: return (programs.curl ?? "curl", ["-s", programs.searchURL], "")
        case .prompt, .helloOnTerminal: return (run == .prompt ? programs.recipes : programs.foundationHello, [], "")
        }
    }

    /// What a successful run writes, where exit 0 alone would not show the work was done.
    private func expectedOutput(_ run: Run) -> String? {
        switch run {
        case .oneShot: return "\"title\""
        case .curl: return "\"results\""
        default: return nil
        }
    }

    /// Nil for exit 0; otherwise the status and the last thing the program wrote.
    private static func ending(_ status: Int32, _ output: String) -> String? {
        guard status != 0 else { return nil }
        let last = output.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        return "exit status \(status)\(status > 128 ? " (signal \(status - 128))" : ""), last words: \"\(last.suffix(200))\""
    }
}

/// The shared libraries a binary loads, as `ldd` lists them, and whether the Swift runtime is among them.
struct Linking {
    /// The libraries' names (`libc.so.6`), the vdso left out.
    let libraries: [String]

    init(of binary: String) throws {
        guard let ldd = Tools.find("ldd") else { throw BenchError("no ldd on PATH to tell how `recipes` was linked") }
        libraries = try Tools.run(ldd, [binary]).split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map { String($0.trimmingCharacters(in: .whitespaces)) } }
            .filter { !$0.isEmpty && !$0.hasPrefix("linux-vdso") && !$0.hasPrefix("linux-gate") }
            .map { $0.split(separator: "/").last.map(String.init) ?? $0 }
    }

    /// True when `libswiftCore.so` is not loaded: the Swift runtime is linked into the binary.
    var staticSwift: Bool { !libraries.contains { $0.hasPrefix("libswiftCore.so") } }

    /// How many of the libraries are Swift's own (the runtime, Foundation, Dispatch and friends).
    var swiftLibraries: Int {
        libraries.filter { name in ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime"].contains { name.hasPrefix($0) } }.count
    }
}

extension Array {
    /// The elements starting at `offset` (modulo the count), wrapping round.
    func rotated(by offset: Int) -> [Element] {
        isEmpty ? self : Array(self[(offset % count)...] + self[..<(offset % count)])
    }
}
