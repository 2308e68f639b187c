import Foundation
import Glibc
import View
import Wiring

@main
struct RecipesCommand {
    static let version = "1.0.0"

    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        let environment = TerminalInfo.processEnvironment()
        let streams = StandardStreams()
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: environment)
        } catch {
            streams.write("recipes: \(error.message)\n", to: .standardError)
            exit(ExitCode.usage.rawValue)
        }
        switch options.mode {
        case .help(let text):
            streams.write(text + "\n", to: .standardOutput)
            exit(ExitCode.success.rawValue)
        case .version:
            streams.write("recipes \(version)\n", to: .standardOutput)
            exit(ExitCode.success.rawValue)
        default:
            break
        }
        if let problem = ensureOpenFiles() {
            streams.write("recipes: \(problem)\n", to: .standardError)
            exit(ExitCode.failure.rawValue)
        }
        let code = await run(options, environment: environment, streams: streams)
        exit(code.rawValue)
    }

    /// The fewest open files a session is sure to work with: the terminal, the embedded server's socket
    /// and pipes, requests' sockets, the favorites database with its journal, cache files, and the
    /// descriptors the threads underneath wait on. Below that, work fails in ways that say nothing of
    /// the real cause ("offline", a database that "failed"), or the thread library stops the process.
    static let neededOpenFiles: rlim_t = 64

    /// Raises the soft limit on open files to `neededOpenFiles` when it is lower; what is wrong, in
    /// one line, when the hard limit does not allow it.
    static func ensureOpenFiles() -> String? {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < neededOpenFiles else { return nil }
        if limit.rlim_max >= neededOpenFiles {
            limit.rlim_cur = neededOpenFiles
            if setrlimit(resource, &limit) == 0 { return nil }
        }
        return "it needs at least \(neededOpenFiles) open files and may open only \(limit.rlim_max)"
            + " (ulimit -n); raise the limit and start it again"
    }

    @MainActor
    static func run(_ options: CommandLineOptions, environment: [String: String], streams: StandardStreams) async -> ExitCode {
        let app: AppDependencies
        do {
            app = try AppDependencies.launch(options: options, terminal: TerminalInfo(environment: environment))
        } catch {
            streams.write("recipes: cannot start the built-in recipe server: \(error). Use --api URL to use another one.\n", to: .standardError)
            return .failure
        }
        let code: ExitCode
        switch options.mode {
        case .interactive:
            code = await app.runInteractive()
        case .search(let request):
            code = await app.runSearch(request)
        case .favorites(let request):
            code = await app.runFavorites(request)
        case .read(let request):
            code = await app.runRead(request)
        case .catalog(let request):
            code = await app.runCatalogBuild(request)
        case .cache(let clear):
            code = app.runCache(clear: clear)
        case .ingredients(let json):
            code = app.runIngredients(json: json)
        case .list(let json):
            code = await app.runList(json: json)
        case .have(let request):
            code = await app.runHave(request)
        case .help, .version:
            code = .success
        }
        await app.shutdown()
        // The process exits next: its memory goes back to the system whole, rather than freed object by
        // object (the catalog and its tables are tens of thousands of them).
        finished = app
        return code
    }

    /// The last run's wiring, kept until the process exits.
    @MainActor private static var finished: AppDependencies?
}
