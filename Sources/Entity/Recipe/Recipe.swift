import TextSafety

/// A recipe as RecipeBook knows it: cleaned, with its identity.
public struct Recipe: Hashable, Sendable, Codable {
    /// The normalized href: two results with the same id are the same recipe.
    public let id: RecipeID
    /// The title as a person reads it (entities decoded, tags and control characters removed, whitespace collapsed).
    public let title: String
    /// The href as the server sent it (trimmed), used to fetch the recipe's page.
    public let href: String
    /// Ingredient names, lower-case, without repeats, in the server's order.
    public let ingredients: [String]
    /// The thumbnail URL, or nil when the server sent none.
    public let thumbnail: String?
    /// The cuisine (`Thai`), when the server says (RecipePuppy itself never did).
    public let cuisine: String?

    /// Everything given is cleaned with `CleanText` (no control characters, escape sequences or invisible
    /// characters can come through); the title, ingredients and cuisine also lose tags and references.
    public init(title: String, href: String, ingredients: [String], thumbnail: String?, cuisine: String? = nil) {
        let cleanHref = CleanText.address(href)
        self.id = RecipeID(href: cleanHref)
        self.title = CleanText.line(title, maxLength: Recipe.maxTextLength)
        self.href = cleanHref
        self.ingredients = TextCleanup.uniqueNames(ingredients.map { CleanText.line($0, maxLength: Recipe.maxTextLength) })
        let cleanThumbnail = thumbnail.map { CleanText.address($0) }
        self.thumbnail = cleanThumbnail?.isEmpty == false ? cleanThumbnail : nil
        let cleanCuisine = cuisine.map { CleanText.line($0, maxLength: 200) }
        self.cuisine = cleanCuisine?.isEmpty == false ? cleanCuisine : nil
    }

    /// The longest title or ingredient kept, in Unicode scalars.
    public static let maxTextLength = 2_000

    /// The site the recipe comes from: the href's host without a leading `www.`.
    public var site: String {
        RecipeSite.domain(of: href)
    }
}

/// Where a recipe lives on the web.
public enum RecipeSite {
    public static func domain(of href: String) -> String {
        guard let schemeEnd = href.firstRange(of: "://") else { return "" }
        let rest = href[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        var host = rest[..<authorityEnd].lowercased()
        if let at = host.lastIndex(of: "@") { host = String(host[host.index(after: at)...]) }
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") { host = String(host[..<colon]) }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        return host
    }
}
