public import Foundation
public import Entity
public import Interactor

/// What searching and paging have to say.
extension Messages {
    public func noResults(_ query: SearchQuery, suggestions: [String] = [], gaps: [PageGap] = []) -> MessageModel {
        let hint = Messages.noResultsHint(query, suggestions: suggestions)
        if let leftOut = Messages.leftOut(gaps: gaps, dropped: 0, unreadable: 0) {
            return MessageModel(.warning, "No recipes with \(query.summary): the server sent only results RecipeBook left out, \(leftOut).",
                                hint: hint)
        }
        return MessageModel(.info, "No recipes with \(query.summary).", hint: hint)
    }

    /// What to try after a search that found nothing: the names probably meant, else fewer ingredients
    /// when several were typed, else other words.
    static func noResultsHint(_ query: SearchQuery, suggestions: [String]) -> String {
        if !suggestions.isEmpty { return "Did you mean " + list(suggestions.prefix(3).map { $0 }, joinedBy: "or") + "?" }
        return query.ingredients.count > 1 ? "Try fewer ingredients, or other words." : "Try other words."
    }

    /// `3 without a title or link and 7 with nothing readable in their title or link`: the results left
    /// out on pages (`gaps`) and on the screen (`dropped`, of which `unreadable`); nil when none were.
    static func leftOut(gaps: [PageGap], dropped: Int, unreadable: Int) -> String? {
        var total = dropped
        var unreadableTotal = unreadable
        for gap in gaps {
            if case .leftOut(let count, let unreadable) = gap.reason {
                total += count
                unreadableTotal += unreadable
            }
        }
        guard total > 0 else { return nil }
        let untitled = total - unreadableTotal
        var parts: [String] = []
        if untitled > 0 { parts.append("\(untitled) without a title or link") }
        if unreadableTotal > 0 {
            parts.append("\(unreadableTotal) with nothing readable in \(unreadableTotal == 1 ? "its" : "their") title or link")
        }
        return list(parts, joinedBy: "and")
    }

    /// A search that found nothing because pages failed.
    public func unanswered(_ query: SearchQuery, gaps: [PageGap]) -> MessageModel {
        let failures = gaps.compactMap(\.failure)
        var reasons = Set(failures.map(shortReason)).sorted().joined(separator: ", ")
        // One kind of failure throughout: say exactly what the last one was.
        if let last = failures.last, Set(failures.map(shortReason)).count == 1, last != .serverError, !last.detail.isEmpty {
            reasons += ": " + last.detail
        }
        var text = "Could not search for \(query.summary): the server failed \(Messages.pages(gaps.filter { $0.failure != nil }.map(\.number))) (\(reasons))"
        let empty = gaps.filter { $0.reason == .empty }.map(\.number)
        if !empty.isEmpty { text += "; \(Messages.pages(empty)) came back empty" }
        // An answer too large, malformed or redirected for ever comes back the same: trying again later
        // helps only with a failure that can pass.
        guard failures.contains(where: Messages.mayPass) else {
            return MessageModel(.error, text + ".", hint: "Check the --api address: it may not be a RecipePuppy API.")
        }
        return MessageModel(.error, text + ".", hint: mode == .interactive ? "Type retry to try again." : "Run the command again later.")
    }

    /// Whether a failure may not happen again: the network's (timed out, refused, reset), or a server
    /// that is failing or busy now (5xx, 408, 429).
    static func mayPass(_ error: UseCaseError) -> Bool {
        if error.isNetworkLevel { return true }
        guard error == .serverError else { return false }
        guard let status = error.status else { return true }
        return status >= 500 || status == 408 || status == 429
    }

    public func cacheReport(_ report: CacheReport) -> MessageModel {
        MessageModel(.info, "The cache in \(report.folder) holds \(report.entries) entr\(report.entries == 1 ? "y" : "ies"), "
                     + "\(report.bytes / 1024) KB of its \(report.capacity / (1 << 20)) MB.", hint: "recipes cache clear empties it.")
    }

    public func cacheCleared(_ folder: String) -> MessageModel {
        MessageModel(.info, "Emptied the cache in \(folder).")
    }

    /// The favorites cannot be read to star the results: the search goes on without stars.
    public func starsNotShown(_ problem: UseCaseError) -> MessageModel {
        let message = error(problem)
        return MessageModel(.warning, "Favorite stars are not shown: \(message.text)", hint: message.hint)
    }

    public func offlineResults(savedAt: String) -> MessageModel {
        MessageModel(.warning, "Offline: showing results saved at \(savedAt).")
    }

    public func checkingSavedResults(savedAt: String) -> MessageModel {
        MessageModel(.info, "Shown from results saved at \(savedAt); asking the server for newer ones.")
    }

    public func savedResultsChecked(_ check: SavedResultsCheck, query: SearchQuery, savedAt: (Date) -> String) -> MessageModel? {
        switch check {
        case .current: return nil
        case .changed: return MessageModel(.info, "The server has newer results for \(query.summary).", hint: "r shows them.")
        case .offline(let date): return offlineResults(savedAt: savedAt(date))
        }
    }

    public func endOfResults(_ query: SearchQuery) -> MessageModel {
        MessageModel(.info, "End of results: no more recipes with \(query.summary).",
                     hint: "p goes back; type other ingredients for a new search.")
    }

    public func lastSearch(_ query: SearchQuery) -> MessageModel {
        MessageModel(.info, "Last time you searched for \(query.summary).", hint: "r runs it again.")
    }

    /// A filter set before any search: it narrows the next one.
    public func filterForNextSearch(_ name: String) -> MessageModel {
        MessageModel(.info, name == "all" ? "Filters off: the next search shows everything it finds."
                                          : "Filter \(name) on: the next search shows only what passes it.",
                     hint: "Type ingredients, like: onions, garlic")
    }

    public func noSearch() -> MessageModel {
        MessageModel(.info, "Nothing searched yet.", hint: "Type ingredients, like: onions, garlic")
    }

    public func atFirstScreen() -> MessageModel {
        MessageModel(.info, "This is the first screen.", hint: "n shows the next one.")
    }

    public func unknownFilter(_ name: String) -> MessageModel {
        MessageModel(.error, "Unknown filter \"\(name)\".", hint: "Filters: lactose-free, cuisine NAME, all.")
    }

    /// `filter cuisine NAME` for a cuisine neither the common ones nor the results name.
    public func unknownCuisine(_ name: String, known: [String]) -> MessageModel {
        MessageModel(.error, "There is no cuisine \"\(name)\": the filter is as it was.",
                     hint: "Cuisines: \(known.joined(separator: ", ")).")
    }

    public func noSuchRecipe(_ number: Int) -> MessageModel {
        MessageModel(.error, "There is no recipe \(number) in this search.", hint: "Use a number shown on the screen.")
    }

    public func nowhereBack() -> MessageModel {
        MessageModel(.info, "Nowhere to go back to.")
    }

    public func backAtStart() -> MessageModel {
        MessageModel(.info, "Back at the start.", hint: "Type ingredients, like: onions, garlic")
    }

    /// Notes about pages passed over and results left out while a screen was fetched.
    /// What a screen of results has to say beside its recipes: other names asked for, then pages passed
    /// over and results left out.
    public func notes(_ screen: RecipeScreen) -> [MessageModel] {
        (screen.alsoAskedFor.isEmpty ? [] : [alsoAskedFor(screen.alsoAskedFor)])
            + notes(gaps: screen.gaps, dropped: screen.droppedCount, unreadable: screen.unreadableCount)
    }

    /// The server matches names only as written, so the search went on with other names for what was
    /// typed, and these found recipes.
    public func alsoAskedFor(_ names: [String]) -> MessageModel {
        MessageModel(.info, "This server matches ingredient names only as written: also searched for \(Messages.list(names, joinedBy: "and")).")
    }

    public func notes(gaps: [PageGap], dropped: Int, unreadable: Int = 0) -> [MessageModel] {
        var notes: [MessageModel] = []
        let failed = gaps.compactMap { gap in gap.failure.map { (gap.number, $0) } }
        let malformed = failed.filter { $0.1 == .malformedResponse }
        let otherFailures = failed.filter { $0.1 != .malformedResponse }
        let empty = gaps.filter { $0.reason == .empty }.map(\.number)
        if !malformed.isEmpty {
            notes.append(MessageModel(.warning, "The server sent a malformed response for \(Messages.pages(malformed.map(\.0))); skipped."))
        }
        if !otherFailures.isEmpty {
            let reasons = Set(otherFailures.map { shortReason($0.1) }).sorted().joined(separator: ", ")
            notes.append(MessageModel(.warning, "Skipped \(Messages.pages(otherFailures.map(\.0))) after the server failed twice (\(reasons))."))
        }
        if !empty.isEmpty {
            notes.append(MessageModel(.info, "Skipped empty \(Messages.pages(empty)); later pages had results."))
        }
        if let leftOut = Messages.leftOut(gaps: gaps, dropped: dropped, unreadable: unreadable) {
            notes.append(MessageModel(.info, "Left out results: \(leftOut)."))
        }
        return notes
    }

    /// A failure in a few words: `HTTP 500`, `timed out`.
    public func shortReason(_ error: UseCaseError) -> String {
        if let status = error.status { return "HTTP \(status)" }
        switch error {
        case .timeout: return "timed out"
        case .unreachable: return "unreachable"
        case .connectionLost: return "connection lost"
        case .malformedResponse: return "malformed response"
        case .tooLarge: return "answer too large"
        case .redirectLoop: return "redirect loop"
        case .invalidAddress: return "not a web address"
        case .cancelled: return "cancelled"
        // A picture that does not decode says why, as `pic N` does: "a GIF; RecipeBook shows JPEG, …".
        case .pictureUnavailable: return error.detail.isEmpty ? "picture unavailable" : error.detail
        default: return error.detail.isEmpty ? "error" : error.detail
        }
    }

    /// `page 3`, `pages 2, 3 and 5`.
    static func pages(_ numbers: [Int]) -> String {
        numbers.count == 1 ? "page \(numbers[0])" : "pages " + list(numbers.map(String.init), joinedBy: "and")
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String], joinedBy word: String) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + " \(word) " + last
    }
}
