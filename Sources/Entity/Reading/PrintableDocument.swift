import TextSafety

extension ReadableDocument {
    /// The document with every string cleaned as `TerminalText` cleans printed text: no control
    /// character, escape sequence or bidirectional control in its title, blocks or links, preformatted
    /// text keeping its lines. What a page's reader leaves in, the favorites store keeps out.
    public var printable: ReadableDocument {
        ReadableDocument(
            title: TerminalText.line(title),
            blocks: blocks.map { block in
                switch block {
                case .heading(let level, let text): .heading(level: level, text: TerminalText.line(text))
                case .paragraph(let text): .paragraph(TerminalText.line(text))
                case .listItem(let marker, let text, let depth): .listItem(marker: TerminalText.line(marker), text: TerminalText.line(text), depth: depth)
                case .preformatted(let text): .preformatted(TerminalText.block(text))
                case .rule: .rule
                }
            },
            links: links.map { ReadableDocument.Link(number: $0.number, text: TerminalText.line($0.text), url: TerminalText.line($0.url)) })
    }
}

extension RecipePage {
    /// The page with its document `printable`; the HTML stays as it was fetched.
    public var printable: RecipePage {
        RecipePage(html: html, document: document.printable, recipe: recipe)
    }
}
