import Foundation
import Entity
import Services
import Interactor

/// 5. Favorites with 20 KB pages in a real SQLite file: the favorites screen, a search within them,
/// opening one, and starring one more, through FavoritesInteractor.
struct FavoritesAtScale: Benchmark {
    let number = 5
    let title = "Favorites at scale"
    let reference = "the same operation on a store of 100 favorites made the same way, alternated with it in the same run"

    static let referenceCount = 100
    static let searchWord = "garlic"

    private enum Operation: CaseIterable {
        case screen, search, openFirst, openLast, star
    }

    /// One store and the interactor over it.
    private struct Subject {
        let store: FavoritesStore
        let favorites: FavoritesInteractor
        let count: Int
        /// Recipes to star, one per repetition.
        let toStar: [Recipe]
        /// The favorite saved first (the last of the list).
        let oldest: RecipeID
    }

    func run(_ scale: Scale, into report: inout SectionReport) async throws {
        let count = scale.pick(quick: 400, full: 10_000)
        let repetitions = scale.pick(quick: 9, full: 31)
        let fixture = try FavoritesFixture()
        let folder = try TemporaryFolder("favorites")
        defer { folder.remove() }

        let bigStars = (0..<repetitions).map { fixture.recipe(1_000_000 + $0) }
        let smallStars = (0..<repetitions).map { fixture.recipe(2_000_000 + $0) }
        var pages: [String: RecipePage] = [:]
        for (offset, recipe) in (bigStars + smallStars).enumerated() {
            pages[recipe.href] = fixture.page(for: recipe, number: 1_000_000 + offset)
        }
        let fetcher = InMemoryPages(pages: pages, picture: fixture.thumbnail)

        let filling = ContinuousClock.now
        let big = try await Self.subject(count: count, in: try folder.folder("big"), fixture: fixture, fetcher: fetcher, toStar: bigStars)
        let fillSeconds = (ContinuousClock.now - filling).seconds
        let small = try await Self.subject(count: Self.referenceCount, in: try folder.folder("small"), fixture: fixture,
                                           fetcher: fetcher, toStar: smallStars)
        let fileMB = Self.megabytes(of: big.store.fileURL)

        var samples: [Bool: [Operation: Samples]] = [:]
        var matches = 0
        do {
            for round in 0..<repetitions {
                for isBig in round % 2 == 0 ? [true, false] : [false, true] {
                    let subject = isBig ? big : small
                    for operation in Operation.allCases {
                        let (duration, found) = try await measure(operation, on: subject, round: round)
                        samples[isBig, default: [:]][operation, default: Samples()].append(duration)
                        if isBig, operation == .search { matches = found }
                    }
                }
            }
        } catch {
            await big.store.close()
            await small.store.close()
            throw error
        }
        await big.store.close()
        await small.store.close()

        let names: [(Operation, String)] = [
            (.screen, "open the favorites screen (count + first 10)"),
            (.search, "search favorites for `\(Self.searchWord)` (count + first 10)"),
            (.openFirst, "open favorite 3 (whole, with its page)"),
            (.openLast, "open the last favorite (whole, with its page)"),
            (.star, "star one more (save with page and picture)"),
        ]
        for (operation, name) in names {
            report.figures.append(Figure(
                "\(NumberText.grouped(count)) favorites: \(name), median",
                value: .milliseconds(samples[true]?[operation]?.median ?? 0),
                reference: .milliseconds(samples[false]?[operation]?.median ?? 0),
                targets: [.below(50)]))
        }
        report.notes = [
            "\(NumberText.grouped(count)) favorites saved one by one through FavoritesStore into a temporary SQLite file "
                + "(\(String(format: "%.0f", fileMB)) MB with its WAL; \(String(format: "%.1f", fillSeconds)) s to fill), each with a "
                + "\(FavoritesFixture.pageBytes / 1024) KB HTML page, its readable document and text, and a 4 KB picture.",
            "Each operation \(repetitions) times through FavoritesInteractor, alternating with the 100-favorite store; medians shown. "
                + "The search finds \(NumberText.grouped(matches)) favorites. Opening the last favorite reads the oldest one by its identity, as `o N` does once its screen was shown.",
            "Starring: FavoritesInteractor.save with the page and picture handed over from memory (in the app they download "
                + "off the prompt first), so the time is the store's: one transaction with full-text indexing and fsync (WAL, synchronous=FULL).",
        ]
    }

    private func measure(_ operation: Operation, on subject: Subject, round: Int) async throws -> (Duration, Int) {
        let clock = ContinuousClock()
        switch operation {
        case .screen:
            var result: Result<FavoritesScreen, UseCaseError>?
            let duration = await clock.measure { result = await Self.result { () throws(UseCaseError) in try await subject.favorites.firstScreen(matching: "") } }
            guard case .success(let screen) = result, screen.total >= subject.count, screen.favorites.count == 10 else {
                throw BenchError("the favorites screen came back as \(String(describing: result))")
            }
            return (duration, screen.total)
        case .search:
            var result: Result<FavoritesScreen, UseCaseError>?
            let duration = await clock.measure {
                result = await Self.result { () throws(UseCaseError) in try await subject.favorites.firstScreen(matching: Self.searchWord) }
            }
            guard case .success(let screen) = result, screen.total > 0 else {
                throw BenchError("searching favorites came back as \(String(describing: result))")
            }
            // Back to the whole list, untimed, for the openings that follow.
            _ = await Self.result { () throws(UseCaseError) in try await subject.favorites.firstScreen(matching: "") }
            return (duration, screen.total)
        case .openFirst, .openLast:
            var result: Result<Favorite?, UseCaseError>?
            let duration = await clock.measure {
                result = await Self.result { () throws(UseCaseError) in
                    operation == .openFirst ? try await subject.favorites.favorite(number: 3) : try await subject.favorites.favorite(id: subject.oldest)
                }
            }
            guard case .success(let favorite?) = result, favorite.page != nil else {
                throw BenchError("a favorite could not be opened with its page: \(String(describing: result))")
            }
            return (duration, 1)
        case .star:
            let recipe = subject.toStar[round]
            var result: Result<SaveReport, UseCaseError>?
            let duration = await clock.measure { result = await Self.result { () throws(UseCaseError) in try await subject.favorites.save(recipe) } }
            guard case .success(let report) = result, report.missing.isEmpty else {
                throw BenchError("starring came back as \(String(describing: result))")
            }
            return (duration, 1)
        }
    }

    private static func result<T>(_ work: () async throws(UseCaseError) -> T) async -> Result<T, UseCaseError> {
        do throws(UseCaseError) {
            return .success(try await work())
        } catch {
            return .failure(error)
        }
    }

    private static func subject(count: Int, in directory: URL, fixture: FavoritesFixture, fetcher: InMemoryPages,
                                toStar: [Recipe]) async throws -> Subject {
        let store: FavoritesStore
        do throws(ServiceError) {
            store = try FavoritesStore(directory: directory)
        } catch {
            throw BenchError("cannot open a favorites store in \(directory.path): \(error)")
        }
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for number in 0..<count {
            if number > 0, number % 2_500 == 0 { Console.message("   \(NumberText.grouped(number)) favorites saved…") }
            do throws(ServiceError) {
                try await store.save(fixture.favorite(number, savedAt: start.addingTimeInterval(Double(number) * 60)))
            } catch {
                throw BenchError("saving favorite \(number) failed: \(error)")
            }
        }
        let favorites = FavoritesInteractor(store: store, unavailable: nil, fetcher: fetcher, time: SystemTime())
        let oldest = fixture.favorite(0, savedAt: start).recipe.id
        return Subject(store: store, favorites: favorites, count: count, toStar: toStar, oldest: oldest)
    }

    private static func megabytes(of file: URL) -> Double {
        let paths = [file.path, file.path + "-wal"]
        let bytes = paths.compactMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }.reduce(0, +)
        return Double(bytes) / 1_048_576
    }
}
