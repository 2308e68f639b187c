import Foundation
import Testing
import Entity
import PageReader
import Services
import Interactor
import TestSupport
@testable import Presenter

/// Favorites made up for the cookbook, saved straight into a real store.
enum CookbookFixtures {
    static let lemonCake = PageRecipe(
        title: "Lemon Cake", description: "A cake for tea.", yields: "8 slices", totalMinutes: 95,
        ingredientGroups: [.init(name: nil, lines: ["200 g flour", "3 eggs"]), .init(name: "For the glaze", lines: ["1 cup icing sugar", "1 lemon"])],
        instructions: [.step("Beat the eggs."), .step("Fold in the flour."), .section("The glaze"), .step("Whisk sugar and juice.")],
        imageURL: "http://example.test/photos/lemon-cake.jpg", method: .jsonLD)

    static func favorite(_ title: String, number: Int, recipe: PageRecipe? = nil, picture: RecipeImage? = nil, page: Bool = true) -> Favorite {
        let result = Recipe(title: title, href: "http://example.test/recipes/\(number)", ingredients: ["eggs", "milk"],
                            thumbnail: "http://example.test/thumbnails/\(number).png")
        let html = "<h1>\(number)</h1><p>Mix it all.</p>"
        return Favorite(recipe: result, savedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(number) * 60),
                        page: page ? RecipePage(html: html, document: HTMLReader.read(html), recipe: recipe) : nil, thumbnail: picture)
    }

    static let png = RecipeImage(bytes: PictureFixtures.palettePNG, contentType: "image/png")

    /// The favorites interactor over a store in `folder` holding `favorites`.
    static func interactor(_ folder: URL, _ favorites: [Favorite]) async throws -> FavoritesInteractor {
        let store = try FavoritesStore(directory: folder)
        for favorite in favorites { try await store.save(favorite) }
        return FavoritesInteractor(store: store, unavailable: nil, fetcher: FakePageFetcher(), time: FakeTime())
    }
}

@MainActor
@Suite struct CookbookPresenting {
    /// Every chunk of the cookbook.
    func chunks(_ cookbook: Cookbook) async -> [CookbookChunk] {
        var chunks: [CookbookChunk] = []
        while let chunk = await cookbook.next() { chunks.append(chunk) }
        return chunks
    }

    @Test func eachFavoriteHasItsPictureFactsIngredientsByGroupAndNumberedSteps() async throws {
        try await TemporaryDirectory.with { folder in
            let favorites = try await CookbookFixtures.interactor(folder, [
                CookbookFixtures.favorite("Lemon Cake", number: 2, recipe: CookbookFixtures.lemonCake, picture: CookbookFixtures.png),
                CookbookFixtures.favorite("Plain Omelette", number: 1, page: false),
            ])
            let cookbook = FavoritesExportPresenter(favorites: favorites).cookbook(matching: "", exportPath: "/tmp/out/book.md")
            #expect(cookbook.picturesFolder == "book-images")
            let chunks = await chunks(cookbook)
            let markdown = chunks.map(\.markdown).joined()
            #expect(cookbook.count == 2)
            #expect(cookbook.problem == nil)
            let lines = markdown.components(separatedBy: "\n")
            #expect(markdown.hasPrefix("# My RecipeBook favorites\n\n2 recipes, newest first.\n\n## Lemon Cake\n"))
            let cake = [
                "## Lemon Cake", "", "![Picture of Lemon Cake](book-images/lemon-cake.png)", "",
                "- Source: <http://example.test/recipes/2>", "- Yields: 8 slices", "- Total time: 1 h 35 min",
                "- Saved: 2027-01-15T08:02:00Z", "", "A cake for tea.", "",
                "### Ingredients", "", "- 200 g flour", "- 3 eggs", "", "#### For the glaze", "", "- 1 cup icing sugar", "- 1 lemon", "",
                "### Method", "", "1. Beat the eggs.", "2. Fold in the flour.", "", "#### The glaze", "", "3. Whisk sugar and juice.", "",
            ]
            let start = try #require(lines.firstIndex(of: "## Lemon Cake"))
            #expect(Array(lines[start..<min(lines.count, start + cake.count)]) == cake, "no Lactose line: no dairy among the page's lines")

            let omelette = try #require(lines.firstIndex(of: "## Plain Omelette"))
            let rest = Array(lines[omelette...])
            #expect(!rest.contains { $0.hasPrefix("![") }, "no picture saved, no picture line")
            #expect(rest.contains("- eggs") && rest.contains("- milk"))
            #expect(rest.contains("*Its page was not saved: these are the ingredients the search gave. `refresh` on the favorites screen fetches the page.*"))
            #expect(chunks.flatMap(\.pictures) == [CookbookPicture(fileName: "lemon-cake.png", bytes: PictureFixtures.palettePNG)])
        }
    }

    @Test func aPageWithoutARecipeGivesTheSearchIngredientsANoteAndThePagesText() async throws {
        try await TemporaryDirectory.with { folder in
            let favorites = try await CookbookFixtures.interactor(folder, [CookbookFixtures.favorite("Toast", number: 1)])
            let markdown = await chunks(FavoritesExportPresenter(favorites: favorites).cookbook(matching: "", exportPath: "book.md"))
                .map(\.markdown).joined()
            #expect(markdown.contains("- eggs\n- milk\n\n*No recipe was found on its page: these are the ingredients the search gave, and the page's text follows.*"))
            #expect(markdown.contains("### From the recipe's page\n\n**1**\n\nMix it all.\n"))
        }
    }

    @Test func pictureNamesAreSafeUniqueAndOnlyForPicturesAReaderShows() async throws {
        try await TemporaryDirectory.with { folder in
            let jpeg = RecipeImage(bytes: PictureFixtures.baselineJPEG, contentType: "image/jpeg; charset=binary")
            let webp = RecipeImage(bytes: PictureFixtures.lossyWebP, contentType: "IMAGE/WEBP")
            let gif = RecipeImage(bytes: PictureFixtures.gif, contentType: "image/gif")
            let titles: [(String, RecipeImage?)] = [
                ("Crème Brûlée", CookbookFixtures.png), ("crème brûlée", jpeg), ("../../etc/passwd", CookbookFixtures.png),
                ("★★★", webp), ("日本の料理", CookbookFixtures.png), (String(repeating: "Very long title ", count: 20), CookbookFixtures.png),
                ("Animated", gif), ("Nothing saved", nil),
            ]
            // Saved oldest first, so the cookbook (newest first) lists them in the reverse order.
            let favorites = try await CookbookFixtures.interactor(folder, titles.enumerated().map { index, entry in
                CookbookFixtures.favorite(entry.0, number: titles.count - index, picture: entry.1)
            })
            let pictures = await chunks(FavoritesExportPresenter(favorites: favorites).cookbook(matching: "", exportPath: "book.md"))
                .flatMap(\.pictures)
            #expect(pictures.map(\.fileName) == [
                "creme-brulee.png", "creme-brulee-2.jpg", "etc-passwd.png", "recipe.webp", "recipe-2.png",
                "very-long-title-very-long-title-very-long-title-very-long-ti.png",
            ])
            for name in pictures.map(\.fileName) {
                #expect(name.count <= 64 && name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == ".") })
                #expect(name.filter { $0 == "." }.count == 1 && !name.hasPrefix("."))
            }
        }
    }

    @Test func thePicturesFolderIsNamedAfterTheFileAndLinkedSafely() {
        #expect(Cookbook.picturesFolder(forExportAt: "/home/cook/book.md") == "book-images")
        #expect(Cookbook.picturesFolder(forExportAt: "book") == "book-images")
        #expect(Cookbook.picturesFolder(forExportAt: "/tmp/My (best) book.markdown") == "My (best) book-images")
        #expect(CookbookMarkdown.pictureLink(folder: "My (best) book-images", fileName: "a.png") == "My%20%28best%29%20book-images/a.png")
    }

    @Test func manyFavoritesComeABatchAtATime() async throws {
        try await TemporaryDirectory.with { folder in
            let favorites = try await CookbookFixtures.interactor(folder, (1...45).map {
                CookbookFixtures.favorite("Dish \($0)", number: $0, recipe: CookbookFixtures.lemonCake, picture: CookbookFixtures.png)
            })
            let cookbook = FavoritesExportPresenter(favorites: favorites).cookbook(matching: "", exportPath: "book.md")
            let chunks = await chunks(cookbook)
            #expect(chunks.map { $0.markdown.components(separatedBy: "\n").filter { $0.hasPrefix("## ") }.count } == [0, 20, 20, 5])
            #expect(chunks.map(\.pictures.count) == [0, 20, 20, 5])
            #expect(cookbook.count == 45)
            #expect(chunks[1].markdown.hasPrefix("## Dish 45\n"))
            #expect(chunks[0].markdown.contains("45 recipes, newest first."))
        }
    }

    @Test func favoritesThatCannotBeReadStopTheCookbookAndSayWhy() async {
        let favorites = FavoritesInteractor(store: nil, unavailable: .storageCorrupt.with(detail: "file is not a database"),
                                            fetcher: FakePageFetcher(), time: FakeTime())
        let cookbook = FavoritesExportPresenter(favorites: favorites).cookbook(matching: "", exportPath: "book.md")
        #expect(await cookbook.next() == nil)
        #expect(cookbook.problem?.kind == .error)
    }

    @Test func favoritesJSONCarriesTheRecipeReadFromEachPageOrNull() async throws {
        try await TemporaryDirectory.with { folder in
            let favorites = try await CookbookFixtures.interactor(folder, [
                CookbookFixtures.favorite("Lemon Cake", number: 2, recipe: CookbookFixtures.lemonCake),
                CookbookFixtures.favorite("Plain Omelette", number: 1),
            ])
            guard case .found(let records, _) = await FavoritesExportPresenter(favorites: favorites).list(matching: "") else {
                Issue.record("no favorites listed")
                return
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let objects = try #require(try JSONSerialization.jsonObject(with: encoder.encode(records)) as? [[String: Any]])
            #expect(objects.count == 2)
            let recipe = try #require(objects[0]["recipe"] as? [String: Any])
            #expect(recipe["title"] as? String == "Lemon Cake")
            #expect(recipe["source_url"] as? String == "http://example.test/recipes/2", "the favorite's href, the page having no canonical address")
            #expect(recipe["total_minutes"] as? Int == 95)
            #expect(recipe["yields"] as? String == "8 slices")
            #expect(recipe["image"] as? String == "http://example.test/photos/lemon-cake.jpg")
            #expect(recipe["steps"] as? [String] == ["Beat the eggs.", "Fold in the flour.", "The glaze", "Whisk sugar and juice."])
            let groups = try #require(recipe["ingredient_groups"] as? [[String: Any]])
            #expect(groups.map { $0["name"] as? String } == [nil, "For the glaze"])
            #expect(Set(recipe.keys) == Set(try #require(try JSONSerialization.jsonObject(with: encoder.encode(
                PageRecipeRecord(CookbookFixtures.lemonCake, address: nil))) as? [String: Any]).keys), "the keys of `read --json`")
            #expect(objects[1]["recipe"] is NSNull, "the key is there, null: the page holds no recipe")
            #expect(objects[0]["title"] as? String == "Lemon Cake", "the search keys stay at the top level")
        }
    }
}
