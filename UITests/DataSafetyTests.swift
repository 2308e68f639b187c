import Foundation
import Testing
import PuppyServer
import PuppyCatalog
import TestSupport
@testable import Services
import ServiceSupport

/// What saved stays saved: through a full disk and through a kill in the middle of a migration.
@Suite(.serialized) struct DataSafety {
    @Test(.disabled(if: BinaryRunner.binariesAreSanitized, "a sanitizer's runtime crashes under a 44 KB file-size limit"))
    func aFullDiskWhileSavingIsAnErrorAndDamagesNothing() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let data = home.appendingPathComponent("data")
                let environment = BinaryRunner.environment(home: home)
                let api = server.apiURL.absoluteString
                let first = try BinaryRunner.run("recipes", ["--api", api, "--data-dir", data.path], input: "garlic\nfav 1\nquit\n",
                                                 environment: environment)
                #expect(first.output.contains("★ Saved"))
                // Files may not grow past 44 KB (and the signal that would kill the process is ignored, so
                // writes fail with EFBIG as they would on a full disk).
                let script = "trap '' XFSZ; ulimit -f 88; exec \"$0\" \"$@\""
                let full = try BinaryRunner.run("/bin/sh", ["-c", script, BinaryRunner.url(of: "recipes").path, "--api", api, "--data-dir", data.path],
                                                input: "garlic\nfav 2\nfav 3\nfav 4\nfav 5\nquit\n", environment: environment)
                #expect(full.status == 0)
                let failures = full.output.split(separator: "\n").filter { $0.hasPrefix("Error: Could not save") || $0.hasPrefix("Error: Could not store") }
                #expect(!failures.isEmpty, "\(full.output)")
                #expect(failures.allSatisfy { $0.contains("There is no space left to write the favorites") }, "\(failures)")
                let savedNow = full.output.components(separatedBy: "” is a favorite; fetching").count - 1
                let store = try FavoritesStore(directory: data)
                #expect(try await store.integrityCheck() == "ok")
                #expect(try await store.count() == 1 + savedNow)
            }
        }
    }

    @Test func killingAMigrationLeavesASoundDatabaseWithEveryFavorite() async throws {
        try await TemporaryDirectory.with { home in
            let template = home.appendingPathComponent("template")
            try FileManager.default.createDirectory(at: template, withIntermediateDirectories: true)
            let rows = 1_500
            let old = try SQLiteDatabase(path: template.appendingPathComponent(FavoritesStore.fileName).path, create: true)
            try old.execute(FavoritesSchema.migrations[0] + "PRAGMA user_version = 1;")
            let insert = try old.prepare("INSERT INTO favorites (id, title, href, ingredients, saved_at, page_text) VALUES (?, ?, ?, ?, ?, ?)")
            let text = String(repeating: "Simmer the beans with garlic and smoked paprika until thick. ", count: 30)
            try old.transaction { () throws(ServiceError) in
                for number in 1...rows {
                    try insert.run([.text("http://example.test/\(number)"), .text("Dish \(number)"), .text("http://example.test/\(number)"),
                                    .text("[\"garlic\",\"beans\"]"), .real(Double(1_700_000_000 + number)), .text(text)])
                }
            }
            old.close()

            // Each run is killed the moment its migration has written 64 KB to the write-ahead log: inside
            // the migration's transaction (the full-text index is being built), not at a random time.
            var outcomes: [Int: Int] = [:]
            for round in 0..<20 {
                let data = home.appendingPathComponent("round-\(round)")
                try FileManager.default.copyItem(at: template, to: data)
                let wal = data.appendingPathComponent(FavoritesStore.fileName + "-wal").path
                let running = try RunningProcess("recipes", ["--data-dir", data.path, "favorites", "nothing-matches-this"],
                                                 environment: BinaryRunner.environment(home: home))
                let deadline = ContinuousClock.now + .seconds(20)
                while ContinuousClock.now < deadline, Self.size(of: wal) < 64 << 10 {
                    usleep(100)
                }
                running.signal(SIGKILL)
                _ = running.finish()
                try inspect(data.appendingPathComponent(FavoritesStore.fileName), round: round, rows: rows, outcomes: &outcomes)
                // And the next run finishes the migration with every favorite searchable.
                let store = try FavoritesStore(directory: data)
                #expect(try await store.count(matching: "paprika") == rows)
                await store.close()
                try FileManager.default.removeItem(at: data)
            }
            // The kills landed inside the migration: the file was left at an older version, whole.
            #expect(outcomes.filter { $0.key < FavoritesSchema.latestVersion }.values.reduce(0, +) > 0, "\(outcomes)")
        }
    }

    static func size(of path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// Checks the file as it was left, with a connection of its own that is closed before returning.
    func inspect(_ file: URL, round: Int, rows: Int, outcomes: inout [Int: Int]) throws {
        let database = try SQLiteDatabase(path: file.path, create: false)
        defer { database.close() }
        let check = try database.prepare("PRAGMA integrity_check")
        #expect(try check.step())
        #expect(check.text(0) == "ok", "round \(round)")
        let version = Int(try database.integer("PRAGMA user_version"))
        #expect((1...FavoritesSchema.latestVersion).contains(version), "round \(round): version \(version)")
        outcomes[version, default: 0] += 1
        #expect(try database.integer("SELECT count(*) FROM favorites") == Int64(rows), "round \(round)")
    }
}
