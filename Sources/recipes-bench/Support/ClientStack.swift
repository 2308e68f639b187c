import Foundation
import Services
import Interactor
import Presenter
import View
import Wiring

/// RecipeBook's client side wired by the same composition root as `recipes`, with the View rendering
/// into a sink that throws the text away and notes when each screen was written.
@MainActor
final class ClientStack {
    let app: AppDependencies
    let presenter: RecipesPresenter
    let sink = TimestampingSink()
    private let view: TerminalView

    var search: SearchInteractor { app.search }

    init(apiURL: URL, dataDirectory: URL, prefetch: Bool) throws {
        var options = CommandLineOptions()
        options.api = apiURL
        options.dataDirectory = dataDirectory.path
        options.prefetch = prefetch
        // Output is not a terminal (the text is thrown away) but stderr is, so the spinner runs as it
        // would for a person; 100 columns, colour on.
        let terminal = TerminalInfo(stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: true, environment: ["COLUMNS": "100"])
        app = try AppDependencies(options: options, terminal: terminal)
        if let problem = app.favoritesProblem {
            throw BenchError("cannot open a favorites store in \(dataDirectory.path): \(problem)")
        }
        view = TerminalView(terminal: terminal, colors: true, sink: sink, historyFile: nil)
        presenter = app.makePresenter(view: view)
    }

    /// Runs one intent and returns how long it took until its screen was written.
    func timeScreen(_ intent: () async -> Void) async throws -> Duration {
        let before = sink.screens
        let start = ContinuousClock.now
        await intent()
        guard sink.screens == before + 1, let written = sink.lastScreenAt else {
            throw BenchError("no screen was written; the view last got: \(sink.lastText.prefix(300))")
        }
        return written - start
    }

    /// Stops background work, then closes the store and the network.
    func shutdown() async {
        await search.setPrefetch(false)
        await search.waitForPrefetch()
        await app.store?.close()
        await app.shutdown()
    }
}
