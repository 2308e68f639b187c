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
    /// A number too large to be a recipe number (`99999999999999999999`).
    case numberTooLarge(String)
    /// Quotes around nothing, or nothing but commas: nothing to search for.
    case nothingToSearch
    /// `filter` with something that is not a filter.
    case unknownFilter(String)
    /// `filter cuisine` without the cuisine's name.
    case missingCuisine
    /// `set` with something that is not a setting.
    case unknownSetting(String)
    /// An option the command line takes that the prompt does not (`favorites --json`).
    case commandLineOnly(option: String, example: String)
    /// `x` with something that is not a positive number (`x two`, `x 0`).
    case badFactor(String)
    /// `serves` with something that is not a positive number.
    case badServings(String)
    /// `units` with something other than metric, us or as-written.
    case unknownUnits(String)
    /// `list` or `pantry` with a word it does not take.
    case unknownSubcommand(command: String, word: String, usage: String)
    /// `--missing` with something that is not a number from 0 to 50.
    case badMissing(String)
    /// An option the command does not take (`have --fast`).
    case unknownOption(command: String, option: String, usage: String)
}
