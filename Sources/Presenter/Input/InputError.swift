/// Why a line typed at the prompt is not a command RecipeBook can run. The View's parser finds these;
/// `Messages` says them.
public enum InputError: Error, Equatable, Sendable {
    case unknownCommand(String)
    case missingArgument(command: String, usage: String)
    case badNumber(command: String, text: String)
    /// A number below 1 (`0`, `-1`, `show 0`).
    case numberBelowOne(String)
    case unexpectedArgument(command: String, usage: String)
    case unbalancedQuote
    case tooLong(limit: Int)
}
