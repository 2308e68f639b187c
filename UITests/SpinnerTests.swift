import Foundation
import Testing
import Entity
import PuppyServer
import PuppyCatalog
import Services
import TestSupport

/// The spinner shown while something slow runs never leaves its text on the screen.
@Suite struct SpinnerLines {
    /// `refresh` on the favorites screen fetches what a favorite lacks from a slow server: the line
    /// that says so comes out while the spinner turns, and neither is left mixed with the other.
    @Test func fetchingWhatFavoritesLackLeavesNoSpinnerTextBehind() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled(), configuration: .init(latency: .milliseconds(700))) { server in
            try await TemporaryDirectory.with { home in
                let data = home.appendingPathComponent("data")
                let store = try FavoritesStore(directory: data)
                let href = server.baseURL.appendingPathComponent("recipes/moussaka").absoluteString
                try await store.save(Favorite(recipe: Recipe(title: "Moussaka", href: href, ingredients: ["eggplants"], thumbnail: nil),
                                              savedAt: Date(), page: nil, thumbnail: nil))
                await store.close()
                let rows = 24
                let columns = 80
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString, "--data-dir", data.path],
                                                                 home: home, rows: UInt16(rows), columns: UInt16(columns))
                #expect(terminal.enter("favorites", expecting: "Favorites (1)") != nil)
                let mark = terminal.bytes.count
                terminal.type("r\r")
                #expect(terminal.waitForPrompt(after: "Moussaka", from: mark))
                #expect(String(decoding: terminal.bytes[mark...], as: UTF8.self).contains("Fetching what 1 favorite lacks"), "the spinner turned")
                var screen = ScreenEmulator(rows: rows, columns: columns)
                screen.feed(terminal.bytes)
                let left = screen.screen.filter { $0.contains("Fetching what") }
                #expect(left.isEmpty, "spinner text left on the screen: \(left)")
                #expect(screen.screen.contains { $0.hasPrefix("★ “Moussaka”") }, "\(screen.screen)")
                #expect(terminal.quit() == 0)
            }
        }
    }
}
