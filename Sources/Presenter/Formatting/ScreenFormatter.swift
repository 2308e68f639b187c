import Foundation
import Entity
public import Services
public import Interactor

/// Builds display models from use-case results. Pure: the same input always gives the same model.
public enum ScreenFormatter {
    public static func card(_ listed: ListedRecipe) -> RecipeCard {
        RecipeCard(number: listed.number, title: listed.recipe.title,
                   ingredients: listed.recipe.ingredients.joined(separator: ", "),
                   site: listed.recipe.site, href: listed.recipe.href, badges: badges(listed))
    }

    static func badges(_ listed: ListedRecipe) -> [Badge] {
        (listed.isFavorite ? [.favorite] : []) + (listed.hasLactose ? [.lactose] : [])
    }

    public static func screen(_ screen: RecipeScreen) -> ScreenModel {
        let cards = screen.recipes.map(card)
        var heading = "Recipes with \(screen.query.summary)"
        if screen.filter != .all { heading += " · \(screen.filter.rawValue)" }
        return ScreenModel(heading: heading, cards: cards, notes: notes(skipped: screen.skipped, dropped: screen.droppedCount),
                           footer: footer(screen))
    }

    static func footer(_ screen: RecipeScreen) -> String {
        var parts: [String] = []
        if let first = screen.recipes.first?.number, let last = screen.recipes.last?.number {
            parts.append((first == last ? "Recipe \(first)" : "Recipes \(first)–\(last)") + " · screen \(screen.index + 1)")
        } else {
            parts.append("No recipes pass the filter")
        }
        if screen.hiddenCount > 0 { parts.append("\(screen.hiddenCount) hidden by \(screen.filter.rawValue)") }
        switch screen.status {
        case .more: parts.append("n next")
        case .last: parts.append("end of results")
        case .offline: parts.append("offline: retry to fetch more")
        }
        if screen.index > 0 { parts.append("p previous") }
        if let example = screen.recipes.first?.number {
            parts.append("\(example) details · o \(example) read")
        }
        parts.append("? help")
        return parts.joined(separator: " · ")
    }

    /// Notes about pages passed over and results left out.
    public static func notes(skipped: [SkippedPage], dropped: Int) -> [MessageModel] {
        var notes: [MessageModel] = []
        let failed = skipped.compactMap { page -> (Int, ServiceError)? in
            if case .failed(let error) = page.reason { return (page.number, error) }
            return nil
        }
        let malformed = failed.filter { $0.1 == .malformedBody }
        let otherFailures = failed.filter { $0.1 != .malformedBody }
        let empty = skipped.filter { $0.reason == .empty }.map(\.number)
        if !malformed.isEmpty {
            notes.append(MessageModel(.warning, "The server sent a malformed response for \(pages(malformed.map(\.0))); skipped."))
        }
        if !otherFailures.isEmpty {
            let reasons = Set(otherFailures.map { shortReason($0.1) }).sorted().joined(separator: ", ")
            notes.append(MessageModel(.warning, "Skipped \(pages(otherFailures.map(\.0))) after the server failed twice (\(reasons))."))
        }
        if !empty.isEmpty {
            notes.append(MessageModel(.info, "Skipped empty \(pages(empty)); later pages had results."))
        }
        if dropped > 0 {
            notes.append(MessageModel(.info, "Left out \(dropped) result\(dropped == 1 ? "" : "s") without a title or link."))
        }
        return notes
    }

    static func shortReason(_ error: ServiceError) -> String {
        if let status = error.status { return "HTTP \(status)" }
        switch error {
        case .timeout: return "timed out"
        case .unreachable: return "unreachable"
        case .connectionLost: return "connection lost"
        case .malformedBody: return "malformed response"
        case .tooLarge: return "answer too large"
        case .redirectLoop: return "redirect loop"
        case .cancelled: return "cancelled"
        default: return "error"
        }
    }

    static func pages(_ numbers: [Int]) -> String {
        numbers.count == 1 ? "page \(numbers[0])" : "pages " + numbers.map(String.init).joined(separator: ", ")
    }

    public static func detail(_ listed: ListedRecipe) -> RecipeDetailModel {
        let recipe = listed.recipe
        var fields: [RecipeDetailModel.Field] = [
            .init(label: "Ingredients", value: recipe.ingredients.joined(separator: ", ")),
            .init(label: "Lactose", value: listed.hasLactose ? "yes, from " + listed.lactoseIngredients.joined(separator: ", ") : "none found"),
            .init(label: "Site", value: recipe.site.isEmpty ? "unknown" : recipe.site),
            .init(label: "Link", value: recipe.href),
        ]
        if let thumbnail = recipe.thumbnail { fields.append(.init(label: "Picture", value: thumbnail)) }
        fields.append(.init(label: "Favorite", value: listed.isFavorite ? "★ yes" : "no (fav \(listed.number) to save it for offline)"))
        return RecipeDetailModel(number: listed.number, title: recipe.title, badges: badges(listed), fields: fields,
                                 footer: "o \(listed.number) read the page · back · ? help")
    }

    public static func page(_ page: ReadablePage) -> PageModel {
        let source: String
        switch page.source {
        case .online: source = "online"
        case .saved(let date): source = "saved copy from \(displayDate(date))"
        }
        let blocks: [PageModel.Block] = page.document.blocks.map { block in
            switch block {
            case .heading(let level, let text): return .heading(level: level, text: text)
            case .paragraph(let text): return .paragraph(text)
            case .listItem(let marker, let text, let depth): return .item(marker: marker, text: text, depth: depth)
            case .preformatted(let text): return .preformatted(text)
            case .rule: return .rule
            }
        }
        let title = page.document.title.isEmpty ? page.recipe.title : page.document.title
        return PageModel(title: title, source: source, blocks: blocks,
                         references: page.document.links.map { "\($0.number). \($0.url)" })
    }

    /// `2026-11-22 10:05`, in local time.
    static func displayDate(_ date: Date) -> String {
        dateFormatter.string(from: date)
    }

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }()
}
