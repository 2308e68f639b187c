public import Foundation
public import Entity
public import Interactor

/// Builds display models from search results. Pure: the same input always gives the same model.
public enum ScreenFormatter {
    public static func card(_ listed: ListedRecipe) -> RecipeCard {
        RecipeCard(number: listed.number, title: listed.recipe.title,
                   ingredients: listed.recipe.ingredients.joined(separator: ", "),
                   site: listed.recipe.site, href: listed.recipe.href, cuisine: listed.recipe.cuisine, badges: badges(listed))
    }

    static func badges(_ listed: ListedRecipe) -> [Badge] {
        (listed.isFavorite == true ? [.favorite] : []) + (listed.hasLactose ? [.lactose] : [])
    }

    /// `now`: the clock's time, to tell results kept a while ago from ones kept just now; `savedCanChange`:
    /// false for results whose source cannot change (the bundled catalog), which say nothing of asking
    /// the server for newer ones.
    public static func screen(_ screen: RecipeScreen, messages: Messages, now: Date, savedCanChange: Bool = true) -> ScreenModel {
        var heading = "Recipes with \(screen.query.summary)"
        if screen.filter.isActive { heading += " · \(filterName(shownFilter(screen)))" }
        var notes = messages.notes(screen)
        if let saved = screen.saved {
            if saved.offline {
                notes.append(messages.offlineResults(savedAt: displayDate(saved.savedAt)))
            } else if savedCanChange, now.timeIntervalSince(saved.savedAt) > 5 * 60 {
                notes.append(messages.checkingSavedResults(savedAt: displayDate(saved.savedAt)))
            }
        }
        if let problem = screen.starsProblem {
            notes.append(messages.starsNotShown(problem))
        }
        return ScreenModel(heading: heading, cards: screen.recipes.map(card), notes: notes, footer: footer(screen))
    }

    /// Where the screen stands and what to type next. Where the line is short, `? help` goes first, then
    /// the details hint, `p previous`, `o N read`, the screen's number and the hidden count; the range
    /// (or, where no recipe passes the filter, how many it hid) and the state of the walk (more, the end,
    /// offline, failing) stay, said shortly where they must.
    static func footer(_ screen: RecipeScreen) -> Hints {
        var hints: [Hints.Hint] = []
        // Counted from the first recipe found, not on this screen alone: said so.
        let hidden = screen.hiddenCount > 0 ? "\(screen.hiddenCount) hidden by \(filterName(shownFilter(screen)))" : nil
        if let first = screen.recipes.first?.number, let last = screen.recipes.last?.number {
            hints.append(.init(first == last ? "Recipe \(first)" : "Recipes \(first)–\(last)", rank: 0))
            hints.append(.init("screen \(screen.index + 1)", rank: 2))
            if let hidden { hints.append(.init("\(hidden) so far", rank: 2)) }
        } else {
            let none = screen.pagesLookedAt == nil ? "No recipes pass the filter" : "No recipes pass the filter yet"
            // When none pass, how many the filter hid is where the screen stands: it stays on a short line,
            // where the heading above names the filter.
            hints.append(hidden.map { .init("\(none): \($0) so far", rank: 0, short: "None pass: \(screen.hiddenCount) hidden") } ?? .init(none, rank: 0))
        }
        if let pages = screen.pagesLookedAt {
            hints.append(.init("looked through \(pages) page\(pages == 1 ? "" : "s") · n looks further", rank: 1, short: "n looks further"))
        } else {
            switch screen.status {
            case .more: hints.append(.init("n next", rank: 1))
            case .last: hints.append(.init("end of results", rank: 1, short: "the end"))
            case .offline: hints.append(.init("offline: retry to fetch more", rank: 1, short: "offline: retry"))
            case .failing: hints.append(.init("the server failed the pages after these: retry to try again", rank: 1,
                                              short: "server failing: retry"))
            }
        }
        if screen.index > 0 { hints.append(.init("p previous", rank: 4)) }
        if let example = screen.recipes.first?.number {
            hints.append(.init("\(example) details", rank: 5))
            hints.append(.init("o \(example) read", rank: 3))
        }
        hints.append(.init("? help", rank: 6))
        return Hints(hints)
    }

    /// The screen's filter with its cuisine spelled as the recipes shown spell it (`Thai` for `thai`).
    static func shownFilter(_ screen: RecipeScreen) -> RecipeFilter {
        var filter = screen.filter
        if filter.cuisine != nil, let spelled = screen.recipes.lazy.compactMap(\.recipe.cuisine).first { filter.cuisine = spelled }
        return filter
    }

    /// `Thai · lactose-free`, `lactose-free`, or `all`.
    public static func filterName(_ filter: RecipeFilter) -> String {
        let parts = [filter.cuisine, filter.lactoseFree ? "lactose-free" : nil].compactMap { $0 }
        return parts.isEmpty ? "all" : parts.joined(separator: " · ")
    }

    /// What the page's recipe adds to the details: its yields, time and video.
    static func recipeFields(_ recipe: PageRecipe?) -> [RecipeDetailModel.Field] {
        guard let recipe else { return [] }
        var fields: [RecipeDetailModel.Field] = []
        if let yields = recipe.yields { fields.append(.init(label: "Yields", value: yields)) }
        if let time = RecipeCardFormatter.time(recipe) { fields.append(.init(label: "Time", value: time)) }
        if let video = recipe.videoURL { fields.append(.init(label: "Video", value: video)) }
        return fields
    }

    /// Recipe `listed` in full; with the method of its page's `method` recipe when that is known.
    public static func detail(_ listed: ListedRecipe, method pageRecipe: PageRecipe? = nil) -> RecipeDetailModel {
        let recipe = listed.recipe
        var fields: [RecipeDetailModel.Field] = [
            .init(label: "Ingredients", value: recipe.ingredients.joined(separator: ", ")),
            .init(label: "Lactose", value: listed.hasLactose ? "yes, from " + listed.lactoseIngredients.joined(separator: ", ") : "none found"),
            .init(label: "Site", value: recipe.site.isEmpty ? "unknown" : recipe.site),
            .init(label: "Link", value: recipe.href),
        ]
        if let cuisine = recipe.cuisine { fields.insert(.init(label: "Cuisine", value: cuisine), at: 2) }
        if let thumbnail = recipe.thumbnail { fields.append(.init(label: "Picture", value: thumbnail)) }
        let favorite: String
        switch listed.isFavorite {
        case true?: favorite = "★ yes"
        case false?: favorite = "no (fav \(listed.number) to save it for offline)"
        case nil: favorite = "unknown (the favorites cannot be read)"
        }
        fields.append(.init(label: "Favorite", value: favorite))
        return RecipeDetailModel(number: listed.number, title: recipe.title, badges: badges(listed),
                                 fields: fields + recipeFields(pageRecipe), method: pageRecipe.map(RecipeCardFormatter.method) ?? [],
                                 footer: "o \(listed.number) read the recipe · back · ? help")
    }

    /// Recipe `number`'s page as its recipe card: the recipe read from it, its amounts as `amounts`
    /// asks. Nil when it holds none.
    public static func recipeCard(_ page: ReadablePage, number: Int, amounts: CardAmounts = .asWritten) -> PageModel? {
        guard let recipe = page.pageRecipe else { return nil }
        return PageModel(title: recipe.title.isEmpty ? title(of: page) : recipe.title, source: source(of: page),
                         note: RecipeCardFormatter.amountsNote(recipe, amounts: amounts),
                         blocks: RecipeCardFormatter.blocks(recipe, address: page.address, amounts: amounts), references: [],
                         alternate: .init(key: "p", label: "whole page"),
                         footer: "o \(number) page shows the whole page · x2 or serves 6 scales it · list \(number) adds it to the shopping list")
    }

    /// A page's whole text, with its links numbered. For recipe `number`'s own page: `asked` says a
    /// recipe card was asked for (and the page has none), and a page that has one says how to see it.
    public static func page(_ page: ReadablePage, number: Int? = nil, cardAsked: Bool = false) -> PageModel {
        let ownPage = number != nil && page.address == page.recipe.href
        let note = ownPage && cardAsked && page.pageRecipe == nil ? "No recipe was found on this page; this is its whole text." : nil
        let hasCard = ownPage && page.pageRecipe != nil
        let blocks: [PageModel.Block] = page.document.blocks.map { block in
            switch block {
            case .heading(let level, let text): return .heading(level: level, text: text)
            case .paragraph(let text): return .paragraph(text)
            case .listItem(let marker, let text, let depth): return .item(marker: marker, text: text, depth: depth)
            case .preformatted(let text): return .preformatted(text)
            case .rule: return .rule
            }
        }
        return PageModel(title: title(of: page), source: source(of: page), note: note, blocks: blocks,
                         references: page.document.links.map { "\($0.number). \($0.url)" },
                         alternate: hasCard ? .init(key: "r", label: "recipe card") : nil,
                         footer: hasCard ? number.map { "o \($0) shows the recipe card" } : nil)
    }

    /// "read online from example.com", "saved copy from 2026-11-20 10:05", or the kept copy standing in
    /// for the network.
    static func source(of page: ReadablePage) -> String {
        switch page.source {
        case .online: return readOnline(page.address)
        case .saved(let date): return "saved copy from \(displayDate(date))"
        case .cached(let date): return "offline: the copy kept on \(displayDate(date))"
        }
    }

    /// "read online from example.com" for a page read from `address`.
    static func readOnline(_ address: String) -> String {
        let site = RecipeSite.domain(of: address)
        return site.isEmpty ? "read online" : "read online from \(site)"
    }

    /// The page's own title; for the recipe's page without one, the recipe's title; for a page a link
    /// led to, its first heading or else its address.
    static func title(of page: ReadablePage) -> String {
        if !page.document.title.isEmpty { return page.document.title }
        if page.address == page.recipe.href { return page.recipe.title }
        for block in page.document.blocks {
            if case .heading(_, let text) = block { return text }
        }
        return page.address
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
