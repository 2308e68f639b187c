import Testing
import TerminalKit
@testable import View

@Suite struct KeyDecoding {
    @Test func bytesBecomeKeys() {
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array("ab".utf8) + [0x1B, 0x5B, 0x44, 0x01, 0x05, 0x7F, 0x0D, 0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x33, 0x7E, 0x09, 0x03])
        #expect(keys == [.character("a"), .character("b"), .left, .control("a"), .control("e"), .backspace, .enter, .up, .delete, .tab,
                         .control("c")])
    }

    @Test func sequencesSplitAcrossReadsWait() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.decode([0x5B]).isEmpty)
        #expect(decoder.decode([0x43]) == [.right])
        #expect(decoder.decode([0xC3]).isEmpty)
        #expect(decoder.decode([0xA9]) == [.character("é")])
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.flush() == [.escape])
    }

    @Test func everyByteValueDecodesToAtMostOneKeyAndNeverSwallowsWhatFollows() {
        for value in 0...255 {
            var decoder = KeyDecoder()
            // A byte, then "A": whatever the byte means, the "A" after it (or, after ESC, the Alt-A it
            // makes) is not lost, and nothing is left waiting.
            let keys = decoder.decode([UInt8(value), 0x41]) + decoder.flush()
            #expect(keys.count <= 2, "0x\(String(value, radix: 16)): \(keys)")
            #expect(!decoder.hasPending)
            if value != 0x1B, value < 0x80 || value >= 0xC2 && value <= 0xF4 {
                #expect(keys.last == .character("A") || value >= 0xC2, "0x\(String(value, radix: 16)): \(keys)")
            }
        }
    }

    @Test func lateAnswersOfTheTerminalAreSwallowedNotTyped() {
        var decoder = KeyDecoder()
        let kitty = Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)
        let version = Array("\u{1B}P>|kitty(0.26.5)\u{1B}\\".utf8)
        let title = Array("\u{1B}]l title\u{07}".utf8)
        #expect(decoder.decode(kitty + Array("a".utf8) + version + title + Array("b".utf8)) == [.character("a"), .character("b")])
        // Split across reads, the answer waits for its end.
        #expect(decoder.decode(Array(kitty.prefix(5))).isEmpty)
        #expect(decoder.decode(Array(kitty.dropFirst(5)) + Array("c".utf8)) == [.character("c")])
    }
}

@Suite struct LineEditing {
    func edit(_ keys: [Key], history: [String] = []) -> (LineEditState, LineEditState.Outcome) {
        var state = LineEditState(history: history, completions: CommandTable.allNames)
        var outcome = LineEditState.Outcome.editing
        for key in keys { outcome = state.apply(key) }
        return (state, outcome)
    }

    func type(_ text: String) -> [Key] { text.map { .character($0) } }

    @Test func cursorMovesAndInsertsInPlace() {
        let (state, outcome) = edit(type("gralic") + [.left, .left, .left, .left, .backspace, .right, .character("r"), .end, .enter])
        #expect(state.text == "garlic")
        #expect(outcome == .accepted("garlic"))
    }

    @Test func homeEndAndKillKeys() {
        #expect(edit(type("eggs") + [.home, .character(">")]).0.text == ">eggs")
        #expect(edit(type("eggs") + [.control("a"), .control("k")]).0.text == "")
        #expect(edit(type("onions garlic") + [.control("w")]).0.text == "onions ")
        #expect(edit(type("onions garlic") + [.left, .left, .control("u")]).0.text == "ic")
        #expect(edit(type("abc") + [.control("a"), .control("e"), .character("d")]).0.text == "abcd")
        #expect(edit(type("abc") + [.home, .delete]).0.text == "bc")
        #expect(edit(type("one two") + [.wordLeft, .character("_")]).0.text == "one _two")
    }

    @Test func historyGoesUpAndDownAndKeepsTheDraft() {
        let history = ["onions, garlic", "eggs"]
        #expect(edit(type("dra") + [.up], history: history).0.text == "eggs")
        #expect(edit(type("dra") + [.up, .up], history: history).0.text == "onions, garlic")
        #expect(edit(type("dra") + [.up, .up, .up], history: history).0.text == "onions, garlic")
        #expect(edit(type("dra") + [.up, .down], history: history).0.text == "dra")
    }

    @Test func tabCompletesCommands() {
        #expect(edit(type("fav") + [.tab]).0.text == "fav")
        #expect(edit(type("favo") + [.tab]).0.text == "favorite")
        #expect(edit(type("ret") + [.tab]).0.text == "retry ")
        #expect(edit(type("xyz") + [.tab]).0.text == "xyz")
        let (state, _) = edit(type("f") + [.tab])
        #expect(state.candidates.contains("first"))
    }

    @Test func controlCClearsAndControlDLeavesOnlyOnAnEmptyLine() {
        #expect(edit(type("eggs") + [.control("c")]).1 == .cleared)
        #expect(edit(type("eggs") + [.control("c")]).0.text == "")
        #expect(edit([.control("d")]).1 == .endOfInput)
        #expect(edit(type("ab") + [.home, .control("d")]).0.text == "b")
    }
}

@Suite struct Layout {
    @Test func wrappingKeepsWordsAndIndents() {
        let lines = TextLayout.wrap("garlic, onions, hot sauce, black pepper, olive oil", width: 20, first: "  1. ", rest: "     ")
        #expect(lines == ["  1. garlic, onions,", "     hot sauce,", "     black pepper,", "     olive oil"])
        #expect(lines.allSatisfy { TextLayout.displayWidth($0) <= 20 })
    }

    @Test func wideCharactersCountTwice() {
        #expect(TextLayout.displayWidth("豆腐") == 4)
        #expect(TextLayout.displayWidth("crème") == 5)
        let lines = TextLayout.wrap("麻婆豆腐麻婆豆腐麻婆豆腐", width: 10)
        #expect(lines.allSatisfy { TextLayout.displayWidth($0) <= 10 })
        #expect(lines.joined() == "麻婆豆腐麻婆豆腐麻婆豆腐")
    }

    @Test func longWordsAreSplit() {
        let lines = TextLayout.wrap(String(repeating: "x", count: 50), width: 20)
        #expect(lines.allSatisfy { $0.count <= 20 })
        #expect(lines.joined() == String(repeating: "x", count: 50))
        #expect(TextLayout.truncate("abcdefghij", width: 5) == "abcd…")
    }
}
