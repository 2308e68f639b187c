import Foundation
import Testing
import PuppyServer
import PuppyCatalog
@testable import Services
import TestSupport

/// Favorites through the binary: saved whole, usable offline, and never lost.
@Suite(.serialized) struct FavoritesThroughTheBinary {
    @Test func aFavoriteWorksWithTheServerGone() async throws {
        try await TemporaryDirectory.with { home in
            let data = home.appendingPathComponent("data")
            let environment = BinaryRunner.environment(home: home)
            let server = PuppyServer(catalog: try PuppyServerFixture.sampleCatalog(), configuration: .init())
            try server.start()
            let api = server.apiURL.absoluteString
            let saving = try BinaryRunner.run("recipes", ["--api", api, "--data-dir", data.path], input: "garlic\nfav 1\nfav 3\nquit\n",
                                              environment: environment)
            #expect(saving.status == 0)
            #expect(saving.output.components(separatedBy: "★ Saved").count - 1 == 2, "\(saving.output)")
            let starred = try BinaryRunner.run("recipes", ["--api", api, "--data-dir", data.path, "search", "garlic", "--json", "--count", "3"],
                                               environment: environment)
            let flags = (try JSONSerialization.jsonObject(with: starred.standardOutput) as? [[String: Any]] ?? []).map { $0["favorite"] as? Bool }
            #expect(flags == [true, false, true])
            server.shutdown()

            // Without the cache (whose kept results would stand in for the server), favorites alone.
            let offline = try BinaryRunner.run("recipes", ["--api", api, "--data-dir", data.path, "--no-cache"],
                                               input: "garlic\nfavorites\n1\no 1\nfavorites \(titleWord(saving.output))\nfavorites zzzzqqq\nquit\n",
                                               environment: environment)
            #expect(offline.status == 0)
            let output = offline.output
            #expect(output.contains("Cannot reach the recipe server"))
            #expect(output.contains("favorites still work"))
            #expect(output.contains("Favorites (2)"))
            #expect(output.contains("Favorite:    ★ saved"))
            #expect(output.contains("(saved copy from"))
            #expect(output.contains("Method") || output.contains("METHOD") || output.contains("Ingredients"))
            #expect(output.contains("Favorites matching"))
            #expect(output.contains("No favorites match zzzzqqq."))

            let listed = try BinaryRunner.run("recipes", ["--data-dir", data.path, "favorites", "--json"], environment: environment)
            #expect(listed.status == 0)
            let records = try JSONSerialization.jsonObject(with: listed.standardOutput) as? [[String: Any]] ?? []
            #expect(records.count == 2)
            for record in records {
                #expect((record["page_text"] as? String)?.isEmpty == false)
                #expect((record["thumbnail_bytes"] as? Int ?? 0) > 0)
                #expect(record["saved_at"] is String)
                #expect(record["favorite"] as? Bool == true)
            }

            let cookbook = home.appendingPathComponent("cookbook.md")
            let export = try BinaryRunner.run("recipes", ["--data-dir", data.path, "favorites", "--export", cookbook.path], environment: environment)
            #expect(export.status == 0)
            let markdown = try String(contentsOf: cookbook, encoding: .utf8)
            #expect(markdown.hasPrefix("# My RecipeBook favorites"))
            #expect(markdown.components(separatedBy: "\n## ").count - 1 == 2)

            let attributes = try FileManager.default.attributesOfItem(atPath: data.appendingPathComponent("favorites.sqlite").path)
            #expect(attributes[.posixPermissions] as? Int == 0o600)
            #expect(try FileManager.default.attributesOfItem(atPath: data.path)[.posixPermissions] as? Int == 0o700)
        }
    }

    /// A word of the first saved title, to search favorites with.
    func titleWord(_ output: String) -> String {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("★ Saved “") }),
              let start = line.firstIndex(of: "“") else { return "x" }
        let title = line[line.index(after: start)...].prefix { $0 != "”" }
        return String(title.split(separator: " ").first ?? "x")
    }

    /// The recipe card read online (`o 1`), starred (`fav 1`), then read from the favorite with the
    /// server gone: the same card, word for word, but for where it came from.
    @Test func theRecipeCardOfAFavoriteIsTheSameWithTheServerGone() async throws {
        try await TemporaryDirectory.with { home in
            let data = home.appendingPathComponent("data")
            let environment = BinaryRunner.environment(home: home)
            let server = PuppyServer(catalog: try Catalog.bundled(), configuration: .init())
            try server.start()
            let arguments = ["--api", server.apiURL.absoluteString, "--data-dir", data.path, "--no-cache"]
            let online = try BinaryRunner.run("recipes", arguments, input: "garlic\no 1\nfav 1\nquit\n", environment: environment)
            server.shutdown()
            #expect(online.status == 0)
            #expect(online.output.contains("★ Saved"))
            let offline = try BinaryRunner.run("recipes", arguments, input: "favorites\no 1\nquit\n", environment: environment)
            #expect(offline.status == 0)

            /// The card: from its title (the line before its source line) to its last line.
            func card(_ output: String, source: String) throws -> [String] {
                let lines = output.components(separatedBy: "\n")
                let sourceLine = try #require(lines.firstIndex { $0.hasPrefix(source) }, "no card read \(source)")
                let end = try #require(lines[sourceLine...].firstIndex { $0.hasPrefix("o 1 page shows the whole page") })
                return Array(lines[(sourceLine - 1)...end])
            }
            let before = try card(online.output, source: "(read online")
            let after = try card(offline.output, source: "(saved copy from ")
            #expect(before.count > 10)
            #expect(before.contains("Ingredients") && before.contains("Method"))
            #expect(before.enumerated().filter { $0.offset != 1 }.map(\.element) == after.enumerated().filter { $0.offset != 1 }.map(\.element))
        }
    }

    @Test func twoProcessesStarringAtOnceBothSucceed() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let data = home.appendingPathComponent("data")
                let environment = BinaryRunner.environment(home: home)
                let arguments = ["--api", server.apiURL.absoluteString, "--data-dir", data.path]
                let first = try RunningProcess("recipes", arguments, environment: environment)
                let second = try RunningProcess("recipes", arguments, environment: environment)
                first.write("garlic\nfav 1\nfav 2\nfav 3\nquit\n")
                second.write("onions\nfav 4\nfav 5\nfav 6\nquit\n")
                first.closeInput()
                second.closeInput()
                let results = [first.finish(), second.finish()]
                var titles = Set<String>()
                for result in results {
                    #expect(result.status == 0)
                    // A recipe both lists share is starred by one and found a favorite already by the other.
                    let saved = result.output.split(separator: "\n").filter {
                        ($0.hasPrefix("★ “") && $0.contains("” is a favorite; fetching")) || $0.hasSuffix("” is already a favorite.")
                    }
                    #expect(saved.count == 3, "\(result.output)")
                    titles.formUnion(saved.map { String($0.drop { $0 != "“" }.dropFirst().prefix { $0 != "”" }) })
                }
                let store = try FavoritesStore(directory: data)
                let count = try await store.count()
                #expect(count == titles.count)
                #expect(Set(try await store.list(limit: count).map(\.recipe.title)) == titles)
            }
        }
    }

    @Test func killingAWritingProcessNeverLosesAReportedFavorite() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let data = home.appendingPathComponent("data")
                let environment = BinaryRunner.environment(home: home)
                let arguments = ["--api", server.apiURL.absoluteString, "--data-dir", data.path]
                let searches = ["garlic", "onions", "eggs", "butter", "milk"]
                var reported = Set<String>()
                var generator = SystemRandomNumberGenerator()
                for round in 0..<50 {
                    let running = try RunningProcess("recipes", arguments, environment: environment)
                    running.write("\(searches[round % searches.count])\nfav \(round % 10 + 1)\nfav \((round + 3) % 10 + 1)\n")
                    // Acknowledged: a favorite now, or one already.
                    #expect(running.waitForOutput(containing: " a favorite"))
                    if round == 0 {
                        // The first round (its recipes new to the database) is killed only once a save
                        // was reported, so one is reported however slow the machine is.
                        #expect(running.waitForOutput(containing: "★ Saved “"))
                    } else {
                        // Kill at a random moment: while downloading, while writing, or after.
                        usleep(UInt32.random(in: 0...30_000, using: &generator))
                    }
                    running.signal(SIGKILL)
                    let result = running.finish()
                    #expect(result.status == 128 + SIGKILL)
                    // A favorite counts from the moment it is acknowledged, before its page and picture.
                    for line in result.output.split(separator: "\n") where line.hasPrefix("★ “") && line.contains("” is a favorite; fetching") {
                        reported.insert(String(line.dropFirst("★ “".count).prefix { $0 != "”" }))
                    }
                }
                let store = try FavoritesStore(directory: data)
                #expect(try await store.integrityCheck() == "ok")
                let count = try await store.count()
                let kept = Set(try await store.list(limit: count).map(\.recipe.title))
                #expect(reported.isSubset(of: kept), "lost: \(reported.subtracting(kept))")
                #expect(!reported.isEmpty)
            }
        }
    }
}

@Suite struct DamagedFavorites {
    @Test func aDamagedDatabaseIsReportedLeftUntouchedAndSearchingStillWorks() async throws {
        try await TemporaryDirectory.with { home in
            let data = home.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let file = data.appendingPathComponent("favorites.sqlite")
            let garbage = Data("this is not a database, it is a shopping list: eggs, milk, garlic\n".utf8) + Data(repeating: 0xA5, count: 6000)
            try garbage.write(to: file)
            let result = try BinaryRunner.run("recipes", ["--data-dir", data.path], input: "garlic\nfav 1\nfavorites\nquit\n",
                                              environment: BinaryRunner.environment(home: home))
            #expect(result.status == 0)
            let output = result.output
            #expect(output.hasPrefix("Error: The favorites database is damaged"))
            #expect(output.contains("Recipes with garlic"))
            #expect(output.contains("Could not save"))
            #expect(try Data(contentsOf: file) == garbage)
            let listing = try BinaryRunner.run("recipes", ["--data-dir", data.path, "favorites"], environment: BinaryRunner.environment(home: home))
            #expect(listing.status == 1)
            #expect(listing.errors.contains("damaged"))
        }
    }
}
