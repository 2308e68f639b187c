import Foundation
import Testing
import PuppyServer
import TestSupport
@testable import Services

/// Searches that work offline: results kept on disk, shown at once when a search is run again, and in
/// place of a network that is gone.
@Suite(.serialized) struct OfflineSearches {
    /// Runs `recipes --api URL` with `input` in a private home (its cache in `home/.cache/recipebook`).
    func recipes(_ api: String, _ arguments: [String] = [], input: String = "", home: URL) throws -> ProcessResult {
        try BinaryRunner.run("recipes", ["--api", api] + arguments, input: input, environment: BinaryRunner.environment(home: home))
    }

    /// Pages 5 and 6 garbled online, 7, 8 and 10 good: with the server gone, the one-shot `--page 5`
    /// shows the recipes of page 7 from the cache, as online it did.
    @Test func offlineAScreenPastPagesTheServerGarbledOnlineIsShownFromTheCache() throws {
        try TemporaryDirectory.withSync { home in
            let server = try ScriptedHTTPServer { request in
                let page = request.target.split(separator: "&").first { $0.hasPrefix("p=") }.flatMap { Int($0.dropFirst(2)) } ?? 1
                switch page {
                case 5: return [.response(body: "<html>not JSON</html>")]
                case 6: return [.response(status: 500, contentType: "text/html", body: "<h1>500</h1>")]
                case 1...4, 7, 8, 10:
                    let results = (1...10).map { #"{"title":"Dish \#(page)-\#($0)","href":"http://a.test/\#(page)/\#($0)","ingredients":"garlic"}"# }
                    return [.response(body: #"{"results":["# + results.joined(separator: ",") + "]}")]
                default: return [.response(body: #"{"results":[]}"#)]
                }
            }
            let api = server.baseURL.absoluteString + "/api/"
            let online = try recipes(api, ["search", "garlic", "--page", "5"], home: home)
            #expect(online.status == 0)
            #expect(online.output.contains("Dish 7-1"), "\(online.output)")
            server.shutdown()
            let offline = try recipes(api, ["search", "garlic", "--page", "5"], home: home)
            #expect(offline.status == 0, "\(offline.errors)")
            #expect(offline.output.contains("Dish 7-1") && offline.output.contains("Dish 7-10"), "\(offline.output)")
            #expect(offline.errors.contains("Offline"), "\(offline.errors)")
            // Pages 5 and 6 are passed over offline as they were online, in one line.
            #expect(offline.errors.contains("Skipped pages 5 and 6 after the server failed twice (skipped when last online)."), "\(offline.errors)")
        }
    }

    /// Makes every search page kept in `home`'s cache an hour older, as if it were kept in an earlier session.
    static func ageCache(in home: URL) throws {
        let folder = home.appendingPathComponent(".cache/recipebook")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(CacheFiles.entrySuffix) }
        #expect(!names.isEmpty)
        for name in names {
            let file = folder.appendingPathComponent(name)
            let entry = try #require(CacheEntry.decode(try Data(contentsOf: file), maxBytes: 64 << 20))
            let older = CacheEntry(key: entry.key, savedAt: entry.savedAt.addingTimeInterval(-3600), body: entry.body)
            try #require(older.encoded(maxBytes: 64 << 20)).write(to: file)
        }
    }

    /// A search run before is shown at once from the disk; it says the server is asked for newer results,
    /// except for the bundled catalog, which cannot change while RecipeBook runs.
    @Test func resultsKeptFromTheBundledCatalogDoNotSayTheServerIsAskedForNewerOnes() async throws {
        try await TemporaryDirectory.with { home in
            let environment = BinaryRunner.environment(home: home)
            #expect(try BinaryRunner.run("recipes", [], input: "onions, garlic\nquit\n", environment: environment).status == 0)
            try Self.ageCache(in: home)
            let bundled = try BinaryRunner.run("recipes", [], input: "onions, garlic\nquit\n", environment: environment)
            #expect(bundled.output.contains("Recipes 1–10"), "\(bundled.output)")
            #expect(!bundled.output.contains("asking the server for newer ones"), "\(bundled.output)")
        }
        try await TemporaryDirectory.with { home in
            try await PuppyServerFixture.withServer { server in
                #expect(try recipes(server.apiURL.absoluteString, [], input: "garlic\nquit\n", home: home).status == 0)
                try Self.ageCache(in: home)
                let other = try recipes(server.apiURL.absoluteString, [], input: "garlic\nquit\n", home: home)
                #expect(other.output.contains("asking the server for newer ones"), "\(other.output)")
            }
        }
    }

    @Test func aSearchRunBeforeIsPagedFromTheCacheWithTheServerGone() async throws {
        try await TemporaryDirectory.with { home in
            let api = try await PuppyServerFixture.withServer { server in
                let online = try recipes(server.apiURL.absoluteString, ["--no-prefetch"], input: "garlic\nn\nquit\n", home: home)
                #expect(online.output.contains("Recipes 11–20"))
                // Run again with the server up: the same results, said to be current (nothing about offline).
                let oneShot = try recipes(server.apiURL.absoluteString, ["search", "garlic"], home: home)
                #expect(oneShot.status == 0)
                #expect(!oneShot.errors.contains("Offline"))
                let repeated = try recipes(server.apiURL.absoluteString, [], input: "garlic\nquit\n", home: home)
                #expect(!repeated.output.contains("Offline"))
                #expect(!repeated.output.contains("newer results"))
                return server.apiURL.absoluteString
            }
            // The server is gone: the same search shows the kept pages, says so, and stops clearly at
            // the first page that was never fetched.
            let offline = try recipes(api, ["--no-prefetch"], input: "garlic\nn\nn\nquit\n", home: home)
            #expect(offline.status == 0)
            let lines = offline.output.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasPrefix("Recipes 1–10") })
            #expect(lines.contains { $0.hasPrefix("Recipes 11–20") })
            #expect(lines.contains { $0.contains("Offline: showing results saved at") }, "\(offline.output)")
            #expect(lines.contains { $0.hasPrefix("Error: Cannot reach the recipe server") }, "\(offline.output)")
            #expect(!lines.contains { $0.hasPrefix("Recipes 21") })

            let oneShot = try recipes(api, ["search", "garlic", "--json"], home: home)
            #expect(oneShot.status == 0)
            #expect(oneShot.output.contains("\"title\""))
            #expect(oneShot.errors.contains("Offline: showing results saved at"))

            let notKept = try recipes(api, ["search", "onions"], home: home)
            #expect(notKept.status == 1)
            #expect(notKept.errors.contains("Cannot reach the recipe server"))

            let without = try recipes(api, ["--no-cache", "search", "garlic"], home: home)
            #expect(without.status == 1, "--no-cache leaves the cache out")
        }
    }

    @Test func theCacheStaysUnderItsCapOnDisk() async throws {
        try await PuppyServerFixture.withServer(catalog: try PuppyServerFixture.generatedCatalog(count: 3_000)) { server in
            try await TemporaryDirectory.with { home in
                // 400 different searches, one page each: about 400 entries of 4 KB against a 1 MB cap.
                let searches = (1...400).map { "\"dish \($0)\"" }.joined(separator: "\n")
                let run = try recipes(server.apiURL.absoluteString, ["--no-prefetch", "--cache-limit", "1"], input: searches + "\nquit\n", home: home)
                #expect(run.status == 0)
                let folder = home.appendingPathComponent(".cache/recipebook")
                let bytes = try Self.bytesOnDisk(folder)
                #expect(bytes <= 1 << 20, "\(bytes) bytes on disk")
                #expect(bytes > 512 << 10, "the cache was used: \(bytes) bytes")
                let report = try BinaryRunner.run("recipes", ["cache", "--cache-limit", "1"], environment: BinaryRunner.environment(home: home))
                #expect(report.output.contains("KB of its 1 MB"))
                let cleared = try BinaryRunner.run("recipes", ["cache", "clear"], environment: BinaryRunner.environment(home: home))
                #expect(cleared.status == 0)
                #expect(try Self.bytesOnDisk(folder) < 16 << 10)
            }
        }
    }

    @Test func twoRunningRecipesShareTheCacheAndADamagedEntryIsIgnored() async throws {
        try await TemporaryDirectory.with { home in
            let api = try await PuppyServerFixture.withServer { server in
                let environment = BinaryRunner.environment(home: home)
                let first = try RunningProcess("recipes", ["--api", server.apiURL.absoluteString], environment: environment)
                let second = try RunningProcess("recipes", ["--api", server.apiURL.absoluteString], environment: environment)
                first.write("garlic\nn\nonions\nquit\n")
                second.write("eggs\nn\ntomatoes\nquit\n")
                first.closeInput()
                second.closeInput()
                #expect(first.finish().status == 0)
                #expect(second.finish().status == 0)
                // A damaged entry: garbage in place of one kept page.
                let folder = home.appendingPathComponent(".cache/recipebook")
                let entries = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { !$0.hasSuffix("lock") }
                    .map { folder.appendingPathComponent($0) }.filter { !$0.hasDirectoryPath }
                let damaged = try #require(entries.first { (try? Data(contentsOf: $0).count) ?? 0 > 100 })
                try Data(repeating: 0x42, count: 300).write(to: damaged)
                // Each search still works, the damaged page fetched again and kept anew.
                let again = try recipes(server.apiURL.absoluteString, ["--no-prefetch"], input: "garlic\nonions\neggs\ntomatoes\nquit\n", home: home)
                #expect(again.status == 0)
                #expect(again.output.components(separatedBy: "Recipes 1–").count == 5, "\(again.output)")
                return server.apiURL.absoluteString
            }
            for search in ["garlic", "onions", "eggs", "tomatoes"] {
                let offline = try recipes(api, ["search", search], home: home)
                #expect(offline.status == 0, "\(search) was kept by one of the two: \(offline.errors)")
            }
        }
    }

    static func bytesOnDisk(_ folder: URL) throws -> Int {
        var total = 0
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            var status = stat()
            if stat(folder.appendingPathComponent(path).path, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                total += Int(status.st_blocks) * 512
            }
        }
        return total
    }
}
