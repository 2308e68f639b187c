import Foundation
import Glibc
import Testing
import TestSupport
@testable import Services
import ServiceSupport

@Suite struct CacheStoreFiles {
    func body(_ text: String, size: Int = 0) -> Data {
        var data = Data(text.utf8)
        if data.count < size { data.append(Data(repeating: 0x2E, count: size - data.count)) }
        return data
    }

    @Test func aWrittenEntryReadsBackWithTheTimeItWasSaved() throws {
        try TemporaryDirectory.withSync { root in
            let time = FakeTime()
            let store = CacheStore(directory: root.appendingPathComponent("recipebook"), time: time)
            let saved = try store.write("search onions", body: body("page one"))
            time.advance(by: 600)
            let entry = try #require(store.read("search onions"))
            #expect(entry.body == body("page one"))
            #expect(entry.savedAt == saved)
            #expect(saved == Date(timeIntervalSince1970: 1_800_000_000))
            #expect(store.read("search garlic") == nil)
        }
    }

    @Test func readingAMissingFolderCreatesNothing() throws {
        try TemporaryDirectory.withSync { root in
            let folder = root.appendingPathComponent("never-written")
            let store = CacheStore(directory: folder)
            #expect(store.read("anything") == nil)
            #expect(store.usage().entries == 0)
            #expect(!FileManager.default.fileExists(atPath: folder.path))
        }
    }

    @Test func writingAKeyAgainReplacesItsEntry() throws {
        try TemporaryDirectory.withSync { root in
            let time = FakeTime()
            let store = CacheStore(directory: root, time: time)
            try store.write("page http://a.test/1", body: body("old"))
            time.advance(by: 60)
            let later = try store.write("page http://a.test/1", body: body("new"))
            let entry = try #require(store.read("page http://a.test/1"))
            #expect(entry.body == body("new"))
            #expect(entry.savedAt == later)
            #expect(CacheFolderInspection(folder: root).entryNames.count == 1)
        }
    }

    @Test func theFolderIsPrivateAndSoIsEveryFile() throws {
        try TemporaryDirectory.withSync { root in
            let folder = root.appendingPathComponent("cache/recipebook")
            let store = CacheStore(directory: folder)
            try store.write("a", body: body("a"))
            let inspection = CacheFolderInspection(folder: folder)
            #expect(inspection.folderMode == 0o700)
            #expect(inspection.files.count == 2)
            for file in inspection.files {
                #expect(file.info.st_mode & 0o7777 == 0o600, "\(file.name)")
            }
        }
    }

    @Test func anExistingFolderOpenToOthersIsMadePrivate() throws {
        try TemporaryDirectory.withSync { root in
            chmod(root.path, 0o755)
            try CacheStore(directory: root).write("a", body: body("a"))
            #expect(CacheFolderInspection(folder: root).folderMode == 0o700)
        }
    }

    @Test func aCacheFolderThatIsALinkToAFolderIsUsed() throws {
        try TemporaryDirectory.withSync { root in
            let real = root.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
            let link = root.appendingPathComponent("recipebook")
            symlink(real.path, link.path)
            let store = CacheStore(directory: link)
            try store.write("a", body: body("a"))
            #expect(store.read("a")?.body == body("a"))
            #expect(CacheFolderInspection(folder: real).entryNames.count == 1)
            try store.clear()
            #expect(CacheFolderInspection(folder: real).entryNames.isEmpty)
        }
    }

    @Test func theFolderStaysUnderItsCapacityLosingTheLeastRecentlyUsedFirst() throws {
        try TemporaryDirectory.withSync { root in
            let time = FakeTime()
            let capacity = 64 << 10
            let store = CacheStore(directory: root, capacity: capacity, time: time)
            // Most recently used last; reads move an entry to the end.
            var recency: [String] = []
            func use(_ key: String) {
                recency.removeAll { $0 == key }
                recency.append(key)
                time.advance(by: 1)
            }
            for number in 0..<60 {
                let key = "entry \(number)"
                try store.write(key, body: body(key, size: 3000))
                use(key)
                #expect(CacheFolderInspection(folder: root).bytesOnDisk <= capacity, "after writing \(key)")
                // Keep re-reading two old entries: they must outlive everything written after them.
                for kept in ["entry 0", "entry 1"] where store.read(kept) != nil { use(kept) }
            }
            let present = Set(recency.filter { store.read($0) != nil })
            #expect(present.isSuperset(of: ["entry 0", "entry 1", "entry 59"]))
            // What is left is exactly the most recently used: no survivor is older than an evicted entry.
            let firstPresent = try #require(recency.firstIndex { present.contains($0) })
            #expect(Set(recency[firstPresent...]) == present)
            #expect(present.count < 20)
            #expect(store.usage().bytes <= capacity)
        }
    }

    @Test func anEntryLargerThanAQuarterOfTheCapacityIsRefused() throws {
        try TemporaryDirectory.withSync { root in
            let store = CacheStore(directory: root, capacity: 64 << 10)
            #expect(throws: ServiceError.tooLarge) { try store.write("big", body: body("big", size: 16 << 10)) }
            #expect(store.usage().lastProblem == .tooLarge)
            try store.write("small", body: body("small", size: (16 << 10) - 64))
            #expect(store.usage().lastProblem == nil)
            #expect(store.read("big") == nil)
            #expect(store.read("small") != nil)
        }
    }

    @Test func anEntryFileLargerThanTheLimitIsNotRead() throws {
        try TemporaryDirectory.withSync { root in
            try CacheStore(directory: root, capacity: 4 << 20).write("big", body: body("big", size: 100 << 10))
            #expect(CacheStore(directory: root, capacity: 4 << 20).read("big") != nil)
            #expect(CacheStore(directory: root, capacity: 64 << 10).read("big") == nil)
        }
    }

    enum Damage: String, CaseIterable, Sendable {
        case garbage, truncated, empty, folder, openToOthers, anotherOwner, link, foreignEntry
    }

    @Test(arguments: Damage.allCases)
    func aDamagedEntryIsIgnoredAndReplaced(_ damage: Damage) throws {
        try TemporaryDirectory.withSync { root in
            let folder = root.appendingPathComponent("cache")
            let store = CacheStore(directory: folder)
            try store.write("key", body: body("first"))
            let path = folder.appendingPathComponent(CacheFiles.entryName(for: "key")).path
            let good = try Data(contentsOf: URL(fileURLWithPath: path))
            switch damage {
            case .garbage:
                try Data((0..<200).map { UInt8($0 * 7 % 256) }).write(to: URL(fileURLWithPath: path))
            case .truncated:
                try good.prefix(good.count - 1).write(to: URL(fileURLWithPath: path))
            case .empty:
                try Data().write(to: URL(fileURLWithPath: path))
            case .folder:
                unlink(path)
                try FileManager.default.createDirectory(atPath: path + "/inner", withIntermediateDirectories: true)
            case .openToOthers:
                chmod(path, 0o644)
            case .anotherOwner:
                chown(path, 4242, 4242)
            case .link:
                let elsewhere = root.appendingPathComponent("elsewhere").path
                try good.write(to: URL(fileURLWithPath: elsewhere))
                chmod(elsewhere, 0o600)
                unlink(path)
                symlink(elsewhere, path)
            case .foreignEntry:
                // A whole, intact entry, but of another key.
                let other = try #require(CacheEntry(key: "other", savedAt: Date(), body: body("x")).encoded(maxBytes: 1 << 20))
                try other.write(to: URL(fileURLWithPath: path))
            }
            #expect(store.read("key") == nil)
            try store.write("key", body: body("second"))
            #expect(store.read("key")?.body == body("second"))
            #expect(CacheFolderInspection(folder: folder).mode(CacheFiles.entryName(for: "key")) == 0o600)
        }
    }

    @Test func aFolderFilledByAnotherRunIsCountedOnTheFirstWrite() throws {
        try TemporaryDirectory.withSync { root in
            let time = FakeTime()
            let roomy = CacheStore(directory: root, capacity: 1 << 20, time: time)
            for number in 0..<40 {
                try roomy.write("entry \(number)", body: body("x", size: 3000))
                time.advance(by: 1)
            }
            let capacity = 64 << 10
            #expect(CacheFolderInspection(folder: root).bytesOnDisk > capacity)
            // A well-formed ledger that is wrong, as a run that died between placing entries and counting
            // them would leave it: zero bytes.
            try Data("RBCL".utf8 + [UInt8](repeating: 0, count: 12)).write(to: root.appendingPathComponent("lock"))
            try CacheStore(directory: root, capacity: capacity, time: time).write("new", body: body("new"))
            #expect(CacheFolderInspection(folder: root).bytesOnDisk <= capacity)
        }
    }

    @Test(arguments: [false, true])
    func writesOfAnotherStoreCountTowardsTheCapacity(damagingTheLedger: Bool) throws {
        try TemporaryDirectory.withSync { root in
            let time = FakeTime()
            let capacity = 64 << 10
            let small = CacheStore(directory: root, capacity: capacity, time: time)
            try small.write("first", body: body("first"))
            // Another process, with a larger capacity, fills the folder past the small one's.
            let roomy = CacheStore(directory: root, capacity: 1 << 20, time: time)
            for number in 0..<40 {
                try roomy.write("entry \(number)", body: body("x", size: 3000))
                time.advance(by: 1)
            }
            #expect(CacheFolderInspection(folder: root).bytesOnDisk > capacity)
            if damagingTheLedger {
                try Data("garbage".utf8).write(to: root.appendingPathComponent("lock"))
            }
            try small.write("second", body: body("second"))
            #expect(CacheFolderInspection(folder: root).bytesOnDisk <= capacity)
            #expect(small.read("second") != nil)
        }
    }

    @Test func leftoversOfInterruptedWritesAreRemoved() throws {
        try TemporaryDirectory.withSync { root in
            let leftover = root.appendingPathComponent(".tmp-999-interrupted")
            try Data("half an entry".utf8).write(to: leftover)
            try CacheStore(directory: root).write("a", body: body("a"))
            #expect(!FileManager.default.fileExists(atPath: leftover.path))
        }
    }

    @Test func clearingEmptiesTheCacheAndLeavesOtherFilesAlone() throws {
        try TemporaryDirectory.withSync { root in
            let store = CacheStore(directory: root)
            for number in 0..<5 { try store.write("entry \(number)", body: body("x")) }
            let notes = root.appendingPathComponent("notes.txt")
            try Data("mine".utf8).write(to: notes)
            #expect(store.usage().entries == 5)
            try store.clear()
            #expect(store.usage().entries == 0)
            #expect((0..<5).allSatisfy { store.read("entry \($0)") == nil })
            #expect(CacheFolderInspection(folder: root).entryNames.isEmpty)
            #expect(FileManager.default.fileExists(atPath: notes.path))
            try store.write("after", body: body("after"))
            #expect(store.read("after") != nil)
            try CacheStore(directory: root.appendingPathComponent("missing")).clear()
        }
    }

    @Test func aWriteWaitsForAnotherProcessHoldingTheLockOnlySoLong() async throws {
        try await TemporaryDirectory.with { root in
            let store = CacheStore(directory: root, lockWait: .milliseconds(50))
            try store.write("before", body: body("before"))
            // flock(1) holds the folder's lock in another process until its input ends.
            let holder = try RunningProcess("/usr/bin/flock", [root.appendingPathComponent("lock").path, "sh", "-c", "echo locked; cat >/dev/null"],
                                            environment: ProcessInfo.processInfo.environment)
            #expect(holder.waitForOutput(containing: "locked\n"))
            #expect(throws: ServiceError.storageBusy) { try store.write("during", body: body("during")) }
            // Reading takes no lock.
            #expect(store.read("before") != nil)
            holder.closeInput()
            #expect(holder.finish().status == 0)
            try store.write("after", body: body("after"))
            #expect(store.read("after") != nil)
            #expect(store.read("during") == nil)
        }
    }

    @Test(arguments: [1 << 20, 48 << 10])
    func twoStoresWritingAndReadingAtOnceNeverSeeHalfAnEntry(capacity: Int) throws {
        try TemporaryDirectory.withSync { root in
            let stores = [CacheStore(directory: root, capacity: capacity), CacheStore(directory: root, capacity: capacity)]
            let shared = (0..<10).map { "shared \($0)" }
            let bad = Locked<[String]>([])
            // Bodies say who wrote them and are long enough that a torn write would show.
            @Sendable func body(writer: Int, key: String, round: Int) -> Data {
                Data(String(repeating: "\(writer)|\(key)|\(round);", count: 60).utf8)
            }
            // With room for everything, an entry written once is there from then on: a rewrite replaces it
            // whole, it never leaves a moment with nothing or half an entry to read.
            let evicting = capacity < 1 << 20
            @Sendable func check(_ entry: CacheEntry?, key: String, mustExist: Bool = false) {
                guard let entry else {
                    if mustExist, !evicting { bad.withLock { $0.append("\(key) missing") } }
                    return
                }
                let text = String(decoding: entry.body, as: UTF8.self)
                let parts = text.split(separator: ";")
                guard let first = parts.first, parts.allSatisfy({ $0 == first }), first.split(separator: "|").dropFirst().first.map(String.init) == key else {
                    bad.withLock { $0.append("\(key): \(text.prefix(40))") }
                    return
                }
            }
            for key in shared { try stores[0].write(key, body: body(writer: 0, key: key, round: -1)) }
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                let store = stores[worker % 2]
                for round in 0..<150 {
                    if worker < 2 {
                        let own = "own \(worker) \(round % 30)"
                        do {
                            try store.write(shared[round % shared.count], body: body(writer: worker, key: shared[round % shared.count], round: round))
                            try store.write(own, body: body(writer: worker, key: own, round: round))
                        } catch {
                            bad.withLock { $0.append("write failed: \(error)") }
                        }
                    } else {
                        for key in shared { check(store.read(key), key: key, mustExist: true) }
                        for key in ["own 0 \(round % 30)", "own 1 \(round % 30)"] { check(store.read(key), key: key) }
                    }
                }
            }
            #expect(bad.withLock { $0 } == [])
            let inspection = CacheFolderInspection(folder: root)
            #expect(inspection.bytesOnDisk <= capacity)
            #expect(!inspection.files.contains { $0.name.hasPrefix(".tmp-") })
            #expect(inspection.files.allSatisfy { $0.info.st_mode & 0o7777 == 0o600 })
            for key in shared + (0..<30).flatMap({ ["own 0 \($0)", "own 1 \($0)"] }) {
                check(stores[0].read(key), key: key)
            }
            #expect(bad.withLock { $0 } == [])
            if capacity == 1 << 20 {
                // Nothing was evicted: every entry is there, whichever writer won.
                #expect(shared.allSatisfy { stores[1].read($0) != nil })
                #expect(inspection.entryNames.count == 70)
            }
        }
    }
}
