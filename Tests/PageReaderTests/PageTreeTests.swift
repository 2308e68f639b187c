import Testing
@testable import PageReader

/// The page tree repairs broken markup the way browsers do.
@Suite struct PageTreeRepairs {
    private func parents(_ html: String, of name: String) -> [String] {
        let tree = PageTree(html)
        return tree.nodes.indices.filter { tree.nodes[$0].kind == .element && tree.nodes[$0].name == name }.map { index in
            let parent = tree.nodes[index].parent
            return parent >= 0 ? tree.nodes[parent].name : "-"
        }
    }

    @Test func aParagraphClosesWhenABlockOrAnotherParagraphOpens() {
        #expect(parents("<div><p><p>one</p><p>two</p></p></div>", of: "p") == ["div", "div", "div"])
        #expect(parents("<section><p>text<div>block</div><ul><li>item</li></ul></section>", of: "div") == ["section"])
        #expect(parents("<section><p>text<ul><li>item</li></ul></section>", of: "ul") == ["section"])
        // Inline elements stay inside it.
        #expect(parents("<p>text <b>bold</b> <a href=x>link</a></p>", of: "b") == ["p"])
    }
}
