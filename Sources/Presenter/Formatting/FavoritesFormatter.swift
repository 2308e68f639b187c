import Foundation
public import Entity
public import Interactor

/// Display models for favorites.
public enum FavoritesFormatter {
    /// `saving`: favorites whose page and picture are still being fetched (said so instead of missing).
    public static func screen(_ screen: FavoritesScreen, saving: Set<RecipeID> = []) -> ScreenModel {
        let heading = screen.words.isEmpty ? "Favorites (\(screen.total))" : "Favorites matching \(screen.words) (\(screen.total))"
        let cards = screen.favorites.map { listed in
            RecipeCard(number: listed.number, title: listed.summary.recipe.title,
                       ingredients: listed.summary.recipe.ingredients.joined(separator: ", "),
                       site: ([listed.summary.recipe.site] + (listed.summary.recipe.cuisine.map { [$0] } ?? [])).joined(separator: " · ")
                           + " · saved " + ScreenFormatter.displayDate(listed.summary.savedAt)
                           + (listed.summary.hasPage ? "" : saving.contains(listed.summary.recipe.id) ? " · saving its page…" : " · page missing"),
                       href: listed.summary.recipe.href, badges: [.favorite] + (listed.lactoseIngredients.isEmpty ? [] : [.lactose]))
        }
        var footer: [String] = []
        if let first = cards.first?.number, let last = cards.last?.number {
            footer.append(first == last ? "Favorite \(first)" : "Favorites \(first)–\(last)")
        }
        if !screen.isLast { footer.append("n next") }
        if screen.index > 0 { footer.append("p previous") }
        if let example = cards.first?.number {
            footer += ["\(example) details", "o \(example) read offline", "unfav \(example) remove"]
        }
        return ScreenModel(heading: heading, cards: cards, notes: [], footer: Hints(footer))
    }

    public static func detail(_ favorite: Favorite, number: Int) -> RecipeDetailModel {
        let recipe = favorite.recipe
        let lactose = LactoseRule.triggers(in: recipe.ingredients)
        var fields: [RecipeDetailModel.Field] = [
            .init(label: "Ingredients", value: recipe.ingredients.joined(separator: ", ")),
            .init(label: "Lactose", value: lactose.isEmpty ? "none found" : "yes, from " + lactose.joined(separator: ", ")),
            .init(label: "Site", value: recipe.site.isEmpty ? "unknown" : recipe.site),
            .init(label: "Link", value: recipe.href),
            .init(label: "Favorite", value: "★ saved \(ScreenFormatter.displayDate(favorite.savedAt))"),
            .init(label: "Page", value: favorite.page == nil ? "not saved (refresh fetches it)" : "saved, readable offline"),
        ]
        if let cuisine = recipe.cuisine { fields.insert(.init(label: "Cuisine", value: cuisine), at: 2) }
        if let thumbnail = favorite.thumbnail {
            fields.append(.init(label: "Picture", value: "saved (\(thumbnail.bytes.count) bytes, \(thumbnail.contentType))"))
        } else if recipe.thumbnail != nil {
            fields.append(.init(label: "Picture", value: "not saved (refresh fetches it)"))
        }
        return RecipeDetailModel(number: number, title: recipe.title, badges: [.favorite] + (lactose.isEmpty ? [] : [.lactose]),
                                 fields: fields + ScreenFormatter.recipeFields(favorite.page?.recipe),
                                 method: favorite.page?.recipe.map(RecipeCardFormatter.method) ?? [],
                                 footer: "o \(number) read offline · unfav \(number) remove · back")
    }
}
