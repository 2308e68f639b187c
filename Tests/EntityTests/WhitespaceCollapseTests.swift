import Testing
@testable import TextSafety

/// ASCII text is collapsed byte by byte; it must come out as reading it by Character would have it.
@Suite struct WhitespaceCollapse {
    @Test func asciiTextCollapsesByByteExactlyAsByCharacterForEveryPairOfBytes() throws {
        var differences: [String] = []
        for first in UInt8(0)..<0x80 {
            for second in UInt8(0)..<0x80 {
                let text = String(decoding: [0x20, 0x78, first, second, 0x79, 0x0A], as: UTF8.self)
                let byByte = try #require(TextCleanup.collapseASCIIWhitespace(text))
                if byByte != TextCleanup.collapseWhitespaceByCharacter(text) { differences.append("\(first) \(second)") }
            }
        }
        #expect(differences.isEmpty, "bytes collapsed otherwise: \(differences.prefix(10))")
    }

    @Test func textThatIsNotAllASCIIIsReadByCharacter() {
        #expect(TextCleanup.collapseASCIIWhitespace("caf\u{E9}\u{A0} au lait") == nil)
        #expect(TextCleanup.collapseWhitespace(" caf\u{E9}\u{A0}\u{2003}au\r\nlait\u{2029}") == "caf\u{E9} au lait")
    }
}
