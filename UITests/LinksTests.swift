import Foundation
import Testing
import PuppyServer
import Services
import TestSupport
import HTTPTransport

/// A recipe's link in the browser and on the clipboard, and links followed in the reader.
@Suite struct Links {
    /// A browser script that writes the address it is given to `home/opened`.
    private static func recordingBrowser(in home: URL) throws -> (browser: URL, opened: URL) {
        let opened = home.appendingPathComponent("opened")
        let browser = home.appendingPathComponent("browser")
        try TestScript.write("#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(opened.path)'\n", to: browser)
        return (browser, opened)
    }

    @Test func aRecipeOfTheBuiltInServerOpensInTheBrowserAtItsRealAddress() async throws {
        try await TemporaryDirectory.with { home in
            let (browser, opened) = try Self.recordingBrowser(in: home)
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

    @Test func linksThatAreNotWebAddressesAreNeitherOpenedNorCopied() async throws {
        let hrefs = ["javascript:alert(document.cookie)", "file:///etc/passwd", "data:text/html,<script>alert(1)</script>"]
        let results = hrefs.enumerated().map { index, href in
            #"{"title":"Trap \#(index + 1)","href":"\#(href)","ingredients":"garlic","thumbnail":""}"#
        }
        let body = #"{"title":"Recipe Puppy","version":0.1,"href":"http:\/\/x\/","results":["# + results.joined(separator: ",") + "]}"
        let server = try ScriptedHTTPServer { request in
            request.target.contains("p=1") || !request.target.contains("p=") ? [.response(contentType: "text/javascript", body: body)]
                : [.response(contentType: "text/javascript", body: #"{"results":[]}"#)]
        }
        defer { server.shutdown() }
        try await TemporaryDirectory.with { home in
            let (browser, opened) = try Self.recordingBrowser(in: home)
            let terminal = try PseudoTerminalProcess.recipes(["--api", server.baseURL.absoluteString + "/api/", "--color", "never", "--no-cache"],
                                                             home: home, extra: ["BROWSER": browser.path], columns: 250)
            #expect(terminal.enter("garlic", expecting: "Trap 3") != nil)
            let mark = terminal.bytes.count
            for (index, href) in hrefs.enumerated() {
                let scheme = try #require(href.split(separator: ":").first)
                #expect(terminal.enter("w \(index + 1)", expecting: "Recipe \(index + 1)'s link is \(scheme):") != nil)
                #expect(terminal.enter("c \(index + 1)", expecting: "which is not a web address; nothing was copied.") != nil)
            }
            let said = String(decoding: terminal.bytes[mark...], as: UTF8.self)
            #expect(said.components(separatedBy: "which is not a web address; nothing was opened.").count - 1 == 3, "\(said)")
            #expect(!said.contains("\u{1B}]52;"), "nothing went to the clipboard")
            #expect(!FileManager.default.fileExists(atPath: opened.path), "nothing went to the browser")
            #expect(terminal.quit() == 0)
        }
    }

    /// A bundled recipe's copied link is the stable address it is listed with, which outlives the
    /// session (and which `recipes read` follows), not the embedded server's port of the moment.
    @Test func aBundledRecipesCopiedLinkOutlivesTheSession() async throws {
        try await TemporaryDirectory.with { home in
            let terminal = try PseudoTerminalProcess.recipes(["--color", "never"], home: home)
            #expect(terminal.enter("garlic", expecting: "Recipes 1–10") != nil)
            let copied = try #require(terminal.enter("c 1", expecting: "Copied the link of"))
            let payload = try #require(copied.firstRange(of: "\u{1B}]52;c;").map { copied[$0.upperBound...].prefix { $0 != "\u{07}" } })
            let copiedLink = String(decoding: try #require(Data(base64Encoded: String(payload))), as: UTF8.self)
            #expect(copiedLink.hasPrefix("http://puppy.localhost/recipes/"), "\(copiedLink)")
            #expect(terminal.quit() == 0)
            let read = try BinaryRunner.run("recipes", ["read", copiedLink], environment: BinaryRunner.environment(home: home))
            #expect(read.status == 0, "\(read.errors)")
        }
    }

    /// Inside tmux a copied link also goes to tmux's paste buffer (prefix-] pastes it), whether or not
    /// tmux passes OSC 52 on to the terminal's clipboard.
    @Test func insideTmuxACopiedLinkGoesToItsPasteBuffer() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                // A tmux of the test's own on the PATH, which writes down how it was called.
                let bin = home.appendingPathComponent("bin")
                try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
                let record = home.appendingPathComponent("tmux-arguments")
                let tmux = bin.appendingPathComponent("tmux")
                let script = Array("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record.path)'\n".utf8)
                // Written through a descriptor closed on exec: a program another test starts meanwhile must
                // not hold it open for writing, or running the script fails with "Text file busy".
                let descriptor = open(tmux.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
                try #require(descriptor >= 0)
                let written = script.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                try #require(written == script.count)
                // What it writes comes through a named pipe, so the test waits for the writing itself.
                try #require(mkfifo(record.path, 0o600) == 0)
                let reader = open(record.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                try #require(reader >= 0)
                defer { close(reader) }
                let terminal = try PseudoTerminalProcess.recipes(["--api", server.apiURL.absoluteString, "--color", "never"], home: home,
                                                                 extra: ["TMUX": "/tmp/tmux-0/default,1,0", "PATH": bin.path + ":/usr/bin:/bin"])
                #expect(terminal.enter("garlic", expecting: "Recipes 1–10") != nil)
                #expect(terminal.enter("c 1", expecting: "Copied the link of") != nil)
                #expect(terminal.quit() == 0)
                // tmux is started and left to finish on its own: read what it writes until it closes the pipe.
                let arguments = String(decoding: Self.readToEnd(reader, within: 20_000), as: UTF8.self).split(separator: "\n").map(String.init)
                #expect(arguments.prefix(2) == ["set-buffer", "--"], "\(arguments)")
                #expect(arguments.last?.hasPrefix(server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))) == true,
                        "\(arguments)")
            }
        }
    }

    /// What a named pipe opened without blocking receives until its writer closes it, waiting (poll) at
    /// most `milliseconds` each time for the writer to come and write.
    static func readToEnd(_ descriptor: Int32, within milliseconds: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        // Until a writer has come, poll waits; once it has closed the pipe, read gives 0.
        while poll(&waiting, 1, milliseconds) > 0 {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
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
                #expect(terminal.waitFor("(read online", after: mark), "link \(link.0) (\(link.1)) was read")
                terminal.type("q")
                #expect(terminal.waitFor("recipes> ", after: mark))
                #expect(terminal.quit() == 0)
            }
        }
    }
}
