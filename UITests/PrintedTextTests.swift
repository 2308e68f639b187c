import Foundation
import Testing
import Entity
@testable import Services
import TestSupport

/// Whatever a page holds, nothing RecipeBook prints can act on a terminal: `favorites --json` read
/// through `jq -r`, the cookbook shown with `cat`, the screen.
@Suite struct PrintedText {
    /// A recipe page whose text is a catalogue of what a hostile site can put in it: a window title
    /// (OSC 0), clearing the screen, a clipboard write (OSC 52), an 8-bit CSI, a right-to-left override,
    /// raw and as character references, in paragraphs, list items, a heading and preformatted text.
    static let hostilePage = """
        <html><head><title>Soup\u{1B}]0;pwned\u{07}</title></head><body>
        <h1>Garlic Soup \u{1B}[2J\u{1B}[H</h1>
        <p>Simmer\u{1B}]52;c;aGFja2Vk\u{07} the garlic &#x1b;]0;title&#x7; slowly.</p>
        <p>Red \u{9B}31m text and \u{202E}desrever&#x202e; and &#155;2J gone.</p>
        <ul><li>Stir \u{1B}]8;;http://evil.test/\u{1B}\\here\u{1B}]8;;\u{1B}\\</li></ul>
        <pre>keep\u{1B}[31m
          these lines\u{07}</pre>
        </body></html>
        """

    /// Serves one search result whose page is `hostilePage`.
    static func server() throws -> ScriptedHTTPServer {
        try ScriptedHTTPServer { request in
            let host = request.headers["host"] ?? "127.0.0.1"
            if request.target.hasPrefix("/api/") {
                let body = #"{"title":"Recipe Puppy","version":0.1,"href":"http:\/\/x\/","results":[{"title":"Garlic Soup","#
                    + #""href":"http:\/\/\#(host)\/soup","ingredients":"garlic, water","thumbnail":""}]}"#
                return [.response(contentType: "text/javascript", body: body)]
            }
            return [.response(contentType: "text/html; charset=utf-8", body: PrintedText.hostilePage)]
        }
    }

    /// Every string in a JSON value, as `jq -r` would print it.
    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let array as [Any]: return array.flatMap(strings)
        case let object as [String: Any]: return object.keys.sorted() + object.values.flatMap(strings)
        default: return []
        }
    }

    /// The scalars of `text` that act on a terminal or reorder text: controls (but the newlines of
    /// `text` that may span lines), C1, bidirectional controls.
    static func hostileScalars(_ text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C].contains(scalar.value))
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// `favorites --json` as `jq -r` would print it: the page's text is there, and nothing else.
    static func expectPrintableListing(data: URL, environment: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let listed = try BinaryRunner.run("recipes", ["--data-dir", data.path, "favorites", "--json"], environment: environment)
        #expect(listed.status == 0, sourceLocation: sourceLocation)
        let strings = strings(in: try JSONSerialization.jsonObject(with: listed.standardOutput))
        #expect(strings.contains { $0.contains("Simmer the garlic") }, sourceLocation: sourceLocation)
        for text in strings {
            #expect(hostileScalars(text).isEmpty, "\(text.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    @Test func aFavoriteOfAHostilePageIsStoredAndPrintedWithoutItsEscapes() throws {
        let server = try Self.server()
        defer { server.shutdown() }
        try TemporaryDirectory.withSync { home in
            let data = home.appendingPathComponent("data")
            let environment = BinaryRunner.environment(home: home)
            let saving = try BinaryRunner.run("recipes", ["--api", server.baseURL.absoluteString + "/api/", "--data-dir", data.path, "--no-cache"],
                                              input: "garlic\nfav 1\nquit\n", environment: environment)
            #expect(saving.output.contains("★ Saved “Garlic Soup” with its page"), "\(saving.output)")

            // Stored clean: the file itself holds none of it.
            let database = try SQLiteDatabase(path: data.appendingPathComponent(FavoritesStore.fileName).path, create: false)
            let row = try database.prepare("SELECT page_text, page_document FROM favorites")
            try row.bind([])
            #expect(try row.step())
            let storedText = row.text(0) ?? ""
            #expect(storedText.contains("Simmer the garlic"), "\(storedText.debugDescription)")
            #expect(Self.hostileScalars(storedText).isEmpty, "\(storedText.debugDescription)")
            #expect(!(row.text(1) ?? "").contains("\\u001b"), "the stored document keeps an escape")
            database.close()

            try Self.expectPrintableListing(data: data, environment: environment)
        }
    }

    @Test func aFavoriteSavedWithItsEscapesByAnOlderVersionIsPrintedWithoutThem() async throws {
        try await TemporaryDirectory.with { home in
            let data = home.appendingPathComponent("data")
            let hostile = "Simmer\u{1B}]52;c;aGFja2Vk\u{07} the garlic \u{1B}]0;pwned\u{07}\u{1B}[2J \u{9B}31m \u{202E}slowly."
            let document = ReadableDocument(title: "Soup\u{1B}]0;t\u{07}", blocks: [.paragraph(hostile), .preformatted("a\u{1B}[31m\nb")],
                                            links: [.init(number: 1, text: "x\u{202E}", url: "http://x.test/\u{1B}[2J")])
            let store = try FavoritesStore(directory: data)
            try await store.save(Favorite(recipe: Recipe(title: "Garlic Soup", href: "http://x.test/soup", ingredients: ["garlic"], thumbnail: nil),
                                          savedAt: Date(timeIntervalSince1970: 1_700_000_000),
                                          page: RecipePage(html: "<p>soup</p>", document: document), thumbnail: nil))
            await store.close()
            // What an older RecipeBook stored: the page's document and text as the reader left them.
            let database = try SQLiteDatabase(path: data.appendingPathComponent(FavoritesStore.fileName).path, create: false)
            let json = String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
            try database.prepare("UPDATE favorites SET page_document = ?, page_text = ?").run([.text(json), .text(document.plainText)])
            database.close()

            let environment = BinaryRunner.environment(home: home)
            try Self.expectPrintableListing(data: data, environment: environment)

            let cookbook = home.appendingPathComponent("cookbook.md")
            let export = try BinaryRunner.run("recipes", ["--data-dir", data.path, "favorites", "--export", cookbook.path], environment: environment)
            #expect(export.status == 0, "\(export.errors)")
            let markdown = try String(contentsOf: cookbook, encoding: .utf8)
            #expect(markdown.contains("Simmer the garlic"))
            #expect(Self.hostileScalars(markdown).isEmpty, "\(markdown.debugDescription)")

            let shown = try BinaryRunner.run("recipes", ["--data-dir", data.path, "--no-cache", "--api", "http://127.0.0.1:9/api/"],
                                             input: "favorites\no 1 page\nquit\n", environment: environment)
            #expect(shown.output.contains("Simmer the garlic"), "\(shown.output)")
            #expect(Self.hostileScalars(shown.output).isEmpty, "\(shown.output.debugDescription)")
        }
    }
}
