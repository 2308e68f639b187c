import Testing
import Presenter
@testable import View

@Suite struct CommandParsing {
    @Test(arguments: [
        ("n", Command.next), ("next", .next), ("", .next), ("   ", .next), ("p", .previous), ("previous", .previous),
        ("prev", .previous), ("f", .first), ("first", .first), ("r", .refresh), ("refresh", .refresh), ("retry", .retry),
        ("23", .show(23)), ("show 4", .show(4)), ("o 3", .open(3, .recipe)), ("open 12", .open(12, .recipe)),
        ("OPEN 2", .open(2, .recipe)), ("o 2 7", .open(2, .link(7))), ("o 2 page", .open(2, .wholePage)), ("open 5 PAGE", .open(5, .wholePage)), ("w 4", .web(4, .page)), ("web 4", .web(4, .page)),
        ("w 4 video", .web(4, .video)), ("web  4   VIDEO", .web(4, .video)), ("c 1", .copy(1, .page)), ("copy 1", .copy(1, .page)),
        ("c 2 video", .copy(2, .video)), ("copy 2 Video", .copy(2, .video)),
        ("filter lactose-free", .filter(.lactoseFree)), ("filter ALL", .filter(.all)),
        ("filter cuisine Thai", .filter(.cuisine("Thai"))), ("filter  cuisine   Côte d'Ivoire", .filter(.cuisine("Côte d'Ivoire"))),
        ("filter cuisine ALL", .filter(.anyCuisine)), ("filter none", .filter(.all)), ("filter off", .filter(.all)), ("set pictures on", .set(.pictures(true))),
        ("SET Pictures OFF", .set(.pictures(false))), ("b", .back), ("back", .back),
        ("?", .help), ("h", .help), ("help", .help), ("q", .quit), ("quit", .quit), ("exit", .quit), (":quit", .quit),
        (": help", .help), ("fav 3", .favorite(3)), ("favorite 3", .favorite(3)), ("unfav 1", .unfavorite(1)),
        ("favorites", .favorites("")), ("favs garlic bread", .favorites("garlic bread")),
    ])
    func commandsHaveShortAndLongNames(line: String, command: Command) throws {
        #expect(try CommandParser.parse(line) == command)
    }

    @Test(arguments: [
        ("onions, garlic", Command.search(ingredients: ["onions", "garlic"], title: "")),
        ("  Onions ,Garlic  ", .search(ingredients: ["Onions", "Garlic"], title: "")),
        ("eggs, milk \"pancakes\"", .search(ingredients: ["eggs", "milk"], title: "pancakes")),
        ("\"chocolate cake\"", .search(ingredients: [], title: "chocolate cake")),
        ("s help", .search(ingredients: ["help"], title: "")),
        ("search next, quit", .search(ingredients: ["next", "quit"], title: "")),
        ("12 eggs", .search(ingredients: ["12 eggs"], title: "")),
        ("nextdoor beans", .search(ingredients: ["nextdoor beans"], title: "")),
        ("jalapeño, crème fraîche", .search(ingredients: ["jalapeño", "crème fraîche"], title: "")),
    ])
    func anythingElseIsASearch(line: String, command: Command) throws {
        #expect(try CommandParser.parse(line) == command)
    }

    @Test(arguments: [
        ("https://example.test/recipes/pie", Command.readAddress("https://example.test/recipes/pie")),
        ("  HTTP://Example.test/a?b=1  ", .readAddress("HTTP://Example.test/a?b=1")),
        ("http://", .search(ingredients: ["http://"], title: "")),
        ("https://example.test/a pie", .search(ingredients: ["https://example.test/a pie"], title: "")),
    ])
    func aPastedWebAddressIsAPageToRead(line: String, command: Command) throws {
        #expect(try CommandParser.parse(line) == command)
    }

    @Test(arguments: [
        ("o", InputError.missingArgument(command: "o", usage: "open N [page|LINK|serves M|xF]")),
        ("open x", .badNumber(command: "open", text: "x")),
        ("open 0", .numberBelowOne("0")),
        ("o -3", .numberBelowOne("-3")),
        ("-1", .numberBelowOne("-1")),
        ("o 2 x", .missingArgument(command: "x", usage: "o N xF")),
        ("o 2 0", .numberBelowOne("0")),
        ("w", .missingArgument(command: "w", usage: "web N [video]")),
        ("w 1 foo", .unexpectedArgument(command: "w", usage: "web N [video]")),
        ("web 1 video 2", .unexpectedArgument(command: "web", usage: "web N [video]")),
        ("w 1 page", .unexpectedArgument(command: "w", usage: "web N [video]")),
        ("w video", .badNumber(command: "w", text: "video")),
        ("w video 1", .badNumber(command: "w", text: "video")),
        ("web 0 video", .numberBelowOne("0")),
        ("c 1 videos", .unexpectedArgument(command: "c", usage: "copy N [video]")),
        ("n 5", .unexpectedArgument(command: "n", usage: "next")),
        ("quit now", .unexpectedArgument(command: "quit", usage: "exit")),
        (":frobnicate", .unknownCommand(":frobnicate")),
        ("!!!", .unknownCommand("!!!")),
        ("42 7", .unknownCommand("42")),
        ("filter", .missingArgument(command: "filter", usage: "filter lactose-free|cuisine NAME|all")),
        ("search", .missingArgument(command: "search", usage: "search INGREDIENTS [\"TITLE WORDS\"]")),
        // Found by fuzzing: quotes around nothing used to give a search for nothing.
        ("s \"\"", .missingArgument(command: "s", usage: "search INGREDIENTS [\"TITLE WORDS\"]")),
        ("search “  ”", .missingArgument(command: "search", usage: "search INGREDIENTS [\"TITLE WORDS\"]")),
        ("eggs \"omelet", .unbalancedQuote),
        ("0", .numberBelowOne("0")),
        ("filter vegan", .unknownFilter("vegan")),
        ("filter all now", .unknownFilter("all now")),
        ("filter cuisine", .missingCuisine),
        ("set pictures sideways", .unknownSetting("pictures sideways")),
        ("set colour red", .unknownSetting("colour red")),
        ("favorites --json", .commandLineOnly(option: "--json", example: "recipes favorites --json")),
        ("favs garlic --export book.md", .commandLineOnly(option: "--export", example: "recipes favorites --export cookbook.md")),
        ("favorites --frobnicate", .unknownCommand("--frobnicate")),
        // Found using it: these said `not "2 3"`, "Unknown command" and `""""`.
        ("o 1 2 3", .unexpectedArgument(command: "o", usage: "open N [page|LINK|serves M|xF]")),
        ("99999999999999999999", .numberTooLarge("99999999999999999999")),
        ("o 99999999999999999999", .numberTooLarge("99999999999999999999")),
        ("\"\"", .nothingToSearch),
        ("“ ”", .nothingToSearch),
    ])
    func badCommandsSayWhatIsWrongInOneLine(line: String, error: InputError) {
        #expect(throws: error) { try CommandParser.parse(line) }
        let message = Messages().input(error)
        #expect(!(message.text + (message.hint ?? "")).contains("\n"))
    }

    @Test func hugeLinesAreRefused() {
        #expect(throws: InputError.tooLong(limit: CommandParser.maxLineLength)) {
            try CommandParser.parse(String(repeating: "a", count: 10_000))
        }
    }

    @Test func everySingleCharacterLineParsesOrFailsCleanly() {
        for value in 0...0x2FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = String(Character(scalar))
            // One character: a number shows that recipe, a letter searches or names a command, anything
            // else is an empty line (next) or is refused; never a search without a letter in it.
            switch Result(catching: { () throws(InputError) -> Command in try CommandParser.parse(character) }) {
            case .success(.search(let ingredients, let title)):
                #expect((ingredients.joined() + title).contains { $0.isLetter }, "U+\(String(value, radix: 16))")
            case .success(.show(let number)):
                #expect(String(number) == character)
            case .success, .failure:
                break
            }
            // `o` and one character: a recipe number 1 to 9, or a one-line refusal.
            switch Result(catching: { () throws(InputError) -> Command in try CommandParser.parse("o " + character) }) {
            case .success(let command):
                #expect(command == .open(Int(character) ?? -1, .recipe), "U+\(String(value, radix: 16))")
            case .failure(let error):
                #expect(!Messages().input(error).text.contains("\n"))
            }
        }
    }

    @Test func everyCommandNameInTheTableIsUnderstood() throws {
        for spec in CommandTable.specs {
            for name in spec.names {
                let line: String
                switch spec.argument {
                case .none, .favorites, .units, .list, .pantry, .have: line = name
                case .number, .numberAndReaderTarget, .numberAndLinkTarget, .factor, .servings: line = "\(name) 1"
                case .filter: line = "\(name) lactose-free"
                case .setting: line = "\(name) pictures on"
                case .search: line = "\(name) eggs"
                }
                let command = try CommandParser.parse(line)
                if case .search(let ingredients, _) = command { #expect(ingredients == ["eggs"], "\(name)") }
            }
        }
    }
}
