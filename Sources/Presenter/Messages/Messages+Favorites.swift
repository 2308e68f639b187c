public import Entity
public import Interactor

/// What favorites have to say.
extension Messages {
    public func noFavorites(matching words: String) -> MessageModel {
        MessageModel(.info, words.isEmpty ? "No favorites yet." : "No favorites match \(words).",
                     hint: "fav N saves recipe N of a search, with its page and picture.")
    }

    public func firstScreenOfFavorites() -> MessageModel {
        MessageModel(.info, "This is the first screen of favorites.")
    }

    public func endOfFavorites() -> MessageModel {
        MessageModel(.info, "End of favorites.", hint: "p goes back; type ingredients to search.")
    }

    public func noSuchFavorite(_ number: Int) -> MessageModel {
        MessageModel(.error, "There is no favorite \(number) on the favorites screens shown.", hint: "Use a number shown on the favorites screen.")
    }

    public func removedAlready(_ recipe: Recipe, number: Int) -> MessageModel {
        MessageModel(.info, "“\(recipe.title)” (\(number)) is no longer a favorite.", hint: "fav \(number) puts it back.")
    }

    /// A favorite from now on; its page and picture are on their way.
    public func saving(_ recipe: Recipe) -> MessageModel {
        MessageModel(.info, "★ “\(recipe.title)” is a favorite; fetching its page\(recipe.thumbnail == nil ? "" : " and picture")…")
    }

    /// A favorite already, still without its page or picture: fetching them.
    public func completing(_ recipe: Recipe) -> MessageModel {
        MessageModel(.info, "★ “\(recipe.title)” is a favorite; fetching what it lacks…")
    }

    public func alreadyAFavorite(_ recipe: Recipe, number: Int) -> MessageModel {
        MessageModel(.info, "“\(recipe.title)” is already a favorite.", hint: "unfav \(number) removes it.")
    }

    public func alreadySaving(_ recipe: Recipe) -> MessageModel {
        MessageModel(.info, "“\(recipe.title)” is already being saved.")
    }

    /// What saving (or fetching what a favorite lacked) came to, in one line.
    public func saved(_ report: SaveReport) -> MessageModel {
        let title = report.recipe.title
        if report.missing.isEmpty {
            let with = Messages.savedWith(page: report.hasPage, picture: report.hasPicture)
            if report.wasFavorite {
                return MessageModel(.info, "★ “\(title)” is a favorite\(with.isEmpty ? "" : ", " + with).")
            }
            return MessageModel(.info, "★ Saved “\(title)”\(with.isEmpty ? "" : " " + with)\(report.hasPage ? ": readable offline" : "").")
        }
        let parts = report.missing.map { "its \($0.part.rawValue) (\(shortReason($0.error)))" }
        let lead = report.wasFavorite ? "★ “\(title)” is a favorite, but still without" : "★ Saved “\(title)”, but not"
        return MessageModel(.warning, "\(lead) \(Messages.list(parts, joinedBy: "or")).",
                            hint: "Open favorites and type refresh to fetch what is missing.")
    }

    public func couldNotSave(_ recipe: Recipe, _ error: UseCaseError) -> MessageModel {
        let message = self.error(error)
        return MessageModel(.error, "Could not save “\(recipe.title)”: \(message.text)", hint: message.hint)
    }

    /// A favorite whose page and picture could not be stored; it stays a favorite.
    public func couldNotComplete(_ recipe: Recipe, _ error: UseCaseError) -> MessageModel {
        let message = self.error(error)
        return MessageModel(.error, "Could not store the page and picture of “\(recipe.title)”, which stays a favorite: \(message.text)",
                            hint: "Open favorites and type refresh to fetch them again.")
    }

    public func removed(_ recipe: Recipe, number: Int?) -> MessageModel {
        MessageModel(.info, "Removed “\(recipe.title)” from favorites.",
                     hint: number.map { "fav \($0) puts it back, with its page and picture." })
    }

    public func restored(_ recipe: Recipe) -> MessageModel {
        MessageModel(.info, "★ “\(recipe.title)” is a favorite again, with everything it was saved with.")
    }

    public func notAFavorite(_ recipe: Recipe) -> MessageModel {
        MessageModel(.info, "“\(recipe.title)” was not a favorite.")
    }

    public func waitingForSaves(_ count: Int) -> MessageModel {
        MessageModel(.info, "Waiting for \(count) favorite\(count == 1 ? "" : "s") to finish saving…")
    }

    public func nothingMissing() -> MessageModel {
        MessageModel(.info, "Nothing is missing: every favorite has its page and picture.")
    }

    /// `with its page and picture`, `with its page`, `with its picture`, or nothing.
    static func savedWith(page: Bool, picture: Bool) -> String {
        switch (page, picture) {
        case (true, true): return "with its page and picture"
        case (true, false): return "with its page"
        case (false, true): return "with its picture"
        case (false, false): return ""
        }
    }
}
