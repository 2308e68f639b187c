import Presenter

/// Every command with its names, what it takes and what it does: the one list that the parser, Tab
/// completion and help all read.
public struct CommandSpec: Sendable {
    /// What follows the command's name, and how the command is made from it.
    enum Argument: Sendable {
        /// Nothing may follow.
        case none(Command)
        /// A recipe number.
        case number(@Sendable (Int) -> Command)
        /// A recipe number, then maybe `page` or another number (a link on its page).
        case numberAndReaderTarget(@Sendable (Int, ReaderTarget) -> Command)
        /// A recipe number, then maybe `video` (the video its page names).
        case numberAndLinkTarget(@Sendable (Int, LinkTarget) -> Command)
        /// Words searched for within favorites, maybe none.
        case favorites
        /// A filter: `lactose-free`, `cuisine NAME`, `all`.
        case filter
        /// A setting and its value.
        case setting
        /// Search words: ingredients and quoted title words.
        case search
        /// How many times to make the card's recipe: `2`, `1/2`, `1.5`.
        case factor
        /// A number of servings.
        case servings
        /// `metric`, `us` or `as-written`, or nothing.
        case units
        /// The shopping list's words: recipe numbers, `remove N`, `clear`, `--export FILE`, or nothing.
        case list
        /// The pantry's words: `add NAMES`, `remove NAMES`, `clear`, or nothing.
        case pantry
        /// Ingredient names, maybe none, then `--missing N` and `--strict`.
        case have
    }

    public let names: [String]
    /// How the argument is written in help (`N`, `[WORDS]`).
    public let arguments: String
    public let summary: String
    let argument: Argument

    var usage: String { ([names.last ?? ""] + (arguments.isEmpty ? [] : [arguments])).joined(separator: " ") }
}

public enum CommandTable {
    public static let specs: [CommandSpec] = [
        CommandSpec(names: ["n", "next"], arguments: "", summary: "next screen (an empty line does the same)", argument: .none(.next)),
        CommandSpec(names: ["p", "prev", "previous"], arguments: "", summary: "previous screen, from memory", argument: .none(.previous)),
        CommandSpec(names: ["f", "first"], arguments: "", summary: "first screen", argument: .none(.first)),
        CommandSpec(names: ["r", "refresh"], arguments: "", summary: "run the search again; on favorites, fetch what they lack",
                    argument: .none(.refresh)),
        CommandSpec(names: ["retry"], arguments: "", summary: "try the step that failed again", argument: .none(.retry)),
        CommandSpec(names: ["show"], arguments: "N", summary: "recipe N in full (typing just N does the same)", argument: .number { .show($0) }),
        CommandSpec(names: ["o", "open"], arguments: "N [page|LINK|serves M|xF]",
                    summary: "read recipe N here: its recipe card (scaled), its whole page, or where its link LINK goes",
                    argument: .numberAndReaderTarget { .open($0, $1) }),
        CommandSpec(names: ["x"], arguments: "F", summary: "the card being read made F times (x2, x 1/2, x1.5; x1 as written)",
                    argument: .factor),
        CommandSpec(names: ["serves"], arguments: "N", summary: "the card being read scaled to serve N", argument: .servings),
        CommandSpec(names: ["units"], arguments: "[metric|us|as-written]", summary: "the units cards show amounts in (remembered)",
                    argument: .units),
        CommandSpec(names: ["w", "web"], arguments: "N [video]", summary: "open recipe N's page, or the video it names, in the web browser",
                    argument: .numberAndLinkTarget { .web($0, $1) }),
        CommandSpec(names: ["c", "copy"], arguments: "N [video]", summary: "copy recipe N's link, or its video's",
                    argument: .numberAndLinkTarget { .copy($0, $1) }),
        CommandSpec(names: ["pic", "picture"], arguments: "N", summary: "recipe N's picture, large", argument: .number { .picture($0) }),
        CommandSpec(names: ["set"], arguments: "pictures on|off", summary: "small pictures beside results (off at first)",
                    argument: .setting),
        CommandSpec(names: ["filter"], arguments: "lactose-free|cuisine NAME|all", summary: "narrow what is shown; numbers stay",
                    argument: .filter),
        CommandSpec(names: ["fav", "favorite"], arguments: "N", summary: "save recipe N with its page and picture",
                    argument: .number { .favorite($0) }),
        CommandSpec(names: ["unfav", "unfavorite"], arguments: "N", summary: "remove recipe N from favorites",
                    argument: .number { .unfavorite($0) }),
        CommandSpec(names: ["favs", "favorites"], arguments: "[WORDS]", summary: "the favorites screen, or search within it",
                    argument: .favorites),
        CommandSpec(names: ["list"], arguments: "[N...|remove N|clear|--export FILE.md]",
                    summary: "the shopping list by aisle, less the pantry; N... adds recipes, remove N takes one off",
                    argument: .list),
        CommandSpec(names: ["pantry"], arguments: "[add NAMES|remove NAMES|clear]", summary: "what you have, kept between runs",
                    argument: .pantry),
        CommandSpec(names: ["have"], arguments: "[NAMES] [--missing N] [--strict]",
                    summary: "recipes ranked by how few ingredients NAMES (else the pantry) lack; salt, pepper, water, oil count unless --strict",
                    argument: .have),
        CommandSpec(names: ["b", "back"], arguments: "", summary: "back to the previous screen", argument: .none(.back)),
        CommandSpec(names: ["s", "search"], arguments: "TEXT", summary: "search even when TEXT is a command word", argument: .search),
        CommandSpec(names: ["?", "h", "help"], arguments: "", summary: "this help", argument: .none(.help)),
        CommandSpec(names: ["q", "quit", "exit"], arguments: "", summary: "leave (Ctrl-D does the same)", argument: .none(.quit)),
    ]

    /// All command names, for completion.
    public static var allNames: [String] { specs.flatMap(\.names).filter { $0.count > 1 } }

    /// The usages of the kitchen's commands, as messages name them.
    static let listUsage = "list, list N..., list remove N, list clear, list --export FILE.md"
    static let pantryUsage = "pantry, pantry add NAMES, pantry remove NAMES, pantry clear"
    static let haveUsage = "have [NAMES] [--missing N] [--strict]"


    private static let byName: [String: CommandSpec] = {
        var table: [String: CommandSpec] = [:]
        for spec in specs { for name in spec.names { table[name] = spec } }
        return table
    }()

    static func spec(named name: String) -> CommandSpec? {
        byName[name]
    }

    /// What Tab can complete a command's argument to, as whole lines (`filter l` → `filter lactose-free`,
    /// `o 3 p` → `o 3 page`); nil when the line is not a command with words of its own to complete
    /// there (the cuisine of `filter cuisine` and ingredients are names, completed from what was seen).
    static func argumentCompletions(_ line: String) -> [String]? {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.count >= 2, let spec = spec(named: words[0].lowercased()) else { return nil }
        let head: [String]
        let choices: [String]
        switch spec.argument {
        case .filter where words.count == 2:
            (head, choices) = ([words[0]], ["lactose-free", "cuisine", "all"])
        case .setting where words.count <= 3:
            (head, choices) = ([words[0]], ["pictures on", "pictures off"])
        case .numberAndReaderTarget where words.count == 3 && Int(words[1]) != nil:
            (head, choices) = (Array(words.prefix(2)), ["page"])
        case .numberAndLinkTarget where words.count == 3 && Int(words[1]) != nil:
            (head, choices) = (Array(words.prefix(2)), ["video"])
        default:
            return nil
        }
        let typed = words.dropFirst(head.count).joined(separator: " ").lowercased()
        return choices.filter { $0.hasPrefix(typed) && $0 != typed }.map { (head + [$0]).joined(separator: " ") }
    }
}
