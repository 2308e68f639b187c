import Entity
import Interactor

/// What the kitchen's commands say: scaling and units, the shopping list, the pantry, "what can I make".
extension Messages {
    /// A kitchen command typed wrongly.
    func kitchenInput(_ error: InputError) -> MessageModel {
        switch error {
        case .badFactor(let text):
            return MessageModel(.error, "x wants how many times to make the recipe, from \(CardScale.factorRangeText), not \"\(text)\".",
                                hint: "For example: x2, x 1/2, x1.5 (x1 shows it as written).")
        case .badServings(let text):
            return MessageModel(.error, "serves wants a number of servings, not \"\(text)\".", hint: "For example: serves 6, or o 3 serves 6.")
        case .unknownUnits(let text) where Messages.imperialWords.contains(text.lowercased()):
            return MessageModel(.error, Messages.noImperial, hint: "Use units metric, units us or units as-written.")
        case .unknownUnits(let text):
            return MessageModel(.error, "Unknown units \"\(text)\".", hint: "Use units metric, units us or units as-written.")
        case .unknownSubcommand(let command, let word, let usage):
            return MessageModel(.error, "\(command) does not take \"\(word)\".", hint: "Use: \(usage)")
        case .badMissing(let text):
            return MessageModel(.error, "--missing wants a number from 0 to 50, not \"\(text)\".", hint: "For example: have eggs, milk --missing 3")
        case .unknownOption(let command, let option, let usage):
            return MessageModel(.error, "\(command) has no option \(option).", hint: "Use: \(usage)")
        default:
            return input(error)
        }
    }

    /// What asking for imperial measures is told: there are none, and what the choices measure.
    public static let noImperial = "There are no imperial measures here: us is cups, spoons, ounces and pounds in US sizes"
        + " (a pint of 473 ml, not the 568 ml imperial pint), metric is grams and millilitres."

    /// The names a cook may give imperial measures.
    public static let imperialWords: Set<String> = ["imperial", "uk", "british", "english"]

    /// A session built without the kitchen (tests of other parts).
    func kitchenUnavailable() -> MessageModel {
        MessageModel(.error, "The shopping list, pantry and have are not available here.")
    }

    // MARK: Cards

    /// `x2` or `serves 6` with no recipe card being read.
    func noCardToScale() -> MessageModel {
        MessageModel(.error, "There is no recipe card to scale.", hint: "Open one first (o N), then x2 or serves 6; or o N serves 6 at once.")
    }

    /// `units metric` and the like.
    func unitsSet(_ units: UnitSystem?) -> MessageModel {
        MessageModel(.info, "Recipe cards show amounts \(Messages.unitsName(units)) from now on (remembered).")
    }

    /// `units` alone.
    func currentUnits(_ units: UnitSystem?) -> MessageModel {
        MessageModel(.info, "Recipe cards show amounts \(Messages.unitsName(units)).", hint: "units metric, units us or units as-written changes it.")
    }

    static func unitsName(_ units: UnitSystem?) -> String {
        switch units {
        case .metric?: return "in metric"
        case .us?: return "in US measures"
        case nil: return "as written"
        }
    }

    // MARK: The shopping list

    func addedToList(_ addition: ListAddition) -> [MessageModel] {
        let recipe = addition.recipe
        let times = recipe.factor == 1 ? "" : " ×" + CookAmount.decimalText(recipe.factor)
        let lines = "\(recipe.lines.count) ingredient\(recipe.lines.count == 1 ? "" : "s")"
        var said = [MessageModel(.info, addition.wasOnTheList ? "“\(recipe.title)” was on the shopping list: now\(times.isEmpty ? " as written" : times), \(lines)."
                                                               : "Added “\(recipe.title)”\(times) to the shopping list: \(lines).",
                                 hint: "list shows it.")]
        if addition.scaleUnknown, let written = recipe.yields.flatMap(Servings.count(in:)) {
            said.append(MessageModel(.warning, "“\(recipe.title)” serves \(CookAmount.decimalText(written.low)): the servings asked for would scale it"
                                     + " past \(CardScale.factorRangeText), so it is listed as written."))
        } else if addition.scaleUnknown {
            said.append(MessageModel(.warning, "“\(recipe.title)” does not say how many it serves, so it is listed as written."))
        }
        if !recipe.linesFromPage {
            let why = addition.pageProblem.map { " (\(error($0).text.trimmingCharacters(in: ["."])))" } ?? ""
            said.append(MessageModel(.warning, "Its page could not be read\(why): its ingredient names are listed, without amounts."))
        }
        return said
    }

    func emptyList() -> MessageModel {
        MessageModel(.info, "The shopping list is empty.",
                     hint: mode == .interactive ? "list N adds recipe N (of results, favorites, have, or the card being read)."
                                                : "Add recipes at the prompt with list N.")
    }

    func removedFromList(_ recipe: ShoppingListRecipe) -> MessageModel {
        MessageModel(.info, "Took “\(recipe.title)” off the shopping list.")
    }

    func noSuchListRecipe(_ number: Int) -> MessageModel {
        MessageModel(.error, "There is no recipe \(number) on the shopping list.", hint: "list shows them numbered.")
    }

    func listCleared(_ count: Int) -> MessageModel {
        MessageModel(.info, count == 0 ? "The shopping list was empty already." : "Cleared the shopping list (\(count) recipe\(count == 1 ? "" : "s")).")
    }

    /// What writing the list to a file came to.
    func listWritten(_ outcome: FileOutcome, items: Int) -> MessageModel {
        switch outcome {
        case .written(let path):
            return MessageModel(.info, "Wrote the shopping list to \(path) (\(items) item\(items == 1 ? "" : "s")).")
        case .refused(let path, let reason) where path.isEmpty:
            return MessageModel(.error, "Did not write the shopping list: \(reason).", hint: "list --export FILE.md writes it to FILE.md.")
        case .refused(let path, let reason):
            return MessageModel(.error, "Did not write \(path): \(reason).")
        case .failed(let path, let reason, let cause):
            let hint: String? = switch cause {
            case .noSpace: "Free some space on the disk, and try again."
            case .notPermitted: "Choose a folder you may write in, or a file you may replace."
            case .readOnlyDisk: "That disk is read-only: choose a place on another."
            case .nameTooLong: "Choose a shorter name."
            case .noFolder: "Make the folder first, or choose one that is there."
            case .other: nil
            }
            return MessageModel(.error, "Cannot write \(path): \(reason).", hint: hint)
        }
    }

    // MARK: The pantry

    func pantry(_ items: [PantryItem]) -> MessageModel {
        guard !items.isEmpty else {
            return MessageModel(.info, "Your pantry is empty.", hint: "pantry add eggs, milk, flour keeps what you have.")
        }
        return MessageModel(.info, "In your pantry (\(items.count)): " + items.map(\.name).joined(separator: ", ") + ".",
                            hint: "have lists what they make; salt, pepper, water and oil count as there unless have --strict.")
    }

    func pantryAdded(_ added: [PantryItem], already: [PantryItem]) -> MessageModel {
        var parts: [String] = []
        if !added.isEmpty { parts.append("Added to your pantry: " + added.map(\.name).joined(separator: ", ") + ".") }
        if !already.isEmpty { parts.append("In it already: " + already.map(\.name).joined(separator: ", ") + ".") }
        // A name the food table does not know but is close to one it does is most likely misspelled: said at
        // once, with the close names. (A name with none near it may still be in the catalog: it is taken.)
        let facts = FoodFacts.standard
        let unknown = added.compactMap { item -> (item: PantryItem, close: [String])? in
            guard !facts.knowsFood(item.food) else { return nil }
            let close = facts.suggestions(for: [item.food])
            return close.isEmpty ? nil : (item, close)
        }.prefix(5)
        guard !unknown.isEmpty else {
            return MessageModel(.info, parts.joined(separator: " "), hint: added.isEmpty ? nil : "have lists what your pantry makes.")
        }
        let named = unknown.map { "“\($0.item.name)” (did you mean " + $0.close.joined(separator: " or ") + "?)" }
        parts.append("RecipeBook does not know " + named.joined(separator: ", ") + ".")
        return MessageModel(.warning, parts.joined(separator: " "),
                            hint: "pantry remove " + unknown.map(\.item.name).joined(separator: ", ") + " takes \(unknown.count == 1 ? "it" : "them") off.")
    }

    /// `pantry add` that took nothing, because `have` could not send it.
    func pantryRefused(_ refusal: PantryRefusal) -> MessageModel {
        switch refusal {
        case .nameTooLong(let name, let limit):
            let shown = name.count > 40 ? name.prefix(40) + "…" : name
            return MessageModel(.error, "Nothing added to your pantry: “\(shown)” is longer than the \(limit) characters have can send for a name.",
                                hint: "Name the food alone, like: pantry add smoked paprika")
        case .tooMany(let holding, let adding, let limit):
            return MessageModel(.error, "Nothing added to your pantry: it holds \(holding) name\(holding == 1 ? "" : "s"), and \(adding) more would pass"
                                + " the \(limit) have can send.", hint: "pantry shows what it holds; pantry remove NAMES makes room.")
        }
    }

    func pantryRemoved(_ removed: [PantryItem], notThere: [PantryItem]) -> MessageModel {
        var parts: [String] = []
        if !removed.isEmpty { parts.append("Took off your pantry: " + removed.map(\.name).joined(separator: ", ") + ".") }
        if !notThere.isEmpty { parts.append("Not in it: " + notThere.map(\.name).joined(separator: ", ") + ".") }
        return MessageModel(removed.isEmpty ? .warning : .info, parts.joined(separator: " "))
    }

    func pantryCleared(_ count: Int) -> MessageModel {
        MessageModel(.info, count == 0 ? "Your pantry was empty already." : "Emptied your pantry (\(count) name\(count == 1 ? "" : "s")).")
    }

    // MARK: What can I make

    /// `have` with no names and an empty pantry.
    func nothingToMatch() -> MessageModel {
        MessageModel(.error, "Your pantry is empty and no ingredients were named.",
                     hint: mode == .interactive ? "Name them (have eggs, milk, flour) or keep them: pantry add eggs, milk, flour."
                                                : "Name them: recipes have \"eggs, milk, flour\".")
    }

    func noPantryMatches(_ matches: PantryMatches) -> MessageModel {
        let names = matches.pantry.map(\.name).joined(separator: ", ")
        let next = max(matches.maxMissing + 2, 4)
        return MessageModel(.info, "Nothing found to make with \(names) missing at most \(matches.maxMissing).",
                            hint: mode == .interactive ? "Allow more missing: have \(names) --missing \(next)"
                                                       : "Allow more missing: --missing \(next)")
    }

    func endOfPantryMatches() -> MessageModel {
        MessageModel(.info, "That is every recipe ranked.", hint: "have … --missing N with a larger N lists more.")
    }

    func noSuchPantryMatch(_ number: Int) -> MessageModel {
        MessageModel(.error, "There is no recipe \(number) in this ranking.", hint: "Use a number shown on the screen.")
    }

    /// The ranking was made from single-ingredient searches, not by the server.
    func partialRanking(_ partial: PantryMatches.Partial) -> MessageModel {
        let why: String
        switch partial.why {
        case .noExtension: why = "this server does not rank recipes for a pantry"
        case .offline: why = "the recipe server cannot be reached"
        case .timedOut: why = "the recipe server did not answer its ranking in time"
        case .failed: why = "the server failed its ranking"
        }
        let ended: String
        switch partial.endedBy {
        case nil: ended = partial.cutShort ? ", cut short at that bound" : ""
        case .some(.timeout): ended = ", cut short when the time-out ran out"
        case .some: ended = ", cut short when the recipe server could not be reached"
        }
        let scope = "\(partial.requests) search\(partial.requests == 1 ? "" : "es") for single ingredients" + ended
        return MessageModel(.warning, "Partial ranking: \(why), so these are ranked from what \(scope) found.",
                            hint: "Recipes those searches did not bring are missing.")
    }

    /// A pantry name found in no recipe looked at, close to names that were.
    func pantryNameUnknown(_ name: String, suggestions: [String]) -> MessageModel {
        MessageModel(.warning, "No recipe listed uses \"\(name)\": did you mean \(suggestions.joined(separator: " or "))?")
    }
}
