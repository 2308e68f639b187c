import Foundation
import Glibc
import Testing
import Entity
import TestSupport
@testable import Services
import ServiceSupport

/// The shopping list, the pantry and settings, kept in the favorites database on a real SQLite file.
@Suite struct KitchenStorage {
    static func entry(_ title: String, lines: [String], factor: Double = 1, at seconds: TimeInterval) -> ShoppingListRecipe {
        let href = "http://example.test/recipes/\(title.lowercased())"
        return ShoppingListRecipe(id: RecipeID(href: href), title: title, href: href, lines: lines, yields: "4 servings", factor: factor,
                                  linesFromPage: true, addedAt: Date(timeIntervalSince1970: seconds))
    }

    @Test func recipesOnTheListKeepTheirLinesAndOrderAcrossOpenings() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            #expect(try await store.addToShoppingList(Self.entry("Crepes", lines: ["2 eggs", "1 cup milk"], at: 10)))
            #expect(try await store.addToShoppingList(Self.entry("Scones", lines: ["2 cups flour"], at: 20)))
            // Added again, scaled: replaced, in its place.
            #expect(try await store.addToShoppingList(Self.entry("Crepes", lines: ["2 eggs", "1 cup milk"], factor: 2, at: 30)) == false)
            await store.close()

            let again = try FavoritesStore(directory: folder)
            let list = try await again.shoppingList()
            #expect(list.map(\.title) == ["Crepes", "Scones"])
            #expect(list.map(\.factor) == [2, 1])
            #expect(list[0].lines == ["2 eggs", "1 cup milk"])
            #expect(list[0].yields == "4 servings" && list[0].linesFromPage)
            #expect(try await again.removeFromShoppingList(list[0].id))
            #expect(try await again.removeFromShoppingList(list[0].id) == false)
            #expect(try await again.shoppingList().map(\.title) == ["Scones"])
            #expect(try await again.clearShoppingList() == 1)
            #expect(try await again.shoppingList().isEmpty)
        }
    }

    @Test func thePantryKeepsOneNameForEachIngredient() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            let added = try await store.addToPantry(["Eggs", "milk", "large eggs", "plain flour"].map(PantryItem.init(name:)), at: Date())
            #expect(added.map(\.name) == ["Eggs", "milk", "plain flour"])
            #expect(try await store.pantry().map(\.name) == ["Eggs", "milk", "plain flour"])
            let removed = try await store.removeFromPantry([PantryItem(name: "egg"), PantryItem(name: "cheese"), PantryItem(name: "flour")])
            #expect(removed.map(\.name) == ["Eggs", "plain flour"])
            #expect(try await store.pantry().map(\.name) == ["milk"])
            #expect(try await store.clearPantry() == 1)
            #expect(try await store.pantry().isEmpty)
        }
    }

    @Test func aSettingIsRememberedAndForgotten() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            #expect(try await store.setting("units") == nil)
            try await store.setSetting("units", to: "metric")
            try await store.setSetting("units", to: "us")
            await store.close()
            let again = try FavoritesStore(directory: folder)
            #expect(try await again.setting("units") == "us")
            try await again.setSetting("units", to: nil)
            #expect(try await again.setting("units") == nil)
        }
    }

    @Test(.enabled(if: getuid() != 0, "as root every folder can be written"))
    func aReadOnlyStoreReadsTheListAndRefusesToChangeIt() async throws {
        try await TemporaryDirectory.with { folder in
            let store = try FavoritesStore(directory: folder)
            try await store.addToShoppingList(Self.entry("Crepes", lines: ["2 eggs"], at: 10))
            await store.close()
            chmod(folder.path, 0o500)
            defer { chmod(folder.path, 0o700) }
            let readOnly = try FavoritesStore(directory: folder)
            #expect(try await readOnly.shoppingList().map(\.title) == ["Crepes"])
            await #expect(throws: ServiceError.storage) { try await readOnly.clearShoppingList() }
            await #expect(throws: ServiceError.storage) { try await readOnly.addToPantry([PantryItem(name: "eggs")], at: Date()) }
        }
    }
}

/// The `have=` request and the answer that says it was ranked.
@Suite struct PantryRankingRequests {
    @Test func theRequestCarriesTheNamesTheLimitAndStrict() throws {
        let api = try #require(URL(string: "http://127.0.0.1:8080/api/"))
        let url = try QueryBuilder.pantryURL(api: api, request: PantryRankRequest(names: ["eggs", " crème fraîche ", "", "salt & pepper"],
                                                                                  maxMissing: 3, strict: true), page: 2)
        #expect(url.absoluteString == "http://127.0.0.1:8080/api/?have=eggs,cr%C3%A8me%20fra%C3%AEche,salt%20%26%20pepper&missing=3&per=500&p=2&strict=1")
        #expect(throws: ServiceError.invalidQuery) { try QueryBuilder.pantryURL(api: api, request: PantryRankRequest(names: [" "], maxMissing: 2, strict: false), page: 1) }
        let many = PantryRankRequest(names: (0...QueryBuilder.maxPantryNames).map { "name\($0)" }, maxMissing: 2, strict: false)
        #expect(throws: ServiceError.invalidQuery) { try QueryBuilder.pantryURL(api: api, request: many, page: 1) }
    }

    @Test func anEnvelopeSaysItIsRankedOnlyWithAHaveObject() throws {
        let result = #"{"title":"x","href":"http:\/\/a\/1","ingredients":"eggs","thumbnail":""}"#
        #expect(try EnvelopeDecoder.decode(Data(#"{"have":{"names":["egg"]},"results":[\#(result)]}"#.utf8)).rankedForPantry)
        #expect(try EnvelopeDecoder.decode(Data(#"{"have":{},"results":[]}"#.utf8)).rankedForPantry)
        let unknown = try EnvelopeDecoder.decode(Data(#"{"have":{"unknown":[{"name":"mlik","suggestions":["milk"]}]},"results":[]}"#.utf8))
        #expect(unknown.unknownPantryNames == [PantryNameSuggestion(name: "mlik", suggestions: ["milk"])])
        #expect(try EnvelopeDecoder.decode(Data(#"{"have":{"unknown":7},"results":[]}"#.utf8)).unknownPantryNames.isEmpty)

        // A server's suggestions are bounded in number and length, and printable, before anyone shows them.
        let long = String(repeating: "milk ", count: 1_000)
        let hostile = [#"\u001b]52;c;cGF5\u0007"#, long, #"mi\u001b[31mlk"#, "milk", "milk", "oat milk", "rice milk", "goat milk"]
        let flood = (0..<500).map { #"{"name":"n\#($0)","suggestions":[\#(hostile.map { "\"\($0)\"" }.joined(separator: ","))]}"# }
        let bounded = try EnvelopeDecoder.decode(Data(#"{"have":{"unknown":[\#(flood.joined(separator: ","))]},"results":[]}"#.utf8))
        #expect(bounded.unknownPantryNames.count == QueryBuilder.maxPantryNames)
        #expect(bounded.unknownPantryNames.first?.suggestions == ["milk", "oat milk", "rice milk"])
        #expect(bounded.unknownPantryNames.allSatisfy { $0.suggestions.count <= PantryNameSuggestion.maxSuggestions })
        #expect(try !EnvelopeDecoder.decode(Data(#"{"results":[\#(result)]}"#.utf8)).rankedForPantry)
        let wrong = try EnvelopeDecoder.decode(Data(#"{"have":"yes","results":[\#(result)]}"#.utf8))
        #expect(!wrong.rankedForPantry && wrong.recipes.count == 1, "a have that is not an object is no ranking, and the page still counts")
    }
}

/// Writing the shopping list's file: whole or not at all, and never through a link or into a device.
@Suite struct TextFileWriting {
    @Test func aFileIsWrittenAndAnOlderOneReplacedWhole() throws {
        try TemporaryDirectory.withSync { folder in
            let path = folder.appendingPathComponent("list.md").path
            try TextFileWriter().write("# one\n", to: path)
            try TextFileWriter().write("# two\n", to: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "# two\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["list.md"], "no temporary file left")
        }
    }

    /// What a refusal says, or nil when the file was written.
    func refusal(_ path: String, by writer: TextFileWriter = TextFileWriter()) -> FileWriteError? {
        do throws(FileWriteError) {
            try writer.write("# list\n", to: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func aNameNearTheFileSystemsLimitIsWrittenThoughItsTemporaryNameWouldNotFit() throws {
        try TemporaryDirectory.withSync { folder in
            let name = String(repeating: "l", count: 250) + ".md"
            let path = folder.appendingPathComponent(name).path
            #expect(refusal(path) == nil)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names == [name], "no temporary file left")
            // One past the limit fails for its own name, and says so.
            let long = folder.appendingPathComponent(String(repeating: "l", count: 256)).path
            #expect(refusal(long)?.cause == .nameTooLong)
        }
    }

    @Test func noNameTildeAndRecipeBooksOwnFilesAreToldApart() throws {
        try TemporaryDirectory.withSync { folder in
            // No name: refused as such, not a file system failure.
            #expect(refusal("")?.isRefusal == true)
            #expect(refusal("")?.reason == "no file name was given")
            // `~/` is the home folder, as a shell would read it; with none known it is said.
            let home = TextFileWriter(places: FilePlaces(home: folder.path))
            #expect((try? home.write("# list\n", to: "~/list.md")) == folder.appendingPathComponent("list.md").path)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("list.md").path))
            #expect(refusal("~/list.md")?.reason.contains("~ stands for the home folder") == true)
            // A missing folder is its own cause.
            #expect(refusal(folder.appendingPathComponent("nowhere/list.md").path)?.cause == .noFolder)

            // The favorites database, by its name, through another path to its folder, or as a hard link.
            let data = folder.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let database = data.appendingPathComponent(FavoritesStore.fileName).path
            try "favorites".write(toFile: database, atomically: false, encoding: .utf8)
            let guarded = TextFileWriter(places: FilePlaces(home: folder.path, ownFiles: FavoritesStore.files(in: data)))
            let hardLink = folder.appendingPathComponent("other.md").path
            #expect(link(database, hardLink) == 0)
            for path in [database, data.path + "/../data/" + FavoritesStore.fileName, hardLink, database + "-wal"] {
                let error = refusal(path, by: guarded)
                #expect(error?.isRefusal == true, "\(path)")
                #expect(error?.reason.hasPrefix("it is RecipeBook's own") == true, "\(path): \(String(describing: error))")
            }
            let kept = try String(contentsOfFile: database, encoding: .utf8)
            #expect(kept == "favorites")
            #expect(refusal(data.appendingPathComponent("list.md").path, by: guarded) == nil, "another file beside it is written")
        }
    }

    @Test func aLinkAFolderAPipeOrADeviceIsRefusedAndLeftAlone() throws {
        try TemporaryDirectory.withSync { folder in
            let target = folder.appendingPathComponent("target.txt").path
            try "keep".write(toFile: target, atomically: false, encoding: .utf8)
            let link = folder.appendingPathComponent("link.md").path
            #expect(symlink(target, link) == 0)
            let pipe = folder.appendingPathComponent("pipe.md").path
            #expect(mkfifo(pipe, 0o600) == 0)
            let subfolder = folder.appendingPathComponent("folder.md").path
            try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: false)
            var cases = [(link, "a symbolic link"), (pipe, "a named pipe"), (subfolder, "a folder")]
            // A device of its own in the temporary folder (1, 3: what /dev/null is; where one may be made),
            // never a real one: code that failed to refuse it would replace it.
            let device = folder.appendingPathComponent("device.md").path
            if mknod(device, S_IFCHR | 0o600, dev_t(0x0103)) == 0 { cases.append((device, "a device")) }
            for (path, kind) in cases {
                do throws(FileWriteError) {
                    try TextFileWriter().write("# list\n", to: path)
                    Issue.record("\(path) was written")
                } catch {
                    #expect(error.isRefusal, "\(path)")
                    #expect(error.reason.hasPrefix("it is \(kind)"), "\(error.reason)")
                }
            }
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
            var info = stat()
            #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        }
    }

    @Test func aFolderThatIsNotThereFails() {
        do throws(FileWriteError) {
            try TextFileWriter().write("x", to: "/nonexistent-folder-of-recipebook/list.md")
            Issue.record("written")
        } catch {
            #expect(!error.isRefusal)
            #expect(error.reason.contains("there is no folder"))
        }
    }
}
