import Foundation
public import Interactor
import Entity

/// One line of a PuppyServer catalog (JSON Lines), as `puppy-server --catalog` reads it: a unique
/// lower-case slug, the title, ingredient names (no commas), the method, and where the recipe lives.
public struct CatalogLineRecord: Encodable, Sendable, Equatable {
    public let id: String
    public let title: String
    public let cuisine: String?
    public let ingredients: [String]
    public let method: String
    /// The page's address when it was read from the web; a file's recipe gets the server's own page.
    public let href: String?
    /// The page's picture when it is an absolute http(s) address; otherwise the server draws one.
    public let thumbnail: String?
}

/// What `recipes catalog build` came to: the lines, and a note for each page left out.
public struct CatalogBuildOutcome: Sendable, Equatable {
    public let lines: [CatalogLineRecord]
    public let notes: [MessageModel]
    /// How many pages could not be read at all (as against read without a recipe in them).
    public let failures: Int
}

/// `recipes catalog build PAGES…`: each page read as `recipes read` reads it, and its recipe written as
/// a catalog line, so that `puppy-server --catalog` serves a person's own collection.
@MainActor
public final class CatalogBuildPresenter {
    private let reading: ReadingInteractor
    private let messages = Messages(mode: .oneShot)
    /// The most ingredients a catalog line may list (PuppyServer's bound).
    static let maxIngredients = 1_000

    public init(reading: ReadingInteractor) {
        self.reading = reading
    }

    public func build(_ locations: [ReadingInteractor.Location]) async -> CatalogBuildOutcome {
        var lines: [CatalogLineRecord] = []
        var notes: [MessageModel] = []
        var failures = 0
        var taken = Set<String>()
        for location in locations {
            let name: String
            switch location {
            case .web(let address): name = address
            case .file(let path): name = path
            }
            do throws(UseCaseError) {
                let (page, address, _) = try await reading.page(at: location)
                guard let recipe = page.recipe else {
                    notes.append(messages.noRecipe(in: name))
                    continue
                }
                let ingredients = Self.names(recipe.ingredients)
                let method = recipe.steps.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
                guard !ingredients.isEmpty, !method.isEmpty, !recipe.title.trimmingCharacters(in: .whitespaces).isEmpty else {
                    notes.append(MessageModel(.warning, "Left out \(name): its recipe has no \(ingredients.isEmpty ? "ingredients" : method.isEmpty ? "steps" : "title")."))
                    continue
                }
                let id = Self.uniqueSlug(recipe.title, taken: &taken)
                let image = recipe.imageURL.flatMap { Self.isWebAddress($0) ? $0 : nil }
                lines.append(CatalogLineRecord(
                    id: id, title: recipe.title, cuisine: recipe.cuisine, ingredients: ingredients, method: method,
                    href: address.flatMap { Self.isWebAddress($0) ? $0 : nil }, thumbnail: image
                ))
            } catch {
                failures += 1
                notes.append(messages.error(error))
            }
        }
        return CatalogBuildOutcome(lines: lines, notes: notes, failures: failures)
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

    /// `Crème Brûlée!` → `creme-brulee`; `-2`, `-3`… when taken; `recipe` when nothing is left.
    static func uniqueSlug(_ title: String, taken: inout Set<String>) -> String {
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
        if slug.isEmpty { slug = "recipe" }
        var candidate = slug
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(slug)-\(number)"
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }

    private static func isWebAddress(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false
        else { return false }
        return !text.contains { $0.isWhitespace }
    }
}
