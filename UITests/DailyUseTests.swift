import Foundation
import Testing
import PuppyServer
import PuppyCatalog
import TestSupport

/// Where two features meet, as a person meets them on a terminal: a favorite read right after it is
/// starred, Ctrl-C on a search typed on the favorites screen, a favorite's cuisine, the prompt's own
/// answer to the command line's options, a filter changed at the end of a walk.
@Suite struct DailyUse {
    /// `favorites` right after `fav N`, while the page and picture are still on their way: the favorite
    /// is there, from the moment it was acknowledged.
    @Test func aFavoriteIsListedTheMomentItIsAcknowledged() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled(), configuration: .init(latency: .milliseconds(800))) { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString, "--no-prefetch"], home: home)
                #expect(terminal.enter("\"moussaka\"", expecting: "Moussaka") != nil)
                var mark = terminal.bytes.count
                terminal.type("fav 1\r")
                #expect(terminal.waitForPrompt(after: "is a favorite; fetching", from: mark))
                mark = terminal.bytes.count
                terminal.type("favorites\r")
                #expect(terminal.waitForPrompt(after: "Favorites (1)", from: mark), "the favorite is listed while it is being saved")
                let listed = String(decoding: terminal.bytes[mark...], as: UTF8.self)
                #expect(!listed.contains("No favorites yet"))
                #expect(listed.contains("saving its page…") && !listed.contains("page missing"), "\(listed)")
                #expect(terminal.quit() == 0)
            }
        }
    }

    /// Ctrl-C on a slow search typed on the favorites screen: the message says what carries the search
    /// on, and `n` does what it says (it pages the favorites still shown).
    @Test func ctrlCOnASearchFromTheFavoritesScreenSaysWhatCarriesItOn() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled(), configuration: .init(latency: .milliseconds(1500))) { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString, "--no-prefetch"], home: home)
                #expect(terminal.enter("favorites", expecting: "No favorites yet") != nil)
                var mark = terminal.bytes.count
                terminal.type("garlic\r")
                #expect(terminal.waitFor("Searching garlic", after: mark))
                terminal.type(TerminalKeys.control("c"))
                #expect(terminal.waitForPrompt(after: "Cancelled.", from: mark))
                let said = String(decoding: terminal.bytes[mark...], as: UTF8.self)
                #expect(said.contains("retry carries on from there."), "\(said)")
                #expect(!said.contains("n or retry"), "n pages the favorites here, not the search")
                mark = terminal.bytes.count
                terminal.type("retry\r")
                #expect(terminal.waitForPrompt(after: "Recipes 1–10", from: mark), "retry carries the search on")
                #expect(terminal.quit() == 0)
            }
        }
    }

    /// A recipe starred from a search keeps the cuisine it was listed with: on the favorites screen, in
    /// favorites --json and in the exported cookbook.
    @Test func aFavoriteKeepsItsCuisineEverywhere() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let arguments = ["--api", server.apiURL.absoluteString, "--color", "never"]
                let terminal = try PseudoTerminalProcess.recipes(arguments, home: home)
                #expect(terminal.enter("\"moussaka\"", expecting: "Greek") != nil)
                var mark = terminal.bytes.count
                terminal.type("fav 1\r")
                #expect(terminal.waitFor("★ Saved", after: mark))
                mark = terminal.bytes.count
                terminal.type("favorites\r")
                #expect(terminal.waitForPrompt(after: "Favorites (1)", from: mark))
                #expect(String(decoding: terminal.bytes[mark...], as: UTF8.self).contains("· Greek"), "the card names the cuisine")
                #expect(terminal.enter("1", expecting: "Cuisine") != nil, "so do the details")
                #expect(terminal.quit() == 0)

                let environment = BinaryRunner.environment(home: home)
                let json = try BinaryRunner.run("recipes", arguments + ["favorites", "--json"], environment: environment)
                #expect(json.output.contains("\"cuisine\" : \"Greek\""), "\(json.output.prefix(400))")
                let book = home.appendingPathComponent("book.md")
                let export = try BinaryRunner.run("recipes", arguments + ["favorites", "--export", book.path], environment: environment)
                #expect(export.status == 0)
                #expect(try String(contentsOf: book, encoding: .utf8).contains("Greek"))
            }
        }
    }

    /// The prompt says plainly which options belong to the command line.
    @Test func commandLineOptionsAtThePromptAreSaidToBelongToTheCommandLine() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString], home: home)
                let said = try #require(terminal.enter("favorites --export book.md", expecting: "command line"))
                #expect(said.contains("--export belongs to the command line"), "\(said)")
                #expect(!said.contains("No favorites match"))
                #expect(terminal.quit() == 0)
            }
        }
    }

    /// A filter changed after a filtered walk reached its end shows the first screen of what now passes.
    @Test func aFilterChangedAtTheEndShowsTheFirstScreen() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString, "--color", "never"], home: home)
                #expect(terminal.enter("garlic", expecting: "Recipes 1–10") != nil)
                #expect(terminal.enter("filter cuisine thai", expecting: "hidden by Thai") != nil)
                var ended = false
                for _ in 0..<20 where !ended {
                    let mark = terminal.bytes.count
                    terminal.type("n\r")
                    ended = terminal.waitFor("End of results", after: mark, timeout: .seconds(2))
                }
                #expect(ended, "the filtered walk reached its end")
                _ = terminal.waitFor("recipes> ", after: terminal.bytes.count - 20)
                let all = try #require(terminal.enter("filter all", expecting: "Recipes with garlic"))
                #expect(all.contains("Recipes 1–10 · screen 1"), "\(all.suffix(300))")
                #expect(!all.contains("End of results"))
                #expect(terminal.quit() == 0)
            }
        }
    }
}
