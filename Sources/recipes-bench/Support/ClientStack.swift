import Foundation
import Services
import Interactor
import Presenter
import View
import Wiring
import ServiceSupport

/// RecipeBook's client side wired by the same composition root as `recipes`, with the View rendering
/// into a sink that throws the text away and notes when each screen was written.
@MainActor
final class ClientStack {
    /// In every search screen's footer ("Recipes 11–20 · screen 2 · n next …"), early enough to survive
    /// the footer being cut to the terminal's width.
    nonisolated static let screenMarker = " · screen "

    let app: AppDependencies
    let presenter: RecipesPresenter
    private let sink = ScreenSink()
    /// The presenter holds its view weakly.
    private let view: TerminalView

    /// The search cache's folder: `cache/recipebook` in `dataDirectory`, so every stack starts with an
    /// empty cache of its own and nothing is read from or left in the user's `~/.cache`.
    let cacheDirectory: URL

    init(apiURL: URL, dataDirectory: URL, prefetch: Bool) throws {
        var options = CommandLineOptions()
        (options.api, options.dataDirectory, options.prefetch) = (apiURL, dataDirectory.path, prefetch)
        // The cache is on, as in `recipes`; `$XDG_CACHE_HOME` is where AppDependencies puts it.
        let cacheHome = dataDirectory.appendingPathComponent("cache")
        cacheDirectory = cacheHome.appendingPathComponent("recipebook")
        // Output is not a terminal (the text is thrown away) but stderr is, so the spinner runs as it
        // would for a person; 100 columns, colour on.
        let terminal = TerminalInfo(stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: true,
                                    environment: ["COLUMNS": "100", "XDG_CACHE_HOME": cacheHome.path])
        app = try AppDependencies(options: options, terminal: terminal)
        if let problem = app.favoritesProblem { throw BenchError("cannot open a favorites store in \(dataDirectory.path): \(problem)") }
        view = TerminalView(terminal: terminal, colors: true, sink: sink, historyFile: nil)
        presenter = app.makePresenter(view: view)
    }

    /// Runs one intent and returns how long it took until its screen was written.
    func timeScreen(_ intent: () async -> Void) async throws -> Duration {
        let before = sink.state.withLock { $0.screens }
        let start = ContinuousClock.now
        await intent()
        let (screens, written, last) = sink.state.withLock { ($0.screens, $0.lastScreenAt, $0.lastText) }
        guard screens == before + 1, let written else { throw BenchError("no screen was written; the view last got: \(last.prefix(300))") }
        return written - start
    }

    /// Runs `body`, then stops the stacks' background work and closes their stores and networks, also
    /// when it throws.
    static func using<T>(_ stacks: [ClientStack], _ body: () async throws -> T) async throws -> T {
        let result: Result<T, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        for stack in stacks {
            await stack.app.search.setPrefetch(false)
            await stack.app.search.waitForPrefetch()
            await stack.app.store?.close()
            await stack.app.shutdown()
        }
        return try result.get()
    }
}

/// Keeps only how many screens were written to stdout, when the last was, and the last text.
private final class ScreenSink: TextSink {
    let state = Locked((screens: 0, lastScreenAt: ContinuousClock.Instant?.none, lastText: ""))

    func write(_ text: String, to stream: View.OutputChannel) {
        guard stream == .standardOutput else { return }
        let now = ContinuousClock.now
        state.withLock { state in
            state.lastText = text
            if text.contains(ClientStack.screenMarker) { (state.screens, state.lastScreenAt) = (state.screens + 1, now) }
        }
    }
}
