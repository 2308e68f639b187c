import Foundation
import Glibc
import Testing
import Services
import TestSupport
@testable import View
import ServiceSupport

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

    @Test func aLineTooLongIsPassedOverAndNeverWrittenBack() async throws {
        try await TemporaryDirectory.with { folder in
            let file = folder.appendingPathComponent("history")
            let long = String(repeating: "x", count: History.maxLineBytes + 1)
            let older = (1...5).map { "search \($0)" }
            try Data((older + [long, "onions"]).map { $0 + "\n" }.joined().utf8).write(to: file)
            #expect(History(file: file, cap: 3).lines == ["search 4", "search 5", "onions"])

            // Past the size that cuts the file back, the newest lines are kept, the long one not.
            let history = History(file: file, cap: 3)
            history.add("garlic")
            let kept = try String(contentsOf: file, encoding: .utf8)
            #expect(kept == "search 5\nonions\ngarlic\n")
        }
    }

    @Test func onlyTheTailOfALargeFileIsRead() async throws {
        try await TemporaryDirectory.with { folder in
            let file = folder.appendingPathComponent("history")
            // A file that starts in the middle of a line as far as the tail is concerned: 1 MB of one
            // line, then lines; the tail holds the last `cap` of them whole.
            var text = String(repeating: "y", count: 1 << 20) + "\n"
            for number in 1...2_000 { text += "line \(number)\n" }
            try Data(text.utf8).write(to: file)
            let tail = try #require(History.readTail(of: file, cap: 10))
            #expect(tail.lines == (1_991...2_000).map { "line \($0)" })
            #expect(tail.fileSize == text.utf8.count)
            // Without a newline at its end, the last line is a line all the same.
            try Data("a\nb".utf8).write(to: file)
            #expect(History.readTail(of: file, cap: 10)?.lines == ["a", "b"])
        }
    }

    @Test func aNamedPipeInPlaceOfTheFileIsNeitherWaitedOnNorReplaced() async throws {
        try await TemporaryDirectory.with { folder in
            let file = folder.appendingPathComponent("history")
            #expect(mkfifo(file.path, 0o600) == 0)
            // On a thread of its own, so that a read that waits for a writer fails the test instead of
            // holding up the run.
            let done = DispatchSemaphore(value: 0)
            let outcome = Locked<[String]?>(nil)
            Thread.detachNewThread {
                let history = History(file: file)
                history.add("garlic")
                outcome.withLock { $0 = history.lines }
                done.signal()
            }
            #expect(done.wait(timeout: .now() + 20) == .success, "the history waited on a named pipe")
            #expect(outcome.withLock { $0 } == ["garlic"])
            var info = stat()
            #expect(lstat(file.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe is still there")
        }
    }
}
