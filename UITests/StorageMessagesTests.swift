import Foundation
import Glibc
import Testing
@testable import Services
import TestSupport

/// Messages that say what really happened to the favorites, the cache and pictures, and advice that
/// can help.
@Suite struct MessagesThatSayWhatHappened {
    @Test func aDatabaseLockedByAnotherProgramIsSaidToBeLockedNotADiskProblem() async throws {
        try await TemporaryDirectory.with { home in
            let data = home.appendingPathComponent("data")
            let store = try FavoritesStore(directory: data)
            await store.close()
            // Another program's exclusive lock, held for as long as the run lasts.
            let other = try SQLiteDatabase(path: data.appendingPathComponent(FavoritesStore.fileName).path, create: false)
            try other.execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE favorites SET title = title;")
            defer { other.close() }
            let listed = try BinaryRunner.run("recipes", ["--data-dir", data.path, "favorites"], environment: BinaryRunner.environment(home: home))
            #expect(listed.status == 1)
            #expect(listed.errors.hasPrefix("Error: The favorites database is locked by another program (favorites.sqlite, SQLite 5)."), "\(listed.errors)")
            #expect(listed.errors.contains("Close the program that holds it"))
            #expect(!listed.errors.contains("disk"), "\(listed.errors)")
        }
    }

    @Test(.disabled(if: BinaryRunner.binariesAreSanitized, "a sanitizer's runtime crashes under a small file-size limit"))
    func noRoomForTheDatabaseIsSaidToBeNoSpace() async throws {
        try await TemporaryDirectory.with { home in
            let data = home.appendingPathComponent("data")
            let store = try FavoritesStore(directory: data)
            await store.close()
            // Files may not grow past 8 KB, so the 32 KB shared-memory file SQLite makes to read the
            // database cannot be made (SQLite's "disk I/O error", 4874); the signal that would end the
            // process is ignored, so writes fail with EFBIG as they would on a full disk with ENOSPC.
            let script = "trap '' XFSZ; ulimit -f 16; exec \"$0\" \"$@\""
            let listed = try BinaryRunner.run("/bin/sh", ["-c", script, BinaryRunner.url(of: "recipes").path, "--data-dir", data.path, "favorites"],
                                              environment: BinaryRunner.environment(home: home))
            #expect(listed.status == 1)
            #expect(listed.errors.hasPrefix("Error: There is no space left to write the favorites (the file size limit (ulimit -f) is reached;"),
                    "\(listed.errors)")
            #expect(listed.errors.contains("Free some space on the disk"))
        }
    }

    @Test func emptyingACacheAnotherProgramHoldsSaysTheCacheIsBusy() throws {
        try TemporaryDirectory.withSync { home in
            let folder = home.appendingPathComponent("cache/recipebook")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let lock = open(folder.appendingPathComponent("lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
            defer { close(lock) }
            let cleared = try BinaryRunner.run("recipes", ["cache", "clear"],
                                               environment: BinaryRunner.environment(home: home, extra: ["XDG_CACHE_HOME": home.appendingPathComponent("cache").path]))
            #expect(cleared.status == 1)
            #expect(cleared.errors.hasPrefix("Error: The cache is busy: another RecipeBook is using it (\(folder.path), locked for longer than"),
                    "\(cleared.errors)")
            #expect(!cleared.errors.contains("favorites"), "\(cleared.errors)")
        }
    }

    /// Serves one result whose thumbnail is `thumbnail`, and a page naming no picture.
    static func server(thumbnail: ScriptStep) throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer { request in
            let host = request.headers["host"] ?? "127.0.0.1"
            if request.target.hasPrefix("/api/") {
                let body = #"{"title":"Recipe Puppy","version":0.1,"href":"http:\/\/x\/","results":[{"title":"Tomato Salad","#
                    + #""href":"http:\/\/\#(host)\/salad","ingredients":"tomatoes","thumbnail":"http:\/\/\#(host)\/salad.gif"}]}"#
                return [.response(contentType: "text/javascript", body: body)]
            }
            if request.target == "/salad.gif" { return [thumbnail] }
            return [.response(contentType: "text/html", body: "<html><body><h1>Tomato Salad</h1><p>Slice.</p></body></html>")]
        }
    }

    @Test func aPictureThatCannotBeSavedWithAFavoriteSaysWhyAsPicNDoes() throws {
        let gif = Data("GIF89a".utf8) + Data(repeating: 0, count: 64)
        let server = try Self.server(thumbnail: .response(contentType: "image/gif", body: gif))
        defer { server.shutdown() }
        try TemporaryDirectory.withSync { home in
            let saving = try BinaryRunner.run("recipes", ["--api", server.baseURL.absoluteString + "/api/", "--no-cache"],
                                              input: "tomatoes\nfav 1\nquit\n", environment: BinaryRunner.environment(home: home))
            #expect(saving.output.contains("★ Saved “Tomato Salad”, but not its picture (GIF; RecipeBook shows JPEG, PNG and WebP)."),
                    "\(saving.output)")
        }
    }

    @Test func anAnswerTooLargeOnEveryPageIsNotSaidToPassLater() throws {
        let huge = Data(repeating: UInt8(ascii: " "), count: 5 << 20)
        let server = try ScriptedHTTPServer { _ in [.response(contentType: "application/json", body: huge)] }
        defer { server.shutdown() }
        try TemporaryDirectory.withSync { home in
            let result = try BinaryRunner.run("recipes", ["--api", server.baseURL.absoluteString + "/api/", "--no-cache", "search", "garlic"],
                                              environment: BinaryRunner.environment(home: home))
            #expect(result.status == 1)
            #expect(result.errors.contains("answer too large"), "\(result.errors)")
            #expect(!result.errors.contains("again later"), "\(result.errors)")
            #expect(result.errors.contains("Check the --api address"), "\(result.errors)")
        }
    }
}
