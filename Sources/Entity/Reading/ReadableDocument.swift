/// A web page reduced to what a person reads: a title, blocks of text, and numbered links.
public struct ReadableDocument: Hashable, Sendable, Codable {
    public enum Block: Hashable, Sendable, Codable {
        case heading(level: Int, text: String)
        case paragraph(String)
        /// A list item; `marker` is `•` or `3.`, `depth` counts nesting from 0.
        case listItem(marker: String, text: String, depth: Int)
        case preformatted(String)
        case rule
    }

    /// A link, numbered in order of appearance as lynx does; the text shows `[n]` before its words.
    public struct Link: Hashable, Sendable, Codable {
        public let number: Int
        public let text: String
        public let url: String

        public init(number: Int, text: String, url: String) {
            self.number = number
            self.text = text
            self.url = url
        }
    }

    public var title: String
    public var blocks: [Block]
    public var links: [Link]

    public init(title: String, blocks: [Block], links: [Link]) {
        self.title = title
        self.blocks = blocks
        self.links = links
    }

    /// Lists nested deeper than this are indented no further, so text grows with a page, not with the
    /// square of its nesting.
    public static let maxIndentDepth = 8

    /// The document as plain text with no wrapping: blocks separated by blank lines, then the links.
    /// This is what favorites store and search.
    public var plainText: String {
        var parts: [String] = []
        if !title.isEmpty, blocks.first != .heading(level: 1, text: title) { parts.append(title) }
        for block in blocks {
            switch block {
            case .heading(_, let text), .paragraph(let text), .preformatted(let text):
                parts.append(text)
            case .listItem(let marker, let text, let depth):
                parts.append(String(repeating: "  ", count: min(max(0, depth), ReadableDocument.maxIndentDepth)) + marker + " " + text)
            case .rule:
                parts.append("----")
            }
        }
        if !links.isEmpty {
            parts.append("References")
            parts.append(links.map { "\($0.number). \($0.url)" }.joined(separator: "\n"))
        }
        return parts.joined(separator: "\n")
    }
}
