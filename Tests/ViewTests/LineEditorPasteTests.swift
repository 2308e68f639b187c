import Foundation
import Testing
import Presenter
@testable import View

/// Bytes as a terminal would deliver them: one read per chunk, then the end of input.
@MainActor
final class ScriptedKeyboard: Keyboard {
    private var chunks: [[UInt8]]
    private(set) var reads = 0

    init(_ chunks: [[UInt8]]) {
        self.chunks = chunks
    }

    func read(timeout milliseconds: Int32) async -> [UInt8]? {
        reads += 1
        return chunks.isEmpty ? nil : chunks.removeFirst()
    }

    func enterRawMode(signals: Bool) {}
    func restoreMode() {}
}

/// Everything written, in order.
final class RecordingSink: TextSink, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    func write(_ text: String, to stream: View.OutputChannel) {
        lock.withLock { recorded.append(text) }
    }

    var writes: [String] { lock.withLock { recorded } }
    var text: String { writes.joined() }
}

@MainActor
@Suite struct Pasting {
    static let paste = Array(String(repeating: "garlic, ", count: 1_250).utf8)

    func chunks(_ bytes: [UInt8], of size: Int) -> [[UInt8]] {
        stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    func editor(_ chunks: [[UInt8]], sink: RecordingSink, names: CompletionSource? = nil) -> (LineEditor, ScriptedKeyboard) {
        let keyboard = ScriptedKeyboard(chunks)
        return (LineEditor(sink: sink, history: History(file: nil), columns: { 80 }, names: names, keyboard: keyboard), keyboard)
    }

    /// A 10,000-character paste arriving in 256-byte reads is drawn once per read: what is written in
    /// all is less than the paste itself, where drawing once per character wrote a screen line for each.
    @Test func aPasteIsDrawnOncePerReadNotOncePerCharacter() async {
        let reads = chunks(Self.paste, of: 256) + [[0x0D]]
        let sink = RecordingSink()
        let (editor, _) = editor(reads, sink: sink)
        let elapsed = await ContinuousClock().measure {
            #expect(await editor.readLine(prompt: "recipes> ") == String(decoding: Self.paste, as: UTF8.self))
        }
        print("line editor: a 10,000-character paste in 256-byte reads took \(elapsed)")
        #expect(sink.writes.count <= reads.count + 3)
        #expect(sink.text.count <= Self.paste.count)
        #expect(sink.text.hasSuffix("garlic, \u{1B}[K\r\n"), "the end of the line shows when it is accepted")
    }

    /// Typed one byte at a time, every key is drawn, and each drawing is at most a screen line long.
    @Test func typingDrawsNoMoreThanTheScreenPerKey() async {
        let reads = Self.paste.map { [$0] } + [[0x0D]]
        let sink = RecordingSink()
        let (editor, _) = editor(reads, sink: sink)
        let elapsed = await ContinuousClock().measure {
            #expect(await editor.readLine(prompt: "recipes> ")?.count == Self.paste.count)
        }
        print("line editor: 10,000 characters typed one read each took \(elapsed)")
        #expect(sink.writes.allSatisfy { $0.count <= 80 + 16 })
        #expect(elapsed < .seconds(20))
    }

    @Test(arguments: [true, false])
    func controlCInsideAPasteClearsTheLine(splitAcrossReads: Bool) async {
        let before = Array(repeating: UInt8(ascii: "x"), count: 3_000)
        let bytes = before + [0x03] + Array("garlic\r".utf8)
        let reads = splitAcrossReads ? [before, [0x03], Array("garlic\r".utf8)] : chunks(bytes, of: 4_096)
        let sink = RecordingSink()
        let (editor, _) = editor(reads, sink: sink)
        #expect(await editor.readLine(prompt: "recipes> ") == "garlic")
        let cleared = sink.text.components(separatedBy: "^C\r\n")
        #expect(cleared.count == 2)
        #expect(cleared.first?.hasSuffix("xxxx\u{1B}[K") == true, "the pasted text showed before it was cleared")
    }

    /// A paste at the start of a long line lands before it. Each read's characters go in with one move
    /// of the rest of the line; the time is printed, and only a generous bound is checked.
    @Test func aPasteInsideALongLineLandsAtTheCursor() async {
        let half = LineEditState.maxLength / 2
        let first = Array(repeating: UInt8(ascii: "a"), count: half)
        let second = Array(repeating: UInt8(ascii: "b"), count: half)
        let reads = chunks(first, of: 4_096) + [[0x01]] + chunks(second, of: 4_096) + [[0x0D]]
        let (editor, _) = editor(reads, sink: RecordingSink())
        var line: String?
        let elapsed = await ContinuousClock().measure {
            line = await editor.readLine(prompt: "> ")
        }
        print("line editor: \(half) characters pasted before \(half) others took \(elapsed)")
        #expect(line == String(repeating: "b", count: half) + String(repeating: "a", count: half))
        #expect(elapsed < .seconds(20))
    }

    @Test func whatFollowsEnterInAPasteIsTheNextLine() async {
        let sink = RecordingSink()
        let (editor, keyboard) = editor([Array("eggs\rmilk, butter\r".utf8)], sink: sink)
        #expect(await editor.readLine(prompt: "> ") == "eggs")
        #expect(await editor.readLine(prompt: "> ") == "milk, butter")
        #expect(keyboard.reads == 1)
        #expect(await editor.readLine(prompt: "> ") == nil)
    }

    @Test func aLineLongerThanTheLimitIsCut() async {
        let bytes = Array(repeating: UInt8(ascii: "a"), count: LineEditState.maxLength + 1_000)
        let sink = RecordingSink()
        let (editor, _) = editor(chunks(bytes, of: 4_096) + [[0x0D]], sink: sink)
        #expect(await editor.readLine(prompt: "> ")?.count == LineEditState.maxLength)
    }

    /// Names may come from the network: what Tab lists or inserts is made safe first.
    @Test func tabCompletesNamesFromTheSourceMadeSafe() async {
        let seen = SeenNames(["garlic"])
        let source = CompletionSource { typed in seen.names.filter { PrintableText.line($0).hasPrefix(typed) } }
        let sink = RecordingSink()
        let (editor, _) = editor([Array("onions, garl\t\r".utf8), Array("gar\t\r".utf8), Array("gar\t\r".utf8)], sink: sink, names: source)
        #expect(await editor.readLine(prompt: "> ") == "onions, garlic, ")
        seen.names = ["gar\u{1B}]52;c;eA==\u{07}den peas", "gar\u{1B}[2Jlic"]
        #expect(await editor.readLine(prompt: "> ") == "gar")
        #expect(sink.text.contains("garden peas  garlic"), "both are listed")
        seen.names = ["gar\u{1B}[2Jlic"]
        #expect(await editor.readLine(prompt: "> ") == "garlic, ")
        #expect(!sink.text.contains("\u{1B}]52"))
        #expect(!sink.text.contains("\u{1B}[2J"))
    }
}

/// Names kept on the main actor, as the Presenter would keep the ingredient names it has seen.
@MainActor
final class SeenNames {
    var names: [String]
    init(_ names: [String]) { self.names = names }
}
