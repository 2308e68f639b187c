import TextSafety

/// A recipe read from a recipe file of a person's collection (Markdown with front matter, Cooklang): its
/// text as the file gives it, every string made a printable line, and the file's facts where it gives them.
public struct FileRecipe: Hashable, Sendable {
    /// The most ingredient lines and steps kept; a file with more keeps the first and says how many went.
    public static let maxLines = 1_000
    public static let maxSteps = 1_000
    public static let maxTags = 50

    public let title: String
    /// Ingredient lines as written (`2 large onions, chopped`).
    public let lines: [String]
    public let steps: [String]
    public let servings: String?
    public let prepMinutes: Int?
    public let cookMinutes: Int?
    public let totalMinutes: Int?
    public let tags: [String]
    /// The original's address, when the file gives an absolute http(s) one.
    public let source: String?
    public let author: String?
    public let cuisine: String?
    public let collection: String?
    public let licence: String?
    /// Ingredient lines past `maxLines` that were left out.
    public let linesLeftOut: Int
    /// Steps past `maxSteps` that were left out.
    public let stepsLeftOut: Int

    public init(title: String, lines: [String], steps: [String], servings: String? = nil, prepMinutes: Int? = nil,
                cookMinutes: Int? = nil, totalMinutes: Int? = nil, tags: [String] = [], source: String? = nil,
                author: String? = nil, cuisine: String? = nil, collection: String? = nil, licence: String? = nil) {
        func text(_ value: String?, _ limit: Int = 200) -> String? {
            guard let value else { return nil }
            let clean = CleanText.line(value, maxLength: limit)
            return clean.isEmpty ? nil : clean
        }
        func minutes(_ value: Int?) -> Int? {
            guard let value, value > 0, value <= 100_000 else { return nil }
            return value
        }
        self.title = CleanText.line(title, maxLength: 200)
        let cleanLines = lines.lazy.map { CleanText.line($0, maxLength: 500) }.filter { !$0.isEmpty }
        self.lines = Array(cleanLines.prefix(Self.maxLines))
        linesLeftOut = lines.count > Self.maxLines ? cleanLines.count - self.lines.count : 0
        let cleanSteps = steps.lazy.map { CleanText.line($0, maxLength: 5_000) }.filter { !$0.isEmpty }
        self.steps = Array(cleanSteps.prefix(Self.maxSteps))
        stepsLeftOut = steps.count > Self.maxSteps ? cleanSteps.count - self.steps.count : 0
        self.servings = text(servings, 60)
        self.prepMinutes = minutes(prepMinutes)
        self.cookMinutes = minutes(cookMinutes)
        self.totalMinutes = minutes(totalMinutes)
        var seen = Set<String>()
        var kept: [String] = []
        for tag in tags.prefix(Self.maxTags * 4) {
            guard kept.count < Self.maxTags, let clean = text(tag, 60)?.lowercased(), seen.insert(clean).inserted else { continue }
            kept.append(clean)
        }
        self.tags = kept
        let address = source.map { CleanText.address($0, maxLength: 2_000) }
        self.source = address.flatMap { Self.isWebAddress($0) ? $0 : nil }
        self.author = text(author)
        self.cuisine = text(cuisine, 60)
        self.collection = text(collection)
        self.licence = text(licence)
    }

    /// An absolute http(s) address with a host and no spaces.
    static func isWebAddress(_ text: String) -> Bool {
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = text.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = text.dropFirst(7)
        } else {
            return false
        }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !text.contains { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" }
    }
}

/// Why a recipe file gave no recipe: each is said in one line, and the build goes on.
public enum RecipeFileProblem: Error, Hashable, Sendable {
    case empty
    case tooLarge(bytes: Int, limit: Int)
    /// NUL bytes or bytes that are not UTF-8 text.
    case notText
    case frontMatterNeverCloses
    case noIngredients
    case noSteps
    /// The file could not be opened or read (the system's reason).
    case unreadable(String)

    /// What a person reads after the file's name.
    public var description: String {
        switch self {
        case .empty: "is empty"
        case .tooLarge(let bytes, let limit): "is \(bytes >> 20 > 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"); recipe files of at most \(limit >> 20) MB are read"
        case .notText: "is not text (a binary file, or not UTF-8)"
        case .frontMatterNeverCloses: "has front matter (---) that never closes"
        case .noIngredients: "has no ingredients (an Ingredients section with a list, or @ingredients in Cooklang)"
        case .noSteps: "has no steps (a Directions, Method, Instructions or Steps section)"
        case .unreadable(let reason): "cannot be read: \(reason)"
        }
    }
}
