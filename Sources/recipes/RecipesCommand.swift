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
        let code = await run(options, environment: environment, streams: streams)
        exit(code.rawValue)
    }

    @MainActor
    static func run(_ options: CommandLineOptions, environment: [String: String], streams: StandardStreams) async -> ExitCode {
        let terminal = TerminalInfo(environment: environment)
        // On a terminal the greeting and the prompt come first; nothing typed is read before all is built.
        var view: TerminalView?
        if options.mode == .interactive {
            let greeted = AppDependencies.makeTerminalView(options: options, terminal: terminal)
            REPL.greet(on: greeted)
            view = greeted
        }
        let app: AppDependencies
        do {
            app = try AppDependencies(options: options, terminal: terminal)
        } catch {
            view?.withdrawPrompt()
            streams.write("recipes: cannot start the built-in recipe server: \(error). Use --api URL to use another one.\n", to: .standardError)
            return .failure
        }
        let code: ExitCode
        switch options.mode {
        case .interactive:
            code = await app.runInteractive(view: view)
        case .search(let request):
            code = await app.runSearch(request)
        case .favorites(let request):
            code = await app.runFavorites(request)
        case .read(let request):
            code = await app.runRead(request)
        case .cache(let clear):
            code = app.runCache(clear: clear)
        case .help, .version:
            code = .success
        }
        await app.shutdown()
        return code
    }
}
