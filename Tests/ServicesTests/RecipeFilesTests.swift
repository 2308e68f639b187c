import Foundation
import Testing
import Entity
import TestSupport
@testable import Services

private func write(_ text: String, _ path: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

@Suite("Recipe files of a collection")
struct RecipeFilesTests {
    let recipe = "# Toast\n## Ingredients\n- 1 slice bread\n## Method\n1. Toast it.\n"

    @Test func aFolderGivesItsMarkdownAndCooklangFilesInNameOrderThroughItsFolders() async throws {
        try await TemporaryDirectory.with { folder in
            try write(recipe, "b.md", in: folder)
            try write(recipe, "a/z.cook", in: folder)
            try write(recipe, "a/y.markdown", in: folder)
            try write(recipe, "a.md", in: folder)
            try write(recipe, "notes.txt", in: folder)
            try write(recipe, ".git/x.md", in: folder)
            try write(recipe, ".hidden.md", in: folder)
            // A link back up would make the search loop; links to folders are not followed.
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a/loop").path, withDestinationPath: folder.path)
            let listing = try #require(RecipeFiles().list(folder.path))
            #expect(listing.files.map { String($0.dropFirst(folder.path.count + 1)) } == ["a.md", "b.md", "a/y.markdown", "a/z.cook"])
            #expect(listing.problems.isEmpty)
            #expect(RecipeFiles().list(folder.appendingPathComponent("a.md").path) == nil)
        }
    }

    @Test func eachFileThatCannotGiveARecipeSaysWhyInBoundedTime() async throws {
        try await TemporaryDirectory.with { folder in
            let files = RecipeFiles()
            try write("", "empty.md", in: folder)
            #expect(files.recipe(atPath: folder.appendingPathComponent("empty.md").path) == .failure(.empty))
            // 50 MB (sparse: nothing is written) is refused by its size before a byte is read.
            let large = folder.appendingPathComponent("large.md")
            #expect(FileManager.default.createFile(atPath: large.path, contents: nil))
            let handle = try FileHandle(forWritingTo: large)
            try handle.truncate(atOffset: 50 << 20)
            try handle.close()
            #expect(files.recipe(atPath: large.path) == .failure(.tooLarge(bytes: 50 << 20, limit: 4 << 20)))
            try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00]).write(to: folder.appendingPathComponent("picture.md"))
            #expect(files.recipe(atPath: folder.appendingPathComponent("picture.md").path) == .failure(.notText))
            try Data([0x23, 0x20, 0xC3, 0x28]).write(to: folder.appendingPathComponent("latin1.md"))
            #expect(files.recipe(atPath: folder.appendingPathComponent("latin1.md").path) == .failure(.notText))
            try write("---\ntitle: Never closed\n" + String(repeating: "key: value\n", count: 10_000), "open.md", in: folder)
            #expect(files.recipe(atPath: folder.appendingPathComponent("open.md").path) == .failure(.frontMatterNeverCloses))
            guard case .failure(.unreadable) = files.recipe(atPath: folder.appendingPathComponent("missing.md").path) else {
                Issue.record("a missing file is unreadable")
                return
            }
            try write(recipe, "toast.md", in: folder)
            #expect(try files.recipe(atPath: folder.appendingPathComponent("toast.md").path).get().lines == ["1 slice bread"])
        }
    }
}
