import Foundation
import Testing
import TestSupport
@testable import View

@Suite struct HistoryFile {
    @Test func twoSessionsAddToTheHistoryInsteadOfOverwritingIt() async throws {
        try await TemporaryDirectory.with { folder in
            let file = folder.appendingPathComponent("state/history")
            let first = History(file: file)
            let second = History(file: file)
            first.add("garlic")
            second.add("onions")
            first.add("eggs, milk")
            second.add("favs")
            #expect(History(file: file).lines == ["garlic", "onions", "eggs, milk", "favs"])
            #expect(first.lines == ["garlic", "eggs, milk"], "a session's own up-arrow list is its own")
        }
    }

    @Test func theFileIsCutBackToTheNewestLines() async throws {
        try await TemporaryDirectory.with { folder in
            let file = folder.appendingPathComponent("history")
            let sessions = [History(file: file, cap: 3), History(file: file, cap: 3)]
            for number in 1...400 { sessions[number % 2].add("search \(number)") }
            let lines = History(file: file, cap: 1000).lines
            #expect(lines.count < 30, "cut back, not grown to \(lines.count) lines")
            #expect(lines.last == "search 400")
            #expect(History(file: file, cap: 3).lines == ["search 398", "search 399", "search 400"])
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect(attributes[.posixPermissions] as? Int == 0o600)
        }
    }
}
