import Foundation
import Testing
import Services
import TestSupport

/// Thousands of random sessions (searches, paging, filters, favorites, Ctrl-C, the pantry, `have` and
/// the shopping list, a server that fails, garbles, repeats itself, goes away and comes back, answers
/// slowly or not at all, a cache holding some pages) through the real Presenter and Interactor, each step
/// checked against the reference model and the invariants.
///
/// Without settings a run takes the same 100 seeds every time (1 to 100, so a change that breaks one of
/// them fails every run) and 50 new ones from a first seed drawn at random and printed, so that every
/// run also tries sessions no run before it has: under a second alone, but many times that inside the
/// whole suite, where every step waits its turn among the other tests' work. `RECIPEBOOK_MODEL_SESSIONS`, `RECIPEBOOK_MODEL_SEED` (the
/// first seed; then only that range runs) and `RECIPEBOOK_MODEL_SECONDS` (stop after this long) change
/// the run; `.ci/model-sessions` runs a long one (CI: three minutes from a random seed).
@MainActor
@Suite struct RandomSessions {
    @Test func everySessionShowsWhatTheModelSaysAndKeepsTheInvariants() async throws {
        let environment = ProcessInfo.processInfo.environment
        let chosenSeed = environment["RECIPEBOOK_MODEL_SEED"].flatMap { UInt64($0) }
        let chosenSessions = environment["RECIPEBOOK_MODEL_SESSIONS"].flatMap { UInt64($0) }
        let seconds = environment["RECIPEBOOK_MODEL_SECONDS"].flatMap { Double($0) }
        let ranges: [Range<UInt64>]
        if chosenSeed != nil || chosenSessions != nil {
            let first = chosenSeed ?? 1
            ranges = [first..<first + (chosenSessions ?? Self.fixedSessions)]
        } else {
            // New seeds far above the fixed ones; printed before the run, so a failure can be run again
            // with RECIPEBOOK_MODEL_SEED even if the process dies.
            let fresh = UInt64.random(in: 1_000_000...(1 << 40))
            ranges = [1..<1 + Self.fixedSessions, fresh..<fresh + Self.freshSessions]
            print("random sessions: seeds 1..<\(1 + Self.fixedSessions) and new seeds \(fresh)..<\(fresh + Self.freshSessions)")
        }
        let seeds = ranges.flatMap { Array($0) }
        // Sessions run in lanes side by side (each lane its own favorites database), so that while one
        // waits for a hop between executors another runs.
        let lanes = 3
        let started = ContinuousClock.now
        let stop = StopFlag()
        let outcome = try await Self.withStores(lanes) { stores in
            await withTaskGroup(of: (ran: Int, steps: Int, failure: SessionChecker.Failure?).self) { group in
                for lane in 0..<lanes {
                    let store = stores[lane]
                    group.addTask {
                        await Self.runLane(seeds: stride(from: lane, to: seeds.count, by: lanes).map { seeds[$0] },
                                           until: seconds.map { started + .seconds($0) }, store: store, stop: stop)
                    }
                }
                var total = (ran: 0, steps: 0, failures: [SessionChecker.Failure]())
                for await lane in group {
                    total.ran += lane.ran
                    total.steps += lane.steps
                    if let failure = lane.failure {
                        total.failures.append(failure)
                        // The other lanes finish the session they run and stop.
                        stop.raised = true
                    }
                }
                return total
            }
        }
        if let failure = outcome.failures.min(by: { $0.steps.count < $1.steps.count }) {
            Issue.record(Comment(rawValue: "A random session went wrong (\(outcome.ran) sessions run):\n\(failure)"))
            return
        }
        let elapsed = (ContinuousClock.now - started).timeInterval
        print("random sessions: \(outcome.ran) sessions, \(outcome.steps) steps in \(String(format: "%.1f", elapsed)) s "
              + "(\(Int(Double(outcome.ran) / max(elapsed, 0.001))) sessions/s), seeds "
              + ranges.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: " and "))
    }

    /// Seeds every run takes, and new seeds each run adds: the suite's share; the long runs are
    /// `.ci/model-sessions`'.
    static let fixedSessions: UInt64 = 100
    static let freshSessions: UInt64 = 50

    /// Runs the sessions of `seeds` one after another; stops at the first failure (shrunk), or at `until`.
    static func runLane(seeds: [UInt64], until deadline: ContinuousClock.Instant?, store: FavoritesStore,
                        stop: StopFlag) async -> (ran: Int, steps: Int, failure: SessionChecker.Failure?) {
        var ran = 0
        var steps = 0
        for seed in seeds {
            if let deadline, ContinuousClock.now > deadline { break }
            if stop.raised { break }
            let (world, session) = SessionChecker.generate(seed: seed)
            ran += 1
            steps += session.count
            if let failure = await SessionChecker.check(seed: seed, world: world, steps: session, store: store) {
                return (ran, steps, await SessionChecker.shrink(failure, store: store))
            }
        }
        return (ran, steps, nil)
    }

    /// Favorites databases for the whole run, in memory-backed /dev/shm where there is one (each session
    /// empties its lane's database first).
    static func withStores<T>(_ count: Int, _ body: ([FavoritesStore]) async throws -> T) async throws -> T {
        let shm = URL(fileURLWithPath: "/dev/shm")
        let base = FileManager.default.isWritableFile(atPath: shm.path) ? shm : FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("recipebook-model-\(UUID().uuidString)")
        defer {
            // Only a leftover folder in /dev/shm or the temporary folder if this fails.
            try? FileManager.default.removeItem(at: folder)
        }
        let stores = try (0..<count).map { try FavoritesStore(directory: folder.appendingPathComponent("\($0)")) }
        let result = try await body(stores)
        for store in stores { await store.close() }
        return result
    }
}

/// Raised when a lane has found a failure: the others stop after the session they are running.
@MainActor
final class StopFlag {
    var raised = false
}
