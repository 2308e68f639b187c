import Foundation
import Glibc
import PuppyServer
import Testing
import TestSupport
import PuppyCatalog

/// The built-in pager on a pseudo-terminal: the page's text at once and its picture inside it, a way
/// back after a link, every key on call, matches shown, a new layout when the terminal is resized, and
/// the terminal given back whatever signal comes while it is open.
@Suite(.serialized) struct PagerScreen {
    /// One result, Tomato Salad, whose page links to a dressing; its picture is answered only once
    /// `pictureReleased` is signalled.
    static func server(pictureReleased: DispatchSemaphore) throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer { request in
            let host = request.headers["host"] ?? "127.0.0.1"
            if request.target.hasPrefix("/api/") { return [.tomatoSaladResult(host: host)] }
            if request.target == "/salad.png" {
                _ = pictureReleased.wait(timeout: .now() + 60)
                return [.response(contentType: "image/png", body: PictureFixtures.palettePNG)]
            }
            if request.target == "/dressing" {
                return [.response(contentType: "text/html", body: "<html><body><h1>The Dressing</h1><p>Whisk the oil.</p></body></html>")]
            }
            let words = Array(repeating: "Slice the tomatoes thinly and lay them on a plate with the basil leaves.", count: 12).joined(separator: " ")
            return [.response(contentType: "text/html", body: "<html><body><h1>Tomato Salad</h1><p>\(words)</p>"
                              + "<p>Dress it with <a href=\"http://\(host)/dressing\">the dressing</a>.</p></body></html>")]
        }
    }

    /// A picture answered at once. (A semaphore made with a count and released with less is a crash in
    /// libdispatch: it starts at 0 and is signalled instead.)
    static func alreadyReleased() -> DispatchSemaphore {
        let semaphore = DispatchSemaphore(value: 0)
        for _ in 0..<10 { semaphore.signal() }
        return semaphore
    }

    static let pictureTerminal = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]

    static func session(_ server: ScriptedHTTPServer, home: URL, rows: Int, columns: Int, color: Bool = false) throws -> PseudoTerminalProcess {
        let api = server.baseURL.absoluteString + "/api/"
        // A time-out longer than the waits here: a page that waited for its picture would not come in time.
        let terminal = try PseudoTerminalProcess.recipes(["--api", api, "--no-cache", "--timeout", "60", "--color", color ? "always" : "never", "--pictures", "always",
                                                          "--data-dir", home.appendingPathComponent("data").path],
                                                         home: home, extra: pictureTerminal, rows: UInt16(rows), columns: UInt16(columns))
        _ = terminal.enter("tomatoes", expecting: "Tomato Salad")
        return terminal
    }

    /// A session on a `rows` × `columns` terminal with Tomato Salad's page open in the pager, its picture
    /// answered at once; `body` gets the terminal and where the page's output starts.
    static func withOpenPage(rows: Int = 24, columns: Int = 80, color: Bool = false,
                             _ body: (PseudoTerminalProcess, Int) throws -> Void) throws {
        let server = try Self.server(pictureReleased: alreadyReleased())
        defer { server.shutdown() }
        try TemporaryDirectory.withSync { home in
            let terminal = try Self.session(server, home: home, rows: rows, columns: columns, color: color)
            let mark = terminal.bytes.count
            terminal.type("o 1\r")
            #expect(terminal.waitFor("Slice the tomatoes", after: mark))
            try body(terminal, mark)
        }
    }

    /// `o 1` shows the page while its picture is still on its way; the picture then comes inside the
    /// page under its title, and once the page is closed it is nowhere on the screen.
    @Test func aPagesTextComesAtOnceAndItsPictureInsideItTitled() throws {
        let released = DispatchSemaphore(value: 0)
        let server = try Self.server(pictureReleased: released)
        defer { server.shutdown() }
        try TemporaryDirectory.withSync { home in
            let (rows, columns) = (24, 80)
            let terminal = try Self.session(server, home: home, rows: rows, columns: columns)
            var mark = terminal.bytes.count
            terminal.type("o 1\r")
            #expect(terminal.waitFor("Slice the tomatoes", after: mark), "the text is shown before the picture has come")
            #expect(!String(decoding: terminal.bytes[mark...], as: UTF8.self).contains("▀"))
            released.signal()
            let picture = try #require(terminal.position(of: "▀", after: mark), "the picture comes into the page")
            #expect(terminal.waitFor("--", after: picture), "and the page with it is drawn to its status line")
            var screen = ScreenEmulator(rows: rows, columns: columns)
            screen.feed(terminal.bytes)
            let title = try #require(screen.screen.firstIndex { $0.contains("Picture of Tomato Salad") }, "\(screen.screen)")
            #expect(screen.screen[title + 1].contains("▀"), "the picture is under its title: \(screen.screen)")
            #expect(screen.screen.last?.hasPrefix("--") == true, "the status line stays at the bottom: \(screen.screen)")
            mark = terminal.bytes.count
            terminal.type("q")
            #expect(terminal.waitForPrompt(after: "\u{1B}[?1049l", from: mark))
            screen = ScreenEmulator(rows: rows, columns: columns)
            screen.feed(terminal.bytes)
            #expect(!screen.screen.contains { $0.contains("▀") }, "a picture left on the screen: \(screen.screen)")
            #expect(terminal.quit() == 0)
        }
    }

    /// After following a link, Left or `h` shows the page it was followed from; `?` lists every key
    /// (back among them); a search shows its matches in reverse.
    @Test func backAfterALinkEveryKeyListedAndMatchesShown() throws {
        try Self.withOpenPage(color: true) { terminal, opened in
            let (rows, columns) = (24, 80)
            #expect(terminal.waitFor("the dressing", after: opened))
            var mark = terminal.bytes.count
            terminal.type("1\r")
            #expect(terminal.waitFor("Whisk the oil", after: mark))
            mark = terminal.bytes.count
            terminal.type("?")
            #expect(terminal.waitFor("q/Esc close", after: mark))
            var screen = ScreenEmulator(rows: rows, columns: columns)
            screen.feed(terminal.bytes)
            let keys = screen.screen.suffix(3).joined(separator: " · ")
            for key in ["space/f/PgDn", "b/PgUp", "Enter/j/Down", "k/Up", "g/Home", "G/End", "/ find", "n next found", "h/Left back", "q/Esc close"] {
                #expect(keys.contains(key), "\(key) is not listed: \(screen.screen.suffix(3))")
            }
            #expect(ScreensThatFit.wrapped(screen) == 0, "the keys wrap: \(screen.screen)")
            mark = terminal.bytes.count
            terminal.type("h")
            #expect(terminal.waitFor("Slice the tomatoes", after: mark), "back on the page the link was followed from")
            mark = terminal.bytes.count
            terminal.type("/TOMATOES\r")
            #expect(terminal.waitFor("\u{1B}[7mtomatoes\u{1B}[27m", after: mark), "the match is shown in reverse")
            mark = terminal.bytes.count
            terminal.type(TerminalKeys.left)
            #expect(terminal.waitForPrompt(after: "\u{1B}[?1049l", from: mark), "back from the first page closes it")
            #expect(terminal.quit() == 0)
        }
    }

    /// Made narrower while a page is open, the pager lays the page out again for the new width.
    @Test func aResizedTerminalGetsThePageLaidOutAgain() throws {
        try Self.withOpenPage { terminal, opened in
            #expect(terminal.waitFor("▀", after: opened))
            var mark = terminal.bytes.count
            terminal.resize(rows: 20, columns: 50)
            let cleared = terminal.position(of: "\u{1B}[2J", after: mark)
            #expect(cleared != nil, "drawn again")
            // The new layout arrives in several writes, and may be drawn more than once: read the screen
            // each time a status line (which ends every drawing) has been written, until it is the last row.
            var screen = ScreenEmulator(rows: 20, columns: 50)
            var from = cleared ?? mark
            while let drawn = terminal.position(of: "close --", after: from) {
                screen = ScreenEmulator(rows: 20, columns: 50)
                screen.feed(Array(terminal.bytes[..<drawn]))
                if screen.screen.last?.hasPrefix("--") == true { break }
                from = drawn
            }
            #expect(ScreensThatFit.wrapped(screen) == 0, "lines laid out for 80 columns wrap: \(screen.screen)")
            #expect(screen.screen.last?.hasPrefix("--") == true, "\(screen.screen)")
            mark = terminal.bytes.count
            terminal.type("q")
            #expect(terminal.waitForPrompt(after: "\u{1B}[?1049l", from: mark))
            #expect(terminal.quit() == 0)
        }
    }

    /// A signal that ends RecipeBook while the pager is open leaves the alternate screen too.
    @Test(arguments: [SIGTERM, SIGHUP, SIGQUIT])
    func aSignalInThePagerLeavesTheAlternateScreen(signal: Int32) throws {
        try Self.withOpenPage { terminal, mark in
            terminal.signal(signal)
            #expect(terminal.finish() == 128 + signal)
            let after = String(decoding: terminal.bytes[mark...], as: UTF8.self)
            let left = after.range(of: "\u{1B}[?1049l", options: .backwards)
            let entered = after.range(of: "\u{1B}[?1049h", options: .backwards)
            #expect(left != nil && entered != nil && left!.lowerBound > entered!.lowerBound, "still on the alternate screen")
            #expect(terminal.modes()?.isCooked == true)
        }
    }

    /// SIGTSTP (or Ctrl-Z) in the pager: the terminal is given back as found, and when RecipeBook goes
    /// on the page is drawn again on the alternate screen and takes keys.
    @Test(arguments: ["signal", "key"])
    func stoppedInThePagerTheTerminalIsGivenBackAndThePageDrawnAgain(how: String) throws {
        try Self.withOpenPage { terminal, _ in
            var mark = terminal.bytes.count
            if how == "signal" { terminal.signal(SIGTSTP) } else { terminal.type(TerminalKeys.control("z")) }
            // Not stopped for real here: the kernel does not stop a process group with no shell to
            // continue it (this one's), so it goes on at once, as after `fg`.
            #expect(terminal.waitFor("\u{1B}[?1049l", after: mark), "the alternate screen is left")
            let left = try #require(terminal.position(of: "\u{1B}[?1049l", after: mark))
            #expect(terminal.waitFor("\u{1B}[?1049h", after: left), "and entered again")
            #expect(terminal.waitFor("Slice the tomatoes", after: left), "the page is drawn again")
            mark = terminal.bytes.count
            terminal.type("q")
            #expect(terminal.waitForPrompt(after: "\u{1B}[?1049l", from: mark))
            #expect(terminal.quit() == 0)
        }
    }
}

/// Ctrl-Z under a shell with job control, as a person runs RecipeBook: the shell has the terminal back
/// as it was while RecipeBook is stopped, and `fg` brings back what was on the screen.
@Suite struct StoppedAsAJob {
    @Test(arguments: ["prompt", "pager"])
    func ctrlZStopsRecipeBookWithTheTerminalGivenBackAndFgDrawsItAgain(at place: String) async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled()) { server in
            try await TemporaryDirectory.with { home in
                let shell = try PseudoTerminalProcess("/bin/bash", ["--norc", "--noprofile", "-i"],
                                                      environment: BinaryRunner.environment(home: home, extra: ["PS1": "shell$ "]),
                                                      rows: 24, columns: 80)
                #expect(shell.waitFor("shell$ "))
                var mark = shell.bytes.count
                shell.type("\(BinaryRunner.url(of: "recipes").path) --api \(server.apiURL.absoluteString) --color never\r")
                #expect(shell.waitFor("recipes> ", after: mark))
                let shown: String
                if place == "pager" {
                    mark = shell.bytes.count
                    shell.type("garlic\r")
                    #expect(shell.waitForPrompt(after: "Recipes 1–", from: mark))
                    mark = shell.bytes.count
                    shell.type("o 1\r")
                    #expect(shell.waitFor("-- ", after: mark))
                    shown = "-- "
                } else {
                    shell.type("garl")
                    shown = "recipes> garl"
                }
                mark = shell.bytes.count
                shell.type(TerminalKeys.control("z"))
                #expect(shell.waitFor("Stopped", after: mark), "the shell has it stopped")
                #expect(shell.waitFor("shell$ ", after: mark))
                mark = shell.bytes.count
                shell.type("stty -a\r")
                #expect(shell.waitFor("shell$ ", after: mark))
                let modes = String(decoding: shell.bytes[mark...], as: UTF8.self)
                let words = Set(modes.split(whereSeparator: { $0.isWhitespace || $0 == ";" }).map(String.init))
                #expect(words.isSuperset(of: ["icanon", "echo", "isig"]), "not as found while stopped: \(modes)")
                mark = shell.bytes.count
                shell.type("fg\r")
                #expect(shell.waitFor(shown, after: mark), "fg drew it again: \(String(decoding: shell.bytes[mark...], as: UTF8.self).debugDescription)")
                if place == "pager" {
                    mark = shell.bytes.count
                    shell.type("q")
                    #expect(shell.waitFor("recipes> ", after: mark))
                } else {
                    mark = shell.bytes.count
                    shell.type("ic\r")
                    #expect(shell.waitForPrompt(after: "Recipes with garlic", from: mark), "the line typed before is still there")
                }
                mark = shell.bytes.count
                shell.type("quit\r")
                #expect(shell.waitFor("shell$ ", after: mark))
                shell.type("exit\r")
                #expect(shell.finish() == 0)
            }
        }
    }
}
