import Foundation
import Glibc
import Testing
import Presenter
@testable import View

/// `recipes ingredients [--json]`: its command line, the lines it reads and what it writes.
@Suite struct IngredientsCommand {
    /// What went to each stream.
    final class Streams: TextSink, @unchecked Sendable {
        private let lock = NSLock()
        private var out = ""
        private var err = ""

        func write(_ text: String, to stream: OutputChannel) {
            lock.withLock {
                if stream == .standardOutput { out += text } else { err += text }
            }
        }

        var standardOutput: String { lock.withLock { out } }
        var standardError: String { lock.withLock { err } }
    }

    @Test func theCommandTakesJSONAndNoArguments() throws {
        #expect(try CommandLineOptions.parse(["ingredients"]).mode == .ingredients(json: false))
        #expect(try CommandLineOptions.parse(["ingredients", "--json"]).mode == .ingredients(json: true))
        #expect(try CommandLineOptions.parse(["-j", "ingredients"]).mode == .ingredients(json: true))
        #expect(CommandLineOptions.Mode.ingredients(json: false).needsNoServer)
        #expect(!CommandLineOptions.Mode.ingredients(json: false).needsFavorites)
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["ingredients", "2 eggs"]) }
        #expect(CommandLineOptions.usage.contains("recipes ingredients [--json]"))
    }

    @Test func eachLineInGivesOneJSONObjectOut() throws {
        let streams = Streams()
        let code = OneShotOutput(sink: streams, width: 80, colors: false)
            .printIngredientLines(["1 ½ cups finely chopped onions, divided", "", "1-2 tbsp \"olive\" oil"], IngredientLinesPresenter(), json: true)
        #expect(code == .success)
        #expect(streams.standardError.isEmpty)
        let lines = streams.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 3)
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(Set(objects[0].keys) == ["quantity", "quantity_max", "unit", "added", "name", "size", "preparation", "comment", "text", "unsure"])
        #expect(objects[0]["quantity"] as? String == "1.5")
        #expect(objects[0]["quantity_max"] is NSNull)
        #expect(objects[0]["unit"] as? String == "cup")
        #expect(objects[0]["name"] as? String == "onions")
        #expect(objects[0]["text"] as? String == "1 ½ cups finely chopped onions, divided")
        #expect(objects[1]["unsure"] as? Bool == true)
        #expect(objects[2]["quantity"] as? String == "1-2")
        #expect(objects[2]["quantity_max"] as? Double == 2)
        #expect(objects[2]["name"] as? String == "\"olive\" oil")
    }

    @Test func withoutJSONEachLineIsSummedUp() {
        let streams = Streams()
        _ = OneShotOutput(sink: streams, width: 80, colors: false)
            .printIngredientLines(["2 large eggs, beaten", "2 \u{1B}[2Jeggs (", ""], IngredientLinesPresenter(), json: false)
        #expect(streams.standardOutput == "2 · eggs · large · beaten\n? 2 eggs (\n\n")
    }

    /// A sum of units (`2 tbsp + 1 tsp`) is read whole: both amounts are said.
    @Test func aSumOfUnitsIsPrintedWhole() throws {
        let streams = Streams()
        _ = OneShotOutput(sink: streams, width: 80, colors: false)
            .printIngredientLines(["2 tbsp + 1 tsp sugar"], IngredientLinesPresenter(), json: false)
        #expect(streams.standardOutput == "2 tbsp + 1 tsp · sugar\n")
        let json = Streams()
        _ = OneShotOutput(sink: json, width: 80, colors: false)
            .printIngredientLines(["2 tbsp + 1 tsp sugar", "1 cup milk"], IngredientLinesPresenter(), json: true)
        let objects = try json.standardOutput.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects[0]["added"] as? String == "1 teaspoon" && objects[0]["quantity"] as? String == "2")
        #expect(objects[1]["added"] is NSNull)
    }

    /// Lines come from a descriptor in blocks; carriage returns go, a last line without a line feed
    /// counts, and a line past the bound is cut there.
    @Test func standardInputIsReadInBoundedLines() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let long = String(repeating: "x", count: StandardInputLines.maxLineBytes + 10)
        let input = "1 egg\r\n\n" + long + "\n2 eggs\nlast"
        let writing = ends[1]
        let writer = Thread {
            input.utf8CString.withUnsafeBufferPointer { buffer in
                var offset = 0
                let count = buffer.count - 1
                while offset < count {
                    let written = Glibc.write(writing, buffer.baseAddress.map { UnsafeRawPointer($0 + offset) }, count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writing)
        }
        writer.start()
        let lines = Array(StandardInputLines(descriptor: ends[0]))
        close(ends[0])
        #expect(lines.count == 5)
        #expect(lines.first == "1 egg")
        #expect(lines[1] == "")
        #expect(lines[2].utf8.count == StandardInputLines.maxLineBytes)
        #expect(lines.suffix(2) == ["2 eggs", "last"])
    }
}
