/// Every command with its names, arguments and what it does: the one list that the parser, Tab
/// completion and help all read.
public struct CommandSpec: Sendable {
    public let names: [String]
    public let arguments: String
    public let summary: String

    var usage: String { ([names.last ?? ""] + (arguments.isEmpty ? [] : [arguments])).joined(separator: " ") }
}

public enum CommandTable {
    public static let specs: [CommandSpec] = [
        CommandSpec(names: ["n", "next"], arguments: "", summary: "next screen (an empty line does the same)"),
        CommandSpec(names: ["p", "prev", "previous"], arguments: "", summary: "previous screen, from memory"),
        CommandSpec(names: ["f", "first"], arguments: "", summary: "first screen"),
        CommandSpec(names: ["r", "refresh"], arguments: "", summary: "run the search again from the start"),
        CommandSpec(names: ["retry"], arguments: "", summary: "try the step that failed again"),
        CommandSpec(names: ["show"], arguments: "N", summary: "recipe N in full (typing just N does the same)"),
        CommandSpec(names: ["o", "open"], arguments: "N", summary: "read recipe N's page here"),
        CommandSpec(names: ["filter"], arguments: "lactose-free|all", summary: "narrow what is shown; numbers stay"),
        CommandSpec(names: ["fav", "favorite"], arguments: "N", summary: "save recipe N with its page and picture"),
        CommandSpec(names: ["unfav", "unfavorite"], arguments: "N", summary: "remove recipe N from favorites"),
        CommandSpec(names: ["favs", "favorites"], arguments: "[WORDS]", summary: "the favorites screen, or search within it"),
        CommandSpec(names: ["b", "back"], arguments: "", summary: "back to the previous screen"),
        CommandSpec(names: ["s", "search"], arguments: "TEXT", summary: "search even when TEXT is a command word"),
        CommandSpec(names: ["?", "h", "help"], arguments: "", summary: "this help"),
        CommandSpec(names: ["q", "quit", "exit"], arguments: "", summary: "leave (Ctrl-D does the same)"),
    ]

    /// All command names, for completion.
    public static var allNames: [String] { specs.flatMap(\.names).filter { $0.count > 1 } }

    static func spec(named name: String) -> CommandSpec? {
        specs.first { $0.names.contains(name) }
    }
}
