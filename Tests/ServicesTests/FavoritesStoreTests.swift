import Foundation
import Testing
import Entity
import PageReader
import RecipeReader
import TestSupport
import CSQLite
@testable import Services
import ServiceSupport

@Suite struct FavoritesStorage {
    func favorite(_ number: Int, savedAt: TimeInterval = 1_800_000_000, page: Bool = true, picture: Bool = true,
                  ingredients: [String] = ["garlic", "onions"]) -> Favorite {
        let recipe = Recipe(title: "Dish \(number)", href: "http://example.test/recipes/\(number)", ingredients: ingredients,
                            thumbnail: "http://example.test/thumbnails/\(number).png")
        let html = "<h1>Dish \(number)</h1><p>Simmer the beans with smoked paprika for dish \(number).</p>"
        return Favorite(recipe: recipe, savedAt: Date(timeIntervalSince1970: savedAt + Double(number)),
                        page: page ? RecipePage(html: html, document: HTMLReader.read(html)) : nil,
                        thumbnail: picture ? RecipeImage(bytes: Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2, UInt8(number % 256)]), contentType: "image/png") : nil)
    }

    /// Several stores opening one new file at the same moment (two `recipes` started together): every
    /// one opens it, none takes the file another is creating for another program's.
    @Test func storesOpeningANewFileTogetherAllOpenIt() async throws {
        for _ in 0..<40 {
            try await TemporaryDirectory.with { folder in
                let outcomes = Locked<[String]>([])
                DispatchQueue.concurrentPerform(iterations: 4) { _ in
                    do {
                        let store = try FavoritesStore(directory: folder)
                        outcomes.withLock { $0.append("ok") }
                        _ = store
                    } catch {
                        outcomes.withLock { $0.append("\(error)") }
                    }
                }
                #expect(outcomes.withLock { $0 } == ["ok", "ok", "ok", "ok"])
            }
        }
    }

    @Test func aFavoriteComesBackWhole() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            let saved = favorite(1)
            try await store.save(saved)
            let loaded = try #require(try await store.favorite(saved.recipe.id))
            #expect(loaded == saved)
            #expect(try await store.favoriteIDs(among: [saved.recipe.id, RecipeID(href: "http://x/y")]) == [saved.recipe.id])
            #expect(try await store.count() == 1)
        }
    }

    @Test func listingIsNewestFirstAndPaged() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            for number in 1...25 { try await store.save(favorite(number)) }
            let first = try await store.list(limit: 10)
            #expect(first.map(\.recipe.title) == (16...25).reversed().map { "Dish \($0)" })
            #expect(first[0].hasPage)
            #expect(first[0].thumbnailBytes == 8)
            let second = try await store.list(after: try #require(first.last).position, limit: 10)
            #expect(second.map(\.recipe.title) == (6...15).reversed().map { "Dish \($0)" })
            let last = try await store.list(after: try #require(second.last).position, limit: 10)
            #expect(last.map(\.recipe.title) == (1...5).reversed().map { "Dish \($0)" })
        }
    }

    @Test func searchLooksInTitlesIngredientsAndPageText() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            try await store.save(favorite(1, ingredients: ["garlic", "bread"]))
            try await store.save(favorite(2, ingredients: ["rice", "saffron"]))
            try await store.save(favorite(3, page: false, ingredients: ["rice"]))
            #expect(try await store.list(matching: "garlic").map(\.recipe.title) == ["Dish 1"])
            #expect(try await store.list(matching: "rice").map(\.recipe.title) == ["Dish 3", "Dish 2"])
            #expect(try await store.list(matching: "paprika").map(\.recipe.title) == ["Dish 2", "Dish 1"])
            #expect(try await store.list(matching: "papr").count == 2)
            #expect(try await store.list(matching: "dish 3").map(\.recipe.title) == ["Dish 3"])
            #expect(try await store.count(matching: "rice saffron") == 1)
            #expect(try await store.list(matching: "\" OR * NEAR(").isEmpty)
        }
    }

    @Test func savingAgainReplacesAndRemovingRemoves() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            try await store.save(favorite(1, page: false))
            #expect(try await store.list(matching: "paprika").isEmpty)
            try await store.save(favorite(1))
            #expect(try await store.count() == 1)
            #expect(try await store.list(matching: "paprika").count == 1)
            #expect(try await store.remove(favorite(1).recipe.id))
            #expect(!(try await store.remove(favorite(1).recipe.id)))
            #expect(try await store.count() == 0)
            #expect(try await store.list(matching: "paprika").isEmpty)
        }
    }

    @Test func savingAgainWithoutAPageOrPictureKeepsTheOnesStored() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            let whole = favorite(1)
            try await store.save(whole)
            try await store.save(favorite(1, page: false, picture: false))
            let loaded = try #require(try await store.favorite(whole.recipe.id))
            #expect(loaded.page == whole.page)
            #expect(loaded.thumbnail == whole.thumbnail)
            #expect(try await store.list(matching: "paprika").count == 1)
        }
    }

    @Test func aDamagedRowIsReportedNotReadAsAnEmptyRecipe() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            try await store.save(favorite(1))
            let database = try SQLiteDatabase(path: folder.appendingPathComponent(FavoritesStore.fileName).path, create: false)
            try database.execute("UPDATE favorites SET ingredients = 'not json'")
            database.close()
            await #expect(throws: ServiceError.storageCorrupt) { try await store.list() }
            await #expect(throws: ServiceError.storageCorrupt) { try await store.favorite(favorite(1).recipe.id) }
        }
    }

    @Test func aDamagedReadableCopyIsMadeAgainFromTheStoredPage() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            let saved = favorite(2)
            try await store.save(saved)
            let database = try SQLiteDatabase(path: folder.appendingPathComponent(FavoritesStore.fileName).path, create: false)
            try database.execute("UPDATE favorites SET page_document = '{broken'")
            database.close()
            let loaded = try #require(try await store.favorite(saved.recipe.id))
            #expect(loaded.page?.document == saved.page?.document)
        }
    }

    @Test func missingPartsCanBeFilledInLater() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            let bare = favorite(4, page: false, picture: false)
            try await store.save(bare)
            #expect(try await store.favorite(bare.recipe.id)?.missing == [.page, .picture])
            let whole = favorite(4)
            #expect(try await store.complete(bare.recipe.id, page: whole.page, thumbnail: whole.thumbnail))
            #expect(try await store.favorite(bare.recipe.id)?.missing == [])
            #expect(try await store.list(matching: "paprika").count == 1)
            #expect(!(try await store.complete(RecipeID(href: "http://nowhere/x"), page: whole.page, thumbnail: nil)))
        }
    }

    /// A page whose recipe is in JSON-LD: the readable copy never shows the script, so words found only
    /// in the recipe (tarragon, whisk) are found through the recipe kept beside the page.
    func favoriteWithRecipe(_ number: Int) -> Favorite {
        let html = """
            <html><head><script type="application/ld+json">{"@type": "Recipe", "name": "Dish \(number)",
            "recipeIngredient": ["2 eggs", "1 tbsp tarragon"], "recipeInstructions": ["Whisk the eggs.", "Fold in the tarragon."],
            "recipeYield": "2 servings", "totalTime": "PT10M"}</script></head><body><h1>Dish \(number)</h1><p>A quick supper.</p></body></html>
            """
        let recipe = Recipe(title: "Dish \(number)", href: "http://example.test/recipes/\(number)", ingredients: ["eggs"], thumbnail: nil)
        let page = RecipePage(html: html, document: HTMLReader.read(html), recipe: RecipeExtractor.extract(html: html, url: URL(string: recipe.href)))
        return Favorite(recipe: recipe, savedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(number)), page: page, thumbnail: nil)
    }

    @Test func theRecipeReadFromThePageIsKeptAndSearched() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            let saved = favoriteWithRecipe(5)
            #expect(saved.page?.recipe?.steps == ["Whisk the eggs.", "Fold in the tarragon."])
            #expect(saved.page?.document.plainText.contains("tarragon") == false)
            try await store.save(saved)
            #expect(try await store.favorite(saved.recipe.id) == saved)
            #expect(try await store.list(matching: "tarragon").map(\.recipe.title) == ["Dish 5"])
            #expect(try await store.list(matching: "whisk").map(\.recipe.title) == ["Dish 5"])
            // Saving again without the page keeps its recipe, and its words stay searchable.
            try await store.save(Favorite(recipe: saved.recipe, savedAt: saved.savedAt, page: nil, thumbnail: nil))
            #expect(try await store.favorite(saved.recipe.id)?.page?.recipe == saved.page?.recipe)
            #expect(try await store.list(matching: "tarragon").count == 1)
        }
    }

    @Test func aFavoriteSavedBeforeRecipesWereReadHasItsRecipeReadFromItsPageOnce() async throws {
        try await TemporaryDirectory.with { folder in
            let saved = favoriteWithRecipe(6)
            let file = folder.appendingPathComponent(FavoritesStore.fileName)
            let old = try SQLiteDatabase(path: file.path, create: true)
            for version in 0..<3 { try old.execute(FavoritesSchema.migrations[version]) }
            try old.execute("PRAGMA user_version = 3")
            try old.prepare("INSERT INTO favorites (id, title, href, ingredients, saved_at, page_html, page_text) VALUES (?, ?, ?, ?, ?, ?, ?)")
                .run([.text(saved.recipe.id.rawValue), .text(saved.recipe.title), .text(saved.recipe.href), .text("[\"eggs\"]"),
                      .real(1_800_000_006), .optional(saved.page?.html), .optional(saved.page?.document.plainText)])
            old.close()
            let store = try FavoritesStore(directory: folder)
            #expect(try await store.list(matching: "tarragon").isEmpty)
            let loaded = try #require(try await store.favorite(saved.recipe.id))
            #expect(loaded.page?.recipe == saved.page?.recipe)
            #expect(try await store.list(matching: "tarragon").map(\.recipe.title) == ["Dish 6"])
            let check = try SQLiteDatabase(path: file.path, create: false)
            defer { check.close() }
            #expect(try check.integer("SELECT count(*) FROM favorites WHERE page_recipe IS NOT NULL") == 1)
        }
    }

    @Test func aPageWithoutARecipeIsRememberedAsHavingNone() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            let saved = favorite(7)
            try await store.save(saved)
            #expect(try await store.favorite(saved.recipe.id)?.page?.recipe == nil)
            let check = try SQLiteDatabase(path: folder.appendingPathComponent(FavoritesStore.fileName).path, create: false)
            defer { check.close() }
            #expect(try check.integer("SELECT count(*) FROM favorites WHERE page_recipe = 'null'") == 1)
        }
    }

    @Test func theFolderAndFileArePrivate() async throws {
        try await TemporaryDirectory.with { folder in
            let data = folder.appendingPathComponent("nested/recipebook")
            let store = try FavoritesStore(directory: data)
            try await store.save(favorite(1))
            let manager = FileManager.default
            let folderMode = try manager.attributesOfItem(atPath: data.path)[.posixPermissions] as? Int
            let fileMode = try manager.attributesOfItem(atPath: store.fileURL.path)[.posixPermissions] as? Int
            #expect(folderMode == 0o700)
            #expect(fileMode == 0o600)
            let wal = store.fileURL.path + "-wal"
            if manager.fileExists(atPath: wal) {
                #expect(try manager.attributesOfItem(atPath: wal)[.posixPermissions] as? Int == 0o600)
            }
            #expect(try await store.integrityCheck() == "ok")
        }
    }

    @Test func aVersionOneDatabaseIsMigratedKeepingItsFavorites() async throws {
        try await TemporaryDirectory.with { folder in
            let file = folder.appendingPathComponent(FavoritesStore.fileName)
            let old = try SQLiteDatabase(path: file.path, create: true)
            try old.execute(FavoritesSchema.migrations[0] + "PRAGMA user_version = 1;")
            try old.prepare("INSERT INTO favorites (id, title, href, ingredients, saved_at, page_text) VALUES (?, ?, ?, ?, ?, ?)")
                .run([.text("http://example.test/old"), .text("Old Favorite"), .text("http://example.test/old"), .text("[\"garlic\"]"),
                      .real(1_700_000_000), .text("kept from version one")])
            old.close()
            let store = try FavoritesStore(directory: folder)
            #expect(try await store.schemaVersion() == FavoritesSchema.latestVersion)
            #expect(try await store.list().map(\.recipe.title) == ["Old Favorite"])
            #expect(try await store.list(matching: "version").map(\.recipe.title) == ["Old Favorite"])
        }
    }

    @Test func everyVersionMigratesToTheLatestWithItsFavorites() async throws {
        for start in 1..<FavoritesSchema.latestVersion {
            try await TemporaryDirectory.with { folder in
                let file = folder.appendingPathComponent(FavoritesStore.fileName)
                let old = try SQLiteDatabase(path: file.path, create: true)
                for version in 0..<start { try old.execute(FavoritesSchema.migrations[version]) }
                try old.execute("PRAGMA user_version = \(start)")
                try old.prepare("INSERT INTO favorites (id, title, href, ingredients, saved_at, page_html, page_text) VALUES (?, ?, ?, ?, ?, ?, ?)")
                    .run([.text("http://example.test/a"), .text("Version \(start) Dish"), .text("http://example.test/a"), .text("[\"rice\"]"),
                          .real(1_700_000_000), .text("<p>saffron</p>"), .text("saffron")])
                old.close()
                let store = try FavoritesStore(directory: folder)
                #expect(try await store.schemaVersion() == FavoritesSchema.latestVersion)
                let listed = try await store.list()
                #expect(listed.map(\.recipe.title) == ["Version \(start) Dish"])
                #expect(listed.first?.hasPage == true)
                #expect(try await store.list(matching: "saffron").count == 1)
            }
        }
    }

    @Test func deepPagesOfALongListAreTheRightOnes() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            for number in 1...300 { try await store.save(favorite(number, savedAt: 1_800_000_000 + Double(number % 7), page: number % 2 == 0)) }
            var seen: [String] = []
            var after: FavoriteSummary.Position?
            for _ in 0..<30 {
                let page = try await store.list(after: after, limit: 10)
                #expect(page.count == 10)
                seen += page.map(\.recipe.title)
                #expect(page.allSatisfy { $0.hasPage == ($0.recipe.title.split(separator: " ").last.flatMap { Int($0) }.map { $0 % 2 == 0 } ?? false) })
                after = page.last?.position
            }
            #expect(Set(seen).count == 300)
            #expect(try await store.list(after: after, limit: 10).isEmpty)
            let all = try await store.list(limit: 300).map(\.recipe.title)
            #expect(seen == all)
            let searchedAll = try await store.list(matching: "paprika", limit: 300)
            let searched = try await store.list(matching: "paprika", after: searchedAll[139].position, limit: 10)
            #expect(searched.map(\.recipe.title) == Array(searchedAll.map(\.recipe.title)[140..<150]))
        }
    }

    @Test func aDatabaseFromANewerVersionIsLeftUntouched() async throws {
        try await TemporaryDirectory.with { folder in
            let file = folder.appendingPathComponent(FavoritesStore.fileName)
            let newer = try SQLiteDatabase(path: file.path, create: true)
            try newer.execute("CREATE TABLE future (x); PRAGMA user_version = 99;")
            newer.close()
            let before = try Data(contentsOf: file)
            #expect(throws: ServiceError.storageTooNew) { try FavoritesStore(directory: folder) }
            #expect(try Data(contentsOf: file) == before)
        }
    }

    @Test func aCorruptFileIsReportedAndLeftUntouched() async throws {
        try await TemporaryDirectory.with { folder in
            let file = folder.appendingPathComponent(FavoritesStore.fileName)
            let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            try garbage.write(to: file)
            do throws(ServiceError) {
                _ = try FavoritesStore(directory: folder)
                Issue.record("opened a corrupt file")
            } catch {
                #expect(error == .storageCorrupt)
                #expect(error.detail.contains("favorites.sqlite"))
            }
            #expect(try Data(contentsOf: file) == garbage)
            #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
        }
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftUntouched() async throws {
        try await TemporaryDirectory.with { folder in
            let file = folder.appendingPathComponent(FavoritesStore.fileName)
            let other = try SQLiteDatabase(path: file.path, create: true)
            try other.execute("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada');")
            other.close()
            let before = try Data(contentsOf: file)
            do throws(ServiceError) {
                _ = try FavoritesStore(directory: folder)
                Issue.record("opened another program's database")
            } catch {
                #expect(error == .storageCorrupt)
                #expect(error.detail.contains("another program's database"))
            }
            #expect(try Data(contentsOf: file) == before)
            let check = try SQLiteDatabase(path: file.path, create: false)
            #expect(try check.integer("SELECT count(*) FROM sqlite_master WHERE name = 'favorites'") == 0)
            check.close()
        }
    }

    @Test func twoStoresOnOneFileSeeEachOthersFavorites() async throws {
        try await TemporaryDirectory.with { folder in
            let first = try FavoritesStore(directory: folder)
            let second = try FavoritesStore(directory: folder)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 1...20 {
                    group.addTask { try await (number.isMultiple(of: 2) ? first : second).save(favorite(number)) }
                }
                try await group.waitForAll()
            }
            #expect(try await first.count() == 20)
            #expect(try await second.favoriteIDs(among: [favorite(3).recipe.id]).count == 1)
        }
    }

    @Test func valuesOfEveryKindRoundTrip() async throws {
        try await TemporaryDirectory.with { folder in
            let database = try SQLiteDatabase(path: folder.appendingPathComponent("kinds.sqlite").path, create: true)
            try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n)")
            let blob = Data((0...255).map(UInt8.init))
            try database.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
                .run([.integer(Int64.min), .real(-0.5), .text("crème ★ \u{0}end"), .blob(blob), .null])
            try database.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)").run([.integer(Int64.max), .real(1e300), .text(""), .blob(Data()), .null])
            let rows = try database.prepare("SELECT i, r, s, b, n FROM t ORDER BY rowid")
            try rows.bind([])
            #expect(try rows.step())
            #expect(rows.int64(0) == Int64.min)
            #expect(rows.double(1) == -0.5)
            #expect(rows.text(2) == "crème ★ \u{0}end")
            #expect(rows.blob(3) == blob)
            #expect(rows.blob(4) == nil && rows.text(4) == nil)
            #expect(try rows.step())
            #expect(rows.int64(0) == Int64.max)
            #expect(rows.text(2) == "")
            #expect(rows.blob(3) == Data())
            #expect(try !rows.step())
            #expect(throws: ServiceError.storage) { try database.execute("SELECT * FROM missing_table") }
            do throws(ServiceError) {
                try database.execute("INSERT INTO nowhere VALUES (1)")
            } catch {
                #expect(error.detail.contains("no such table: nowhere"))
            }
        }
    }
}
