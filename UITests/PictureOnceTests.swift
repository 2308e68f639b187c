import Foundation
import Testing
import Entity
import Services
import TestSupport
import ServiceSupport

/// A picture is fetched once: shown with `pic N`, it is what `fav N` saves and what `r` shows, from
/// the session's memory or from the cache, even when its server has failed since.
@Suite struct PictureFetchedOnce {
    /// One search result with a thumbnail and a page that names no picture. The thumbnail is served
    /// once; every later ask for it gets HTTP 503.
    static func server(thumbnailAsks: Locked<Int>) throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer { request in
            let host = request.headers["host"] ?? "127.0.0.1"
            if request.target.hasPrefix("/api/") { return [.tomatoSaladResult(host: host)] }
            if request.target == "/salad.png" {
                let first = thumbnailAsks.withLock { asks in
                    asks += 1
                    return asks == 1
                }
                return first ? [.response(contentType: "image/png", body: PictureFixtures.palettePNG)]
                    : [.response(status: 503, contentType: "text/html", body: "<p>busy</p>")]
            }
            return [.response(contentType: "text/html", body: "<html><body><h1>Tomato Salad</h1><p>Slice the tomatoes.</p></body></html>")]
        }
    }

    static let pictureTerminal = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]

    @Test func aPictureShownIsSavedWithTheFavoriteWithoutBeingFetchedAgain() throws {
        let asks = Locked(0)
        let server = try Self.server(thumbnailAsks: asks)
        defer { server.shutdown() }
        try TemporaryDirectory.withSync { home in
            let api = server.baseURL.absoluteString + "/api/"
            let terminal = try PseudoTerminalProcess.recipes(["--api", api, "--no-cache", "--color", "never", "--pictures", "always", "--data-dir", home.appendingPathComponent("data").path],
                                                             home: home, extra: Self.pictureTerminal, columns: 200)
            #expect(terminal.enter("tomatoes", expecting: "Tomato Salad") != nil)
            let mark = terminal.bytes.count
            #expect(terminal.enter("pic 1", expecting: "▀") != nil, "the picture is drawn")
            let saved = try #require(terminal.enter("fav 1", expecting: "★ Saved"))
            #expect(saved.contains("★ Saved “Tomato Salad” with its page and picture"), "\(saved)")
            // Shown again, from the saved favorite.
            #expect(terminal.enter("pic 1", expecting: "▀") != nil)
            #expect(!String(decoding: terminal.bytes[mark...], as: UTF8.self).contains("503"))
            #expect(terminal.quit() == 0)
            #expect(asks.withLock { $0 } == 1, "the picture was asked for \(asks.withLock { $0 }) times")
        }
    }

    @Test func aPictureKeptInTheCacheIsSavedAndRefreshedWithoutItsServer() async throws {
        let asks = Locked(0)
        let server = try Self.server(thumbnailAsks: asks)
        defer { server.shutdown() }
        try await TemporaryDirectory.with { home in
            let api = server.baseURL.absoluteString + "/api/"
            let data = home.appendingPathComponent("data").path
            let environment = BinaryRunner.environment(home: home, extra: Self.pictureTerminal)
            let shown = try PseudoTerminalProcess.recipes(["--api", api, "--color", "never", "--pictures", "always", "--data-dir", data], home: home,
                                                          extra: Self.pictureTerminal, columns: 200)
            #expect(shown.enter("tomatoes", expecting: "Tomato Salad") != nil)
            #expect(shown.enter("pic 1", expecting: "▀") != nil)
            #expect(shown.quit() == 0)

            // Another session: the picture's server answers 503 now, and the kept copy is saved.
            let saving = try BinaryRunner.run("recipes", ["--api", api, "--data-dir", data], input: "tomatoes\nfav 1\nquit\n", environment: environment)
            #expect(saving.output.contains("★ Saved “Tomato Salad” with its page and picture"), "\(saving.output)")

            // A favorite saved without its picture (by a session that could not have it) gets the kept
            // copy on refresh.
            let other = home.appendingPathComponent("other")
            let base = server.baseURL.absoluteString
            let store = try FavoritesStore(directory: other)
            try await store.save(Favorite(recipe: Recipe(title: "Tomato Salad", href: base + "/salad", ingredients: ["tomatoes"],
                                                         thumbnail: base + "/salad.png"),
                                          savedAt: Date(), page: nil, thumbnail: nil))
            await store.close()
            let refreshed = try BinaryRunner.run("recipes", ["--api", api, "--data-dir", other.path], input: "favorites\nr\nquit\n",
                                                 environment: environment)
            #expect(refreshed.output.contains("★ “Tomato Salad” is a favorite, with its page and picture"), "\(refreshed.output)")
            #expect(asks.withLock { $0 } == 1, "the picture was asked for \(asks.withLock { $0 }) times")
        }
    }
}
