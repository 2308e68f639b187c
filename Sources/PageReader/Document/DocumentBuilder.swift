import Foundation
import Entity
import TextSafety

/// Builds a `ReadableDocument`'s blocks from tokens, within a budget: past `Limits`, the rest of the
/// page is left out rather than the document growing without bound.
struct DocumentBuilder {
    enum Limits {
        /// Characters of text (blocks, link addresses and markers together): twice the page's size,
        /// at least 64 K, at most 16 M.
        static func textBudget(inputSize: Int) -> Int {
            min(16 << 20, max(64 << 10, inputSize.multipliedReportingOverflow(by: 2).overflow ? Int.max : inputSize * 2))
        }
        static let blocks = 50_000
        static let links = 5_000
        static let linkLength = 2_048
        static let titleLength = 1_000
        /// List nesting deeper than this is shown at this depth.
        static let listDepth = ReadableDocument.maxIndentDepth
        /// Lists open at once that are counted; deeper ones share the deepest counter.
        static let openLists = 256
    }

    private let baseURL: URL?
    private var budget: Int
    private var title = ""
    private var blocks: [ReadableDocument.Block] = []
    private var links: [ReadableDocument.Link] = []
    private var inline = ""
    private var pendingSpace = false
    private var currentHeading: Int?
    private var preDepth = 0
    private var lists: [(ordered: Bool, counter: Int)] = []
    /// Lists opened past `Limits.openLists`, not tracked one by one.
    private var untrackedLists = 0
    private var currentListItem: (marker: String, depth: Int)?
    private var inTitle = false
    private var openLink: (number: Int, url: String, text: String)?

    init(baseURL: URL?, inputSize: Int) {
        self.baseURL = baseURL
        self.budget = Limits.textBudget(inputSize: inputSize)
    }

    /// Whether the budget is spent: nothing more would be kept.
    var isFull: Bool {
        budget <= 0 || blocks.count >= Limits.blocks
    }

    private static let blockElements: Set<String> = [
        "p", "div", "section", "article", "header", "footer", "main", "aside", "blockquote", "figure",
        "figcaption", "form", "table", "tr", "dl", "dt", "dd", "address", "center", "nav", "body", "html",
        "fieldset", "details", "summary", "caption", "thead", "tbody", "tfoot",
    ]

    mutating func consume(_ token: HTMLToken) {
        switch token {
        case .text(let text):
            if inTitle {
                if title.unicodeScalars.count < Limits.titleLength { title += text.prefix(Limits.titleLength) }
            } else {
                appendText(text)
            }
        case .startTag(let name, let attributes, let selfClosing):
            start(name, attributes: attributes, selfClosing: selfClosing)
        case .endTag(let name):
            end(name)
        }
    }

    private mutating func start(_ name: String, attributes: [String: String], selfClosing: Bool) {
        switch name {
        case "title":
            inTitle = !selfClosing
        case "h1", "h2", "h3", "h4", "h5", "h6":
            flush()
            currentHeading = Int(String(name.dropFirst())) ?? 1
        case "ul", "ol":
            flush()
            if lists.count < Limits.openLists {
                lists.append((name == "ol", Int(attributes["start"] ?? "") ?? 1))
            } else {
                untrackedLists += 1
            }
        case "li":
            flush()
            let depth = min(Limits.listDepth, max(0, lists.count + untrackedLists - 1))
            if var list = lists.last, list.ordered {
                currentListItem = ("\(list.counter).", depth)
                // A page may start its list at Int.max: the numbering stops there rather than trap.
                if list.counter < .max { list.counter += 1 }
                lists[lists.count - 1] = list
            } else {
                currentListItem = ("•", depth)
            }
        case "br":
            flush()
        case "hr":
            flush()
            append(.rule, cost: 4)
        case "pre":
            flush()
            preDepth += 1
        case "td", "th":
            pendingSpace = !inline.isEmpty
            if !inline.isEmpty { appendRaw(" |") }
        case "img":
            if let alt = attributes["alt"].map(TextCleanup.collapseWhitespace), !alt.isEmpty { appendText("[\(alt)]") }
        case "a":
            closeLink()
            if links.count < Limits.links, let href = attributes["href"], let url = resolve(href) {
                let number = links.count + 1
                budget -= url.utf8.count + 8
                links.append(ReadableDocument.Link(number: number, text: "", url: url))
                appendText("[\(number)]")
                pendingSpace = false
                openLink = (number, url, "")
            }
        default:
            if DocumentBuilder.blockElements.contains(name) { flush() }
        }
        if selfClosing, name == "a" { closeLink() }
    }

    private mutating func end(_ name: String) {
        switch name {
        case "title":
            inTitle = false
        case "h1", "h2", "h3", "h4", "h5", "h6", "li", "p":
            flush()
        case "ul", "ol":
            flush()
            if untrackedLists > 0 {
                untrackedLists -= 1
            } else if !lists.isEmpty {
                lists.removeLast()
            }
        case "pre":
            flush()
            preDepth = max(0, preDepth - 1)
        case "a":
            closeLink()
        default:
            if DocumentBuilder.blockElements.contains(name) { flush() }
        }
    }

    private mutating func closeLink() {
        guard let link = openLink else { return }
        links[link.number - 1] = ReadableDocument.Link(number: link.number, text: TextCleanup.collapseWhitespace(link.text), url: link.url)
        openLink = nil
    }

    private mutating func appendRaw(_ text: String) {
        guard budget > 0 else { return }
        inline += text
        budget -= text.utf8.count
    }

    private mutating func appendText(_ text: String) {
        guard budget > 0 else { return }
        if preDepth > 0 {
            appendRaw(text)
            return
        }
        // Runs of text between whitespace are copied whole; a run that would use up the budget goes a
        // character at a time, to stop where the budget does.
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard !DocumentBuilder.isWhitespace(scalars[index]) else {
                pendingSpace = !inline.isEmpty
                index = scalars.index(after: index)
                continue
            }
            let start = index
            var length = 0
            while index < scalars.endIndex, !DocumentBuilder.isWhitespace(scalars[index]) {
                length += UTF8.width(scalars[index])
                index = scalars.index(after: index)
            }
            if pendingSpace {
                inline.append(" ")
                openLink?.text.append(" ")
                pendingSpace = false
                budget -= 1
            }
            let run = text[start..<index]
            guard length < budget else {
                for character in run {
                    inline.append(character)
                    openLink?.text.append(character)
                    budget -= character.utf8.count
                    if budget <= 0 { return }
                }
                return
            }
            inline += run
            openLink?.text += run
            budget -= length
        }
    }

    /// Whitespace as `Character.isWhitespace` sees it, a scalar at a time: ASCII's, then the rest of Unicode's.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    private mutating func append(_ block: ReadableDocument.Block, cost: Int) {
        guard blocks.count < Limits.blocks, budget > 0 else { return }
        blocks.append(block)
        budget -= cost
    }

    private mutating func flush() {
        defer {
            inline = ""
            pendingSpace = false
            currentHeading = nil
            currentListItem = nil
        }
        if preDepth > 0 {
            let text = inline.trimmingCharacters(in: .newlines)
            if !text.isEmpty { append(.preformatted(text), cost: 2) }
            return
        }
        let text = inline.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return }
        if let level = currentHeading {
            append(.heading(level: level, text: text), cost: 2)
        } else if let item = currentListItem {
            append(.listItem(marker: item.marker, text: text, depth: item.depth), cost: 2 * item.depth + item.marker.utf8.count + 2)
        } else {
            append(.paragraph(text), cost: 2)
        }
    }

    private func resolve(_ href: String) -> String? {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.lowercased().hasPrefix("javascript:") { return nil }
        guard trimmed.utf8.count <= Limits.linkLength else { return nil }
        if let base = baseURL, let url = URL(string: trimmed, relativeTo: base) {
            let absolute = url.absoluteString
            return absolute.utf8.count <= Limits.linkLength ? absolute : nil
        }
        return trimmed
    }

    mutating func finish() -> ReadableDocument {
        closeLink()
        flush()
        return ReadableDocument(title: TextCleanup.collapseWhitespace(title), blocks: blocks, links: links)
    }
}
