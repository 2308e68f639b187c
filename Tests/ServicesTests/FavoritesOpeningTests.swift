import Foundation
import Testing
import Entity
import TestSupport
@testable import Services
import ServiceSupport

@Suite struct FavoritesOpeningInTheBackground {
    let recipe = Recipe(title: "Garlic soup", href: "http://example.test/recipes/1", ingredients: ["garlic"], thumbnail: "")

    @Test func theStoreOpenedInTheBackgroundIsTheOneInTheFolder() async throws {
        try await TemporaryDirectory.with { folder in
            let first = try FavoritesStore(directory: folder)
            try await first.save(Favorite(recipe: recipe, savedAt: Date(timeIntervalSince1970: 1_800_000_000), page: nil, thumbnail: nil))
            await first.close()
            let opening = FavoritesOpening(directory: folder)
            let store = try await opening.store().get()
            #expect(try await store.favoriteIDs(among: [recipe.id]) == [recipe.id])
            #expect(try await opening.favoriteIDs(among: [recipe.id]) == [recipe.id])
            #expect(try opening.result().get() === store, "every caller gets the same store")
            await opening.close()
        }
    }

    /// Not started at once: no file is made until `begin()` or the first ask, and closing one never
    /// begun opens nothing.
    @Test func anOpeningPutOffTouchesNothingUntilBegunOrAskedFor() async throws {
        try await TemporaryDirectory.with { folder in
            let file = folder.appendingPathComponent(FavoritesStore.fileName)
            let unused = FavoritesOpening(directory: folder, startsAtOnce: false)
            await unused.close()
            unused.abandon()
            #expect(!FileManager.default.fileExists(atPath: file.path))

            let asked = FavoritesOpening(directory: folder, startsAtOnce: false)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(try await asked.favoriteIDs(among: [recipe.id]).isEmpty)
            #expect(FileManager.default.fileExists(atPath: file.path))
            await asked.close()

            let begun = FavoritesOpening(directory: folder, startsAtOnce: false)
            begun.begin()
            _ = try begun.result().get()
            await begun.close()
        }
    }

    @Test func aDamagedFileIsReportedToEveryoneWhoAsksAndStarsNothing() async throws {
        try await TemporaryDirectory.with { folder in
            let file = folder.appendingPathComponent(FavoritesStore.fileName)
            try (Data("a shopping list, not a database\n".utf8) + Data(repeating: 0xA5, count: 5000)).write(to: file)
            let opening = FavoritesOpening(directory: folder)
            async let first = opening.store()
            async let second = opening.store()
            for outcome in await [first, second] {
                #expect(throws: ServiceError.storageCorrupt) { try outcome.get() }
            }
            #expect(throws: ServiceError.storageCorrupt) { try opening.result().get() }
            #expect(try await opening.favoriteIDs(among: [recipe.id]).isEmpty, "why is said by the favorites, not on every search")
            await opening.close()
        }
    }
}
