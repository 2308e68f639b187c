public import Interactor
public import Foundation
public import Entity
public import Interactor

/// What the one-shot commands (`search`, `favorites`, `read`) say besides errors of the use cases.
extension Messages {
    public func noRecipes(_ query: SearchQuery, gaps: [PageGap] = [], suggestions: [String] = []) -> MessageModel {
        let hint = suggestions.isEmpty ? nil : Messages.noResultsHint(query, suggestions: suggestions)
        if let leftOut = Messages.leftOut(gaps: gaps, dropped: 0, unreadable: 0) {
            return MessageModel(.warning, "No recipes with \(query.summary): the server sent only results RecipeBook left out, \(leftOut).",
                                hint: hint)
        }
        return MessageModel(.info, "No recipes with \(query.summary).", hint: hint)
    }

    /// A search whose recipes all fail the filter (`--cuisine`).
    public func nonePassing(_ filter: RecipeFilter, query: SearchQuery, found: Int) -> MessageModel {
        let kind = filter.cuisine.map { "of the cuisine \($0)" } ?? "that pass the filter"
        return MessageModel(.info, "No recipes \(kind) with \(query.summary)\(found > 0 ? ": \(found) found, none of them \(filter.cuisine ?? "passing")" : "").")
    }

    public func pageBeyondResults(_ page: Int, _ query: SearchQuery) -> MessageModel {
        MessageModel(.info, "No recipes on page \(page) for \(query.summary): the results end earlier.")
    }

    public func nothingSearched() -> MessageModel {
        MessageModel(.error, "Nothing was searched.")
    }

    /// `recipes read` on a page that holds no recipe; `name` is the address or file as given.
    public func noRecipe(in name: String) -> MessageModel {
        MessageModel(.info, "No recipe found in \(name): the page holds none RecipeBook can read.")
    }

    /// `recipes read` answered from the cache because the site could not be reached.
    public func keptPageShown(keptAt: Date) -> MessageModel {
        MessageModel(.warning, "The site could not be reached: this is the copy kept on \(ScreenFormatter.displayDate(keptAt)).")
    }

    /// One-shot output that cannot be encoded: `what` is "the results" or "the recipe".
    public func cannotEncodeJSON(_ what: String, reason: String) -> MessageModel {
        MessageModel(.error, "Cannot write \(what) as JSON: \(reason)")
    }

    /// One-shot output the system refused (a full disk, an I/O error): `what` is "the results", "the
    /// catalog", …; `reason` the system's words for it; `full` when the disk (or its quota) is full.
    public func cannotWriteOutput(_ what: String, reason: String, full: Bool) -> MessageModel {
        let next = full ? "free some space or send the output elsewhere" : "send the output elsewhere"
        return MessageModel(.error, "Cannot write \(what): \(reason.prefix(1).lowercased() + reason.dropFirst()); \(next).")
    }

    /// What `favorites --export` wrote where.
    public func exported(_ count: Int, to written: WrittenExport) -> MessageModel {
        var line = "Wrote \(count) favorite\(count == 1 ? "" : "s") to \(written.path)"
        if let folder = written.picturesFolder, written.pictures > 0 {
            line += ", \(written.pictures) picture\(written.pictures == 1 ? "" : "s") in \(folder)/"
        }
        return MessageModel(.info, line)
    }
}
