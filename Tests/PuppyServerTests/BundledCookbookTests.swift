@testable import PuppyCatalog
import Foundation
import Testing
import TestSupport
@testable import PuppyServer

/// The open-licensed collections the bundled cookbook was taken from, where they sit beside the
/// repository (`../shared/data/open-recipes`); nil elsewhere.
private let openRecipes: URL? = {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = repository.deletingLastPathComponent().appendingPathComponent("shared/data/open-recipes")
    return FileManager.default.fileExists(atPath: folder.appendingPathComponent("public-domain-recipes.tar.gz").path) ? folder : nil
}()

@Suite("Bundled cookbook")
struct BundledCookbookTests {
    let catalog: Catalog

    init() throws {
        catalog = try Catalog.bundled()
    }

    @Test func itHoldsRealRecipesWithCreditFromTwoCollectionsAndKeepsItsOutlinesApart() {
        let sourced = catalog.recipes.filter(\.isFromSource)
        #expect(sourced.count >= 600)
        #expect(Set(sourced.compactMap(\.collection)) == ["public-domain-recipes", "HowToCook"])
        for recipe in sourced {
            #expect(recipe.source?.hasPrefix("https://github.com/") == true, "\(recipe.id)")
            #expect(recipe.licence?.isEmpty == false && recipe.author?.isEmpty != true, "\(recipe.id): credit, and an author where named")
            #expect(!(recipe.lines ?? []).isEmpty && !(recipe.steps ?? []).isEmpty, "\(recipe.id)")
            #expect(!recipe.cuisine.isEmpty, "\(recipe.id)")
        }
        // Non-English titles keep the original name beside the English one.
        #expect(sourced.contains { $0.collection == "HowToCook" && $0.title.contains("(") && $0.title.unicodeScalars.contains { $0.value >= 0x4E00 } })
        // An outline claims nothing it does not know.
        for outline in catalog.recipes where !outline.isFromSource {
            #expect(outline.servings == nil && outline.prepMinutes == nil && outline.photo == nil && outline.source == nil, "\(outline.id)")
        }
        #expect(Set(catalog.recipes.map(\.cuisine).filter { !$0.isEmpty }).count >= 30)
    }

    @Test func everyPhotoTheCatalogNamesIsAJPEGWithASmallerThumbnail() throws {
        let withPhotos = catalog.recipes.filter { $0.photo != nil }
        #expect(withPhotos.count >= 250)
        for recipe in withPhotos {
            let picture = try #require(catalog.photos.picture(for: recipe), "\(recipe.id)")
            let thumbnail = try #require(catalog.photos.thumbnail(for: recipe), "\(recipe.id)")
            #expect(picture.contentType == "image/jpeg" && thumbnail.contentType == "image/jpeg")
            #expect(picture.bytes.count <= 200_000 && thumbnail.bytes.count < picture.bytes.count, "\(recipe.id)")
        }
    }

    /// Every fifth recipe of each collection against its source file: an English recipe's lines are the
    /// source's ingredient lines, word for word; a translated recipe's numbers are all the source's.
    @Test(.enabled(if: openRecipes != nil, "../shared/data/open-recipes is not beside the repository: amounts not compared with their sources"))
    func amountsAreAsTheSourceWritesThem() throws {
        let archives = try #require(openRecipes)
        try TemporaryDirectory.withSync { folder in
            for archive in ["public-domain-recipes.tar.gz", "howtocook.tar.gz"] {
                let tar = Process()
                tar.executableURL = URL(fileURLWithPath: "/bin/tar")
                tar.arguments = ["xzf", archives.appendingPathComponent(archive).path, "-C", folder.path, "--wildcards", "*.md"]
                try tar.run()
                tar.waitUntilExit()
                try #require(tar.terminationStatus == 0)
            }
            var compared = ["public-domain-recipes": 0, "HowToCook": 0]
            for (index, recipe) in catalog.recipes.filter(\.isFromSource).enumerated() where index % 5 == 0 {
                let source = try #require(recipe.source)
                let lines = try #require(recipe.lines)
                if let name = source.split(separator: "/content/").last, recipe.collection == "public-domain-recipes" {
                    let text = try String(contentsOf: folder.appendingPathComponent("public-domain-recipes/content/\(name)"), encoding: .utf8)
                    #expect(lines == Self.ingredientItems(text), "\(recipe.id)")
                } else {
                    let path = try #require(source.split(separator: "/cbeb5367/").last?.removingPercentEncoding)
                    let text = try String(contentsOf: folder.appendingPathComponent("howtocook/\(path)"), encoding: .utf8)
                    let numbers = Set(Self.numbers(in: text))
                    for line in lines {
                        for number in Self.numbers(in: line) { #expect(numbers.contains(number), "\(recipe.id): \(number) in \"\(line)\"") }
                    }
                }
                compared[recipe.collection ?? "", default: 0] += 1
            }
            #expect(compared["public-domain-recipes", default: 0] >= 60 && compared["HowToCook", default: 0] >= 60, "\(compared)")
        }
    }

    /// The items of a Markdown recipe's `## Ingredients` list, whitespace collapsed.
    private static func ingredientItems(_ text: String) -> [String] {
        var items: [String] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                inside = line.dropFirst(3).trimmingCharacters(in: .whitespaces).lowercased() == "ingredients"
                continue
            }
            guard inside else { continue }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard let marker = trimmed.first, "-*+".contains(marker), trimmed.dropFirst().first?.isWhitespace == true else { continue }
            let item = trimmed.dropFirst().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !item.isEmpty { items.append(item) }
        }
        return items
    }

    private static func numbers(in text: String) -> [String] {
        text.matches(of: /\d+(?:\.\d+)?/).map { String($0.output) }
    }
}
