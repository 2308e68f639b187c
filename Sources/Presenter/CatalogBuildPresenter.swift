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

    /// Ingredient names from ingredient lines: the part before a comma or a parenthesis, without the
    /// quantities, units and sizes in front (`2 large onions, chopped` → `onions`), lower-case,
    /// repeats dropped, at most `maxIngredients`.
    static func names(_ lines: [String]) -> [String] {
        var names: [String] = []
        var seen = Set<String>()
        for line in lines {
            let head = line.prefix { $0 != "," && $0 != "(" && $0 != ";" }.lowercased()
            var words = head.split(whereSeparator: \.isWhitespace).map(String.init)
            while let first = words.first, words.count > 1, isMeasure(first) { words.removeFirst() }
            let name = words.joined(separator: " ").trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
            guard !name.isEmpty, seen.insert(name).inserted else { continue }
            names.append(name)
            if names.count == maxIngredients { break }
        }
        return names
    }

    private static let measures: Set<String> = [
        "a", "an", "of", "cup", "cups", "c", "tablespoon", "tablespoons", "tbsp", "tbs", "tbsp.", "teaspoon", "teaspoons", "tsp",
        "tsp.", "g", "gram", "grams", "kg", "ml", "l", "litre", "litres", "liter", "liters", "oz", "ounce", "ounces", "lb", "lbs",
        "pound", "pounds", "pinch", "dash", "handful", "can", "cans", "tin", "tins", "package", "packages", "pkg", "large",
        "medium", "small", "big", "whole", "about", "heaped", "level", "scant", "x",
    ]

    /// A quantity (`2`, `1/2`, `½`, `2-3`, `200g`) or a unit or size word.
    private static func isMeasure(_ word: String) -> Bool {
        if measures.contains(word) { return true }
        return word.unicodeScalars.first.map { CharacterSet.decimalDigits.contains($0) || ("\u{BC}"..."\u{BE}").contains($0)
            || ("\u{2150}"..."\u{215E}").contains($0) } ?? false
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
