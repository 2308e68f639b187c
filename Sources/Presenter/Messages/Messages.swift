import Entity
public import Interactor

/// Every message a person reads, in one place: errors, notes and answers, each one line that says what
/// happened and what to do next. The advice depends on the mode: at the prompt a person types `retry`;
/// a script running a one-shot command runs it again.
public struct Messages: Sendable {
    public enum Mode: Sendable {
        case interactive
        case oneShot
    }

    public let mode: Mode

    public init(mode: Mode = .interactive) {
        self.mode = mode
    }

    // MARK: Errors

    /// What a failed use case means to the person, and what to do about it.
    public func error(_ error: UseCaseError) -> MessageModel {
        let detail = Messages.parenthesized(error.detail + (error.attempts > 1 ? ", \(error.attempts) tries" : ""))
        let place = Messages.place(of: error.operation)
        // A file is there or not, readable or not: no network advice applies.
        if error.operation == .readFile { return MessageModel(.error, "Cannot read the page file\(detail).") }
        // The detail starts with the path: "Cannot write book.md: it is a named pipe; …".
        if error == .unwritable { return MessageModel(.error, "Cannot write \(error.detail)") }
        switch error {
        case .timeout:
            return MessageModel(.error, "\(place.capitalizedFirst) did not answer in time\(detail).", hint: tryAgain(error.operation))
        case .unreachable:
            return MessageModel(.error, "Cannot reach \(place)\(detail).", hint: offline(error.operation, refusedBy: error.refusedBy))
        case .connectionLost:
            return MessageModel(.error, "The connection to \(place) broke\(detail).", hint: tryAgain(error.operation))
        case .serverError where error.status == 404 || error.status == 410:
            // Gone is gone: trying again later changes nothing.
            return MessageModel(.error, "\(place.capitalizedFirst) has no such page\(detail).", hint: checkAddress(error.operation))
        case .serverError:
            return MessageModel(.error, "\(place.capitalizedFirst) answered with an error\(detail).", hint: tryAgain(error.operation))
        case .redirectLoop:
            return MessageModel(.error, "\(place.capitalizedFirst) keeps redirecting\(detail).", hint: checkAddress(error.operation))
        case .malformedResponse:
            let what = error.operation == .search ? "a response RecipeBook cannot read" : "a page RecipeBook cannot read"
            return MessageModel(.error, "\(place.capitalizedFirst) sent \(what)\(detail).", hint: checkAddress(error.operation))
        case .tooLarge:
            return MessageModel(.error, "The answer from \(place) is too large\(detail).", hint: checkAddress(error.operation))
        case .invalidQuery:
            return MessageModel(.error, "Cannot search for that: \(error.detail.isEmpty ? "the query is not valid" : error.detail).",
                                hint: mode == .interactive ? "Type ingredients separated by commas, like: onions, garlic"
                                    : "Give ingredients separated by commas, like: recipes search \"onions, garlic\"")
        case .invalidAddress:
            return MessageModel(.error, "This recipe's link is not a web page RecipeBook can open\(detail).")
        case .cancelled:
            return cancelled(searching: error.operation == .search)
        case .storageCorrupt:
            return MessageModel(.error, "The favorites database is damaged or is not RecipeBook's\(detail); it was left untouched.",
                                hint: "Searching still works. Move the file aside (see --data-dir) to start a new one.")
        case .storageTooNew:
            return MessageModel(.error, "The favorites database was written by a newer RecipeBook\(detail); it was left untouched.",
                                hint: "Searching still works. Update RecipeBook to use these favorites.")
        case .storageBusy where error.operation == .cache:
            return MessageModel(.error, "The cache is busy: another RecipeBook is using it\(detail).",
                                hint: "Nothing was removed; try again in a moment.")
        case .storageBusy:
            return MessageModel(.error, "The favorites database is locked by another program\(detail).",
                                hint: "Nothing saved before was lost. Close the program that holds it (another recipes, sqlite3) and try again.")
        case .storageFull:
            return MessageModel(.error, "There is no space left to write \(error.operation == .cache ? "the cache" : "the favorites")\(detail).",
                                hint: "Nothing saved before was lost. Free some space on the disk, then try again.")
        case .storageReadOnly:
            return MessageModel(.error, "The favorites cannot be changed here\(detail).", hint: "They can still be listed, searched and read.")
        case .storage where error.operation == .cache:
            return MessageModel(.error, "The cache failed\(detail).", hint: "Searching works without it (--no-cache).")
        case .storage:
            return MessageModel(.error, "The favorites database failed\(detail).",
                                hint: "Nothing saved before was lost. Check the disk and try again.")
        case .notFound:
            return MessageModel(.error, error.detail.isEmpty ? "Not found." : "Not found: \(error.detail).")
        case .pictureUnavailable:
            return MessageModel(.warning, "Picture unavailable\(detail).")
        default:
            return MessageModel(.error, "Something went wrong\(detail).")
        }
    }

    /// A line typed at the prompt that is not a command.
    public func input(_ error: InputError) -> MessageModel {
        switch error {
        case .unknownCommand(let word):
            return MessageModel(.error, "Unknown command \"\(word)\".", hint: "Type ? for the commands, or ingredients to search.")
        case .missingArgument(let command, let usage):
            return MessageModel(.error, "\(command) needs more: \(usage)")
        case .badNumber(let command, let text):
            return MessageModel(.error, "\(command) wants a recipe number, not \"\(text)\".")
        case .numberBelowOne(let text):
            return MessageModel(.error, "There is no recipe \(text): numbers start at 1.", hint: "Use a number shown on the screen.")
        case .unexpectedArgument(let command, let usage):
            return MessageModel(.error, "\(command) takes no such argument: \(usage)")
        case .unbalancedQuote:
            return MessageModel(.error, "A quote is not closed: put title words between two \" marks, like: eggs \"omelet\"")
        case .tooLong(let limit):
            return MessageModel(.error, "That line is longer than \(limit) characters; nothing was done.")
        case .numberTooLarge(let text):
            return MessageModel(.error, "There is no recipe \(text): the number is far past any recipe.", hint: "Use a number shown on the screen.")
        case .nothingToSearch:
            return MessageModel(.error, "Nothing to search for.", hint: "Type ingredients separated by commas, like: onions, garlic")
        case .unknownFilter(let name):
            return unknownFilter(name)
        case .missingCuisine:
            return MessageModel(.error, "filter cuisine needs the cuisine's name.", hint: "For example: filter cuisine Thai (Tab completes it).")
        case .unknownSetting(let text):
            return unknownSetting(text)
        case .commandLineOnly(let option, let example):
            return MessageModel(.error, "\(option) belongs to the command line, not the prompt.", hint: "Run it from the shell: \(example)")
        case .badFactor, .badServings, .unknownUnits, .unknownSubcommand, .badMissing, .unknownOption:
            return kitchenInput(error)
        }
    }

    /// Ctrl-C while a long screen or page was being drawn.
    public func stoppedDrawing() -> MessageModel {
        MessageModel(.info, "Stopped: the rest was not drawn.")
    }

    /// Ctrl-C: a search carries on with `retry`, and with `n` when the search's results are the list
    /// `n` pages (not the favorites screen a search was typed on); anything else is simply not done.
    public func cancelled(searching: Bool = true, nextContinues: Bool = true) -> MessageModel {
        guard mode == .interactive, searching else { return MessageModel(.info, "Cancelled.") }
        return MessageModel(.info, "Cancelled.", hint: nextContinues ? "n or retry carries on from there." : "retry carries on from there.")
    }

    // MARK: Wording

    private func tryAgain(_ operation: UseCaseError.Operation) -> String {
        switch (mode, operation) {
        case (.interactive, .search): return "Type retry to try again; your favorites work offline."
        case (.interactive, .saveFavorite): return "On the favorites screen, refresh fetches what is missing."
        case (.interactive, _): return "Try again later; favorites open offline."
        case (.oneShot, _): return "Run the command again later; favorites work offline (recipes favorites)."
        }
    }

    private func offline(_ operation: UseCaseError.Operation, refusedBy: String?) -> String {
        if let refusedBy {
            // The network works: nothing listens at that address.
            let retry = mode == .interactive && operation == .search ? "; retry tries again" : ""
            let favorites = mode == .interactive ? "type favorites" : "recipes favorites"
            return "The server at \(refusedBy) is not answering (is it running?); favorites still work (\(favorites))\(retry)."
        }
        switch mode {
        case .interactive:
            return operation == .search ? "You seem to be offline: favorites still work (type favorites), and retry tries again."
                : "You seem to be offline: favorites still open (type favorites)."
        case .oneShot:
            return "You seem to be offline: favorites still work (recipes favorites)."
        }
    }

    private func checkAddress(_ operation: UseCaseError.Operation) -> String? {
        operation == .search ? "Check the --api address: it may not be a RecipePuppy API." : nil
    }

    private static func place(of operation: UseCaseError.Operation) -> String {
        switch operation {
        case .search: return "the recipe server"
        case .readPage, .saveFavorite, .readPicture: return "the recipe's site"
        case .readFile: return "the page file"
        case .favorites: return "the favorites database"
        case .export: return "the file"
        case .cache: return "the cache"
        }
    }

    static func parenthesized(_ detail: String) -> String {
        let trimmed = detail.hasPrefix(", ") ? String(detail.dropFirst(2)) : detail
        return trimmed.isEmpty ? "" : " (\(trimmed))"
    }
}

extension String {
    /// The text with its first letter in capitals.
    var capitalizedFirst: String {
        prefix(1).uppercased() + dropFirst()
    }
}
