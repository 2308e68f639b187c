public import Foundation
public import Presenter

/// What `recipes` was asked to do, from its arguments.
public struct CommandLineOptions: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        /// The interactive prompt.
        case interactive
        case search(SearchRequest)
        case favorites(FavoritesRequest)
        /// `read URL|FILE`: the recipe read out of one page.
        case read(ReadRequest)
        /// `cache` (where it is, how full) or `cache clear`.
        case cache(clear: Bool)
        /// `catalog build PAGES…`: a PuppyServer catalog made from recipe pages.
        case catalog(CatalogRequest)
        /// `ingredients`: ingredient lines from stdin, each read into its parts.
        case ingredients(json: Bool)
        /// `list`: the shopping list.
        case list(json: Bool)
        /// `have [INGREDIENTS]`: recipes ranked by how few ingredients they lack.
        case have(HaveCommandRequest)
        case help(String)
        case version
    }

    public struct SearchRequest: Equatable, Sendable {
        /// The ingredients, split as the prompt splits them (`CommandParser.names`).
        public var ingredients: [String]
        public var title = ""
        public var cuisine: String?
        public var count = 10
        public var page = 1
        public var json = false
    }

    public struct ReadRequest: Equatable, Sendable {
        public enum Source: Equatable, Sendable {
            /// An http(s) address.
            case web(String)
            /// A page saved as a file.
            case file(String)
        }

        public var source: Source
        public var json = false
        /// `--servings N`: the recipe scaled to serve N.
        public var servings: Double?
        /// `--units metric|us|as-written`.
        public var units: UnitsRequest?
    }

    public struct HaveCommandRequest: Equatable, Sendable {
        public var request: HaveRequest
        public var json = false
    }

    public struct CatalogRequest: Equatable, Sendable {
        public var sources: [ReadRequest.Source]
    }

    public struct FavoritesRequest: Equatable, Sendable {
        public var words = ""
        public var json = false
        public var export: String?
    }

    public var mode: Mode = .interactive
    /// A RecipePuppy-compatible endpoint; nil starts the embedded server.
    public var api: URL?
    public var color: ColorChoice = .auto
    public var pictures: PictureChoice = .auto
    public var dataDirectory: String?
    public var prefetch = true
    /// Keep API pages, recipe pages and thumbnails on disk, for offline use.
    public var cache = true
    /// The cache's size on disk, in megabytes (nil: the default).
    public var cacheLimitMegabytes: Int?
    public var timeout: Duration = .seconds(8)

    public init() {}
}

/// A command line that cannot be run (exit 2).
public struct UsageError: Error, Equatable, Sendable {
    public let message: String
}

/// The exit codes scripts can rely on.
public enum ExitCode: Int32, Sendable {
    /// Done; for a search, recipes were found.
    case success = 0
    /// Something failed (network, server, storage), or the output could not be written: said in one
    /// line on stderr, except when its reader went away (`| head -1`), which ends the command quietly.
    case failure = 1
    /// The command line was wrong.
    case usage = 2
    /// The search ran and found nothing.
    case nothingFound = 3
}

extension CommandLineOptions.Mode {
    /// Favorites, the cache and a page's recipe are read with no recipe server at all.
    public var needsNoServer: Bool {
        switch self {
        case .favorites, .cache, .read, .catalog, .ingredients, .list: return true
        default: return false
        }
    }

    /// The one-shot `have`: the embedded server is asked for its `have=` ranking alone, never searched.
    public var asksOnlyForRankings: Bool {
        if case .have = self { return true }
        return false
    }

    /// Reading a page's recipe and the cache commands never open the favorites (nor create their folder).
    public var needsFavorites: Bool {
        switch self {
        case .cache, .read, .catalog, .ingredients, .help, .version: return false
        case .interactive, .search, .favorites, .list, .have: return true
        }
    }
}

extension CommandLineOptions {
    public static let usage = """
    Usage: recipes [OPTIONS]                         the interactive prompt
           recipes [OPTIONS] "INGREDIENTS"           the same as search "INGREDIENTS"
           recipes help [COMMAND]                    this help, or one command's (as COMMAND --help)
           recipes [OPTIONS] search INGREDIENTS [--query TEXT] [--cuisine NAME] [--count N] [--page N] [--json]
           recipes [OPTIONS] favorites [WORDS] [--json] [--export FILE.md]
           recipes [OPTIONS] read URL|FILE [--servings N] [--units metric|us|as-written] [--json]
                                                     the recipe in a web page or a saved page
           recipes [OPTIONS] have [INGREDIENTS] [--missing N] [--strict] [--json]
                                                     recipes ranked by how few ingredients they lack
           recipes [OPTIONS] list [--json]           the shopping list, by aisle, less the pantry
           recipes cache [clear]                     where results are kept offline, or empty it
           recipes catalog build SOURCES... > my.jsonl
                                                     a catalog for puppy-server --catalog from
                                                     recipe pages (files or http(s) addresses),
                                                     Markdown (.md) and Cooklang (.cook) recipe
                                                     files, and folders of them
           recipes ingredients [--json]              ingredient lines on stdin, each read into its parts

    Find recipes by ingredients. Without --api, RecipeBook starts its own RecipePuppy-compatible server
    on 127.0.0.1 with its bundled catalog.

    Options:
      --api URL             a RecipePuppy-compatible endpoint, like http://127.0.0.1:8080/api/
      --color WHEN          auto (default: on a terminal, unless NO_COLOR is set), always or never
      --pictures WHEN       auto (default: where the terminal can draw them), always or never
      --data-dir DIR        where favorites are kept (default $RECIPEBOOK_DATA_DIR,
                            else $XDG_DATA_HOME/recipebook, else ~/.local/share/recipebook)
      --timeout SECONDS     give up on a request after this long (default 8)
      --no-prefetch         do not fetch the next screen in the background
      --no-cache            neither use nor fill the cache of results and pages
      --cache-limit MB      the cache's size on disk (default 20); the least recently used goes first
      -h, --help            this help
      --version             the version

    search:
      INGREDIENTS           comma-separated, like "onions, garlic" (may be "" with --query)
      -q, --query TEXT      words the title must contain
      --cuisine NAME        only recipes of this cuisine (case and accents ignored; an unknown one is
                            bad usage, naming the cuisines)
      -n, --count N         how many recipes (default 10, at most 1000)
      -p, --page N          which screen of N recipes (default 1)
      -j, --json            a JSON array on stdout (number, title, href, ingredients, thumbnail,
                            lactose, favorite); messages go to stderr

    favorites:
      WORDS                 only favorites whose title, ingredients, steps or page text contain them
      -j, --json            a JSON array, with saved_at, page_text, thumbnail_bytes and recipe
      --export FILE.md      write the favorites as a Markdown cookbook (- for standard output)

    read:
      URL|FILE              an http:// or https:// address, or an HTML file
      --servings N          the recipe scaled to serve N (by its yield)
      --units SYSTEM        amounts in metric, us or as-written
      -j, --json            one JSON object: title, ingredients, ingredient_groups, steps, yields,
                            total_minutes, prep_minutes, cook_minutes, image, video, cuisine,
                            category, source_url, lactose, lactose_ingredients, ...

    ingredients:
      -j, --json            one JSON object a line: quantity ("1.5", "1-2"), quantity_max, unit, name,
                            size, preparation, comment, text, unsure

    have:
      INGREDIENTS           comma-separated, like "eggs, milk, flour" (default: the pantry)
      --missing N           at most N ingredients missing (default 2, at most 50)
      --strict              salt, pepper, water and oil count as ingredients to have
      -j, --json            a JSON array: the keys of search --json, then missing, uses and of

    list:
      -j, --json            one JSON object: recipes, items (name, aisle, text, amounts,
                            also_unmeasured, recipes) and in_pantry

    Exit codes: 0 found, 1 error, 2 bad usage, 3 nothing found (for read: no recipe on the page).
    """

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        options.dataDirectory = environment["RECIPEBOOK_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        var reader = ArgumentReader(arguments)
        var positionals: [String] = []
        var search = SearchRequest(ingredients: [])
        var favorites = FavoritesRequest()
        var json = false
        var sawCount = false
        var servings: Double?
        var units: UnitsRequest?
        var maxMissing: Int?
        var strict = false
        while let argument = reader.next() {
            switch argument.name {
            case "-h", "--help":
                // Help wins over everything else on the line; after a command, it is that command's own.
                let command = (positionals + reader.rest).first { !$0.hasPrefix("-") }
                options.mode = .help(command.flatMap { Self.help(for: $0) } ?? usage)
                return options
            case "--version":
                options.mode = .version
                return options
            case "--api":
                let text = try reader.value(for: argument)
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                      url.host != nil else {
                    throw UsageError(message: "--api wants an http:// or https:// URL, like http://127.0.0.1:8080/api/ (got \"\(text)\")")
                }
                // An address that names only a server (`http://127.0.0.1:8080`) means the API where
                // RecipePuppy keeps it on a server, `/api/`.
                options.api = url.path.isEmpty || url.path == "/" ? url.appendingPathComponent("api/") : url
            case "--color", "--colour":
                let text = try reader.value(for: argument)
                guard let choice = ColorChoice(rawValue: text) else {
                    throw UsageError(message: "--color wants auto, always or never (got \"\(text)\")")
                }
                options.color = choice
            case "--pictures":
                let text = try reader.value(for: argument)
                guard let choice = PictureChoice(rawValue: text) else {
                    throw UsageError(message: "--pictures wants auto, always or never (got \"\(text)\")")
                }
                options.pictures = choice
            case "--data-dir":
                options.dataDirectory = try reader.value(for: argument)
            case "--timeout":
                let text = try reader.value(for: argument)
                guard let seconds = Double(text), seconds > 0, seconds <= 600 else {
                    throw UsageError(message: "--timeout wants seconds between 0 and 600 (got \"\(text)\")")
                }
                options.timeout = .milliseconds(Int((seconds * 1000).rounded()))
            case "--no-prefetch":
                options.prefetch = false
            case "--no-cache":
                options.cache = false
            case "--cache-limit":
                options.cacheLimitMegabytes = try number(reader.value(for: argument), argument.name, range: 1...10_000)
            case "-q", "--query":
                search.title = try reader.value(for: argument)
            case "--cuisine":
                let typed = try reader.value(for: argument)
                guard let known = CuisineChoice.named(typed) else { throw UsageError(message: CuisineChoice.unknownOnCommandLine(typed)) }
                search.cuisine = known
            case "-n", "--count":
                search.count = try number(reader.value(for: argument), argument.name, range: 1...1000)
                sawCount = true
            case "-p", "--page":
                search.page = try number(reader.value(for: argument), argument.name, range: 1...10_000)
            case "-j", "--json":
                search.json = true
                favorites.json = true
                json = true
            case "--export":
                let path = try reader.value(for: argument)
                guard !path.isEmpty else { throw UsageError(message: "--export needs a file name, like: --export cookbook.md") }
                favorites.export = path
            case "--servings":
                let text = try reader.value(for: argument)
                guard let value = ScaleRequest.number(text) else {
                    throw UsageError(message: "--servings wants a number of servings, like 6 (got \"\(text)\")")
                }
                servings = value
            case "--units":
                let text = try reader.value(for: argument)
                switch text.lowercased() {
                case "metric": units = .metric
                case "us": units = .us
                case "as-written": units = .asWritten
                case let other where Messages.imperialWords.contains(other.lowercased()):
                    throw UsageError(message: "--units: " + Messages.noImperial + " Use --units metric, us or as-written.")
                default: throw UsageError(message: "--units wants metric, us or as-written (got \"\(text)\")")
                }
            case "--missing":
                maxMissing = try number(reader.value(for: argument), argument.name, range: 0...50)
            case "--strict":
                strict = true
            default:
                if argument.name.hasPrefix("-"), argument.name.count > 1, !reader.afterDoubleDash {
                    throw UsageError(message: "unknown option \(argument.name); see recipes --help")
                }
                positionals.append(argument.name)
            }
        }
        guard let subcommand = positionals.first else {
            if search != SearchRequest(ingredients: []) || sawCount || favorites != FavoritesRequest() || servings != nil || units != nil
                || maxMissing != nil || strict {
                throw UsageError(message: "--query, --cuisine, --count, --page, --json, --export, --servings, --units, --missing and --strict belong to search, favorites, read, have or list; see recipes --help")
            }
            return options
        }
        if servings != nil || units != nil, subcommand != "read" {
            throw UsageError(message: "--servings and --units belong to read: recipes read URL --servings 6 --units metric")
        }
        if maxMissing != nil || strict, subcommand != "have" {
            throw UsageError(message: "--missing and --strict belong to have: recipes have \"eggs, milk\" --missing 3")
        }
        switch subcommand {
        case "help":
            guard positionals.count <= 2 else { throw UsageError(message: "help takes one command: recipes help search") }
            guard positionals.count == 2 else {
                options.mode = .help(usage)
                return options
            }
            guard let text = help(for: positionals[1]) else {
                throw UsageError(message: "there is no command \"\(positionals[1])\"; the commands are search, favorites, read, have, list, cache, catalog and ingredients")
            }
            options.mode = .help(text)
        case "search", "s":
            guard positionals.count <= 2 else {
                throw UsageError(message: "search takes one INGREDIENTS argument; quote it: recipes search \"onions, garlic\"")
            }
            search.ingredients = positionals.count == 2 ? CommandParser.names(positionals[1]) : []
            if search.ingredients.isEmpty && search.title.isEmpty {
                throw UsageError(message: "search needs ingredients, like: recipes search \"onions, garlic\"")
            }
            options.mode = .search(search)
        case "cache":
            let rest = positionals.dropFirst()
            guard rest.isEmpty || rest == ["clear"] else {
                throw UsageError(message: "cache takes nothing or clear: recipes cache, recipes cache clear")
            }
            options.mode = .cache(clear: rest == ["clear"])
        case "favorites", "favs":
            favorites.words = positionals.dropFirst().joined(separator: " ")
            options.mode = .favorites(favorites)
        case "ingredients":
            guard positionals.count == 1 else {
                throw UsageError(message: "ingredients reads lines from stdin and takes no arguments: recipes ingredients < lines.txt")
            }
            options.mode = .ingredients(json: json)
        case "read":
            guard positionals.count == 2 else {
                throw UsageError(message: "read takes one URL or file: recipes read https://example.com/pie, recipes read page.html")
            }
            options.mode = .read(ReadRequest(source: try readSource(positionals[1]), json: json, servings: servings, units: units))
        case "list":
            guard positionals.count == 1 else {
                throw UsageError(message: "list takes no arguments here (recipes list [--json]); add recipes at the prompt with list N")
            }
            options.mode = .list(json: json)
        case "have":
            guard positionals.count <= 2 else {
                throw UsageError(message: "have takes one INGREDIENTS argument; quote it: recipes have \"eggs, milk, flour\"")
            }
            let names = positionals.count == 2 ? CommandParser.names(positionals[1]) : []
            if positionals.count == 2, names.isEmpty {
                throw UsageError(message: "have needs ingredients, like: recipes have \"eggs, milk, flour\" (or none, for the pantry)")
            }
            options.mode = .have(HaveCommandRequest(request: HaveRequest(names: names, maxMissing: maxMissing ?? HaveRequest.defaultMissing,
                                                                         strict: strict), json: json))
        case "catalog":
            guard positionals.count >= 3, positionals[1] == "build" else {
                throw UsageError(message: "catalog takes build and the sources: recipes catalog build page.html https://example.com/pie my-recipes/ > my.jsonl")
            }
            var sources: [ReadRequest.Source] = []
            for page in positionals.dropFirst(2) { sources.append(try readSource(page, for: "catalog build")) }
            options.mode = .catalog(CatalogRequest(sources: sources))
        default:
            // A bare query searches, as it does at the prompt: recipes "onions, garlic".
            guard positionals.count == 1 else {
                throw UsageError(message: "unknown command \"\(subcommand)\"; use search, favorites, read, have, list, catalog or ingredients, quote a search (recipes \"onions, garlic\"), or no command for the prompt")
            }
            search.ingredients = CommandParser.names(subcommand)
            if search.ingredients.isEmpty && search.title.isEmpty {
                throw UsageError(message: "search needs ingredients, like: recipes search \"onions, garlic\"")
            }
            options.mode = .search(search)
        }
        return options
    }

    /// The commands' names as the command line takes them, each with the name its help is under.
    private static let commandNames = ["search": "search", "s": "search", "favorites": "favorites", "favs": "favorites", "read": "read",
                                       "have": "have", "list": "list", "cache": "cache", "catalog": "catalog", "ingredients": "ingredients"]

    /// One command's own help, out of `usage`: its usage lines, its options and the exit codes; nil for
    /// a word that is no command.
    public static func help(for command: String) -> String? {
        guard let name = commandNames[command] else { return nil }
        let lines = usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var synopsis: [String] = []
        var taking = false
        for line in lines.prefix(while: { !$0.isEmpty }) {
            let trimmed = line.hasPrefix("Usage: ") ? String(line.dropFirst(7)) : line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("recipes ") {
                let words = trimmed.split(separator: " ")
                taking = words.dropFirst().first { $0 != "[OPTIONS]" } == Substring(name)
                if taking { synopsis.append((synopsis.isEmpty ? "Usage: " : "       ") + trimmed) }
            } else if taking {
                synopsis.append(line)
            }
        }
        var section: [String] = []
        if let start = lines.firstIndex(of: "\(name):") {
            section = Array(lines[start...].prefix { !$0.isEmpty })
            section[0] = "Options of \(name):"
        }
        let exitCodes = lines.last { $0.hasPrefix("Exit codes:") } ?? ""
        return (synopsis + [""] + (section.isEmpty ? [] : section + [""])
                + ["Every command also takes the options of recipes --help (--api, --color, --data-dir, ...).", exitCodes])
            .joined(separator: "\n")
    }

    /// An http(s) address, a `file:` URL or a path (an existing file whatever its name); any other
    /// scheme is refused.
    /// A page to read as `command` (`read`, `catalog build`) names it in its messages.
    static func readSource(_ text: String, for command: String = "read") throws(UsageError) -> ReadRequest.Source {
        guard !text.isEmpty else { throw UsageError(message: "\(command) needs a URL or a file") }
        let scheme = text.prefix { $0 != ":" }.lowercased()
        let looksLikeScheme = scheme.count > 1 && scheme.count < text.count && scheme.first?.isLetter == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        guard looksLikeScheme, !FileManager.default.fileExists(atPath: text) else { return .file(text) }
        switch scheme {
        case "http", "https":
            guard let url = URL(string: text), url.host?.isEmpty == false else {
                throw UsageError(message: "\(command) cannot use \"\(text)\": it is not a complete web address")
            }
            return .web(text)
        case "file":
            guard let url = URL(string: text), url.isFileURL, !url.path.isEmpty else {
                throw UsageError(message: "\(command) cannot use \"\(text)\": it is not a file address")
            }
            return .file(url.path)
        default:
            throw UsageError(message: "\(command) takes http:// and https:// addresses and files, not \(scheme): addresses")
        }
    }

    private static func number(_ text: String, _ name: String, range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(message: "\(name) wants a number from \(range.lowerBound) to \(range.upperBound) (got \"\(text)\")")
        }
        return value
    }
}

/// Walks arguments, splitting `--name=value` and honouring `--`.
private struct ArgumentReader {
    struct Argument {
        let name: String
        let inlineValue: String?
    }

    private var arguments: ArraySlice<String>
    private(set) var afterDoubleDash = false

    init(_ arguments: [String]) {
        self.arguments = arguments[...]
    }

    mutating func next() -> Argument? {
        guard let argument = arguments.popFirst() else { return nil }
        if afterDoubleDash { return Argument(name: argument, inlineValue: nil) }
        if argument == "--" {
            afterDoubleDash = true
            return next()
        }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return Argument(name: String(argument[..<equals]), inlineValue: String(argument[argument.index(after: equals)...]))
        }
        return Argument(name: argument, inlineValue: nil)
    }

    /// The arguments not read yet.
    var rest: [String] { Array(arguments) }

    mutating func value(for argument: Argument) throws(UsageError) -> String {
        if let inline = argument.inlineValue { return inline }
        guard let value = arguments.popFirst() else {
            throw UsageError(message: "\(argument.name) needs a value; see recipes --help")
        }
        return value
    }
}
