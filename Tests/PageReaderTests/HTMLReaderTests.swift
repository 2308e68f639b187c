import Foundation
import Testing
import Entity
@testable import PageReader

@Suite struct HTMLReading {
    @Test func pageBecomesHeadingsParagraphsListsAndNumberedLinks() {
        let html = """
        <!DOCTYPE html><html><head><title>Shakshuka &amp; Bread</title>
        <style>body { color: red }</style><script>alert("<p>no</p>")</script></head>
        <body><h1>Shakshuka</h1><!-- a comment --><p class=cuisine>Cuisine:
           Tunisian</p><h2>Ingredients</h2><ul><li>eggs</li><li>tomatoes<li>onions</ul>
        <h2>Method</h2><ol><li>Soften.</li><li>Simmer.</li></ol>
        <p>See <a href="/recipes/harissa">harissa</a> and <a href="http://other.example/x">more</a>.</p>
        <p><a href="#top">top</a> <a href="javascript:void(0)">js</a></p></body></html>
        """
        let document = HTMLReader.read(html, baseURL: URL(string: "http://puppy.test/recipes/shakshuka"))
        #expect(document.title == "Shakshuka & Bread")
        #expect(document.blocks == [
            .heading(level: 1, text: "Shakshuka"),
            .paragraph("Cuisine: Tunisian"),
            .heading(level: 2, text: "Ingredients"),
            .listItem(marker: "•", text: "eggs", depth: 0),
            .listItem(marker: "•", text: "tomatoes", depth: 0),
            .listItem(marker: "•", text: "onions", depth: 0),
            .heading(level: 2, text: "Method"),
            .listItem(marker: "1.", text: "Soften.", depth: 0),
            .listItem(marker: "2.", text: "Simmer.", depth: 0),
            .paragraph("See [1]harissa and [2]more."),
            .paragraph("top js"),
        ])
        #expect(document.links == [
            .init(number: 1, text: "harissa", url: "http://puppy.test/recipes/harissa"),
            .init(number: 2, text: "more", url: "http://other.example/x"),
        ])
        #expect(!document.plainText.contains("alert"))
        #expect(!document.plainText.contains("color"))
        #expect(document.plainText.contains("References\n1. http://puppy.test/recipes/harissa"))
    }

    /// Any run of whitespace, Unicode's wide and non-breaking spaces too, is one space between words.
    @Test func everyKindOfSpaceBetweenWordsIsOne() {
        let document = HTMLReader.read("<p>  Whisk&nbsp;&nbsp;the\u{2003}eggs,\n\tthen\u{3000}fry  them  </p><p><a href=\"/x\">two\u{00A0} words</a></p>")
        #expect(document.blocks.first == .paragraph("Whisk the eggs, then fry them"))
        #expect(document.links.first?.text == "two words")
    }

    @Test func preformattedTextKeepsItsLines() {
        let document = HTMLReader.read("<pre>a  b\n  c</pre><p>x</p>")
        #expect(document.blocks == [.preformatted("a  b\n  c"), .paragraph("x")])
    }

    /// Broken markup reads as a browser shows it: what is text stays text, an unfinished tag, comment or
    /// script shows nothing.
    @Test(arguments: [
        ("", ""), ("<", "<"), ("<<<<", "<<<<"), ("</", "</"), ("</>", ""), ("<a", ""), ("<a href=", ""),
        ("<a href=\"unterminated", ""), ("<!--", ""), ("<!-- never closed", ""), ("<script>never closed", ""), ("<title>", ""),
        ("&", "&"), ("&#", "&#"), ("<p><p><p></li></ul></ol>", ""), ("<ul><li><ul><li>deep</ul>", "deep"),
        ("<br/><hr/><img alt=\"pic\"/>", "---- [pic]"), ("a <b>bold <i>and</b> italic</i> text", "a bold and italic text"),
    ])
    func brokenMarkupReadsAsABrowserShowsIt(html: String, text: String) {
        let words = HTMLReader.read(html).plainText.split(whereSeparator: \.isWhitespace).filter { $0 != "•" && $0 != "-" }
        #expect(words.joined(separator: " ") == text)
    }

    /// Reading the code for the fuzzing harness: counting on from a list that starts at Int.max
    /// trapped, so such a page crashed `open` and saving a favorite.
    @Test func anOrderedListStartingAtTheLargestIntegerReadsWithoutTrapping() {
        let document = HTMLReader.read("<ol start=9223372036854775807><li>one<li>two</ol><ol start=-3><li>a<li>b</ol>")
        #expect(document.blocks == [
            .listItem(marker: "9223372036854775807.", text: "one", depth: 0),
            .listItem(marker: "9223372036854775807.", text: "two", depth: 0),
            .listItem(marker: "-3.", text: "a", depth: 0),
            .listItem(marker: "-2.", text: "b", depth: 0),
        ])
    }

    @Test func deepOrLongMarkupNeverExhaustsTheStack() {
        for unit in ["<!-- -->", "<b>", "</x>", "<ul><li>", "<!x>", "<a href=x>"] {
            let document = HTMLReader.read(String(repeating: unit, count: 20000) + "end")
            #expect(document.plainText.contains("end"), "the text after \(unit) × 20,000 is read")
        }
    }
}
