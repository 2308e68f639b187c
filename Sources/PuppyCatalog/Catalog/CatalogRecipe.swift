/// One dish of a catalog, as written in its JSON Lines file.
///
/// A recipe taken from a source carries its facts as the source gives them: `lines` (the ingredient
/// lines with their amounts), `servings`, the minutes, `tags`, `source` (the address of the original),
/// `collection`, `author`, `licence`, and its `photo` and `thumb`. A dish known only as an outline has
/// its ingredient names and a method and none of those: its page shows no amounts, servings or times,
/// and it has no picture. Nothing is estimated.
public struct CatalogRecipe: Sendable, Hashable, Codable {
    /// A lower-case slug, unique in its catalog: the last part of the recipe's href.
    public var id: String
    public var title: String
    /// The cuisine (`Tunisian`), or "" when the catalog does not say; results then carry no `cuisine`.
    public var cuisine: String
    /// Lower-case ingredient names as cooks write them (`onions`, `black pepper`): what searches match.
    public var ingredients: [String]
    /// The method as one text: the steps joined, or the outline's paragraph.
    public var method: String
    /// An absolute URL served in results instead of the server's own page (user catalogs only).
    public var href: String?
    /// An absolute URL (or "" for none) served instead of the server's own thumbnail.
    public var thumbnail: String?
    /// The ingredient lines as the source writes them (`400 g bomba rice`); nil for an outline.
    public var lines: [String]?
    /// The method as steps; nil when the catalog gives one paragraph.
    public var steps: [String]?
    public var tags: [String]?
    /// What the recipe serves or makes, as the source says it (`4`, `12 cookies`).
    public var servings: String?
    public var prepMinutes: Int?
    public var cookMinutes: Int?
    public var totalMinutes: Int?
    /// `yyyy-mm-dd`, when the source dates the recipe.
    public var published: String?
    /// The address of the original recipe (its file in its repository, or its page).
    public var source: String?
    /// The collection it was taken from (`HowToCook`).
    public var collection: String?
    public var author: String?
    public var licence: String?
    /// The photo: a path beside the catalog file (in the bundled cookbook, a file of its pack), or an
    /// absolute http(s) address.
    public var photo: String?
    /// The photo at thumbnail size, the same way; the photo itself when absent.
    public var thumb: String?

    /// Whether the recipe's facts come from a source (amounts, servings, times as written there).
    public var isFromSource: Bool { lines != nil }

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
        case id, title, cuisine, ingredients, method, href, thumbnail, lines, steps, tags, servings, prepMinutes, cookMinutes,
             totalMinutes, published, source, collection, author, licence, photo, thumb
    }

    /// Reads a catalog line's shape: everything but `id`, `title`, `ingredients` and a method (`method`,
    /// or `steps`) may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        cuisine = try container.decodeIfPresent(String.self, forKey: .cuisine) ?? ""
        ingredients = try container.decode([String].self, forKey: .ingredients)
        steps = try container.decodeIfPresent([String].self, forKey: .steps)
        if let method = try container.decodeIfPresent(String.self, forKey: .method) {
            self.method = method
        } else if let steps, !steps.isEmpty {
            method = steps.joined(separator: " ")
        } else {
            method = try container.decode(String.self, forKey: .method)
        }
        href = try container.decodeIfPresent(String.self, forKey: .href)
        thumbnail = try container.decodeIfPresent(String.self, forKey: .thumbnail)
        lines = try container.decodeIfPresent([String].self, forKey: .lines)
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
        servings = try container.decodeIfPresent(String.self, forKey: .servings)
        prepMinutes = try container.decodeIfPresent(Int.self, forKey: .prepMinutes)
        cookMinutes = try container.decodeIfPresent(Int.self, forKey: .cookMinutes)
        totalMinutes = try container.decodeIfPresent(Int.self, forKey: .totalMinutes)
        published = try container.decodeIfPresent(String.self, forKey: .published)
        source = try container.decodeIfPresent(String.self, forKey: .source)
        collection = try container.decodeIfPresent(String.self, forKey: .collection)
        author = try container.decodeIfPresent(String.self, forKey: .author)
        licence = try container.decodeIfPresent(String.self, forKey: .licence)
        photo = try container.decodeIfPresent(String.self, forKey: .photo)
        thumb = try container.decodeIfPresent(String.self, forKey: .thumb)
    }

    /// Writes a catalog line: no `cuisine` key when there is none, no key for a fact not known; the
    /// method as `steps` when there are steps.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        if !cuisine.isEmpty { try container.encode(cuisine, forKey: .cuisine) }
        try container.encode(ingredients, forKey: .ingredients)
        if let steps, !steps.isEmpty {
            try container.encode(steps, forKey: .steps)
        } else {
            try container.encode(method, forKey: .method)
        }
        try container.encodeIfPresent(href, forKey: .href)
        try container.encodeIfPresent(thumbnail, forKey: .thumbnail)
        try container.encodeIfPresent(lines, forKey: .lines)
        try container.encodeIfPresent(tags, forKey: .tags)
        try container.encodeIfPresent(servings, forKey: .servings)
        try container.encodeIfPresent(prepMinutes, forKey: .prepMinutes)
        try container.encodeIfPresent(cookMinutes, forKey: .cookMinutes)
        try container.encodeIfPresent(totalMinutes, forKey: .totalMinutes)
        try container.encodeIfPresent(published, forKey: .published)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(collection, forKey: .collection)
        try container.encodeIfPresent(author, forKey: .author)
        try container.encodeIfPresent(licence, forKey: .licence)
        try container.encodeIfPresent(photo, forKey: .photo)
        try container.encodeIfPresent(thumb, forKey: .thumb)
    }
}
