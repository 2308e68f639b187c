import Foundation
import Glibc
import Testing
import TestSupport

/// The history file, however large it has grown, costs a session no more than its tail.
@Suite struct HistoryFileOnATerminal {
    @Test func aHugeHistoryFileIsReadFromItsTailAndItsOverlongLineIsNotWrittenBack() throws {
        try TemporaryDirectory.withSync { home in
            let state = home.appendingPathComponent("state")
            let file = state.appendingPathComponent("recipebook/history")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // 40 MB: a line of 24 MB, then 16 MB of searches.
            var text = Data(repeating: UInt8(ascii: "x"), count: 24 << 20) + Data("\n".utf8)
            let searches = Data((1...20_000).map { "garlic, onions, tomatoes, basil, rice, beans, lemon \($0)\n" }.joined().utf8)
            while text.count < 40 << 20 { text += searches }
            try text.write(to: file)

            let terminal = try PseudoTerminalProcess.recipes(["--no-cache", "--color", "never"], home: home,
                                                             extra: ["XDG_STATE_HOME": state.path])
            // Up shows the newest line typed before: the history was read.
            let mark = terminal.bytes.count
            terminal.type(TerminalKeys.up)
            #expect(terminal.waitFor("lemon 20000", after: mark))
            terminal.type(TerminalKeys.control("u") + Array("favs\r".utf8))
            #expect(terminal.waitFor("recipes> ", after: mark + 1))
            let peak = MeasuredRun.peakFromProc(terminal.pid)
            #expect(terminal.quit() == 0)
            // Reading only the tail, a debug build takes about 25 MiB here; reading the whole file took 175 MiB.
            #expect(peak > 0 && peak < 64 << 20, "peak RSS \(peak >> 20) MiB")

            let kept = try Data(contentsOf: file)
            #expect(kept.count < 64 << 10, "cut back to its newest lines: \(kept.count) bytes")
            #expect(!kept.contains(UInt8(ascii: "x")), "the 24 MB line was written back")
            #expect(String(decoding: kept, as: UTF8.self).hasSuffix("lemon 20000\nfavs\nquit\n"))
        }
    }
}
