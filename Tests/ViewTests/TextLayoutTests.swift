import Foundation
import TerminalKit
import Testing
@testable import View

@Suite struct Wrapping {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let width: Int
        var first = ""
        var rest = ""
        let lines: [String]
        var testDescription: String { "\(text.prefix(20)) in \(width)" }
    }

    static let cases: [Case] = [
        // Words move to the next line whole.
        Case(text: "garlic, onions, hot sauce", width: 14, lines: ["garlic,", "onions, hot", "sauce"]),
        Case(text: "abcde fghij", width: 11, lines: ["abcde fghij"]),
        Case(text: "abcde fghij", width: 10, lines: ["abcde", "fghij"]),
        Case(text: "  spaced \n\n out  ", width: 20, lines: ["spaced out"]),
        Case(text: "", width: 10, lines: [""]),
        Case(text: "   ", width: 10, first: "> ", lines: ["> "]),
        // First and rest prefixes count in the width.
        Case(text: "abc def", width: 9, first: "> ", lines: ["> abc def"]),
        Case(text: "abc def", width: 8, first: "> ", rest: "  ", lines: ["> abc", "  def"]),
        Case(text: "garlic, onions, hot sauce, black pepper, olive oil", width: 20, first: "  1. ", rest: "     ",
             lines: ["  1. garlic, onions,", "     hot sauce,", "     black pepper,", "     olive oil"]),
        // Wide characters take two columns.
        Case(text: "麻婆豆腐 麻婆", width: 10, lines: ["麻婆豆腐", "麻婆"]),
        Case(text: "麻婆豆腐 麻婆", width: 13, lines: ["麻婆豆腐 麻婆"]),
        Case(text: "麻婆豆腐麻婆豆腐麻婆豆腐", width: 10, lines: ["麻婆豆腐麻", "婆豆腐麻婆", "豆腐"]),
        Case(text: "麻婆豆腐麻婆", width: 5, lines: ["麻婆", "豆腐", "麻婆"]),
        Case(text: "豆腐", width: 1, lines: ["豆腐"]),
        // Combining marks take none.
        Case(text: "cre\u{300}me bru\u{302}le\u{301}e", width: 12, lines: ["cre\u{300}me bru\u{302}le\u{301}e"]),
        Case(text: "cre\u{300}me bru\u{302}le\u{301}e", width: 11, lines: ["cre\u{300}me", "bru\u{302}le\u{301}e"]),
        // Words longer than a line are split; a word that does not fit after others starts a line first.
        Case(text: String(repeating: "x", count: 25), width: 10, first: "1. ", rest: "   ",
             lines: ["1. xxxxxxx", "   xxxxxxx", "   xxxxxxx", "   xxxx"]),
        Case(text: "ab " + String(repeating: "x", count: 12), width: 10, lines: ["ab", "xxxxxxxxxx", "xx"]),
        Case(text: String(repeating: "x", count: 20), width: 10, lines: ["xxxxxxxxxx", "xxxxxxxxxx"]),
        Case(text: "abcd", width: 10, first: "12345678", lines: ["12345678ab", "cd"]),
    ]

    @Test(arguments: cases)
    func wrapsAsBefore(_ example: Case) {
        let lines = TextLayout.wrap(example.text, width: example.width, first: example.first, rest: example.rest)
        #expect(lines == example.lines)
    }

    @Test(arguments: cases)
    func linesKeepEveryCharacterInOrder(_ example: Case) {
        let lines = TextLayout.wrap(example.text, width: example.width, first: example.first, rest: example.rest)
        let words = example.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined()
        var joined = ""
        for (index, line) in lines.enumerated() {
            let prefix = index == 0 ? example.first : example.rest
            #expect(line.hasPrefix(prefix))
            joined += line.dropFirst(prefix.count).filter { $0 != " " }
        }
        #expect(joined == words)
    }

    /// Each character of the text and of the prefixes is measured once, however long the words are.
    @Test(arguments: [
        ("a long word", String(repeating: "x", count: 10_000)),
        ("wide words", String(repeating: "麻婆豆腐 ", count: 2_000)),
        ("words, then a long accented word", String(repeating: "onions ", count: 1_000) + String(repeating: "é", count: 5_000)),
    ])
    func everyCharacterIsMeasuredOnce(kind: String, text: String) {
        var measured = 0
        let lines = TextLayout.wrap(text, width: 40, first: " 1. ", rest: "    ") { character in
            measured += 1
            return TextLayout.displayWidth(character)
        }
        #expect(measured == text.filter { $0 != " " }.count + 8)
        #expect(lines.allSatisfy { TextLayout.displayWidth($0) <= 40 })
    }

    /// A million-character word (a hostile title) wraps in one pass: the time is printed, and only a
    /// generous bound is checked.
    @Test func aMillionCharacterWordWrapsInOnePass() {
        let word = String(repeating: "x", count: 1_000_000)
        var measured = 0
        var lines: [String] = []
        let elapsed = ContinuousClock().measure {
            lines = TextLayout.wrap(word, width: 80, first: " 1. ", rest: "    ") { character in
                measured += 1
                return TextLayout.displayWidth(character)
            }
        }
        print("wrap: a 1,000,000-character word in \(elapsed)")
        #expect(measured == 1_000_008)
        #expect(lines.count == 1_000_000 / 76 + 1)
        #expect(elapsed < .seconds(20))
    }

    @Test func truncationCutsToTheWidth() {
        #expect(TextLayout.truncate("abcdefghij", width: 5) == "abcd…")
        #expect(TextLayout.truncate("abcde", width: 5) == "abcde")
        #expect(TextLayout.truncate("麻婆豆腐", width: 5) == "麻婆…")
        #expect(TextLayout.truncate("abc", width: 1) == "…")
    }
}

@Suite struct AddressesStayWhole {
    /// An address that fits the width but not after its label starts a line of its own, from the first
    /// column when the indent would push it past the edge, so that it is whole on screen.
    @Test func anAddressThatFitsTheWidthIsNeverCutByItsLabel() {
        let address = "http://127.0.0.1:18090/pictures/pan-con-tomate.png"
        #expect(TextLayout.wrap(address, width: 50, first: "  Picture: ", rest: "           ") == ["  Picture:", address])
        #expect(TextLayout.wrap(address, width: 70, first: "  Picture: ", rest: "           ") == ["  Picture: " + address])
        #expect(TextLayout.wrap(address, width: 62, first: "  Picture: x ", rest: "           ") == ["  Picture: x", "           " + address])
    }

    /// A web address longer than the line is put on a line of its own, whole, never cut in two: a
    /// terminal makes it clickable only when it is whole.
    @Test func aLongAddressIsNeverCut() {
        let address = "http://127.0.0.1:41531/api/?i=eggplants&q=&p=1"
        let lines = TextLayout.wrap("See \(address) for more", width: 30, first: "  7. ", rest: "     ")
        #expect(lines.contains("     \(address)"), "\(lines)")
        #expect(lines.joined(separator: " ").split(separator: " ").contains { $0 == address[...] })
        // Other long words are still cut to the width.
        #expect(TextLayout.wrap(String(repeating: "x", count: 70), width: 30).allSatisfy { $0.count <= 30 })
    }
}
