import Foundation
import Testing
import Entity
@testable import Services
import TestSupport
@testable import Interactor

/// Another program holding the favorites database when a session starts: an error while it holds it,
/// and not a moment after it lets go (the session does not keep the lock it met as its answer).
@Suite struct ALockMetAtTheStart {
    let recipe = Recipe(title: "Garlic soup", href: "http://example.test/recipes/1", ingredients: ["garlic"], thumbnail: "")

    func isLocked(_ body: () async throws(UseCaseError) -> Void) async -> Bool {
        do throws(UseCaseError) {
            try await body()
            return false
        } catch {
            return error == .storageBusy
        }
    }

    @Test func thePantryTheListAndTheFavoritesWorkOnceTheOtherProgramLetsGo() async throws {
        try await TemporaryDirectory.with { folder in
            let created = try FavoritesStore(directory: folder)
            await created.close()
            // Another program's exclusive lock, taken before the session opens the database.
            let other = try SQLiteDatabase(path: folder.appendingPathComponent(FavoritesStore.fileName).path, create: false)
            try other.execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE favorites SET title = title;")
            let opening = FavoritesOpening(directory: folder, busyTimeout: .milliseconds(100))
            let fetcher = FakePageFetcher(pages: [:], unknown: .notFound)
            let kitchen = KitchenInteractor(opening: opening, reading: ReadingInteractor(fetcher: fetcher, saved: nil), time: FakeTime())
            let favorites = FavoritesInteractor(opening: opening, fetcher: fetcher, time: FakeTime())

            #expect(await isLocked { () throws(UseCaseError) in _ = try await kitchen.addToPantry(["eggs"]) })
            #expect(await isLocked { () throws(UseCaseError) in _ = try await kitchen.list() })
            #expect(await isLocked { () throws(UseCaseError) in _ = try await favorites.star(recipe) })
            // Stars on a search do not wait for the lock: none, at once.
            #expect(try await opening.favoriteIDs(among: [recipe.id]) == [])

            other.close()
            let added = try await kitchen.addToPantry(["eggs"])
            #expect(added.added.map(\.name) == ["eggs"])
            #expect(try await kitchen.pantry().map(\.name) == ["eggs"])
            #expect(try await kitchen.list().recipes.isEmpty)
            _ = try await favorites.star(recipe)
            #expect(try await favorites.count() == 1)
            #expect(try await opening.favoriteIDs(among: [recipe.id]) == [recipe.id])
            await opening.close()
        }
    }
}
