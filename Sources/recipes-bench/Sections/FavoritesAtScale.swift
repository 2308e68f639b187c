import Foundation
import Entity
import Services
import Interactor
import TestSupport
import ServiceSupport

/// Favorites with 20 KB pages in a real SQLite file: the favorites screen, a search within them,
/// opening one, and starring one more, through FavoritesInteractor.
struct FavoritesAtScale: Section {
    let title = "Favorites at scale"
    let reference = "the same operation on a store of 100 favorites made the same way, alternated with it in the same run"

    private static let operations = [
        "open the favorites screen (count + first 10)", "search favorites for `garlic` (count + first 10)",
        "open favorite 3 (whole, with its page)", "open the last favorite (whole, with its page)",
        "star one more (save with page and picture)",
    ]

    /// One store, the interactor over it, the recipes to star (one per round), and its oldest favorite.
    private typealias Subject = (store: FavoritesStore, favorites: FavoritesInteractor, count: Int, toStar: [Recipe], oldest: RecipeID)

    func run(quick: Bool, into report: inout SectionReport) async throws {
        let count = quick ? 400 : 10_000
        let rounds = quick ? 9 : 31
        let fixture = try FavoritesFixture()
        let bigStars = (0..<rounds).map { fixture.recipe(1_000_000 + $0) }
        let smallStars = (0..<rounds).map { fixture.recipe(2_000_000 + $0) }
        var pages: [String: RecipePage] = [:]
        for (offset, recipe) in (bigStars + smallStars).enumerated() {
            pages[recipe.href] = fixture.page(for: recipe, number: 1_000_000 + offset)
        }
        // Pages and the picture handed over from memory: in the app they download off the prompt first.
        let fetcher = FakePageFetcher(documents: pages, unknown: .notFound, picture: fixture.thumbnail)

        var samples = [true: [Samples](repeating: Samples(), count: Self.operations.count)]
        samples[false] = samples[true]
        var (matches, fillSeconds, fileMB) = (0, 0.0, 0.0)
        try await TemporaryDirectory.with { folder in
            let filling = ContinuousClock.now
            let big = try await Self.subject(count, folder.appendingPathComponent("big"), fixture, fetcher, toStar: bigStars)
            fillSeconds = (ContinuousClock.now - filling).timeInterval
            let small = try await Self.subject(100, folder.appendingPathComponent("small"), fixture, fetcher, toStar: smallStars)
            for path in [big.store.fileURL.path, big.store.fileURL.path + "-wal"] {
                // A size that cannot be read counts as nothing in the note.
                fileMB += Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_048_576
            }
            var failure: (any Error)?
            do {
                for round in 0..<rounds {
                    for isBig in round % 2 == 0 ? [true, false] : [false, true] {
                        for operation in Self.operations.indices {
                            let (duration, found) = try await Self.measure(operation, on: isBig ? big : small, round: round)
                            samples[isBig]?[operation].append(duration)
                            if isBig, operation == 1 { matches = found }
                        }
                    }
                }
            } catch {
                failure = error
            }
            await big.store.close()
            await small.store.close()
            if let failure { throw failure }
        }

        report.figures = Self.operations.indices.map { operation in
            Figure("\(NumberText.grouped(count)) favorites: \(Self.operations[operation]), median", samples[true]?[operation].median ?? 0,
                   reference: samples[false]?[operation].median ?? 0).below(50)
        }
        report.notes = [
            "\(NumberText.grouped(count)) favorites saved one by one through FavoritesStore into a temporary SQLite file "
                + "(\(String(format: "%.0f", fileMB)) MB with its WAL; \(String(format: "%.1f", fillSeconds)) s to fill), each with a "
                + "\(FavoritesFixture.pageBytes / 1024) KB HTML page, its readable document and text, and a 160×120 PNG picture (\(fixture.thumbnail.bytes.count / 1024) KB).",
            "Each operation \(rounds) times through FavoritesInteractor, alternating with the 100-favorite store; medians shown. "
                + "The search finds \(NumberText.grouped(matches)) favorites. Opening the last favorite reads the oldest one by its "
                + "identity, as `o N` does once its screen was shown.",
            "Starring: FavoritesInteractor.save with the page and picture handed over from memory (in the app they download "
                + "off the prompt first), so the time is the store's: one transaction with full-text indexing and fsync (WAL, synchronous=FULL).",
        ]
    }

    /// Times one of `operations`; returns the time and how many favorites it found.
    private static func measure(_ operation: Int, on subject: Subject, round: Int) async throws -> (Duration, Int) {
        let favorites = subject.favorites
        let start = ContinuousClock.now
        switch operation {
        case 0, 1:
            let screen = try await favorites.firstScreen(matching: operation == 0 ? "" : "garlic")
            let duration = ContinuousClock.now - start
            guard operation == 0 ? screen.total >= subject.count && screen.favorites.count == 10 : screen.total > 0 else {
                throw BenchError("the favorites screen came back with \(screen.total) favorites, \(screen.favorites.count) shown")
            }
            // Back to the whole list, untimed, for the openings that follow.
            if operation == 1 { _ = try await favorites.firstScreen(matching: "") }
            return (duration, screen.total)
        case 2, 3:
            let favorite = operation == 2 ? try await favorites.favorite(number: 3) : try await favorites.favorite(id: subject.oldest)
            let duration = ContinuousClock.now - start
            guard favorite?.page != nil else { throw BenchError("a favorite could not be opened with its page") }
            return (duration, 1)
        default:
            let saved = try await favorites.save(subject.toStar[round])
            let duration = ContinuousClock.now - start
            guard saved.missing.isEmpty else { throw BenchError("starring saved the favorite without \(saved.missing)") }
            return (duration, 1)
        }
    }

    private static func subject(_ count: Int, _ directory: URL, _ fixture: FavoritesFixture, _ fetcher: FakePageFetcher,
                                toStar: [Recipe]) async throws -> Subject {
        let store = try FavoritesStore(directory: directory)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for number in 0..<count {
            if number > 0, number % 2_500 == 0 { Console.message("   \(NumberText.grouped(number)) favorites saved…") }
            try await store.save(fixture.favorite(number, savedAt: start.addingTimeInterval(Double(number) * 60)))
        }
        let favorites = FavoritesInteractor(store: store, unavailable: nil, fetcher: fetcher, time: SystemTime())
        return (store, favorites, count, toStar, fixture.favorite(0, savedAt: start).recipe.id)
    }
}
