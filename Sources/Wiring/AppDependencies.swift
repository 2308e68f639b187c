import Foundation
import Entity
public import Services
public import Interactor
import Router
public import Presenter
public import View
import PuppyServer
import PuppyCatalog
public import ServiceSupport
public import HTTPTransport

/// The composition root: the only place that builds the modules and wires them together. The
/// `recipes` executable runs it; the benchmark builds the same stack through it.
@MainActor
public final class AppDependencies {
    /// The origin of the embedded server's hrefs: the same on every run whatever port the server gets,
    /// so favorites and de-duplication keep recognising recipes. Requests to it go to the server.
    public static let embeddedOrigin = "http://puppy.localhost"

    public let options: CommandLineOptions
    public let terminal: TerminalInfo
    private(set) var embeddedServer: PuppyServer?
    public let transport: HTTPTransport
    public let search: SearchInteractor
    public let reading: ReadingInteractor
    public let favorites: FavoritesInteractor
    /// Results, pages and thumbnails kept on disk for offline use.
    public let cache: CacheStore
    public let pictures: PictureInteractor
    /// The shopping list, the pantry and the units cards are shown in, kept in the favorites database.
    public let kitchen: KitchenInteractor
    /// "What can I make": the server's pantry ranking, else single-ingredient searches.
    public let pantryMatching: PantryMatchInteractor
    /// The clock every part is given.
    let time: SystemTime
    /// Where files written for the person may go: `~` is `$HOME`, and never over the favorites database.
    let filePlaces: FilePlaces
    /// The favorites database being opened; nil when this run needs no favorites.
    let opening: FavoritesOpening?
    /// The favorites database, when it could be opened; waits for the opening.
    public var store: FavoritesStore? {
        guard case .success(let store)? = opening?.result() else { return nil }
        return store
    }
    /// Why favorites cannot be used this run (a damaged or too-new database), if so; waits for the opening.
    public var favoritesProblem: ServiceError? {
        guard case .failure(let error)? = opening?.result() else { return nil }
        return error
    }

    /// The interactive session's View, when `launch` greeted on it before the rest was built.
    private var greetedView: TerminalView?

    /// What `recipes` runs, in the order that brings the first prompt soonest: the embedded server's
    /// socket is bound first (its port is known, and requests queue on it); on a terminal the greeting
    /// and the prompt are drawn next; everything else is built after them, before any key is read. A
    /// failure after the prompt was drawn takes the prompt away before it is thrown.
    public static func launch(options: CommandLineOptions, terminal: TerminalInfo) throws -> AppDependencies {
        // Host and port only: the configuration's URL is parsed after the prompt.
        let listener = try startsEmbeddedServer(options) ? PuppyServer.listen(host: embeddedHost, port: 0) : nil
        var view: TerminalView?
        if options.mode == .interactive {
            let greeted = makeTerminalView(options: options, terminal: terminal)
            REPL.greet(on: greeted)
            view = greeted
        }
        do {
            let app = try AppDependencies(options: options, terminal: terminal, listener: listener)
            app.greetedView = view
            return app
        } catch {
            view?.withdrawPrompt()
            throw error
        }
    }

    /// Starts the embedded server when no `--api` was given, then builds the client side; the
    /// favorites database is opened meanwhile on a worker thread, and only its first use waits for it.
    public convenience init(options: CommandLineOptions, terminal: TerminalInfo) throws {
        try self.init(options: options, terminal: terminal, listener: nil)
    }

    /// The same, the embedded server taking over `listener` when it was opened already.
    private init(options: CommandLineOptions, terminal: TerminalInfo, listener: PuppyServer.Listener?) throws {
        self.options = options
        self.terminal = terminal
        // `recipes read` and `recipes cache` never touch the favorites, nor create their folder.
        let opening = options.mode.needsFavorites
            ? FavoritesOpening(directory: AppDependencies.dataDirectory(options, terminal.environment),
                               startsAtOnce: options.mode != .interactive) : nil
        self.opening = opening
        filePlaces = FilePlaces(home: terminal.environment["HOME"],
                                ownFiles: FavoritesStore.files(in: AppDependencies.dataDirectory(options, terminal.environment)))
        let apiURL: URL
        var overrides: [String: URL] = [:]
        if let api = options.api {
            apiURL = api
        } else if !AppDependencies.startsEmbeddedServer(options) {
            // Favorites and the cache need no server at all.
            apiURL = URL(fileURLWithPath: "/")
        } else {
            let server: PuppyServer
            do {
                server = try AppDependencies.startEmbeddedServer(on: listener, interactive: options.mode == .interactive,
                                                                 searches: !options.mode.asksOnlyForRankings)
            } catch {
                opening?.abandon()
                throw error
            }
            embeddedServer = server
            apiURL = server.apiURL
            overrides[AppDependencies.embeddedOrigin] = server.baseURL
        }
        transport = HTTPTransport(configuration: .init(timeout: options.timeout, originOverrides: overrides))
        let time = SystemTime()
        self.time = time
        cache = CacheStore(directory: AppDependencies.cacheDirectory(terminal.environment),
                           capacity: options.cacheLimitMegabytes.map { $0 << 20 } ?? CacheStore.defaultCapacity, time: time)
        // Every API request of every command goes through this one owner, one at a time.
        let network = OneRequestAtATime(RecipePuppyClient(apiURL: apiURL, transport: transport))
        let web = WebPageFetcher(transport: transport)
        // The embedded server's port changes on every run: its results are kept under its fixed origin.
        let source = options.api?.absoluteString ?? AppDependencies.embeddedOrigin
        let client: any RecipeSearching
        let fetcher: any PageFetching
        var savedPages: (any SavedSearchPages)?
        if options.cache {
            let caching = CachingSearcher(network: network, cache: SearchCache(store: cache, source: source))
            client = caching
            savedPages = caching
            fetcher = CachingPageFetcher(network: web, cache: PageCache(store: cache))
        } else {
            client = network
            fetcher = web
        }
        let recentPages = RecentPages()
        let recentPictures = RecentPictures()
        favorites = opening.map { FavoritesInteractor(opening: $0, fetcher: fetcher, recentPages: recentPages, recentPictures: recentPictures, time: time) }
            ?? FavoritesInteractor(store: nil, unavailable: nil, fetcher: fetcher, recentPages: recentPages, recentPictures: recentPictures,
                                   time: time)
        search = SearchInteractor(searcher: client, saved: savedPages, favorites: opening, time: time,
                                  configuration: .init(screenSize: 10, prefetch: options.prefetch, requestBudget: options.timeout))
        reading = ReadingInteractor(fetcher: fetcher, saved: favorites, recent: recentPages)
        pictures = PictureInteractor(fetcher: fetcher, favorites: favorites, reading: reading, recentPictures: recentPictures)
        kitchen = KitchenInteractor(opening: opening ?? FavoritesOpening(.failure(.storage.with(detail: "not opened for this command"))),
                                    reading: reading, writer: TextFileWriter(places: filePlaces), time: time)
        pantryMatching = PantryMatchInteractor(ranked: network, searcher: client, saved: savedPages, favorites: opening, time: time,
                                                limits: .init(budget: options.timeout))
    }

    /// `--data-dir`, else `$RECIPEBOOK_DATA_DIR` (both already in the options), else
    /// `$XDG_DATA_HOME/recipebook`, else `~/.local/share/recipebook`.
    static func dataDirectory(_ options: CommandLineOptions, _ environment: [String: String]) -> URL {
        if let directory = options.dataDirectory { return URL(fileURLWithPath: directory) }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("recipebook")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/recipebook")
    }

    /// `$XDG_CACHE_HOME/recipebook`, else `~/.cache/recipebook`.
    static func cacheDirectory(_ environment: [String: String]) -> URL {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("recipebook")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/recipebook")
    }

    /// Binds the embedded server's port at once; its catalog and index are built on the server's own
    /// thread while the prompt comes up (requests wait in the listen queue meanwhile), a thread of lower
    /// priority (nice 10), so the prompt does not wait for it on a busy machine. Shutting the server down
    /// does not wait for them: a `quit` typed at once does not pay for the catalog. A one-shot command
    /// (`interactive` false) waits for the server's first answer and has nothing else to do meanwhile:
    /// its catalog thread runs at the usual priority. A run that only asks for `have=` rankings
    /// (`searches` false) leaves the search index to be built if something needs it.
    static func startEmbeddedServer(on listener: PuppyServer.Listener?, interactive: Bool, searches: Bool = true) throws -> PuppyServer {
        var configuration = embeddedServerConfiguration
        configuration.loadsCatalogInBackground = interactive
        configuration.indexesAtLoad = searches
        let server = PuppyServer(configuration: configuration, loadingCatalog: Catalog.loadBundled(until:))
        try server.start(on: listener)
        return server
    }

    /// Whether a run with `options` has the embedded server: no `--api`, and a mode that talks to a
    /// recipe server (favorites and the cache need none), or `read` of one of its pages (the links its
    /// recipes are listed with).
    private static func startsEmbeddedServer(_ options: CommandLineOptions) -> Bool {
        guard options.api == nil else { return false }
        if case .read(let request) = options.mode, case .web(let address) = request.source {
            return URL(string: address).map { $0.host == URL(string: embeddedOrigin)?.host } ?? false
        }
        return !options.mode.needsNoServer
    }

    private static let embeddedHost = "127.0.0.1"

    /// The embedded server's answers cross no network: compressing them would only cost both sides.
    private static var embeddedServerConfiguration: ServerConfiguration {
        var configuration = ServerConfiguration(host: embeddedHost, port: 0, publicURL: URL(string: embeddedOrigin), threads: 1,
                                                loadsCatalogInBackground: true, loadsCatalogOnDemand: true)
        configuration.compressesAnswers = false
        return configuration
    }

    /// The interactive side wired to a view writing into `sink`: what the REPL (or the benchmark)
    /// talks to.
    public func makePresenter(view: TerminalView) -> RecipesPresenter {
        let router = Router()
        let actions = RecipeActions(reading: reading, router: router, pictures: pictures)
        let favoritesPresenter = FavoritesPresenter(favorites: favorites, router: router, actions: actions)
        let clock = time
        let results = SearchPresenter(search: search, router: router, favorites: favoritesPresenter, actions: actions, now: { clock.now() })
        // The embedded server's catalog is compiled in: what was kept of it is what it would answer.
        results.savedResultsAreBundled = embeddedServer != nil
        let matches = PantryMatchPresenter(matching: pantryMatching, kitchen: kitchen, router: router, favorites: favoritesPresenter,
                                           actions: actions)
        let presenter = RecipesPresenter(results: results, favorites: favoritesPresenter, router: router,
                                         kitchen: KitchenPresenter(kitchen: kitchen), pantryMatches: matches,
                                         addresses: RecipeReadPresenter(reading: reading, messages: Messages()))
        presenter.view = view
        return presenter
    }

    /// The interactive session's View, which can greet and show the prompt before the rest is built.
    static func makeTerminalView(options: CommandLineOptions, terminal: TerminalInfo) -> TerminalView {
        TerminalView(terminal: terminal, colors: terminal.colors(options.color),
                     historyFile: TerminalView.defaultHistoryFile(environment: terminal.environment), pictures: options.pictures)
    }

    /// Runs the interactive prompt until `quit` or the end of input, on the View `launch` greeted on.
    public func runInteractive() async -> ExitCode {
        let view = greetedView ?? AppDependencies.makeTerminalView(options: options, terminal: terminal)
        let presenter = makePresenter(view: view)
        view.ingredientNames = { presenter.ingredientNames(completing: $0) }
        // The catalog and the favorites are made ready once the session waits for its first line (at
        // once, if the first command needs them); `printf 'quit\n' | recipes` never pays for them.
        let server = embeddedServer
        let opening = opening
        await REPL(presenter: presenter, view: view, whenIdle: {
            server?.loadCatalog()
            opening?.begin()
        }).run()
        return .success
    }

    /// Runs one search and prints it.
    public func runSearch(_ request: CommandLineOptions.SearchRequest) async -> ExitCode {
        await search.setPrefetch(false)
        await search.setStartsFromSavedPages(false)
        let presenter = OneShotPresenter(search: search)
        // A screen for a rare cuisine may take many pages: the one-shot looks further than the prompt does.
        await search.setMaxPagesPerScreen(100)
        let outcome = await presenter.search(ingredients: request.ingredients, title: request.title, cuisine: request.cuisine,
                                             count: request.count, page: request.page)
        let output = OneShotOutput(width: terminal.width, colors: terminal.colors(options.color))
        return output.print(outcome, json: request.json)
    }

    /// Lists favorites, or writes them as a Markdown cookbook.
    public func runFavorites(_ request: CommandLineOptions.FavoritesRequest) async -> ExitCode {
        let presenter = FavoritesExportPresenter(favorites: favorites)
        let output = OneShotOutput(width: terminal.width, colors: terminal.colors(options.color))
        if request.export == "-" {
            // `-` is standard output, as Unix tools read it.
            return await output.print(presenter.cookbookForStandardOutput(matching: request.words))
        }
        if let path = request.export {
            return output.print(await presenter.export(matching: request.words, to: path, through: FileExport(writer: FileExporter(places: filePlaces))))
        }
        return output.print(await presenter.list(matching: request.words), json: request.json)
    }

    /// `recipes read URL|FILE`: the recipe in one page.
    public func runRead(_ request: CommandLineOptions.ReadRequest) async -> ExitCode {
        let location: ReadingInteractor.Location
        switch request.source {
        case .web(let address): location = .web(address)
        case .file(let path): location = .file(path)
        }
        let output = OneShotOutput(width: terminal.width, colors: terminal.colors(options.color))
        return output.print(await RecipeReadPresenter(reading: reading).read(location, servings: request.servings, units: request.units),
                            json: request.json)
    }

    /// `recipes cache`: where the cache is and how full; `recipes cache clear`: empties it.
    public func runCache(clear: Bool) -> ExitCode {
        let presenter = CachePresenter(cache: CacheInteractor(store: cache))
        let output = OneShotOutput(width: terminal.width, colors: terminal.colors(options.color))
        return output.print(clear ? presenter.clear() : presenter.describe())
    }

    /// Stops background work, then the network, then the embedded server while the favorites
    /// database closes on its own executor.
    public func shutdown() async {
        await search.shutdown()
        transport.shutdown()
        // Closing the database folds its write-ahead log back into the file; a `quit` typed before the
        // opening finished waits for it here, beside the server's shutdown.
        async let closed: Void? = opening?.close()
        embeddedServer?.shutdown()
        await closed
    }
}
