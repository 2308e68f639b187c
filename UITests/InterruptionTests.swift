import Foundation
import Testing
import PuppyServer
import PuppyCatalog
import TestSupport

/// Ctrl-C on a pseudo-terminal while a request runs: the request stops, "Cancelled." is said, and the
/// search carries on from where it was.
@Suite struct Interruptions {
    static let interrupt = TerminalKeys.control("c")

    @Test func ctrlCDuringASlowFirstSearchCancelsItAndNextCarriesOn() async throws {
        try await PuppyServerFixture.withServer(configuration: .init(latency: .milliseconds(1500))) { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString, "--no-prefetch"], home: home)
                let mark = terminal.bytes.count
                terminal.type("garlic\r")
                #expect(terminal.waitFor("Searching garlic", after: mark), "the spinner shows the request is running")
                terminal.type(Self.interrupt)
                #expect(terminal.waitForPrompt(after: "Cancelled.", from: mark))
                #expect(!String(decoding: terminal.bytes[mark...], as: UTF8.self).contains("End of results"))
                #expect(terminal.enter("n", expecting: "Recipes 1–10") != nil, "n shows the first screen after all")
                #expect(terminal.quit() == 0)
            }
        }
    }

    @Test func ctrlCWhileFetchingMoreIsHeard() async throws {
        try await PuppyServerFixture.withServer(configuration: .init(latency: .milliseconds(1500))) { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString, "--no-prefetch"], home: home)
                #expect(terminal.enter("garlic", expecting: "Recipes 1–10") != nil)
                let mark = terminal.bytes.count
                terminal.type("n\r")
                #expect(terminal.waitFor("Fetching more", after: mark))
                terminal.type(Self.interrupt)
                #expect(terminal.waitForPrompt(after: "Cancelled.", from: mark))
                #expect(terminal.enter("n", expecting: "Recipes 11–20") != nil)
                #expect(terminal.quit() == 0)
            }
        }
    }
}

/// Numbers follow the server's order whatever the timing, and back returns to what was seen.
@Suite struct NumbersAndBack {
    /// `N. Title` lines of a screen (on a terminal a card's title line goes on with ` · ` and its site).
    static func numbered(_ text: String) -> [Int: String] {
        var found: [Int: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " }
            guard let dot = trimmed.firstRange(of: ". "), let number = Int(trimmed[..<dot.lowerBound]) else { continue }
            var title = trimmed[dot.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
            if let site = title.range(of: " · ") { title = String(title[..<site.lowerBound]) }
            for badge in [" LACTOSE", " ★"] where title.hasSuffix(badge) { title = String(title.dropLast(badge.count)) }
            if title.hasSuffix(" ★") { title = String(title.dropLast(2)) }
            found[number] = title
        }
        return found
    }

    @Test func aFilterRightAfterASearchKeepsTheServersNumbering() async throws {
        try await PuppyServerFixture.withServer(catalog: try Catalog.bundled(), configuration: .init(latency: .milliseconds(40))) { server in
            try await TemporaryDirectory.with { home in
                let environment = BinaryRunner.environment(home: home)
                let order = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "search", "salt", "--count", "60"],
                                                 environment: environment)
                let expected = Self.numbered(order.output.replacingOccurrences(of: "\u{1B}", with: ""))
                #expect(expected.count == 60)
                for _ in 0..<3 {
                    let terminal = try PseudoTerminalProcess("recipes", ["--api", server.apiURL.absoluteString, "--color", "never"],
                                                             environment: environment, rows: 200, columns: 200)
                    #expect(terminal.waitFor("recipes> "))
                    let mark = terminal.bytes.count
                    // The filter arrives while the prefetch of the next page is on its way.
                    terminal.type("salt\rfilter lactose-free\r")
                    #expect(terminal.waitForPrompt(after: "· lactose-free", from: mark))
                    let shown = Self.numbered(String(decoding: terminal.bytes[mark...], as: UTF8.self))
                    #expect(shown.count >= 10)
                    for (number, title) in shown {
                        #expect(expected[number] == title, "recipe \(number) is \(title), the server's \(number) is \(expected[number] ?? "-")")
                    }
                    terminal.type("quit\r")
                    #expect(terminal.finish() == 0)
                }
            }
        }
    }

    @Test func backReturnsToTheScreenAndRecipeSeen() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess("recipes", ["--api", server.apiURL.absoluteString, "--color", "never"],
                                                         environment: BinaryRunner.environment(home: home), rows: 200, columns: 120)
                #expect(terminal.waitFor("recipes> "))
                var mark = terminal.bytes.count
                terminal.type("garlic\r")
                #expect(terminal.waitForPrompt(after: "Recipes 1–10", from: mark))
                for number in 1...3 {
                    mark = terminal.bytes.count
                    terminal.type("fav \(number)\r")
                    #expect(terminal.waitFor("★ Saved", after: mark))
                }
                mark = terminal.bytes.count
                terminal.type("favs\r")
                #expect(terminal.waitForPrompt(after: "Favorites (3)", from: mark))
                let listed = Self.numbered(String(decoding: terminal.bytes[mark...], as: UTF8.self))
                let second = try #require(listed[2])
                mark = terminal.bytes.count
                terminal.type("2\r")
                #expect(terminal.waitForPrompt(after: "2. \(second)", from: mark))
                mark = terminal.bytes.count
                terminal.type("unfav 2\r")
                #expect(terminal.waitForPrompt(after: "Removed “\(second)”", from: mark))
                mark = terminal.bytes.count
                terminal.type("b\r")
                #expect(terminal.waitForPrompt(after: "Favorites (", from: mark), "back is the favorites screen")
                let afterBack = String(decoding: terminal.bytes[mark...], as: UTF8.self)
                #expect(Self.numbered(afterBack)[1] == listed[1])
                #expect(Self.numbered(afterBack)[2] == nil, "the removed favorite's number is not given to another")
                // A search that finds nothing leaves the earlier search one step back.
                mark = terminal.bytes.count
                terminal.type("garlic\runobtainium\r")
                #expect(terminal.waitForPrompt(after: "No recipes with unobtainium", from: mark))
                mark = terminal.bytes.count
                terminal.type("b\r")
                #expect(terminal.waitForPrompt(after: "Recipes 1–10", from: mark))
                terminal.type("quit\r")
                #expect(terminal.finish() == 0)
            }
        }
    }
}
