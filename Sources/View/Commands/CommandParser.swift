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
        // A web address pasted at the prompt is a page to read, not an ingredient to search for.
        if !explicit, isWebAddress(text) { return .readAddress(text) }
        var (word, rest) = splitFirstWord(text)
        // `x2`, `x1.5`, `×½`: the factor may follow `x` without a space.
        if let factor = attachedFactor(word) {
            word = "x"
            rest = (factor + " " + rest).trimmingWhitespace()
        }
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
                guard command != .search(ingredients: [], title: "") else { throw .nothingToSearch }
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
            if let scale = try cardScale(second) { return .openScaled(recipe, scale) }
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
        case .factor:
            guard !rest.isEmpty else { throw .missingArgument(command: name, usage: spec.usage) }
            guard let factor = ScaleRequest.factor(rest) else { throw .badFactor(String(rest.prefix(40))) }
            return .scale(.times(factor))
        case .servings:
            guard !rest.isEmpty else { throw .missingArgument(command: name, usage: spec.usage) }
            return .scale(.serving(try servings(rest)))
        case .units:
            return try units(rest)
        case .list:
            return .list(try listCommand(rest))
        case .pantry:
            return .pantry(try pantryCommand(rest))
        case .have:
            return .have(try haveRequest(rest))
        case .search:
            let missing = InputError.missingArgument(command: name, usage: "search INGREDIENTS [\"TITLE WORDS\"]")
            guard !rest.isEmpty else { throw missing }
            // Quotes around nothing (`s ""`) leave nothing to search for, like no argument at all.
            let command = try search(rest)
            guard command != .search(ingredients: [], title: "") else { throw missing }
            return command
        }
    }

    /// `lactose-free`, `cuisine NAME`, `cuisine all`, `all` (or `none`, `off`: no filter).
    static func filter(_ text: String) throws(InputError) -> FilterChange {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        switch words.first?.lowercased() {
        case "all", "none", "off":
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

    // MARK: The kitchen

    /// `x2`, `X1.5`, `×½`, `x1/2` typed as one word: the factor after the `x`.
    static func attachedFactor(_ word: String) -> String? {
        guard let first = word.first, first == "x" || first == "X" || first == "×", word.count > 1 else { return nil }
        let after = word.dropFirst()
        guard let next = after.first, next.isNumber || next == "." else { return nil }
        return String(after)
    }

    /// `serves 6`, `x2`, `x 1/2` after `o N`: the scale; nil for anything else.
    static func cardScale(_ text: String) throws(InputError) -> ScaleRequest? {
        let (word, rest) = splitFirstWord(text)
        switch word.lowercased() {
        case "serves", "serving", "servings":
            guard !rest.isEmpty else { throw .missingArgument(command: "serves", usage: "o N serves M") }
            return .serving(try servings(rest))
        case "x", "×":
            guard !rest.isEmpty else { throw .missingArgument(command: "x", usage: "o N xF") }
            guard let factor = ScaleRequest.factor(rest) else { throw .badFactor(String(rest.prefix(40))) }
            return .times(factor)
        default:
            guard let factor = attachedFactor(word) else { return nil }
            guard rest.isEmpty, let value = ScaleRequest.factor(factor) else { throw .badFactor(String(text.prefix(40))) }
            return .times(value)
        }
    }

    /// A number of servings: a positive number up to 1000.
    static func servings(_ text: String) throws(InputError) -> Double {
        guard let value = ScaleRequest.number(text) else { throw .badServings(String(text.prefix(40))) }
        return value
    }

    /// `units`, `units metric`, `units us`, `units as-written`.
    static func units(_ text: String) throws(InputError) -> Command {
        switch text.lowercased() {
        case "": return .currentUnits
        case "metric", "si": return .units(.metric)
        case "us", "u.s.", "american": return .units(.us)
        case "as-written", "as written", "written", "original", "none", "off": return .units(.asWritten)
        default: throw .unknownUnits(String(text.prefix(40)))
        }
    }

    /// `list`, `list 1 3`, `list remove 2`, `list clear`, `list --export FILE.md`.
    static func listCommand(_ text: String) throws(InputError) -> ListCommand {
        let usage = CommandTable.listUsage
        let (word, rest) = splitFirstWord(text)
        switch word.lowercased() {
        case "":
            return .show
        case "clear":
            guard rest.isEmpty else { throw .unexpectedArgument(command: "list clear", usage: usage) }
            return .clear
        case "remove", "rm", "delete":
            guard !rest.isEmpty else { throw .missingArgument(command: "list remove", usage: "list remove N") }
            return .remove(try number("list remove", rest, usage: "list remove N"))
        case "--export":
            let path = unquoted(rest)
            guard !path.isEmpty else { throw .missingArgument(command: "list --export", usage: "list --export FILE.md") }
            return .export(path)
        case "--json":
            throw .commandLineOnly(option: "--json", example: "recipes list --json")
        default:
            guard isWholeNumber(word) else { throw .unknownSubcommand(command: "list", word: String(word.prefix(40)), usage: usage) }
            var numbers: [Int] = []
            for item in text.split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
                numbers.append(try number("list", String(item), usage: "list N..."))
            }
            return .add(numbers)
        }
    }

    /// `http://…` or `https://…`, one word with something after the scheme.
    static func isWebAddress(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: lower.hasPrefix) else { return false }
        return text.count > scheme.count && !text.contains(where: \.isWhitespace)
    }

    /// `pantry`, `pantry add eggs, milk`, `pantry remove eggs`, `pantry clear`.
    static func pantryCommand(_ text: String) throws(InputError) -> PantryCommand {
        let usage = CommandTable.pantryUsage
        let (word, rest) = splitFirstWord(text)
        switch word.lowercased() {
        case "":
            return .show
        case "clear":
            guard rest.isEmpty else { throw .unexpectedArgument(command: "pantry clear", usage: usage) }
            return .clear
        case "add", "remove", "rm":
            let names = names(rest)
            guard !names.isEmpty else { throw .missingArgument(command: "pantry \(word.lowercased())", usage: "pantry \(word.lowercased()) eggs, milk") }
            return word.lowercased() == "add" ? .add(names) : .remove(names)
        default:
            throw .unknownSubcommand(command: "pantry", word: String(word.prefix(40)), usage: usage)
        }
    }

    /// `have`, `have eggs, milk --missing 3 --strict`.
    static func haveRequest(_ text: String) throws(InputError) -> HaveRequest {
        var words: [String] = []
        var maxMissing = HaveRequest.defaultMissing
        var strict = false
        var tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)[...]
        while let token = tokens.popFirst() {
            var option = token.lowercased()
            var value: String?
            if option.hasPrefix("--"), let equals = option.firstIndex(of: "=") {
                value = String(token[token.index(after: equals)...])
                option = String(option[..<equals])
            }
            switch option {
            case "--missing", "-m":
                guard let text = value ?? tokens.popFirst() else { throw .badMissing("") }
                guard let number = Int(text), (0...50).contains(number) else { throw .badMissing(String(text.prefix(40))) }
                maxMissing = number
            case "--strict":
                strict = true
            case "--json":
                throw .commandLineOnly(option: "--json", example: "recipes have \"eggs, milk\" --json")
            default:
                if option.hasPrefix("--") {
                    throw .unknownOption(command: "have", option: String(token.prefix(40)), usage: CommandTable.haveUsage)
                }
                words.append(token)
            }
        }
        return HaveRequest(names: names(words.joined(separator: " ")), maxMissing: maxMissing, strict: strict)
    }

    /// Comma-separated names, trimmed, without empty ones.
    static func names(_ text: String) -> [String] {
        text.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// A file name, with the quotes around it taken off.
    private static func unquoted(_ text: String) -> String {
        for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
            return String(text.dropFirst().dropLast())
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
        return .search(ingredients: names(ingredients), title: title.trimmingWhitespace())
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
