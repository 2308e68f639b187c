import Glibc
import Testing
@testable import View

private let esc = "\u{1B}"
private let xtermVT340 = "\(esc)[?63;1;2;4;6;9;15;16;22;28c"
private let kittyOK = "\(esc)_Gi=31;OK\(esc)\\"

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Feeds `input` one byte at a time, then in chunks of every size, and checks each way gives the
/// same answers as the whole.
private func parseEveryWay(_ input: [UInt8]) -> TerminalAnswers {
    let whole = TerminalAnswerParser.parse(input)
    for size in [1, 2, 3, 7] {
        var parser = TerminalAnswerParser()
        var index = 0
        while index < input.count {
            for byte in input[index..<min(input.count, index + size)] { parser.feed(byte) }
            index += size
        }
        #expect(parser.answers == whole, "fed \(size) at a time")
    }
    return whole
}

@Suite("Terminal answer parser")
struct TerminalAnswerParserTests {
    @Test(arguments: [
        // xterm -ti vt340: sixel, its version, 16 colour registers.
        ("\(esc)P>|XTerm(379)\(esc)\\\(esc)[?1;0;16S\(xtermVT340)",
         TerminalAnswers(kittyGraphics: false, deviceAttributes: [63, 1, 2, 4, 6, 9, 15, 16, 22, 28], version: "XTerm(379)", colourRegisters: 16)),
        // xterm 379 as recorded, with its default of 1024 registers (the kitty query is ignored).
        ("\(esc)P>|XTerm(379)\(esc)\\\(esc)[?1;0;1024S\(esc)[?63;1;2;4;6;9;15;16;22;28c",
         TerminalAnswers(kittyGraphics: false, deviceAttributes: [63, 1, 2, 4, 6, 9, 15, 16, 22, 28], version: "XTerm(379)", colourRegisters: 1024)),
        // kitty: OK to the graphics query, and its DA1 with an empty last field.
        ("\(kittyOK)\(esc)P>|kitty(0.31.0)\(esc)\\\(esc)[?62;c",
         TerminalAnswers(kittyGraphics: true, deviceAttributes: [62], version: "kitty(0.31.0)")),
        // A kitty error is not support.
        ("\(esc)_Gi=31;ENOTSUPPORTED:no\(esc)\\\(esc)[?62;c", TerminalAnswers(deviceAttributes: [62])),
        // An OK for another image id is not an answer to the query.
        ("\(esc)_Gi=7;OK\(esc)\\\(esc)[?62;c", TerminalAnswers(deviceAttributes: [62])),
        // An OK after DA1 comes too late.
        ("\(esc)[?62;c\(kittyOK)", TerminalAnswers(deviceAttributes: [62])),
        // A plain VT100, no version.
        ("\(esc)[?1;2c", TerminalAnswers(deviceAttributes: [1, 2])),
        // foot ends its DCS with BEL; the XTSMGRAPHICS failure answer is dropped.
        ("\(esc)P>|foot(1.16.2)\u{07}\(esc)[?1;3;0S\(esc)[?62;4;22c",
         TerminalAnswers(deviceAttributes: [62, 4, 22], version: "foot(1.16.2)")),
        // Keys typed during the probe are kept for the line editor, in order; other answers are not.
        ("ab\(esc)[A\(esc)OB\(esc)[?1;0;256S\(esc)[5~c\(xtermVT340)",
         TerminalAnswers(deviceAttributes: [63, 1, 2, 4, 6, 9, 15, 16, 22, 28], colourRegisters: 256,
                         unclaimed: bytes("ab\(esc)[A\(esc)OB\(esc)[5~c"))),
        // An ESC inside a string cancels it; what follows is read afresh.
        ("\(esc)_Gi=31;O\(esc)[?62;c", TerminalAnswers(deviceAttributes: [62])),
        // A version is printable ASCII, 64 characters at most.
        ("\(esc)P>|a\u{7F}b\u{1}c\(esc)\\\(esc)[?62c", TerminalAnswers(deviceAttributes: [62], version: "abc")),
        // Not numbers: not DA1.
        ("\(esc)[?6:2;1c", TerminalAnswers()),
        ("\(esc)[?6x;2c", TerminalAnswers(unclaimed: bytes(";2c"))),
        ("\(esc)[?99999999999999999999999c", TerminalAnswers()),
        // A control byte ends a CSI early; the bytes read go to the line editor.
        ("\(esc)[12\u{3}", TerminalAnswers(unclaimed: bytes("\(esc)[12\u{3}"))),
        ("", TerminalAnswers()),
        ("\(esc)", TerminalAnswers()),
        ("\(esc)\(esc)x", TerminalAnswers(unclaimed: bytes("\(esc)\(esc)x"))),
    ])
    func answersAreReadWholeAndByteByByte(input: String, expected: TerminalAnswers) {
        #expect(parseEveryWay(bytes(input)) == expected)
    }

    @Test func theAnswersAreCompleteExactlyWhenDA1HasArrived() {
        let input = bytes("\(kittyOK)\(esc)P>|XTerm(379)\(esc)\\\(xtermVT340)")
        for length in 0..<input.count {
            let answers = TerminalAnswerParser.parse(input[..<length])
            #expect(!answers.isComplete, "complete after \(length) bytes")
            #expect(answers.unclaimed.isEmpty, "a partial answer leaked after \(length) bytes")
        }
        let answers = TerminalAnswerParser.parse(input)
        #expect(answers.isComplete && answers.sixel && answers.kittyGraphics)
    }

    @Test func sixelIsAttributeFourButNotTheClass() {
        #expect(TerminalAnswerParser.parse(bytes("\(esc)[?62;4c")).sixel)
        #expect(!TerminalAnswerParser.parse(bytes("\(esc)[?4;6c")).sixel)
        #expect(!TerminalAnswerParser.parse(bytes("\(esc)[?64;44c")).sixel)
    }

    @Test func everyByteValueAloneAndBeforeAnAnswer() {
        for value in 0...255 {
            let alone = TerminalAnswerParser.parse([UInt8(value)])
            #expect(!alone.isComplete)
            #expect(alone.unclaimed == (value == 0x1B ? [] : [UInt8(value)]), "byte \(value)")
            let before = TerminalAnswerParser.parse([UInt8(value)] + bytes(xtermVT340))
            // Only a byte that opens a sequence (ESC) can swallow the answer that follows.
            #expect(before.isComplete || value == 0x1B, "byte \(value)")
            let inside = TerminalAnswerParser.parse(bytes("\(esc)P>|v") + [UInt8(value)] + bytes("\(esc)\\\(xtermVT340)"))
            #expect(inside.isComplete || value == 0x1B, "byte \(value) inside a DCS string")
        }
    }

    @Test func oversizedAnswersAreReadButNotKept() {
        let long = String(repeating: "A", count: 100_000)
        let apc = TerminalAnswerParser.parse(bytes("\(esc)_Gi=31;OK\(long)\(esc)\\\(xtermVT340)"))
        #expect(apc.isComplete && !apc.kittyGraphics && apc.unclaimed.isEmpty)
        let dcs = TerminalAnswerParser.parse(bytes("\(esc)P>|\(long)\(esc)\\\(xtermVT340)"))
        #expect(dcs.isComplete && dcs.version == nil)
        let csi = TerminalAnswerParser.parse(bytes("\(esc)[?\(String(repeating: "1;", count: 50_000))c\(xtermVT340)"))
        #expect(csi.deviceAttributes == [63, 1, 2, 4, 6, 9, 15, 16, 22, 28])
        let typing = TerminalAnswerParser.parse(bytes(long + xtermVT340))
        #expect(typing.unclaimed.count == TerminalAnswerParser.maxUnclaimed && typing.isComplete)
    }

    @Test func randomBytesNeverBreakTheBounds() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            var input: [UInt8] = []
            for _ in 0..<64 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly the bytes answers are made of.
                let pick = Int(state >> 58)
                let alphabet = bytes("\(esc)[]_P\\?;>|Gi=31OKc0123456789S\u{07}")
                input.append(pick < alphabet.count ? alphabet[pick] : UInt8(truncatingIfNeeded: state >> 40))
            }
            let answers = parseEveryWay(input)
            #expect(answers.unclaimed.count <= TerminalAnswerParser.maxUnclaimed)
            #expect((answers.version?.count ?? 0) <= 64)
        }
    }
}

@Suite("Terminal probe")
struct TerminalProbeTests {
    @Test func readingStopsRightAfterDA1AndLeavesTheRestUnread() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let written = bytes("\(kittyOK)\(xtermVT340)typed later")
        _ = written.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        let answers = TerminalProbe.read(from: ends[0], timeout: .seconds(20))
        #expect(answers.isComplete && answers.kittyGraphics && answers.sixel)
        var rest = [UInt8](repeating: 0, count: 64)
        let count = read(ends[0], &rest, rest.count)
        #expect(Array(rest.prefix(max(0, count))) == bytes("typed later"))
    }

    @Test func aTerminalThatNeverAnswersTimesOut() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let answers = TerminalProbe.read(from: ends[0], timeout: .milliseconds(50))
        #expect(!answers.isComplete)
    }

    @Test func theQueryAsksKittyVersionColourRegistersAndDA1Last() {
        #expect(TerminalProbe.query == "\(esc)_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\(esc)\\\(esc)[>0q\(esc)[?1;1;0S\(esc)[c")
    }
}
