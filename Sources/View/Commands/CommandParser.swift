public import Presenter

/// Parses a line typed at the prompt. Pure: the same line always gives the same answer.
///
/// A line whose first word is a command name runs that command; a number shows that recipe; a line
/// starting with `:` must be a command (`:help`), so an unknown one is reported rather than searched.
/// Anything else is a search: comma-separated ingredients, with title words in double quotes
/// (`eggs, milk "pancakes"`, or `"chocolate cake"` alone).
public enum CommandParser {
    public static let maxLineLength = 4096

    public static func parse(_ line: String) throws(InputError) -> Command {
        guard line.count <= maxLineLength else { throw .tooLong(limit: maxLineLength) }
        var text = line.trimmingWhitespace()
        if text.isEmpty { return .next }
        var explicit = false
        if text.hasPrefix(":") {
            explicit = true
            text = String(text.dropFirst()).trimmingWhitespace()
        }
        let (word, rest) = splitFirstWord(text)
        let name = word.lowercased()
        if rest.isEmpty, isWholeNumber(name) {
            guard let number = Int(name) else { throw .numberTooLarge(String(name.prefix(40))) }
            guard number > 0 else { throw .numberBelowOne(name) }
            return .show(number)
        }
        guard let spec = CommandTable.spec(named: name) else {
            if !explicit, !text.contains(where: \.isLetter), text.contains(where: isQuote) {
                // Quotes around nothing (`""`): a search for nothing.
                let command = try search(text)
                guard command != .search(ingredients: "", title: "") else { throw .nothingToSearch }
            }
            if explicit || !text.contains(where: \.isLetter) {
                throw .unknownCommand(explicit ? ":" + word : word)
            }
            return try search(text)
        }
        switch spec.argument {
        case .none(let command):
            guard rest.isEmpty else { throw .unexpectedArgument(command: name, usage: spec.usage) }
            return command
        case .number(let command):
            return command(try number(name, rest, usage: spec.usage))
        case .numberAndReaderTarget(let command):
            let (first, second) = splitFirstWord(rest)
            let recipe = try number(name, first, usage: spec.usage)
            guard !second.contains(where: \.isWhitespace) else { throw .unexpectedArgument(command: name, usage: spec.usage) }
            switch second.lowercased() {
            case "": return command(recipe, .recipe)
            case "page": return command(recipe, .wholePage)
            default: return command(recipe, .link(try number(name, second, usage: spec.usage)))
            }
        case .numberAndLinkTarget(let command):
            let (first, second) = splitFirstWord(rest)
            let recipe = try number(name, first, usage: spec.usage)
            switch second.lowercased() {
            case "": return command(recipe, .page)
            case "video": return command(recipe, .video)
            default: throw .unexpectedArgument(command: name, usage: spec.usage)
            }
        case .filter:
            guard !rest.isEmpty else { throw .missingArgument(command: name, usage: spec.usage) }
            return .filter(try filter(rest))
        case .setting:
            guard !rest.isEmpty else { throw .missingArgument(command: name, usage: spec.usage) }
            return .set(try setting(rest))
        case .favorites:
            return .favorites(try favoritesWords(rest))
        case .search:
            let missing = InputError.missingArgument(command: name, usage: "search INGREDIENTS [\"TITLE WORDS\"]")
            guard !rest.isEmpty else { throw missing }
            // Quotes around nothing (`s ""`) leave nothing to search for, like no argument at all.
            let command = try search(rest)
            guard command != .search(ingredients: "", title: "") else { throw missing }
            return command
        }
    }

    /// `lactose-free`, `cuisine NAME`, `cuisine all`, `all`.
    static func filter(_ text: String) throws(InputError) -> FilterChange {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        switch words.first?.lowercased() {
        case "all", "none":
            guard words.count == 1 else { throw .unknownFilter(String(text.prefix(40))) }
            return .all
        case "lactose-free", "lactosefree", "dairy-free":
            guard words.count == 1 else { throw .unknownFilter(String(text.prefix(40))) }
            return .lactoseFree
        case "cuisine":
            let name = words.dropFirst().joined(separator: " ")
            guard !name.isEmpty else { throw .missingCuisine }
            return ["all", "any"].contains(name.lowercased()) ? .anyCuisine : .cuisine(name)
        default:
            throw .unknownFilter(String(text.prefix(40)))
        }
    }

    /// `pictures on|off`.
    static func setting(_ text: String) throws(InputError) -> Setting {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace)
        guard words.count == 2, words[0] == "pictures", let value = ["on": true, "off": false][String(words[1])] else {
            throw .unknownSetting(String(text.prefix(40)))
        }
        return .pictures(value)
    }

    /// The words searched for within favorites; the options of `recipes favorites` that print for a
    /// script or write a file belong to the command line.
    static func favoritesWords(_ text: String) throws(InputError) -> String {
        for word in text.split(whereSeparator: \.isWhitespace) where word.hasPrefix("--") {
            switch word.lowercased() {
            case "--json": throw .commandLineOnly(option: "--json", example: "recipes favorites --json")
            case "--export": throw .commandLineOnly(option: "--export", example: "recipes favorites --export cookbook.md")
            default: throw .unknownCommand(String(word.prefix(40)))
            }
        }
        return text
    }

    private static func isWholeNumber(_ word: String) -> Bool {
        let digits = word.hasPrefix("-") || word.hasPrefix("+") ? word.dropFirst() : Substring(word)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isQuote(_ character: Character) -> Bool {
        character == "\"" || character == "“" || character == "”"
    }

    /// Splits `eggs, milk "pancakes"` into ingredients and title words.
    static func search(_ text: String) throws(InputError) -> Command {
        var ingredients = ""
        var title = ""
        var inQuote = false
        for character in text {
            if isQuote(character) {
                inQuote.toggle()
                if !inQuote { title += " " }
                continue
            }
            if inQuote { title.append(character) } else { ingredients.append(character) }
        }
        if inQuote { throw .unbalancedQuote }
        return .search(ingredients: ingredients.trimmingWhitespace(), title: title.trimmingWhitespace())
    }

    private static func number(_ name: String, _ rest: String, usage: String) throws(InputError) -> Int {
        guard !rest.isEmpty else { throw .missingArgument(command: name, usage: usage) }
        if isWholeNumber(rest), Int(rest) == nil { throw .numberTooLarge(String(rest.prefix(40))) }
        guard let value = Int(rest) else { throw .badNumber(command: name, text: String(rest.prefix(40))) }
        guard value > 0 else { throw .numberBelowOne(String(rest.prefix(40))) }
        return value
    }

    private static func splitFirstWord(_ text: String) -> (String, String) {
        guard let space = text.firstIndex(where: \.isWhitespace) else { return (text, "") }
        return (String(text[..<space]), String(text[space...]).trimmingWhitespace())
    }
}

extension String {
    func trimmingWhitespace() -> String {
        guard let start = firstIndex(where: { !$0.isWhitespace }),
              let end = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[start...end])
    }
}
