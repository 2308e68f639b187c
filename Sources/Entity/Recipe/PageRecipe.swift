import TextSafety

/// The recipe a web page holds, as RecipeBook's reader, favorites, export and `read --json` share it.
///
/// Every string is cleaned here, in the initializer: references decoded, tags, control characters,
/// escape sequences and invisible characters removed, whitespace collapsed, each line capped in length
/// and the lists capped in count. Empty lines and empty groups are dropped. A decoded recipe is held to
/// the same caps and loses any control character, escape sequence or invisible character, but its
/// text is taken as text (an `&amp;` it holds stays), so a stored recipe reads back unchanged.
public struct PageRecipe: Hashable, Sendable, Codable {
    /// How the recipe was found on its page, from the most trusted to the least.
    public enum Method: String, Hashable, Sendable, Codable, CaseIterable {
        /// schema.org `Recipe` as JSON-LD.
        case jsonLD = "json-ld"
        /// schema.org `Recipe` as microdata (`itemscope`, `itemprop`).
        case microdata
        /// The markup of a recipe-card plugin (class names such as `wprm-recipe-ingredient`).
        case recipeCard = "recipe-card"
        /// Headings such as "Ingredients" and "Method" followed by lists or paragraphs.
        case heuristic
    }

    /// Ingredient lines under an optional group name ("For the sauce").
    public struct IngredientGroup: Hashable, Sendable, Codable {
        public let name: String?
        public let lines: [String]

        public init(name: String?, lines: [String]) {
            self.init(name: name, lines: lines, cleaning: .pageText)
        }

        init(name: String?, lines: [String], cleaning: Cleaning) {
            let cleanName = name.map { cleaning.clean($0, Limits.shortText) }
            self.name = cleanName?.isEmpty == false ? cleanName : nil
            self.lines = Array(lines.lazy.map { cleaning.clean($0, Limits.ingredientLength) }.filter { !$0.isEmpty }
                .prefix(Limits.ingredientLines))
        }
    }

    /// One line of the method, in page order: a step, or a section heading ("For the glaze") of its own.
    public struct Instruction: Hashable, Sendable, Codable {
        public enum Kind: String, Hashable, Sendable, Codable {
            case step
            case section
        }

        public let kind: Kind
        public let text: String

        public init(_ kind: Kind, _ text: String) {
            self.init(kind, text, cleaning: .pageText)
        }

        init(_ kind: Kind, _ text: String, cleaning: Cleaning) {
            self.kind = kind
            self.text = cleaning.clean(text, kind == .step ? Limits.stepLength : Limits.shortText)
        }

        public static func step(_ text: String) -> Instruction { Instruction(.step, text) }
        public static func section(_ text: String) -> Instruction { Instruction(.section, text) }
    }

    /// How text is cleaned on its way in: text from a page, or text read back from storage.
    enum Cleaning {
        case pageText
        case stored

        func clean(_ text: String, _ limit: Int) -> String {
            switch self {
            case .pageText: CleanText.line(text, maxLength: limit)
            case .stored: CleanText.safe(text, maxLength: limit)
            }
        }
    }

    /// The caps every recipe is held to, whatever its page says.
    public enum Limits {
        public static let titleLength = 500
        public static let shortText = 500
        public static let descriptionLength = 4_000
        public static let ingredientLength = 1_000
        public static let stepLength = 8_000
        public static let addressLength = 2_048
        /// Ingredient lines over all groups together.
        public static let ingredientLines = 300
        public static let ingredientGroups = 60
        public static let instructions = 300
        /// The largest number of minutes a time may say (about a year).
        public static let minutes = 525_600
    }

    public let title: String
    public let description: String?
    /// The yield as the page says it ("4 servings", "12 cookies").
    public let yields: String?
    public let totalMinutes: Int?
    public let prepMinutes: Int?
    public let cookMinutes: Int?
    public let ingredientGroups: [IngredientGroup]
    public let instructions: [Instruction]
    public let cuisine: String?
    public let category: String?
    public let imageURL: String?
    public let videoURL: String?
    public let author: String?
    public let siteName: String?
    public let canonicalURL: String?
    public let language: String?
    /// The original the recipe says it was taken from (schema.org `isBasedOn`): a collection's file or
    /// another page.
    public let basedOnURL: String?
    /// The licence the recipe is published under (schema.org `license`), as the page names it.
    public let license: String?
    public let method: Method

    public init(
        title: String, description: String? = nil, yields: String? = nil,
        totalMinutes: Int? = nil, prepMinutes: Int? = nil, cookMinutes: Int? = nil,
        ingredientGroups: [IngredientGroup], instructions: [Instruction],
        cuisine: String? = nil, category: String? = nil, imageURL: String? = nil, videoURL: String? = nil,
        author: String? = nil, siteName: String? = nil, canonicalURL: String? = nil, language: String? = nil,
        basedOnURL: String? = nil, license: String? = nil, method: Method
    ) {
        self.init(title: title, description: description, yields: yields, totalMinutes: totalMinutes, prepMinutes: prepMinutes,
                  cookMinutes: cookMinutes, ingredientGroups: ingredientGroups, instructions: instructions, cuisine: cuisine,
                  category: category, imageURL: imageURL, videoURL: videoURL, author: author, siteName: siteName,
                  canonicalURL: canonicalURL, language: language, basedOnURL: basedOnURL, license: license, method: method,
                  cleaning: .pageText)
    }

    private init(
        title: String, description: String?, yields: String?, totalMinutes: Int?, prepMinutes: Int?, cookMinutes: Int?,
        ingredientGroups: [IngredientGroup], instructions: [Instruction], cuisine: String?, category: String?,
        imageURL: String?, videoURL: String?, author: String?, siteName: String?, canonicalURL: String?, language: String?,
        basedOnURL: String?, license: String?, method: Method, cleaning: Cleaning
    ) {
        func text(_ raw: String?, _ limit: Int) -> String? {
            guard let raw else { return nil }
            let clean = cleaning.clean(raw, limit)
            return clean.isEmpty ? nil : clean
        }
        self.title = cleaning.clean(title, Limits.titleLength)
        self.description = text(description, Limits.descriptionLength)
        self.yields = text(yields, Limits.shortText)
        self.totalMinutes = PageRecipe.minutes(totalMinutes)
        self.prepMinutes = PageRecipe.minutes(prepMinutes)
        self.cookMinutes = PageRecipe.minutes(cookMinutes)
        self.ingredientGroups = PageRecipe.capped(ingredientGroups)
        self.instructions = Array(instructions.lazy.filter { !$0.text.isEmpty }.prefix(Limits.instructions))
        self.cuisine = text(cuisine, Limits.shortText)
        self.category = text(category, Limits.shortText)
        self.imageURL = PageRecipe.address(imageURL)
        self.videoURL = PageRecipe.address(videoURL)
        self.author = text(author, Limits.shortText)
        self.siteName = text(siteName, Limits.shortText)
        self.canonicalURL = PageRecipe.address(canonicalURL)
        self.language = text(language, 64)
        self.basedOnURL = PageRecipe.address(basedOnURL)
        self.license = text(license, Limits.shortText)
        self.method = method
    }

    /// Every ingredient line in page order, group names left out.
    public var ingredients: [String] {
        ingredientGroups.flatMap(\.lines)
    }

    /// Every line of the method in page order, section headings as lines of their own.
    public var steps: [String] {
        instructions.map(\.text)
    }

    private static func address(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let clean = CleanText.address(raw, maxLength: Limits.addressLength)
        return clean.isEmpty ? nil : clean
    }

    private static func minutes(_ value: Int?) -> Int? {
        guard let value, value >= 0, value <= Limits.minutes else { return nil }
        return value
    }

    /// Groups with lines, at most `Limits.ingredientLines` lines over all of them.
    private static func capped(_ groups: [IngredientGroup]) -> [IngredientGroup] {
        var result: [IngredientGroup] = []
        var room = Limits.ingredientLines
        for group in groups where !group.lines.isEmpty {
            guard room > 0, result.count < Limits.ingredientGroups else { break }
            if group.lines.count <= room {
                result.append(group)
            } else {
                result.append(IngredientGroup(name: group.name, lines: Array(group.lines.prefix(room))))
            }
            room -= min(room, group.lines.count)
        }
        return result
    }

    private enum CodingKeys: String, CodingKey {
        case title, description, yields, totalMinutes, prepMinutes, cookMinutes, ingredientGroups, instructions
        case cuisine, category, imageURL, videoURL, author, siteName, canonicalURL, language, basedOnURL, license, method
    }

    /// A decoded recipe is held to the caps and made safe like a fetched one (a stored recipe is trusted
    /// no more), its text taken as text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            title: try container.decode(String.self, forKey: .title),
            description: try container.decodeIfPresent(String.self, forKey: .description),
            yields: try container.decodeIfPresent(String.self, forKey: .yields),
            totalMinutes: try container.decodeIfPresent(Int.self, forKey: .totalMinutes),
            prepMinutes: try container.decodeIfPresent(Int.self, forKey: .prepMinutes),
            cookMinutes: try container.decodeIfPresent(Int.self, forKey: .cookMinutes),
            ingredientGroups: try container.decode([IngredientGroup].self, forKey: .ingredientGroups),
            instructions: try container.decode([Instruction].self, forKey: .instructions),
            cuisine: try container.decodeIfPresent(String.self, forKey: .cuisine),
            category: try container.decodeIfPresent(String.self, forKey: .category),
            imageURL: try container.decodeIfPresent(String.self, forKey: .imageURL),
            videoURL: try container.decodeIfPresent(String.self, forKey: .videoURL),
            author: try container.decodeIfPresent(String.self, forKey: .author),
            siteName: try container.decodeIfPresent(String.self, forKey: .siteName),
            canonicalURL: try container.decodeIfPresent(String.self, forKey: .canonicalURL),
            language: try container.decodeIfPresent(String.self, forKey: .language),
            basedOnURL: try container.decodeIfPresent(String.self, forKey: .basedOnURL),
            license: try container.decodeIfPresent(String.self, forKey: .license),
            method: try container.decode(Method.self, forKey: .method),
            cleaning: .stored
        )
    }
}

extension PageRecipe.IngredientGroup {
    private enum CodingKeys: String, CodingKey { case name, lines }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decodeIfPresent(String.self, forKey: .name),
                  lines: try container.decode([String].self, forKey: .lines), cleaning: .stored)
    }
}

extension PageRecipe.Instruction {
    private enum CodingKeys: String, CodingKey { case kind, text }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(Kind.self, forKey: .kind), try container.decode(String.self, forKey: .text), cleaning: .stored)
    }
}
