import Testing
import Presenter
@testable import View

/// The kitchen's commands at the prompt: scaling a card, units, the shopping list, the pantry, have.
@Suite struct KitchenCommandParsing {
    @Test(arguments: [
        ("x2", Command.scale(.times(2))), ("x 2", .scale(.times(2))), ("X1.5", .scale(.times(1.5))), ("x 1/2", .scale(.times(0.5))),
        ("x1/2", .scale(.times(0.5))), ("×½", .scale(.times(0.5))), ("x 1 1/2", .scale(.times(1.5))), ("x1,5", .scale(.times(1.5))),
        ("serves 6", .scale(.serving(6))), ("SERVES 2.5", .scale(.serving(2.5))),
        ("o 3 serves 6", .openScaled(3, .serving(6))), ("open 3 x2", .openScaled(3, .times(2))), ("o 3 x 1/2", .openScaled(3, .times(0.5))),
        ("units", .currentUnits), ("units metric", .units(.metric)), ("units US", .units(.us)), ("units as-written", .units(.asWritten)),
        ("list", .list(.show)), ("list 3", .list(.add([3]))), ("list 1 2, 5", .list(.add([1, 2, 5]))), ("list remove 2", .list(.remove(2))),
        ("list clear", .list(.clear)), ("list --export list.md", .list(.export("list.md"))),
        ("list --export \"my list.md\"", .list(.export("my list.md"))),
        ("pantry", .pantry(.show)), ("pantry add eggs, milk, flour", .pantry(.add(["eggs", "milk", "flour"]))),
        ("pantry remove  eggs ,", .pantry(.remove(["eggs"]))), ("pantry clear", .pantry(.clear)),
        ("have", .have(HaveRequest(names: []))), ("have eggs, milk", .have(HaveRequest(names: ["eggs", "milk"]))),
        ("have eggs, crème fraîche --missing 3", .have(HaveRequest(names: ["eggs", "crème fraîche"], maxMissing: 3))),
        ("have --strict --missing=0", .have(HaveRequest(names: [], maxMissing: 0, strict: true))),
        ("s have", .search(ingredients: ["have"], title: "")), ("xylophone", .search(ingredients: ["xylophone"], title: "")),
    ])
    func eachCommandIsReadIntoItsCase(line: String, command: Command) throws {
        #expect(try CommandParser.parse(line) == command)
    }

    @Test(arguments: [
        ("x", InputError.missingArgument(command: "x", usage: "x F")),
        ("x lots", .badFactor("lots")), ("x 0", .badFactor("0")), ("x -2", .badFactor("-2")), ("x 2-3", .badFactor("2-3")),
        ("x 100000", .badFactor("100000")), ("x 0.001", .badFactor("0.001")), ("x 101", .badFactor("101")), ("x1000", .badFactor("1000")),
        ("o 3 x 0.001", .badFactor("0.001")), ("o 3 x500", .badFactor("x500")),
        ("serves", .missingArgument(command: "serves", usage: "serves N")), ("serves many", .badServings("many")),
        ("o 3 serves", .missingArgument(command: "serves", usage: "o N serves M")), ("o 3 x0", .badFactor("x0")),
        ("units imperialish", .unknownUnits("imperialish")), ("units imperial", .unknownUnits("imperial")),
        ("list tomorrow", .unknownSubcommand(command: "list", word: "tomorrow", usage: "list, list N..., list remove N, list clear, list --export FILE.md")),
        ("list 1 two", .badNumber(command: "list", text: "two")), ("list 0", .numberBelowOne("0")),
        ("list remove", .missingArgument(command: "list remove", usage: "list remove N")),
        ("list --export", .missingArgument(command: "list --export", usage: "list --export FILE.md")),
        ("list --export \"\"", .missingArgument(command: "list --export", usage: "list --export FILE.md")),
        ("list --json", .commandLineOnly(option: "--json", example: "recipes list --json")),
        ("list clear now", .unexpectedArgument(command: "list clear", usage: "list, list N..., list remove N, list clear, list --export FILE.md")),
        ("pantry add", .missingArgument(command: "pantry add", usage: "pantry add eggs, milk")),
        ("pantry add ,,", .missingArgument(command: "pantry add", usage: "pantry add eggs, milk")),
        ("pantry buy eggs", .unknownSubcommand(command: "pantry", word: "buy", usage: "pantry, pantry add NAMES, pantry remove NAMES, pantry clear")),
        ("have eggs --missing", .badMissing("")), ("have eggs --missing 51", .badMissing("51")), ("have --missing lots", .badMissing("lots")),
        ("have eggs --fast", .unknownOption(command: "have", option: "--fast", usage: "have [NAMES] [--missing N] [--strict]")),
        ("have --json", .commandLineOnly(option: "--json", example: "recipes have \"eggs, milk\" --json")),
    ])
    func aWrongKitchenCommandIsOneLineSayingWhy(line: String, error: InputError) {
        #expect(throws: error) { try CommandParser.parse(line) }
        #expect(!Messages().input(error).text.contains("\n"))
    }

    @Test func theKitchenIsInTheHelpAndCompletes() {
        let help = Renderer(width: 100, colors: false).help().joined(separator: "\n")
        for usage in ["list [N...|remove N|clear|--export FILE.md]", "pantry [add NAMES|remove NAMES|clear]", "have [NAMES] [--missing N] [--strict]",
                      "units [metric|us|as-written]", "serves N", "x F"] {
            #expect(help.contains(usage), "\(usage)")
        }
        for name in ["list", "pantry", "have", "units", "serves"] { #expect(CommandTable.allNames.contains(name)) }
    }
}

/// `recipes have`, `recipes list` and `recipes read --servings --units` on the command line.
@Suite struct KitchenCommandLine {
    @Test func haveTakesIngredientsTheMissingLimitStrictAndJSON() throws {
        #expect(try CommandLineOptions.parse(["have", "eggs, milk, flour", "--missing", "3", "--strict", "--json"]).mode
            == .have(.init(request: HaveRequest(names: ["eggs", "milk", "flour"], maxMissing: 3, strict: true), json: true)))
        #expect(try CommandLineOptions.parse(["have"]).mode == .have(.init(request: HaveRequest(names: []))))
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["have", " , "]) }
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["have", "eggs", "milk"]) }
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["have", "eggs", "--missing", "51"]) }
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["search", "eggs", "--strict"]) }
    }

    @Test func listTakesOnlyJSON() throws {
        #expect(try CommandLineOptions.parse(["list", "--json"]).mode == .list(json: true))
        #expect(try CommandLineOptions.parse(["list"]).mode == .list(json: false))
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["list", "3"]) }
    }

    @Test func readTakesServingsAndUnits() throws {
        let options = try CommandLineOptions.parse(["read", "page.html", "--servings", "6", "--units", "metric", "--json"])
        #expect(options.mode == .read(.init(source: .file("page.html"), json: true, servings: 6, units: .metric)))
        #expect(try CommandLineOptions.parse(["read", "page.html", "--units=as-written"]).mode
            == .read(.init(source: .file("page.html"), units: .asWritten)))
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["read", "page.html", "--servings", "none"]) }
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["read", "page.html", "--units", "furlongs"]) }
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["search", "eggs", "--servings", "4"]) }
    }

    @Test func theModesNeedWhatTheyUse() {
        #expect(CommandLineOptions.Mode.list(json: false).needsNoServer)
        #expect(CommandLineOptions.Mode.list(json: false).needsFavorites)
        #expect(!CommandLineOptions.Mode.have(.init(request: HaveRequest(names: ["eggs"]))).needsNoServer)
        #expect(CommandLineOptions.Mode.have(.init(request: HaveRequest(names: ["eggs"]))).needsFavorites)
    }
}

/// The shopping list laid out for a terminal.
@Suite struct ShoppingListLayout {
    @Test func aisleByAisleWithTheRecipesFirstAndWhatWasLeftOffLast() {
        let model = ShoppingListModel(heading: "Shopping list for 2 recipes", recipes: ["1. Pancakes ×2", "2. Crêpes"],
                                      sections: [.init(title: "Dairy and eggs", items: ["720 ml milk"]), .init(title: "Dry goods", items: ["340 g flour"])],
                                      leftOff: "Left off, in the kitchen already: eggs", footer: "list remove N")
        #expect(Renderer(width: 60, colors: false).shoppingList(model) == [
            "", "Shopping list for 2 recipes", "  1. Pancakes ×2", "  2. Crêpes", "", "Dairy and eggs", "  • 720 ml milk", "", "Dry goods",
            "  • 340 g flour", "", "Left off, in the kitchen already: eggs", "list remove N",
        ])
    }

    @Test func textFromTheNetworkIsMadeSafe() {
        let model = ShoppingListModel(heading: "Shopping list for 1 recipe", recipes: ["1. Evil\u{1B}]0;pwned\u{07} Pie"],
                                      sections: [.init(title: "Other", items: ["2 \u{1B}[2Jeggs"])], leftOff: nil, footer: "")
        let lines = Renderer(width: 60, colors: false).shoppingList(model)
        #expect(!lines.joined().contains("\u{1B}"))
    }
}
