/// What a line typed at the prompt asks for.
public enum Command: Equatable, Sendable {
    /// A new search: comma-separated ingredients and title words (either may be empty, not both).
    case search(ingredients: String, title: String)
    case next
    case previous
    case first
    case refresh
    case retry
    /// Show recipe N.
    case show(Int)
    /// Read recipe N's page.
    case open(Int)
    case filter(String)
    case back
    case help
    case quit
    /// The favorites screen, or a search within favorites.
    case favorites(String)
    case favorite(Int)
    case unfavorite(Int)
}

/// Why a line is not a command RecipeBook can run.
public enum CommandError: Error, Equatable, Sendable {
    case unknownCommand(String)
    case missingArgument(command: String, usage: String)
    case badNumber(command: String, text: String)
    case unexpectedArgument(command: String, usage: String)
    case unbalancedQuote
    case tooLong(limit: Int)

    /// One line that says what is wrong and what to type instead.
    public var message: String {
        switch self {
        case .unknownCommand(let word):
            return "Unknown command \"\(word)\". Type ? for the commands, or ingredients to search."
        case .missingArgument(let command, let usage):
            return "\(command) needs more: \(usage)"
        case .badNumber(let command, let text):
            return "\(command) wants a recipe number, not \"\(text)\"."
        case .unexpectedArgument(let command, let usage):
            return "\(command) takes no such argument: \(usage)"
        case .unbalancedQuote:
            return "A quote is not closed: put title words between two \" marks, like: eggs \"omelet\""
        case .tooLong(let limit):
            return "That line is longer than \(limit) characters; nothing was done."
        }
    }
}
