import Foundation
import Entity
import Services
import Interactor
import Router
import Presenter
import View

/// RecipeBook's client side wired as the `recipes` composition root wires it (HTTP client, favorites
/// store, interactors, presenters, router, terminal view), with the View rendering into a sink that
/// throws the text away and notes when each screen was written.
@MainActor
final class ClientStack {
    let transport: HTTPTransport
    let store: FavoritesStore
    let search: SearchInteractor
    let presenter: RecipesPresenter
    let sink = TimestampingSink()
    private let favoritesPresenter: FavoritesPresenter
    private let view: TerminalView

    init(apiURL: URL, dataDirectory: URL, prefetch: Bool) throws {
        transport = HTTPTransport(configuration: .init(timeout: .seconds(8)))
        let client = RecipePuppyClient(apiURL: apiURL, transport: transport)
        let fetcher = WebPageFetcher(transport: transport)
        let time = SystemTime()
        do throws(ServiceError) {
            store = try FavoritesStore(directory: dataDirectory)
        } catch {
            throw BenchError("cannot open a favorites store in \(dataDirectory.path): \(error)")
        }
        let favorites = FavoritesInteractor(store: store, unavailable: nil, fetcher: fetcher, time: time)
        search = SearchInteractor(searcher: client, favorites: store, time: time,
                                  configuration: .init(screenSize: 10, prefetch: prefetch))
        let reading = ReadingInteractor(fetcher: fetcher, saved: favorites)
        let router = Router()
        favoritesPresenter = FavoritesPresenter(favorites: favorites, reading: reading, router: router)
        presenter = RecipesPresenter(search: search, reading: reading, router: router, favorites: favoritesPresenter)
        // Output is not a terminal (the text is thrown away) but stderr is, so the spinner runs as it
        // would for a person; 100 columns, colour on.
        let terminal = TerminalInfo(stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: true, environment: ["COLUMNS": "100"])
        view = TerminalView(terminal: terminal, colors: true, sink: sink, historyFile: nil)
        presenter.view = view
        favoritesPresenter.view = view
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

    /// Stops background work, then closes the store and the HTTP session (a request started on a
    /// closed session is a crash in FoundationNetworking, so the prefetch must be over first).
    func shutdown() async {
        await search.setPrefetch(false)
        await search.waitForPrefetch()
        await store.close()
        transport.shutdown()
    }
}
