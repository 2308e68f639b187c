public import Presenter

extension OneShotOutput {
    /// `recipes list`: the list on stdout (one JSON object, or the list by aisle), messages on stderr;
    /// exit 3 when it is empty.
    public func print(_ outcome: ShoppingListOutcome, json: Bool) -> ExitCode {
        switch outcome {
        case .found(let record, let model):
            if json { return writeJSON(record, what: "the shopping list") }
            let text = Renderer(width: width, colors: colors).shoppingList(model).dropFirst().joined(separator: "\n") + "\n"
            return emit(text, what: "the shopping list") ? .success : .failure
        case .empty(let record, let message):
            if json, writeJSON(record, what: "the shopping list") != .success { return .failure }
            report(message)
            return .nothingFound
        case .failed(let message):
            report(message)
            return .failure
        }
    }

    /// `recipes have`: the ranked recipes on stdout (a JSON array, or cards with their links), what is
    /// worth knowing on stderr; exit 3 when nothing is found.
    public func print(_ outcome: PantryMatchOutcome, json: Bool) -> ExitCode {
        switch outcome {
        case .found(let listing, let notes):
            // Only what is printed is made: records for JSON (written without the encoder), cards for text.
            guard json ? emit(PantryRecordsJSON.text(listing.records) + "\n", what: "the results")
                : write([PantryMatchRecord](), cards: listing.cards, json: false)
            else { return .failure }
            notes.forEach(report)
            return .success
        case .nothingFound(let message, let notes):
            if json, !emit("[]\n", what: "the results") { return .failure }
            notes.forEach(report)
            report(message)
            return .nothingFound
        case .failed(let message):
            report(message)
            return .failure
        }
    }

    /// One JSON value on stdout; exit 1 (after saying why) when it cannot be written.
    private func writeJSON<Record: Encodable>(_ record: Record, what: String) -> ExitCode {
        do {
            return emit(try encode(record) + "\n", what: what) ? .success : .failure
        } catch {
            report(messages.cannotEncodeJSON(what, reason: "\(error)"))
            return .failure
        }
    }
}
