import Foundation
import Testing
import Glibc
import Entity
import PageReader
@testable import Services
@testable import Presenter
import PuppyServer
import TestSupport
import TextSafety

/// CommonMark's reference renderer (Debian package `cmark`), to prove the cookbook is Markdown that
/// means what it says.
enum Cmark {
    static let path: String? = ["/usr/bin/cmark", "/usr/local/bin/cmark"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let missing = "needs cmark (apt-get install cmark) to render the cookbook"

    /// `markdown` rendered to HTML.
    static func html(_ markdown: String) throws -> String {
        let result = try BinaryRunner.run(try #require(path), [], input: markdown,
                                          environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], timeout: .seconds(20))
        #expect(result.status == 0, "\(result.errors)")
        return result.output
    }

    /// `text` as cmark writes text in HTML.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Every `src` of an `<img>` in `html`.
    static func imageSources(_ html: String) -> [String] {
        html.components(separatedBy: "<img src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}

/// `recipes favorites --export FILE.md` through the binary: a cookbook that renders, pictures beside it.
@Suite(.serialized) struct CookbookThroughTheBinary {
    /// A favorite whose every string tries to break the Markdown it is written into.
    static let hostile: Favorite = {
        let page = PageRecipe(
            title: "Trap", yields: "4 *servings* | [x]", totalMinutes: 30,
            ingredientGroups: [
                .init(name: nil, lines: ["- not a bullet", "1. not a list", "5 &lt;b&gt;eggs&lt;/b&gt; &amp;amp; `ticks`", "=== rule?", "> quote"]),
                .init(name: "**For** the _sauce_ #1", lines: ["[link](javascript:alert(1))", "![img](http://x.test/a.png)"]),
            ],
            instructions: [.step("# not a heading"), .step("<div>raw html</div> ~~struck~~ $math$"), .section("*The* `end`"), .step("--- a rule? \\")],
            method: .jsonLD)
        let recipe = Recipe(title: "*Bold* [link](javascript:alert(1)) # `code` &lt;script&gt;x&lt;/script&gt; | ~~gone~~ $x$ \\",
                            href: "http://example.test/recipes/trap?a=1&b=<2>", ingredients: ["eggs"], thumbnail: "http://example.test/t.jpg")
        return Favorite(recipe: recipe, savedAt: Date(timeIntervalSince1970: 1_900_000_000),
                        page: RecipePage(html: "<h1>Trap</h1>", document: HTMLReader.read("<h1>Trap</h1>"), recipe: page),
                        thumbnail: RecipeImage(bytes: PictureFixtures.baselineJPEG, contentType: "image/jpeg"))
    }()

    /// A favorite with no page, so no recipe read from it.
    static let pageless = Favorite(
        recipe: Recipe(title: "Plain Toast", href: "http://example.test/recipes/toast", ingredients: ["bread", "butter"], thumbnail: nil),
        savedAt: Date(timeIntervalSince1970: 1_700_000_000), page: nil, thumbnail: nil)

    @Test(.enabled(if: Cmark.path != nil, Comment(rawValue: Cmark.missing)))
    func theCookbookRendersWithHeadingsListsAndThePicturesBesideIt() async throws {
        try await TemporaryDirectory.with { home in
            let data = home.appendingPathComponent("data")
            let environment = BinaryRunner.environment(home: home)
            // The sample catalog, whose every recipe has a photo, so both favorites keep a picture.
            let server = PuppyServer(catalog: try PuppyServerFixture.sampleCatalog(), configuration: .init(host: "127.0.0.1", port: 0))
            try server.start()
            defer { server.shutdown() }
            let saving = try BinaryRunner.run("recipes", ["--api", server.apiURL.absoluteString, "--data-dir", data.path, "--no-cache"],
                                              input: "garlic\nfav 1\nfav 2\nquit\n", environment: environment)
            #expect(saving.output.components(separatedBy: "★ Saved").count - 1 == 2, "\(saving.output)")
            server.shutdown()
            let store = try FavoritesStore(directory: data)
            try await store.save(CookbookThroughTheBinary.hostile)
            try await store.save(CookbookThroughTheBinary.pageless)
            let favorites = try await storedFavorites(store)
            await store.close()
            #expect(favorites.count == 4)

            let book = home.appendingPathComponent("book.md")
            let export = try BinaryRunner.run("recipes", ["--data-dir", data.path, "favorites", "--export", book.path], environment: environment)
            #expect(export.status == 0)
            #expect(export.errors == "Wrote 4 favorites to \(book.path), 3 pictures in \(home.path)/book-images/\n")
            let html = try Cmark.html(try String(contentsOf: book, encoding: .utf8))

            #expect(html.hasPrefix("<h1>My RecipeBook favorites</h1>\n<p>4 recipes, newest first.</p>\n"))
            let titles = html.components(separatedBy: "\n").filter { $0.hasPrefix("<h2>") }
            #expect(titles == favorites.map { "<h2>\(Cmark.escaped($0.recipe.title))</h2>" })
            #expect(html.components(separatedBy: "<h3>Ingredients</h3>").count - 1 == 4)
            #expect(html.components(separatedBy: "<h3>Method</h3>").count - 1 == 3)

            let trap = try #require(CookbookThroughTheBinary.hostile.page?.recipe)
            for line in trap.ingredients { #expect(html.contains("<li>\(Cmark.escaped(line))</li>"), "\(line)") }
            for name in trap.ingredientGroups.compactMap(\.name) { #expect(html.contains("<h4>\(Cmark.escaped(name))</h4>")) }
            #expect(html.contains("<ol>\n<li>\(Cmark.escaped(trap.steps[0]))</li>\n<li>\(Cmark.escaped(trap.steps[1]))</li>\n</ol>"))
            #expect(html.contains("<h4>\(Cmark.escaped(trap.steps[2]))</h4>\n<ol start=\"3\">\n<li>\(Cmark.escaped(trap.steps[3]))</li>\n</ol>"))
            #expect(html.contains("<li>Yields: \(Cmark.escaped(try #require(trap.yields)))</li>\n<li>Total time: 30 min</li>"))
            #expect(html.contains("<li>Source: <a href=\"http://example.test/recipes/trap?a=1&amp;b=%3C2%3E\">"))
            #expect(!html.contains("<script") && !html.contains("<div") && !html.contains("javascript:alert(1)\""))
            #expect(html.contains("<li>bread</li>\n<li>butter</li>"), "the search's ingredients for the favorite without a page")

            let sources = Cmark.imageSources(html)
            #expect(sources.count == 3)
            let pictures = favorites.compactMap(\.thumbnail)
            for (source, picture) in zip(sources, pictures) {
                #expect(source.hasPrefix("book-images/"))
                let written = home.appendingPathComponent(source)
                #expect(FileManager.default.contents(atPath: written.path) == picture.bytes, "\(source)")
            }
            #expect(sources.first?.hasSuffix(".jpg") == true)
            let starred = favorites.filter { $0.recipe.href.hasPrefix(server.baseURL.absoluteString) }
            #expect(starred.count == 2)
            for picture in starred.compactMap(\.thumbnail) {
                // The page's photo (the colour one), not the result's grey thumbnail.
                #expect(Array(picture.bytes) == Array(PictureFixtures.baselineJPEG), "a starred recipe keeps its page's picture")
            }
        }
    }

    /// A favorites database under `home` holding `favorites`, and the environment a run there takes.
    static func saved(_ favorites: [Favorite], home: URL) async throws -> (data: URL, environment: [String: String]) {
        let data = home.appendingPathComponent("data")
        let store = try FavoritesStore(directory: data)
        for favorite in favorites { try await store.save(favorite) }
        await store.close()
        return (data, BinaryRunner.environment(home: home))
    }

    @Test func anExportToDashIsStandardOutputWithPicturesAsLinks() async throws {
        try await TemporaryDirectory.with { home in
            let (data, environment) = try await Self.saved([Self.hostile, Self.pageless], home: home)
            // The binary runs in this process's folder: a file `-` there would be its doing.
            let dash = FileManager.default.currentDirectoryPath + "/-"
            defer { try? FileManager.default.removeItem(atPath: dash); try? FileManager.default.removeItem(atPath: dash + "-images") }
            let run = try BinaryRunner.run("recipes", ["--data-dir", data.path, "favorites", "--export", "-"], environment: environment)
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.errors.isEmpty)
            #expect(run.output.hasPrefix("# "))
            #expect(run.output.contains("Plain Toast"))
            // The picture is a link to where it came from; no file `-` and no folder beside it.
            #expect(run.output.contains("](http://example.test/t.jpg)"))
            #expect(!FileManager.default.fileExists(atPath: dash) && !FileManager.default.fileExists(atPath: dash + "-images"))
        }
    }

    @Test func aSecondExportReplacesThePicturesAndWritesNothingOutsideTheirFolder() async throws {
        try await TemporaryDirectory.with { home in
            var other = CookbookThroughTheBinary.pageless
            other.thumbnail = RecipeImage(bytes: PictureFixtures.palettePNG, contentType: "image/png")
            let (data, environment) = try await Self.saved([Self.hostile, other], home: home)
            let book = home.appendingPathComponent("book.md")
            let folder = home.appendingPathComponent("book-images")
            let arguments = ["--data-dir", data.path, "favorites", "--export", book.path]

            #expect(try BinaryRunner.run("recipes", arguments, environment: environment).status == 0)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(names.count == 2)
            let toast = folder.appendingPathComponent("plain-toast.png")
            let trap = folder.appendingPathComponent(try #require(names.first { $0.hasSuffix(".jpg") }))

            // Between the two exports: one picture damaged, the other replaced by a link to a file of the
            // person's own, and a file of theirs put in the folder.
            try Data("junk".utf8).write(to: toast)
            let outside = home.appendingPathComponent("keep-me.txt")
            try Data("mine".utf8).write(to: outside)
            try FileManager.default.removeItem(at: trap)
            try FileManager.default.createSymbolicLink(at: trap, withDestinationURL: outside)
            try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))

            let again = try BinaryRunner.run("recipes", arguments, environment: environment)
            #expect(again.status == 0, "\(again.errors)")
            #expect(FileManager.default.contents(atPath: toast.path) == PictureFixtures.palettePNG)
            #expect(FileManager.default.contents(atPath: trap.path) == PictureFixtures.baselineJPEG)
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: trap.path)) == nil, "the link was replaced, not followed")
            #expect(FileManager.default.contents(atPath: outside.path) == Data("mine".utf8))
            #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("notes.txt").path) == Data("notes".utf8))

            // A pictures folder that is a link elsewhere is refused; the cookbook written before stays.
            let before = try Data(contentsOf: book)
            let elsewhere = home.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
            try FileManager.default.removeItem(at: folder)
            try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
            let refused = try BinaryRunner.run("recipes", arguments, environment: environment)
            #expect(refused.status == 1)
            #expect(refused.errors == "Error: Cannot write \(folder.path): it is there already and is not a folder\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
            #expect(try Data(contentsOf: book) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasSuffix(".part") }.isEmpty)
        }
    }

    /// Lines that mean something to Markdown, and every ASCII character alone, between words and
    /// first on a line.
    static let hostileLines: [String] = {
        var lines = [
            "1. not a list", "1) not a list", "1986. A year", "- dash", "+ plus", "* star", "= equals", "===", "---", "***", "___",
            "> quote", "# hash", "###### six", "    indented code", "\tindented", "```", "~~~", "<div>", "<!-- comment -->",
            "<?php x ?>", "&amp; &#65; &copy", "[a]: /url", "[a](b)", "![a](b)", "<http://x.test>", "http://x.test/a_b_c",
            "two  spaces at the end  ", "back slash at the end\\", "| a | b |", "*a*", "_a_", "**a**", "__a__", "`a`", "``a``",
            "~~a~~", "$a$", "$$a$$", "\\*", "a\nb", "a\r\nb", "a\u{2028}b\u{2029}c\u{85}d", "line\n\n# heading\n- item",
            "\u{1B}[31mred", "zero\u{200B}width", "right\u{202E}left", "emoji 👩‍🍳 cook", "Crème brûlée",
        ]
        for scalar in (0x20...0x7E).compactMap(Unicode.Scalar.init) {
            lines += ["a\(scalar)b", "\(scalar) x", "x \(scalar)", "\(scalar)\(scalar)\(scalar)"]
        }
        return lines
    }()

    /// What the reader should see of `text`: its escape sequences gone whole, its spaces and line
    /// breaks collapsed, its control and format characters gone.
    static func visible(_ text: String) -> String {
        let kept = TerminalText.line(text).filter { character in
            character.isWhitespace || !character.unicodeScalars.allSatisfy {
                $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
            }
        }
        return kept.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    @Test(.enabled(if: Cmark.path != nil, Comment(rawValue: Cmark.missing)))
    func everyStringMeansOnlyItselfAsAParagraphHeadingAndListItem() throws {
        let lines = CookbookThroughTheBinary.hostileLines.filter { !CookbookThroughTheBinary.visible($0).isEmpty }
        let escaped = lines.map(CookbookMarkdown.escape)
        let expected = lines.map { Cmark.escaped(CookbookThroughTheBinary.visible($0)) }
        let layouts: [(markdown: String, html: String)] = [
            (escaped.joined(separator: "\n\n"), expected.map { "<p>\($0)</p>\n" }.joined()),
            (escaped.map { "## " + $0 }.joined(separator: "\n"), expected.map { "<h2>\($0)</h2>\n" }.joined()),
            (escaped.map { "- " + $0 }.joined(separator: "\n"), "<ul>\n" + expected.map { "<li>\($0)</li>\n" }.joined() + "</ul>\n"),
            (escaped.enumerated().map { "\($0.offset + 1). " + $0.element }.joined(separator: "\n"),
             "<ol>\n" + expected.map { "<li>\($0)</li>\n" }.joined() + "</ol>\n"),
        ]
        for layout in layouts {
            let html = try Cmark.html(layout.markdown)
            let got = html.components(separatedBy: "\n")
            let want = layout.html.components(separatedBy: "\n")
            #expect(got.count == want.count)
            for (index, (line, wanted)) in zip(got, want).enumerated() where line != wanted {
                Issue.record("line \(index): \(line) instead of \(wanted)")
                break
            }
        }
    }

    /// What is at `path`, as lstat sees it (nil when nothing is).
    static func kind(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    @Test func anExportRefusesANamedPipeALinkADeviceOrAFolderAndWritesNothing() async throws {
        try await TemporaryDirectory.with { home in
            let (data, environment) = try await Self.saved([Self.hostile], home: home)

            let pipe = home.appendingPathComponent("pipe.md").path
            #expect(mkfifo(pipe, 0o600) == 0)
            let mine = home.appendingPathComponent("mine.txt")
            try Data("mine".utf8).write(to: mine)
            let link = home.appendingPathComponent("link.md").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: mine.path)
            let folder = home.appendingPathComponent("folder.md").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            var cases: [(path: String, kind: mode_t, said: String)] = [
                (pipe, S_IFIFO, "it is a named pipe"), (link, S_IFLNK, "it is a symbolic link"), (folder, S_IFDIR, "it is a folder"),
            ]
            // A device of its own (the one /dev/full is), where this user may make one.
            let device = home.appendingPathComponent("full.md").path
            if mknod(device, S_IFCHR | 0o600, dev_t(1 << 8 | 7)) == 0 { cases.append((device, S_IFCHR, "it is a device")) }

            for (path, kind, said) in cases {
                let refused = try BinaryRunner.run("recipes", ["--data-dir", data.path, "favorites", "--export", path], environment: environment)
                #expect(refused.status == 1, "\(path): \(refused.errors)")
                #expect(refused.errors == "Error: Cannot write \(path): \(said); give the name of a new file or of a regular file to replace\n")
                #expect(Self.kind(path) == kind, "\(path) was replaced")
            }
            #expect(try String(contentsOf: mine, encoding: .utf8) == "mine")
            let left = try FileManager.default.contentsOfDirectory(atPath: home.path)
            #expect(!left.contains { $0.hasSuffix(".part") || $0.hasSuffix("-images") }, "\(left)")

            let nowhere = home.appendingPathComponent("no-such-folder/book.md").path
            let missing = try BinaryRunner.run("recipes", ["--data-dir", data.path, "favorites", "--export", nowhere], environment: environment)
            #expect(missing.status == 1)
            #expect(missing.errors.hasPrefix("Error: Cannot write \(nowhere): there is no folder"), "\(missing.errors)")

            let empty = try BinaryRunner.run("recipes", ["--data-dir", data.path, "favorites", "--export", ""], environment: environment)
            #expect(empty.status == 2)
            #expect(empty.errors.contains("--export needs a file name"), "\(empty.errors)")
        }
    }

    /// Every favorite in the store, newest first.
    private func storedFavorites(_ store: FavoritesStore) async throws -> [Favorite] {
        var favorites: [Favorite] = []
        for summary in try await store.list(limit: 100) {
            if let favorite = try await store.favorite(summary.recipe.id) { favorites.append(favorite) }
        }
        return favorites
    }
}
