public import Entity

/// A recipe read from a page as `recipes read --json` prints it, and as `favorites --json` nests it
/// under `recipe`: exactly these keys, absent values as null.
public struct PageRecipeRecord: Encodable, Sendable, Equatable {
    public struct Group: Encodable, Sendable, Equatable {
        public let name: String?
        public let ingredients: [String]

        enum CodingKeys: String, CodingKey { case name, ingredients }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(ingredients, forKey: .ingredients)
        }
    }

    public let title: String
    public let description: String?
    /// Every ingredient line, group names left out.
    public let ingredients: [String]
    public let ingredientGroups: [Group]
    /// Every line of the method in page order; section headings are lines of their own.
    public let steps: [String]
    public let yields: String?
    public let totalMinutes: Int?
    public let prepMinutes: Int?
    public let cookMinutes: Int?
    public let image: String?
    public let video: String?
    public let cuisine: String?
    public let category: String?
    public let author: String?
    public let site: String?
    public let language: String?
    /// The page's canonical address, else the address it was read from (nil for a file without one).
    public let sourceURL: String?
    public let lactose: Bool
    /// The ingredient lines that make it so.
    public let lactoseIngredients: [String]
    /// How the recipe was found: json-ld, microdata, recipe-card or heuristic.
    public let foundBy: String

    enum CodingKeys: String, CodingKey {
        case title, description, ingredients, ingredientGroups = "ingredient_groups", steps, yields
        case totalMinutes = "total_minutes", prepMinutes = "prep_minutes", cookMinutes = "cook_minutes"
        case image, video, cuisine, category, author, site, language, sourceURL = "source_url", lactose
        case lactoseIngredients = "lactose_ingredients", foundBy = "found_by"
    }

    /// Every string printable (`TerminalText`), as the recipe's own clean-up already makes it.
    public init(_ recipe: PageRecipe, address: String?) {
        let line = TerminalText.line
        title = line(recipe.title)
        description = recipe.description.map(line)
        ingredients = recipe.ingredients.map(line)
        ingredientGroups = recipe.ingredientGroups.map { Group(name: $0.name.map(line), ingredients: $0.lines.map(line)) }
        steps = recipe.steps.map(line)
        yields = recipe.yields.map(line)
        totalMinutes = recipe.totalMinutes
        prepMinutes = recipe.prepMinutes
        cookMinutes = recipe.cookMinutes
        image = recipe.imageURL.map(line)
        video = recipe.videoURL.map(line)
        cuisine = recipe.cuisine.map(line)
        category = recipe.category.map(line)
        author = recipe.author.map(line)
        site = recipe.siteName.map(line)
        language = recipe.language.map(line)
        sourceURL = (recipe.canonicalURL ?? address).map(line)
        lactoseIngredients = LactoseRule.triggers(in: recipe.ingredients).map(line)
        lactose = !lactoseIngredients.isEmpty
        foundBy = recipe.method.rawValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(ingredients, forKey: .ingredients)
        try container.encode(ingredientGroups, forKey: .ingredientGroups)
        try container.encode(steps, forKey: .steps)
        try container.encode(yields, forKey: .yields)
        try container.encode(totalMinutes, forKey: .totalMinutes)
        try container.encode(prepMinutes, forKey: .prepMinutes)
        try container.encode(cookMinutes, forKey: .cookMinutes)
        try container.encode(image, forKey: .image)
        try container.encode(video, forKey: .video)
        try container.encode(cuisine, forKey: .cuisine)
        try container.encode(category, forKey: .category)
        try container.encode(author, forKey: .author)
        try container.encode(site, forKey: .site)
        try container.encode(language, forKey: .language)
        try container.encode(sourceURL, forKey: .sourceURL)
        try container.encode(lactose, forKey: .lactose)
        try container.encode(lactoseIngredients, forKey: .lactoseIngredients)
        try container.encode(foundBy, forKey: .foundBy)
    }
}
