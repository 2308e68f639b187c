import Testing
@testable import Entity
import TextSafety

@Suite struct TerminalInjection {
    @Test(arguments: [
        ("Clear\u{1B}[2J\u{1B}[HScreen", "ClearScreen"),
        ("Red\u{1B}[31mTitle\u{1B}[0m", "RedTitle"),
        ("Clip\u{1B}]52;c;aGFja2Vk\u{07}board", "Clipboard"),
        ("Clip\u{1B}]52;c;aGFja2Vk\u{1B}\\board", "Clipboard"),
        ("Title\u{1B}]0;pwned\u{07} ok", "Title ok"),
        ("Dcs\u{1B}P1$r\u{1B}\\ok", "Dcsok"),
        ("Bell\u{07}\u{07}", "Bell"),
        ("Back\u{08}\u{08}\u{08}space", "Backspace"),
        ("Carriage\rReturn", "CarriageReturn"),
        ("Eight\u{9B}31mBit", "EightBit"),
        ("Osc8\u{9D}52;c;eA==\u{9C}bit", "Osc8bit"),
        ("Bidi\u{202E}txet", "Bidi" + "txet"),
        ("Null\u{0}Byte", "NullByte"),
        ("Del\u{7F}ete", "Delete"),
        ("Tab\there", "Tab here"),
        ("Lone escape at end\u{1B}", "Lone escape at end"),
        ("Unterminated \u{1B}]52;c;AAAA", "Unterminated "),
        ("Crème brûlée ★ 豆腐", "Crème brûlée ★ 豆腐"),
    ])
    func controlSequencesBecomeHarmlessText(hostile: String, shown: String) {
        #expect(TerminalText.line(hostile) == shown)
    }

    @Test func noControlByteSurvivesAnyInput() {
        var text = ""
        for value in 0...0x3FF {
            if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
        }
        let safe = TerminalText.block(text)
        for scalar in safe.unicodeScalars {
            #expect(scalar.value >= 0x20 || scalar == "\n")
            #expect(!(0x7F...0x9F).contains(scalar.value))
        }
        #expect(!TerminalText.line("a\nb").contains("\n"))
    }

    @Test func laidOutTextKeepsItsSpacesAndLines() {
        let text = "  1.  Whisk\n      the eggs\n\n  2.  Fold"
        #expect(TerminalText.block(text) == text)
        #expect(TerminalText.line(text) == text.replacingOccurrences(of: "\n", with: " "))
    }

    /// The same escape sequences leave text cleaned on its way in (`CleanText`) and on its way out.
    @Test(arguments: ["a\u{1B}]52;c;aGFja2Vk\u{07}b", "a\u{1B}[38;5;1mb", "a\u{9B}2Jb", "a\u{1B}P1$r\u{1B}\\b", "a\u{1B}(Bb",
                      "a\u{1B}cb", "a\u{9D}0;t\u{9C}b", "a\u{1B}]0;never ends"])
    func escapesAreReadTheSameWayComingInAndGoingOut(text: String) {
        #expect(CleanText.safe(text) == TerminalText.line(text))
    }
}
