import Foundation
import Testing
import Entity
@testable import PageReader

/// The reader on hostile pages: its work is linear and its document a small multiple of the page.
@Suite struct HTMLReaderBounds {
    private func finishes(_ seconds: Double = 20, _ body: () -> Void) {
        let started = Date()
        body()
        #expect(Date().timeIntervalSince(started) < seconds, "finishes in a reasonable time")
    }

    @Test func nestedListsDoNotGrowTheTextWithTheSquareOfTheirDepth() {
        let page = String(repeating: "<ul><li>x", count: 20_000)
        finishes {
            let text = HTMLReader.read(page).plainText
            #expect(text.utf8.count <= 4 * page.utf8.count, "\(text.utf8.count) bytes of text for \(page.utf8.count) of page")
        }
    }

    @Test func aListNestedDeeperThanTheCapIsIndentedAtTheCap() {
        let page = String(repeating: "<ul><li>x", count: 20)
        let depths = HTMLReader.read(page).blocks.compactMap { block -> Int? in
            if case .listItem(_, _, let depth) = block { return depth }
            return nil
        }
        #expect(depths.count == 20)
        #expect(depths.max() == ReadableDocument.maxIndentDepth)
    }

    @Test func twoHundredThousandLinksAreReadInLinearTimeAndCapped() {
        let page = String(repeating: "<a href=/r>r</a> ", count: 200_000)
        finishes {
            let document = HTMLReader.read(page, baseURL: URL(string: "https://example.com/recipes/"))
            #expect(document.links.count == DocumentBuilder.Limits.links)
            #expect(document.plainText.utf8.count <= 4 * page.utf8.count)
        }
    }

    @Test func aWordOfAHundredThousandCharactersIsKept() {
        let word = String(repeating: "x", count: 100_000)
        finishes {
            let document = HTMLReader.read("<p>\(word)</p>")
            #expect(document.blocks == [.paragraph(word)])
        }
    }

    @Test(arguments: ["<div>", "<b>", "<li>", "<ul>", "<ol><li>", "<table><tr><td>", "<pre>", "<a href=x>"])
    func aHundredThousandNestedTagsAreBounded(unit: String) {
        let page = String(repeating: unit, count: 100_000) + "end"
        finishes {
            let text = HTMLReader.read(page).plainText
            #expect(text.utf8.count <= 4 * page.utf8.count)
        }
    }

    @Test func aTwentyMegabytePageGivesABoundedDocument() {
        let paragraph = "<p>Whisk the eggs with the sugar until pale, then fold in the flour.</p>\n"
        let page = String(repeating: paragraph, count: 20_000_000 / paragraph.utf8.count)
        finishes(60) {
            let document = HTMLReader.read(page)
            #expect(document.blocks.count <= DocumentBuilder.Limits.blocks)
            #expect(document.plainText.utf8.count <= DocumentBuilder.Limits.textBudget(inputSize: page.utf8.count) + 1_000_000)
        }
    }
}

@Suite struct HTMLTokenizing {
    private func tokens(_ html: String) -> [HTMLToken] {
        var tokenizer = HTMLTokenizer(html)
        var result: [HTMLToken] = []
        while let token = tokenizer.next() { result.append(token) }
        return result
    }

    @Test func tagsTextAndAttributesComeOutDecoded() {
        #expect(tokens("<P Class=\"a &amp; b\" data-x='1' bare id=one id=two>Fish &amp; chips</p><br/>") == [
            .startTag(name: "p", attributes: ["class": "a & b", "data-x": "1", "bare": "", "id": "one"], selfClosing: false),
            .text("Fish & chips"),
            .endTag(name: "p"),
            .startTag(name: "br", attributes: [:], selfClosing: true),
        ])
    }

    @Test func scriptsStylesAndCommentsNeverBecomeText() {
        #expect(tokens("a<script>x = '<p>no</p>'</SCRIPT >b<!-- <p>c</p> -->d<style>p{}</style><title>T &amp; U</title>") == [
            .text("a"), .startTag(name: "script", attributes: [:], selfClosing: false), .endTag(name: "script"),
            .text("b"), .text("d"), .startTag(name: "style", attributes: [:], selfClosing: false), .endTag(name: "style"),
            .startTag(name: "title", attributes: [:], selfClosing: false), .text("T & U"), .endTag(name: "title"),
        ])
    }

    @Test func theRawContentsOfAScriptAreThereForTheExtractor() {
        var tokenizer = HTMLTokenizer("<script type=application/ld+json>{\"a\":1}</script>")
        var raw: [HTMLTokenizer.RawToken] = []
        while let token = tokenizer.nextRaw() { raw.append(token) }
        #expect(raw.count == 3)
        if case .rawText(let element, let range) = raw[1] {
            #expect(element == "script")
            #expect(tokenizer.string(range) == "{\"a\":1}")
        } else {
            Issue.record("no raw text: \(raw)")
        }
    }

    @Test func everyPrefixOfAPageTokenizesAndEndsInATextThatIsAPrefixToo() {
        let page = "<!DOCTYPE html><html lang=en><head><title>Pie</title><script>var a = \"</p>\";</script></head>"
            + "<body class='x'><h1 id=t>Pie &amp; cream</h1><ul><li>flour<li>eggs</ul><!-- c --><p>Bake.<br/>Eat.</p></body></html>"
        let scalars = Array(page.unicodeScalars)
        for length in 0...scalars.count {
            let prefix = String(String.UnicodeScalarView(scalars[..<length]))
            _ = tokens(prefix)
            _ = HTMLReader.read(prefix).plainText
        }
    }

    @Test func everyByteValueAfterAnOpeningBracketIsSafe() {
        for byte in 0...255 {
            let page = String(decoding: [UInt8(ascii: "<"), UInt8(byte), UInt8(ascii: "a"), UInt8(ascii: ">"), UInt8(ascii: "z")], as: UTF8.self)
            let result = tokens(page)
            #expect(!result.isEmpty || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "/"))
            _ = HTMLReader.read(page)
        }
    }
}
