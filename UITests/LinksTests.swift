import Foundation
import Testing
import PuppyServer
import TestSupport

/// A recipe's link in the browser and on the clipboard, and links followed in the reader.
@Suite struct Links {
    @Test func aRecipeOfTheBuiltInServerOpensInTheBrowserAtItsRealAddress() async throws {
        try await TemporaryDirectory.with { home in
            let opened = home.appendingPathComponent("opened")
            let browser = home.appendingPathComponent("browser")
            try Data("#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(opened.path)'\n".utf8).write(to: browser)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
            let result = try BinaryRunner.run("recipes", [], input: "garlic\nw 1\nquit\n",
                                              environment: BinaryRunner.environment(home: home, extra: ["BROWSER": browser.path]))
            #expect(result.status == 0)
            let address = try String(contentsOf: opened, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(address.hasPrefix("http://127.0.0.1:"), "the embedded server's page at its loopback address: \(address)")
            #expect(result.output.contains("Opened “") && result.output.contains("with browser: \(address)"))
        }
    }

    @Test func withoutABrowserItSaysHowToSetOne() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                let result = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString], input: "garlic\nw 1\nc 1\nquit\n",
                                                  environment: BinaryRunner.environment(home: home, extra: ["PATH": "/nonexistent", "BROWSER": ""]))
                #expect(result.status == 0)
                #expect(result.output.contains("Error: No web browser found to open http://127.0.0.1:"))
                #expect(result.output.contains("Copying needs a terminal; the link is http://127.0.0.1:"))
            }
        }
    }

    @Test func onATerminalTheLinkIsCopiedAndReaderLinksAreFollowedByNumber() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString, "--color", "never"], home: home,
                                                                 rows: 200)
                #expect(terminal.enter("garlic", expecting: "Recipes 1–10") != nil)
                let copied = try #require(terminal.enter("c 1", expecting: "Copied the link of"))
                let payload = try #require(copied.firstRange(of: "\u{1B}]52;c;").map { copied[$0.upperBound...].prefix { $0 != "\u{07}" } })
                let copiedLink = String(decoding: try #require(Data(base64Encoded: String(payload))), as: UTF8.self)
                #expect(copiedLink.hasPrefix(server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))))
                var mark = terminal.bytes.count
                terminal.type("o 1 page\r")
                #expect(terminal.waitFor("enter: follow a link", after: mark))
                // The first link to a web page (not to the API) among the page's references.
                let page = String(decoding: terminal.bytes[mark...], as: UTF8.self)
                let references = page.split(whereSeparator: \.isNewline).compactMap { line -> (Int, String)? in
                    let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
                    guard parts.count == 2, parts[0].hasSuffix("."), let number = Int(parts[0].dropLast()),
                          parts[1].hasPrefix("http") else { return nil }
                    return (number, String(parts[1]))
                }
                let link = try #require(references.first { !$0.1.contains("/api/") })
                mark = terminal.bytes.count
                terminal.type("\(link.0)\r")
                #expect(terminal.waitFor("(online)", after: mark), "link \(link.0) (\(link.1)) was read")
                terminal.type("q")
                #expect(terminal.waitFor("recipes> ", after: mark))
                #expect(terminal.quit() == 0)
            }
        }
    }
}
