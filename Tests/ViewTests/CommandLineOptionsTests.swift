import Foundation
import Testing
@testable import View

@Suite struct CommandLineParsing {
    @Test func noArgumentsIsThePrompt() throws {
        let options = try CommandLineOptions.parse([])
        #expect(options.mode == .interactive)
        #expect(options.api == nil)
        #expect(options.color == .auto)
        #expect(options.pictures == .auto)
        #expect(options.prefetch)
    }

    @Test func picturesCanBeAskedForOrTurnedOff() throws {
        #expect(try CommandLineOptions.parse(["--pictures", "never"]).pictures == .never)
        #expect(try CommandLineOptions.parse(["--pictures=always", "search", "eggs"]).pictures == .always)
        #expect(try CommandLineOptions.parse(["favorites", "--pictures", "auto"]).pictures == .auto)
        #expect(CommandLineOptions.usage.contains("--pictures WHEN       auto (default: where the terminal can draw them), always or never"))
    }

    @Test func theOneShotSearchHasExactlyItsDocumentedShape() throws {
        let options = try CommandLineOptions.parse(["--api", "http://127.0.0.1:8080/api/", "search", "onions, garlic", "--query", "omelet",
                                                    "--count", "5", "--json", "--page", "2"])
        #expect(options.api?.absoluteString == "http://127.0.0.1:8080/api/")
        #expect(options.mode == .search(.init(ingredients: ["onions", "garlic"], title: "omelet", count: 5, page: 2, json: true)))
        let short = try CommandLineOptions.parse(["s", "eggs", "-q", "cake", "-n", "3", "-j", "--api=http://h/api/"])
        #expect(short.mode == .search(.init(ingredients: ["eggs"], title: "cake", count: 3, page: 1, json: true)))
        #expect(try CommandLineOptions.parse(["search", "", "--query", "soup"]).mode == .search(.init(ingredients: [], title: "soup")))
    }

    /// An address that names only a server means its API at `/api/`; any other path is taken as given.
    @Test(arguments: [
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/api/"), ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/api/"),
        ("https://example.com/api/", "https://example.com/api/"), ("http://h/puppy/api", "http://h/puppy/api"),
    ])
    func anAddressThatNamesOnlyAServerMeansItsAPI(given: String, used: String) throws {
        #expect(try CommandLineOptions.parse(["--api", given]).api?.absoluteString == used)
    }

    @Test func favoritesAndGlobalOptions() throws {
        let options = try CommandLineOptions.parse(["--color", "never", "--data-dir", "/tmp/x", "--no-prefetch", "--timeout", "2.5",
                                                    "favorites", "garlic", "bread", "--export", "out.md"],
                                                   environment: ["RECIPEBOOK_DATA_DIR": "/elsewhere"])
        #expect(options.color == .never)
        #expect(options.dataDirectory == "/tmp/x")
        #expect(!options.prefetch)
        #expect(options.timeout == .milliseconds(2500))
        #expect(options.mode == .favorites(.init(words: "garlic bread", json: false, export: "out.md")))
        #expect(try CommandLineOptions.parse([], environment: ["RECIPEBOOK_DATA_DIR": "/elsewhere"]).dataDirectory == "/elsewhere")
    }

    @Test func readTakesAWebAddressOrAFile() throws {
        #expect(try CommandLineOptions.parse(["read", "https://example.com/pie", "--json"]).mode
                == .read(.init(source: .web("https://example.com/pie"), json: true)))
        #expect(try CommandLineOptions.parse(["read", "HTTP://example.com/pie"]).mode == .read(.init(source: .web("HTTP://example.com/pie"))))
        #expect(try CommandLineOptions.parse(["read", "pie.html"]).mode == .read(.init(source: .file("pie.html"))))
        #expect(try CommandLineOptions.parse(["-j", "read", "/tmp/a b.html"]).mode == .read(.init(source: .file("/tmp/a b.html"), json: true)))
        #expect(try CommandLineOptions.parse(["read", "file:///tmp/pie%20crust.html"]).mode == .read(.init(source: .file("/tmp/pie crust.html"))))
        #expect(try CommandLineOptions.parse(["read", "C:pie.html"]).mode == .read(.init(source: .file("C:pie.html"))), "one letter is no scheme")
        let options = try CommandLineOptions.parse(["read", "x.html"])
        #expect(options.mode.needsNoServer)
        #expect(!options.mode.needsFavorites)
    }

    @Test(arguments: [
        (["read"], "read takes one URL or file"),
        (["read", "a.html", "b.html"], "read takes one URL or file"),
        (["read", "ftp://example.com/pie"], "read takes http:// and https:// addresses and files, not ftp: addresses"),
        (["read", "javascript:alert(1)"], "not javascript: addresses"),
        (["catalog", "build", "javascript:alert(1)"], "catalog build takes http:// and https:// addresses and files, not javascript: addresses"),
        (["list", "--export", ""], "--export needs a file name, like: --export cookbook.md"),
        (["read", "data:text/html,<p>x</p>"], "not data: addresses"),
        (["read", "https://"], "it is not a complete web address"),
        (["read", ""], "read needs a URL or a file"),
        (["--api"], "--api needs a value"),
        (["--api", "ftp://x/"], "--api wants an http:// or https:// URL"),
        (["--color", "purple"], "--color wants auto, always or never"),
        (["--pictures", "sometimes"], "--pictures wants auto, always or never (got \"sometimes\")"),
        (["--pictures"], "--pictures needs a value"),
        (["search"], "search needs ingredients"),
        // Commas and spaces alone name nothing, as at the prompt.
        (["search", " , "], "search needs ingredients"),
        (["search", "a", "b"], "search takes one INGREDIENTS argument"),
        (["search", "eggs", "--count", "0"], "--count wants a number from 1 to 1000"),
        (["search", "eggs", "--count", "many"], "--count wants a number"),
        (["--frobnicate"], "unknown option --frobnicate"),
        (["cook", "dinner"], "unknown command \"cook\""),
        (["help", "cook"], "there is no command \"cook\""),
        (["--json"], "belong to search, favorites, read, have or list"),
        (["--timeout", "-1"], "--timeout wants seconds"),
        (["favorites", "--export", ""], "--export needs a file name"),
    ])
    func badCommandLinesSayWhatIsWrong(arguments: [String], message: String) {
        do {
            _ = try CommandLineOptions.parse(arguments)
            Issue.record("accepted \(arguments)")
        } catch {
            #expect(error.message.hasPrefix(message) || error.message.contains(message), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func helpAndVersionWin() throws {
        #expect(try CommandLineOptions.parse(["-h"]).mode == .help(CommandLineOptions.usage))
        #expect(try CommandLineOptions.parse(["--api", "http://127.0.0.1:1/api/", "--help", "search"]).mode
                == .help(try #require(CommandLineOptions.help(for: "search"))))
        #expect(try CommandLineOptions.parse(["--version"]).mode == .version)
    }

    /// `recipes read --help` is read's own help, not the whole of `recipes --help`; `recipes help` and
    /// `recipes help read` say the same.
    @Test func eachCommandsHelpIsItsOwn() throws {
        var seen = Set<String>()
        for command in ["search", "favorites", "read", "have", "list", "cache", "catalog", "ingredients"] {
            let help = try #require(CommandLineOptions.help(for: command))
            #expect(try CommandLineOptions.parse([command, "--help"]).mode == .help(help))
            #expect(try CommandLineOptions.parse(["help", command]).mode == .help(help))
            #expect(help.hasPrefix("Usage: recipes "), "\(help)")
            #expect(help.split(separator: "\n").first?.contains(" \(command)") == true, "\(help)")
            #expect(help.contains("Exit codes:"))
            #expect(help.count < CommandLineOptions.usage.count / 2, "\(command)")
            #expect(seen.insert(help).inserted, "\(command)'s help is its own")
        }
        #expect(CommandLineOptions.help(for: "read")?.contains("--servings N") == true)
        #expect(CommandLineOptions.help(for: "read")?.contains("--missing") == false)
        #expect(try CommandLineOptions.parse(["s", "-h"]).mode == CommandLineOptions.parse(["search", "-h"]).mode)
        #expect(try CommandLineOptions.parse(["help"]).mode == .help(CommandLineOptions.usage))
    }

    /// The command line splits ingredients with the prompt's one rule (`CommandParser.names`): the
    /// same names for the same text, whether searched or `have`d, at the prompt or in one shot.
    @Test func theCommandLineSplitsIngredientsAsThePromptDoes() throws {
        for text in ["onions, garlic", "  Onions ,Garlic  ", "eggs,,milk", "jalapeño, crème fraîche", "a\u{0301},b"] {
            let prompt = try CommandParser.parse("search " + text)
            guard case .search(let names, _) = prompt else {
                Issue.record("the prompt did not read \(text) as a search: \(prompt)")
                continue
            }
            #expect(try CommandLineOptions.parse(["search", text]).mode == .search(.init(ingredients: names)), "\(text)")
            guard case .have(let have) = try CommandLineOptions.parse(["have", text]).mode else {
                Issue.record("have \(text) is not a have")
                continue
            }
            #expect(have.request.names == names, "\(text)")
        }
        // A line break is space around a name, as everywhere else (a pasted list).
        guard case .have(let pasted) = try CommandLineOptions.parse(["have", "eggs,\nmilk"]).mode else {
            Issue.record("have is not a have")
            return
        }
        #expect(pasted.request.names == ["eggs", "milk"])
    }

    /// A bare query searches, as at the prompt.
    @Test func aBareQuerySearches() throws {
        #expect(try CommandLineOptions.parse(["onions, garlic"]).mode == .search(.init(ingredients: ["onions", "garlic"])))
        var json = CommandLineOptions.SearchRequest(ingredients: ["eggs"])
        json.json = true
        json.title = "omelet"
        #expect(try CommandLineOptions.parse(["eggs", "--json", "-q", "omelet"]).mode == .search(json))
    }
}

@Suite struct ColourChoice {
    func terminal(tty: Bool, _ environment: [String: String]) -> TerminalInfo {
        TerminalInfo(stdinIsTTY: tty, stdoutIsTTY: tty, stderrIsTTY: tty, environment: environment)
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() {
        #expect(terminal(tty: true, ["TERM": "xterm"]).colors(.auto))
        #expect(!terminal(tty: false, ["TERM": "xterm"]).colors(.auto))
        #expect(!terminal(tty: true, ["TERM": "xterm", "NO_COLOR": "1"]).colors(.auto))
        #expect(terminal(tty: true, ["TERM": "xterm", "NO_COLOR": ""]).colors(.auto))
        #expect(!terminal(tty: true, ["TERM": "dumb"]).colors(.auto))
        #expect(terminal(tty: false, [:]).colors(.always))
        #expect(!terminal(tty: true, ["TERM": "xterm"]).colors(.never))
    }

    @Test func widthFallsBackToColumnsThenEighty() {
        #expect(terminal(tty: false, ["COLUMNS": "132"]).width == 132)
        #expect(terminal(tty: false, [:]).width == 80)
        #expect(terminal(tty: false, ["COLUMNS": "zero"]).width == 80)
    }
}
