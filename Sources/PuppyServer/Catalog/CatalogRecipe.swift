/// One dish of a catalog, as written in its JSON Lines file.
public struct CatalogRecipe: Sendable, Hashable, Codable {
    /// A lower-case slug, unique in its catalog: the last part of the recipe's href.
    public var id: String
    public var title: String
    /// The cuisine (`Tunisian`), or "" when the catalog does not say; results then carry no `cuisine`.
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
        cuisine: String = "",
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

    private enum CodingKeys: String, CodingKey {
        case id, title, cuisine, ingredients, method, href, thumbnail
    }

    /// Reads a catalog line's shape: `cuisine`, `href` and `thumbnail` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        cuisine = try container.decodeIfPresent(String.self, forKey: .cuisine) ?? ""
        ingredients = try container.decode([String].self, forKey: .ingredients)
        method = try container.decode(String.self, forKey: .method)
        href = try container.decodeIfPresent(String.self, forKey: .href)
        thumbnail = try container.decodeIfPresent(String.self, forKey: .thumbnail)
    }

    /// Writes a catalog line: no `cuisine` key when there is none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        if !cuisine.isEmpty { try container.encode(cuisine, forKey: .cuisine) }
        try container.encode(ingredients, forKey: .ingredients)
        try container.encode(method, forKey: .method)
        try container.encodeIfPresent(href, forKey: .href)
        try container.encodeIfPresent(thumbnail, forKey: .thumbnail)
    }
}
