import Foundation
import Entity
public import Interactor

/// A favorite as `recipes favorites --json` prints it: the search keys plus what was saved.
public struct FavoriteRecord: Encodable, Sendable, Equatable {
    public let recipe: RecipeRecord
    /// ISO 8601, UTC.
    public let savedAt: String
    public let pageText: String?
    public let thumbnailBytes: Int

    enum CodingKeys: String, CodingKey {
        case savedAt = "saved_at", pageText = "page_text", thumbnailBytes = "thumbnail_bytes"
    }

    public func encode(to encoder: any Encoder) throws {
        try recipe.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(savedAt, forKey: .savedAt)
        try container.encode(pageText, forKey: .pageText)
        try container.encode(thumbnailBytes, forKey: .thumbnailBytes)
    }

    init(number: Int, favorite: Favorite) {
        recipe = RecipeRecord(ListedRecipe(number: number, recipe: favorite.recipe, isFavorite: true))
        savedAt = ISO8601DateFormatter().string(from: favorite.savedAt)
        pageText = favorite.page?.document.plainText
        thumbnailBytes = favorite.thumbnail?.bytes.count ?? 0
    }
}

/// What `recipes favorites` came to.
public enum FavoritesOutcome: Sendable, Equatable {
    case found([FavoriteRecord], cards: [RecipeCard])
    case empty(MessageModel)
    case failed(MessageModel)
}

/// The favorites one-shot mode and the Markdown cookbook.
@MainActor
public final class FavoritesExportPresenter {
    private let favorites: FavoritesInteractor
    private let messages = Messages(mode: .oneShot)

    public init(favorites: FavoritesInteractor) {
        self.favorites = favorites
    }

    public func list(matching words: String) async -> FavoritesOutcome {
        do throws(UseCaseError) {
            let all = try await favorites.all(matching: words)
            guard !all.isEmpty else { return .empty(messages.noFavorites(matching: words)) }
            let records = all.enumerated().map { FavoriteRecord(number: $0.offset + 1, favorite: $0.element) }
            let cards = all.enumerated().map { ScreenFormatter.card(ListedRecipe(number: $0.offset + 1, recipe: $0.element.recipe, isFavorite: true)) }
            return .found(records, cards: cards)
        } catch {
            return .failed(messages.error(error))
        }
    }

    /// The favorites as a Markdown cookbook, and how many it holds; or the message saying why not.
    public func markdown(matching words: String) async -> (text: String?, count: Int, problem: MessageModel?) {
        do throws(UseCaseError) {
            let all = try await favorites.all(matching: words)
            return (FavoritesExportPresenter.cookbook(all), all.count, nil)
        } catch {
            return (nil, 0, messages.error(error))
        }
    }

    static func cookbook(_ favorites: [Favorite]) -> String {
        var lines = ["# My RecipeBook favorites", "", "\(favorites.count) recipe\(favorites.count == 1 ? "" : "s"), newest first.", ""]
        for favorite in favorites {
            let recipe = favorite.recipe
            lines.append("## \(escape(recipe.title))")
            lines.append("")
            let lactose = LactoseRule.triggers(in: recipe.ingredients)
            lines.append("- Source: <\(recipe.href)>")
            lines.append("- Saved: \(ISO8601DateFormatter().string(from: favorite.savedAt))")
            if !lactose.isEmpty { lines.append("- Lactose: " + lactose.map(escape).joined(separator: ", ")) }
            lines.append("")
            lines.append("### Ingredients")
            lines.append("")
            lines += recipe.ingredients.map { "- " + escape($0) }
            lines.append("")
            if let page = favorite.page {
                lines.append("### From the recipe's page")
                lines.append("")
                for block in page.document.blocks {
                    switch block {
                    case .heading(_, let text): lines += ["**\(escape(text))**", ""]
                    case .paragraph(let text): lines += [escape(text), ""]
                    case .listItem(let marker, let text, let depth):
                        lines.append(String(repeating: "  ", count: depth) + (marker == "•" ? "-" : marker) + " " + escape(text))
                    case .preformatted(let text): lines += ["```", text.replacingOccurrences(of: "```", with: "'''"), "```", ""]
                    case .rule: lines += ["---", ""]
                    }
                }
                lines.append("")
            }
        }
        return lines.joined(separator: "\n").replacingOccurrences(of: "\n\n\n", with: "\n\n") + "\n"
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\`*_{}[]<>#|".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
