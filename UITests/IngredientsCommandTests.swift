import Foundation
import Testing
import TestSupport

/// `recipes ingredients`: lines in on stdin, one parsed line out for each, through the built binary.
@Suite struct IngredientsCommandRun {
    @Test func linesPipedInComeOutAsJSONOneALine() throws {
        try TemporaryDirectory.withSync { folder in
            let input = "2 (14 oz) cans diced tomatoes\n3 garlic cloves, minced\n\nSalt and freshly ground pepper, to taste\n"
            let result = try BinaryRunner.run("recipes", ["ingredients", "--json"], input: input,
                                              environment: BinaryRunner.environment(home: folder))
            #expect(result.status == 0)
            #expect(result.errors.isEmpty)
            let lines = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 5, "four records and the end")
            let objects = try lines.dropLast().map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            #expect(objects[0]["unit"] as? String == "can")
            #expect(objects[0]["name"] as? String == "diced tomatoes")
            #expect(objects[1]["quantity"] as? String == "3")
            #expect(objects[1]["unit"] as? String == "clove")
            #expect(objects[1]["name"] as? String == "garlic")
            #expect(objects[3]["name"] as? String == "Salt and pepper")
            #expect(objects[3]["comment"] as? String == "to taste")
            // Reading lines needs neither a server nor the favorites: nothing was made in the home folder.
            let made = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            #expect(!made.contains { $0.contains("recipebook") && $0.contains("favorites") })
        }
    }

    @Test func argumentsAreAUsageError() throws {
        try TemporaryDirectory.withSync { folder in
            let result = try BinaryRunner.run("recipes", ["ingredients", "2 eggs"], environment: BinaryRunner.environment(home: folder))
            #expect(result.status == 2)
            #expect(result.errors.contains("ingredients reads lines from stdin"))
        }
    }
}
