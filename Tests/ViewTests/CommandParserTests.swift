import Testing
@testable import View

@Suite struct CommandParsing {
    @Test(arguments: [
        ("n", Command.next), ("next", .next), ("", .next), ("   ", .next), ("p", .previous), ("previous", .previous),
        ("prev", .previous), ("f", .first), ("first", .first), ("r", .refresh), ("refresh", .refresh), ("retry", .retry),
        ("23", .show(23)), ("show 4", .show(4)), ("o 3", .open(3)), ("open 12", .open(12)), ("OPEN 2", .open(2)),
        ("filter lactose-free", .filter("lactose-free")), ("filter ALL", .filter("all")), ("b", .back), ("back", .back),
        ("?", .help), ("h", .help), ("help", .help), ("q", .quit), ("quit", .quit), ("exit", .quit), (":quit", .quit),
        (": help", .help), ("fav 3", .favorite(3)), ("favorite 3", .favorite(3)), ("unfav 1", .unfavorite(1)),
        ("favorites", .favorites("")), ("favs garlic bread", .favorites("garlic bread")),
    ])
    func commandsHaveShortAndLongNames(line: String, command: Command) throws {
        #expect(try CommandParser.parse(line) == command)
    }

    @Test(arguments: [
        ("onions, garlic", Command.search(ingredients: "onions, garlic", title: "")),
        ("  Onions ,Garlic  ", .search(ingredients: "Onions ,Garlic", title: "")),
        ("eggs, milk \"pancakes\"", .search(ingredients: "eggs, milk", title: "pancakes")),
        ("\"chocolate cake\"", .search(ingredients: "", title: "chocolate cake")),
        ("s help", .search(ingredients: "help", title: "")),
        ("search next, quit", .search(ingredients: "next, quit", title: "")),
        ("12 eggs", .search(ingredients: "12 eggs", title: "")),
        ("nextdoor beans", .search(ingredients: "nextdoor beans", title: "")),
        ("jalapeño, crème fraîche", .search(ingredients: "jalapeño, crème fraîche", title: "")),
    ])
    func anythingElseIsASearch(line: String, command: Command) throws {
        #expect(try CommandParser.parse(line) == command)
    }

    @Test(arguments: [
        ("o", CommandError.missingArgument(command: "o", usage: "open N")),
        ("open x", .badNumber(command: "open", text: "x")),
        ("open 0", .badNumber(command: "open", text: "0")),
        ("o -3", .badNumber(command: "o", text: "-3")),
        ("n 5", .unexpectedArgument(command: "n", usage: "next")),
        ("quit now", .unexpectedArgument(command: "quit", usage: "exit")),
        (":frobnicate", .unknownCommand(":frobnicate")),
        ("!!!", .unknownCommand("!!!")),
        ("42 7", .unknownCommand("42")),
        ("filter", .missingArgument(command: "filter", usage: "filter lactose-free|all")),
        ("search", .missingArgument(command: "search", usage: "search INGREDIENTS [\"TITLE WORDS\"]")),
        // Found by fuzzing: quotes around nothing used to give a search for nothing.
        ("s \"\"", .missingArgument(command: "s", usage: "search INGREDIENTS [\"TITLE WORDS\"]")),
        ("search “  ”", .missingArgument(command: "search", usage: "search INGREDIENTS [\"TITLE WORDS\"]")),
        ("eggs \"omelet", .unbalancedQuote),
        ("0", .unknownCommand("0")),
    ])
    func badCommandsSayWhatIsWrongInOneLine(line: String, error: CommandError) {
        #expect(throws: error) { try CommandParser.parse(line) }
        #expect(!error.message.contains("\n"))
    }

    @Test func hugeLinesAreRefused() {
        #expect(throws: CommandError.tooLong(limit: CommandParser.maxLineLength)) {
            try CommandParser.parse(String(repeating: "a", count: 10_000))
        }
    }

    @Test func everySingleByteLineParsesOrFailsCleanly() {
        for value in 0...0x2FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            _ = try? CommandParser.parse(String(Character(scalar)))
            _ = try? CommandParser.parse("o " + String(Character(scalar)))
        }
    }

    @Test func everyCommandNameInTheTableIsUnderstood() throws {
        for spec in CommandTable.specs {
            for name in spec.names {
                let line = spec.arguments == "N" ? "\(name) 1" : spec.arguments == "TEXT" ? "\(name) eggs" :
                    spec.arguments.hasPrefix("lactose") ? "\(name) all" : name
                let command = try CommandParser.parse(line)
                if case .search(let ingredients, _) = command { #expect(ingredients == "eggs", "\(name)") }
            }
        }
    }
}
