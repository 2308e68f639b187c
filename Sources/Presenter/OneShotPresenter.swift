import Entity
public import Interactor
import TextSafety

/// A recipe as the one-shot mode prints it (`--json` writes exactly these keys, in this order).
public struct RecipeRecord: Encodable, Sendable, Equatable {
    public let number: Int
    public let title: String
    public let href: String
    public let ingredients: [String]
    public let thumbnail: String?
    public let cuisine: String?
    public let lactose: Bool
    /// Nil when the favorites could not be read.
    public let favorite: Bool?

    enum CodingKeys: String, CodingKey { case number, title, href, ingredients, thumbnail, cuisine, lactose, favorite }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(title, forKey: .title)
        try container.encode(href, forKey: .href)
        try container.encode(ingredients, forKey: .ingredients)
        try container.encode(thumbnail, forKey: .thumbnail)
        try container.encode(cuisine, forKey: .cuisine)
        try container.encode(lactose, forKey: .lactose)
        try container.encode(favorite, forKey: .favorite)
    }

    /// Every string printable (`TerminalText`), however the recipe was made.
    init(_ listed: ListedRecipe) {
        number = listed.number
        title = TerminalText.line(listed.recipe.title)
        href = TerminalText.line(listed.recipe.href)
        ingredients = listed.recipe.ingredients.map(TerminalText.line)
        thumbnail = listed.recipe.thumbnail.map(TerminalText.line)
        cuisine = listed.recipe.cuisine.map(TerminalText.line)
        lactose = listed.hasLactose
        favorite = listed.isFavorite
    }
}

/// What a one-shot search came to.
public enum OneShotOutcome: Sendable, Equatable {
    /// Recipes were found, as records (for JSON) and cards (for text); `notes` say what was skipped.
    case found([RecipeRecord], cards: [RecipeCard], notes: [MessageModel])
    case nothingFound(MessageModel)
    case failed(MessageModel)
    /// The search cannot be made as typed (too many ingredients, a name too long): bad usage.
    case refused(MessageModel)
}

/// The one-shot mode: one search, one screen of `count` recipes, then exit.
@MainActor
public final class OneShotPresenter {
    private let search: SearchInteractor
    private let messages = Messages(mode: .oneShot)

    public init(search: SearchInteractor) {
        self.search = search
    }

    /// Screen `page` (from 1) of `count` recipes.
    /// `ingredients` as the command line's parser split them.
    public func search(ingredients: [String], title: String, cuisine: String? = nil, count: Int, page: Int) async -> OneShotOutcome {
        await search.setScreenSize(count)
        if let cuisine { _ = await search.setFilter(RecipeFilter(cuisine: cuisine)) }
        var result = await search.search(SearchQuery(ingredients: ingredients, title: title))
        var notes: [MessageModel] = []
        for _ in 1..<max(1, page) {
            guard case .screen(let screen) = result else { break }
            notes += messages.notes(screen)
            result = await search.next()
        }
        switch result {
        case .screen(let screen) where screen.recipes.isEmpty && screen.filter.isActive:
            // Recipes were found, but none pass the filter: nothing found, and said so.
            switch screen.status {
            case .offline(let error), .failing(let error): return .failed(messages.error(error))
            case .more, .last: return .nothingFound(messages.nonePassing(screen.filter, query: screen.query, found: screen.hiddenCount))
            }
        case .screen(let screen):
            notes += messages.notes(screen)
            switch screen.status {
            case .offline(let error), .failing(let error): notes.append(messages.error(error))
            case .more, .last: break
            }
            if let problem = screen.starsProblem { notes.append(messages.error(problem)) }
            if let saved = screen.saved { notes.append(messages.offlineResults(savedAt: ScreenFormatter.displayDate(saved.savedAt))) }
            return .found(screen.recipes.map(RecipeRecord.init), cards: screen.recipes.map(ScreenFormatter.card), notes: notes)
        case .noResults(let query, let gaps):
            return .nothingFound(messages.noRecipes(query, gaps: gaps, suggestions: FoodFacts.standard.suggestions(for: query.ingredients)))
        case .unanswered(let query, let gaps):
            return .failed(messages.unanswered(query, gaps: gaps))
        case .endOfResults(let query):
            return .nothingFound(messages.pageBeyondResults(page, query))
        case .failed(let error) where error == .invalidQuery:
            return .refused(messages.error(error))
        case .offline(let error), .failed(let error):
            return .failed(messages.error(error))
        case .cancelled:
            return .failed(messages.cancelled())
        case .noSearch, .atFirstScreen:
            return .failed(messages.nothingSearched())
        }
    }
}
