import Foundation
public import Interactor
import Entity

/// One line of a PuppyServer catalog (JSON Lines), as `puppy-server --catalog` reads it: a unique
/// lower-case slug, the title, ingredient names (no commas), the method (a paragraph, or the steps), and
/// where the recipe lives; a recipe from a collection's file adds the facts the file gives.
public struct CatalogLineRecord: Encodable, Sendable, Equatable {
    public let id: String
    public let title: String
    public let cuisine: String?
    public let ingredients: [String]
    /// The method as one paragraph (a page's recipe); nil when `steps` hold it.
    public let method: String?
    /// The page's address when it was read from the web; a file's recipe gets the server's own page.
    public let href: String?
    /// The page's picture when it is an absolute http(s) address; otherwise the recipe has none.
    public let thumbnail: String?
    public var steps: [String]?
    /// The ingredient lines as written, with their amounts.
    public var lines: [String]?
    public var servings: String?
    public var prepMinutes: Int?
    public var cookMinutes: Int?
    public var totalMinutes: Int?
    public var tags: [String]?
    public var source: String?
    public var collection: String?
    public var author: String?
    public var licence: String?

    init(id: String, title: String, cuisine: String?, ingredients: [String], method: String?, href: String?, thumbnail: String?) {
        self.id = id
        self.title = title
        self.cuisine = cuisine
        self.ingredients = ingredients
        self.method = method
        self.href = href
        self.thumbnail = thumbnail
    }
}

/// Where `recipes catalog build` puts what it makes, as it makes it: each line at once (a catalog of
/// any size never waits in memory), and a message for each source left out and for progress.
@MainActor
public protocol CatalogBuildOutput: AnyObject {
    /// Writes one catalog line; false when the catalog cannot be written any more (the build stops).
    func emit(_ line: CatalogLineRecord) -> Bool
    func report(_ message: MessageModel)
}

/// What a build came to.
public struct CatalogBuildSummary: Sendable, Equatable {
    /// Recipes, pages and places named or found.
    public var sources = 0
    public var written = 0
    /// Sources that could not be read at all (as against read without a recipe in them).
    public var failures = 0
    /// Whether the build stopped because the catalog could not be written.
    public var stopped = false
}

/// `recipes catalog build PAGES… FILES… FOLDERS…`: each page read as `recipes read` reads it, each
/// Markdown or Cooklang recipe file of a collection read as its format says, and each recipe written as
/// a catalog line, so that `puppy-server --catalog` serves a person's own collection.
@MainActor
public final class CatalogBuildPresenter {
    private let reading: ReadingInteractor
    private let messages = Messages(mode: .oneShot)
    /// A progress line after this many sources, when a build has more.
    private let progressEvery: Int
    /// The most ingredients a catalog line may list (PuppyServer's bound).
    static let maxIngredients = 1_000

    public init(reading: ReadingInteractor, progressEvery: Int = 5_000) {
        self.reading = reading
        self.progressEvery = max(1, progressEvery)
    }

    public func build(_ locations: [ReadingInteractor.Location], into output: any CatalogBuildOutput) async -> CatalogBuildSummary {
        let sources = reading.catalogSources(locations)
        var summary = CatalogBuildSummary(sources: sources.count)
        var slugs = SlugMaker()
        for (index, source) in sources.enumerated() {
            if index > 0, index % progressEvery == 0 {
                output.report(MessageModel(.info, "Read \(index) of \(sources.count): \(summary.written) recipes so far."))
            }
            let line: CatalogLineRecord?
            switch source {
            case .page(let location):
                line = await pageLine(location, slugs: &slugs, summary: &summary, output: output)
            case .recipeFile(let path):
                line = fileLine(path, slugs: &slugs, summary: &summary, output: output)
            case .problem(let path, let problem):
                summary.failures += 1
                output.report(MessageModel(.warning, "Left out \(path): \(problem.description)."))
                line = nil
            }
            guard let line else { continue }
            guard output.emit(line) else {
                summary.stopped = true
                return summary
            }
            summary.written += 1
        }
        if sources.count > progressEvery {
            output.report(MessageModel(.info, "Read \(sources.count): \(summary.written) recipes written, \(sources.count - summary.written) left out."))
        }
        return summary
    }

    private func pageLine(_ location: ReadingInteractor.Location, slugs: inout SlugMaker, summary: inout CatalogBuildSummary,
                          output: any CatalogBuildOutput) async -> CatalogLineRecord? {
        let name: String
        switch location {
        case .web(let address): name = address
        case .file(let path): name = path
        }
        do throws(UseCaseError) {
            let (page, address, _) = try await reading.page(at: location)
            guard let recipe = page.recipe else {
                output.report(messages.noRecipe(in: name))
                return nil
            }
            let ingredients = Self.names(recipe.ingredients)
            let method = recipe.steps.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !ingredients.isEmpty, !method.isEmpty, !recipe.title.trimmingCharacters(in: .whitespaces).isEmpty else {
                output.report(MessageModel(.warning, "Left out \(name): its recipe has no \(ingredients.isEmpty ? "ingredients" : method.isEmpty ? "steps" : "title")."))
                return nil
            }
            let image = recipe.imageURL.flatMap { Self.isWebAddress($0) ? $0 : nil }
            return CatalogLineRecord(
                id: slugs.slug(recipe.title), title: recipe.title, cuisine: recipe.cuisine, ingredients: ingredients, method: method,
                href: address.flatMap { Self.isWebAddress($0) ? $0 : nil }, thumbnail: image
            )
        } catch {
            summary.failures += 1
            output.report(messages.error(error))
            return nil
        }
    }

    private func fileLine(_ path: String, slugs: inout SlugMaker, summary: inout CatalogBuildSummary,
                          output: any CatalogBuildOutput) -> CatalogLineRecord? {
        let recipe: FileRecipe
        switch reading.recipeFile(atPath: path) {
        case .success(let read): recipe = read
        case .failure(let problem):
            if case .unreadable = problem { summary.failures += 1 }
            output.report(MessageModel(.warning, "Left out \(path): \(problem.description)."))
            return nil
        }
        let ingredients = Self.names(recipe.lines)
        guard !ingredients.isEmpty else {
            output.report(MessageModel(.warning, "Left out \(path): \(RecipeFileProblem.noIngredients.description)."))
            return nil
        }
        if recipe.linesLeftOut > 0 || recipe.stepsLeftOut > 0 {
            let what = recipe.linesLeftOut > 0
                ? "\(recipe.lines.count + recipe.linesLeftOut) ingredient lines; the first \(FileRecipe.maxLines) are kept"
                : "\(recipe.steps.count + recipe.stepsLeftOut) steps; the first \(FileRecipe.maxSteps) are kept"
            output.report(MessageModel(.warning, "\(path): \(what)."))
        }
        let title = recipe.title.isEmpty ? "Recipe" : recipe.title
        var line = CatalogLineRecord(id: slugs.slug(title), title: title, cuisine: recipe.cuisine, ingredients: ingredients,
                                     method: nil, href: nil, thumbnail: nil)
        line.steps = recipe.steps
        line.lines = recipe.lines
        line.servings = recipe.servings
        line.prepMinutes = recipe.prepMinutes
        line.cookMinutes = recipe.cookMinutes
        line.totalMinutes = recipe.totalMinutes
        line.tags = recipe.tags.isEmpty ? nil : recipe.tags
        line.source = recipe.source
        line.collection = recipe.collection
        line.author = recipe.author
        line.licence = recipe.licence
        return line
    }

    /// Ingredient names from ingredient lines, each read into its parts as a card reads it (`2 large
    /// onions, chopped` → `onions`, `1 (14 oz) can diced tomatoes` → `diced tomatoes`), what is in
    /// parentheses left out first (`2 onions (red)` → `onions`, as the catalog's names hold no notes); a
    /// line read without confidence gives its text before any comma. Lower-case, without commas (which
    /// separate names in the API), repeats dropped, at most `maxIngredients`.
    static func names(_ lines: [String]) -> [String] {
        var names: [String] = []
        var seen = Set<String>()
        for whole in lines {
            let text = withoutParentheses(whole)
            let line = IngredientLine(parsing: text)
            let parsed = line.isUnsure || line.name.isEmpty ? String(text.prefix { $0 != "," && $0 != "(" && $0 != ";" }) : line.name
            let name = parsed.lowercased().replacingOccurrences(of: ",", with: " ")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
                .trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
            guard !name.isEmpty, seen.insert(name).inserted else { continue }
            names.append(name)
            if names.count == maxIngredients { break }
        }
        return names
    }

    /// The text with every parenthesised group (and a group never closed, to the end) left out.
    static func withoutParentheses(_ text: String) -> String {
        var result = ""
        var depth = 0
        for character in text {
            if character == "(" || character == "[" {
                depth += 1
            } else if (character == ")" || character == "]") && depth > 0 {
                depth -= 1
            } else if depth == 0 {
                result.append(character)
            }
        }
        return result
    }

    private static func isWebAddress(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false
        else { return false }
        return !text.contains { $0.isWhitespace }
    }
}

/// Slugs of titles, each unique in one catalog: `Crème Brûlée!` → `creme-brulee`, then `creme-brulee-2`,
/// `-3`…; `recipe` when nothing is left. A title shared by thousands of recipes costs one look-up each.
struct SlugMaker {
    private var taken = Set<String>()
    private var nextNumber: [String: Int] = [:]

    mutating func slug(_ title: String) -> String {
        let slug = Self.base(title)
        var number = nextNumber[slug] ?? 1
        var candidate = number == 1 ? slug : "\(slug)-\(number)"
        while taken.contains(candidate) {
            number += 1
            candidate = "\(slug)-\(number)"
        }
        taken.insert(candidate)
        nextNumber[slug] = number + 1
        return candidate
    }

    static func base(_ title: String) -> String {
        let folded = title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var slug = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug += "-"
            }
            if slug.count >= 80 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "recipe" : slug
    }
}
