import Foundation
import Testing
@testable import Entity
import TextSafety

@Suite struct CleaningText {
    @Test(arguments: [
        ("Mac &amp; Cheese", "Mac & Cheese"),
        ("Double &amp;amp; Encoded", "Double & Encoded"),
        ("Grandma&amp;#39;s Pie", "Grandma's Pie"),
        ("Caf&#233; &Eacute;clair", "Café Éclair"),
        ("&frac18; teaspoon pepper, &frac23; cup milk, &half; lemon", "⅛ teaspoon pepper, ⅔ cup milk, ½ lemon"),
        ("<p>Whisk the <b>eggs</b>.</p><p>Fold.</p>", "Whisk the eggs. Fold."),
        ("piz<b>za</b>", "pizza"),
        ("a<br>b<br/>c", "a b c"),
        ("&lt;script&gt;alert(1)&lt;/script&gt;Pie", "alert(1) Pie"),
        ("5 < 6 and 7 > 3", "5 < 6 and 7 > 3"),
        ("<3 cookies", "<3 cookies"),
        ("a <b c", "a <b c"),
        ("Evil\u{1B}[2J\u{1B}[H Pie", "Evil Pie"),
        ("Pie\u{1B}]52;c;aGFja2Vk\u{07} and\u{1B}]0;title\u{1B}\\ more", "Pie and more"),
        ("x\u{1B}P+q\u{1B}\\y", "xy"),
        ("x\u{9B}31my", "xy"),
        ("x\u{9D}0;t\u{9C}y", "xy"),
        ("lone\u{1B}", "lone"),
        ("lone\u{1B} escape", "lone escape"),
        ("\u{07}\u{08}\u{00}bell\u{7F}\u{85}", "bell"),
        ("zero\u{200B}width\u{200D}joiner\u{FEFF}", "zerowidthjoiner"),
        ("soft\u{AD}hyphen", "softhyphen"),
        ("\u{202E}reversed\u{202C} \u{2066}isolate\u{2069}", "reversed isolate"),
        ("word\u{2060}\u{2064}joined", "wordjoined"),
        (" \r\n\t lots \u{A0}\u{2003} of\n\nspace ", "lots of space"),
        ("a \u{200B} b", "a b"),
        ("", ""),
    ])
    func textComesOutAsOneCleanLine(raw: String, clean: String) {
        #expect(CleanText.line(raw) == clean)
    }

    @Test func everyControlAndInvisibleScalarIsRemoved() {
        var scalars: [Unicode.Scalar] = (0...0x9F).compactMap { Unicode.Scalar($0) }.filter { CleanText.isControl($0) }
        scalars += [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0xAD,
                    0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069].compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            for text in [CleanText.line("a\(scalar)b"), CleanText.address("a\(scalar)b")] {
                #expect(!text.unicodeScalars.contains { CleanText.isControl($0) || CleanText.isInvisible($0) },
                        "U+\(String(scalar.value, radix: 16)) survived in \(text.debugDescription)")
            }
        }
    }

    @Test func anAddressKeepsItsEntitiesAndAngleBracketsButLosesEscapes() {
        #expect(CleanText.address(" https://example.com/a?b=1&amp;c=<2>\u{1B}[31m\u{200B} ") == "https://example.com/a?b=1&amp;c=<2>")
    }

    @Test(arguments: ["<Glaze: 1 cup <strong>sugar</strong> iv>", "<<b>b>", "&amp;amp;amp;", "\u{1B}\u{1B}[31m[2J", "a \u{200B} \u{0} b",
                      "x\u{9B}\u{9B}1m", "\u{1B}]0;\u{1B}]0;t\u{07}\u{07}", "  lots\n\nof   space "])
    func safeCleaningIsIdempotentAndLeavesCleanTextAlone(text: String) {
        let safe = CleanText.safe(text)
        #expect(CleanText.safe(safe) == safe)
        let line = CleanText.line(text)
        #expect(CleanText.safe(line, maxLength: .max) == line)
    }

    @Test func lengthIsCappedWithoutATrailingSpace() {
        #expect(CleanText.line("abc def", maxLength: 4) == "abc")
        #expect(CleanText.line(String(repeating: "x", count: 100_000), maxLength: 10).count == 10)
    }

    /// 200,000 repeats of a unit that opens a tag, an entity or an escape and never closes it: what
    /// comes out is clean and stays clean when cleaned again. (How long it takes is the benchmark's.)
    @Test(arguments: ["<", "<a", "&amp;", "\u{1B}[", "\u{1B}]", "<a<b", "&#", "\u{9B}1"])
    func hostileRepetitionComesOutClean(unit: String) {
        let text = String(repeating: unit, count: 200_000)
        let line = CleanText.line(text, maxLength: .max)
        #expect(CleanText.safe(line, maxLength: .max) == line)
        #expect(CleanText.line(line, maxLength: .max) == line, "cleaning again changes nothing")
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        let address = CleanText.address(text, maxLength: .max)
        #expect(!address.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == " " })
    }
}
