/// One dish of a catalog, as written in its JSON Lines file.
public struct CatalogRecipe: Sendable, Hashable, Codable {
    /// A lower-case slug, unique in its catalog: the last part of the recipe's href.
    public var id: String
    public var title: String
    public var cuisine: String
    /// Lower-case ingredient names as cooks write them (`onions`, `black pepper`).
    public var ingredients: [String]
    public var method: String
    /// An absolute URL served in results instead of the server's own page (user catalogs only).
    public var href: String?
    /// An absolute URL (or "" for none) served instead of the server's own thumbnail.
    public var thumbnail: String?

    public init(
        id: String,
        title: String,
        cuisine: String,
        ingredients: [String],
        method: String,
        href: String? = nil,
        thumbnail: String? = nil
    ) {
        self.id = id
        self.title = title
        self.cuisine = cuisine
        self.ingredients = ingredients
        self.method = method
        self.href = href
        self.thumbnail = thumbnail
    }
}
