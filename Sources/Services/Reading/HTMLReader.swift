public import Foundation
public import Entity

/// Turns a web page into a `ReadableDocument`: headings, paragraphs and lists kept, links numbered as
/// lynx numbers them, scripts, styles and other non-text dropped. It accepts any input without
/// failing: broken markup reads as well as it can.
public enum HTMLReader {
    public static func read(_ html: String, baseURL: URL? = nil) -> ReadableDocument {
        var builder = DocumentBuilder(baseURL: baseURL)
        var tokenizer = HTMLTokenizer(html)
        while let token = tokenizer.next() {
            builder.consume(token)
        }
        return builder.finish()
    }
}

enum HTMLToken: Equatable {
    case text(String)
    case startTag(name: String, attributes: [String: String], selfClosing: Bool)
    case endTag(name: String)
}

/// A forgiving HTML tokenizer: comments, doctypes and the contents of raw-text elements (script,
/// style and friends) never reach the builder.
struct HTMLTokenizer {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var rawTextEnd: String?
    private var pendingEndTag: String?

    init(_ html: String) {
        scalars = Array(html.unicodeScalars)
    }

    static let rawTextElements: Set<String> = ["script", "style", "noscript", "template", "textarea", "title", "svg", "iframe", "object", "math"]

    mutating func next() -> HTMLToken? {
        while true {
            if let element = pendingEndTag {
                pendingEndTag = nil
                return .endTag(name: element)
            }
            if let element = rawTextEnd {
                rawTextEnd = nil
                let text = skipRawText(until: element)
                pendingEndTag = element
                if element == "title" || element == "textarea" { return .text(text) }
                continue
            }
            guard position < scalars.count else { return nil }
            if scalars[position] == "<" {
                switch tag() {
                case .token(let token):
                    if case .startTag(let name, _, let selfClosing) = token, !selfClosing,
                       HTMLTokenizer.rawTextElements.contains(name) {
                        rawTextEnd = name
                    }
                    return token
                case .skipped:
                    continue
                case .notATag:
                    break
                }
            }
            return .text(textRun())
        }
    }

    private mutating func textRun() -> String {
        var text = String.UnicodeScalarView()
        text.append(scalars[position])
        position += 1
        while position < scalars.count, scalars[position] != "<" {
            text.append(scalars[position])
            position += 1
        }
        return HTMLEntities.decode(String(text))
    }

    private enum TagResult {
        case token(HTMLToken)
        /// A comment, doctype or bogus tag was passed over.
        case skipped
        /// The `<` is just text.
        case notATag
    }

    /// Reads a tag at `<`.
    private mutating func tag() -> TagResult {
        guard position + 1 < scalars.count else { return .notATag }
        let after = scalars[position + 1]
        if after == "!" || after == "?" {
            skipDeclaration()
            return .skipped
        }
        let closing = after == "/"
        var cursor = position + (closing ? 2 : 1)
        guard cursor < scalars.count, scalars[cursor].properties.isAlphabetic, scalars[cursor].isASCII else {
            if closing {
                // `</ junk>` is a bogus comment.
                skip(to: ">")
                return .skipped
            }
            return .notATag
        }
        var name = ""
        while cursor < scalars.count, isNameScalar(scalars[cursor]) {
            name.unicodeScalars.append(scalars[cursor])
            cursor += 1
        }
        position = cursor
        let (attributes, selfClosing) = readAttributes()
        name = name.lowercased()
        return .token(closing ? .endTag(name: name) : .startTag(name: name, attributes: attributes, selfClosing: selfClosing))
    }

    private func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ":" || scalar == "_")
    }

    /// Reads attributes up to and including `>`.
    private mutating func readAttributes() -> ([String: String], Bool) {
        var attributes: [String: String] = [:]
        var selfClosing = false
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == ">" {
                position += 1
                return (attributes, selfClosing)
            }
            if scalar == "/" {
                selfClosing = true
                position += 1
                continue
            }
            if scalar.properties.isWhitespace {
                position += 1
                continue
            }
            selfClosing = false
            var name = ""
            while position < scalars.count, !scalars[position].properties.isWhitespace,
                  !["=", ">", "/"].contains(scalars[position]) {
                name.unicodeScalars.append(scalars[position])
                position += 1
            }
            skipWhitespace()
            var value = ""
            if position < scalars.count, scalars[position] == "=" {
                position += 1
                skipWhitespace()
                value = readAttributeValue()
            }
            if !name.isEmpty, attributes[name.lowercased()] == nil {
                attributes[name.lowercased()] = HTMLEntities.decode(value)
            }
        }
        return (attributes, selfClosing)
    }

    private mutating func readAttributeValue() -> String {
        guard position < scalars.count else { return "" }
        var value = String.UnicodeScalarView()
        let quote = scalars[position]
        if quote == "\"" || quote == "'" {
            position += 1
            while position < scalars.count, scalars[position] != quote {
                value.append(scalars[position])
                position += 1
            }
            position += 1
        } else {
            while position < scalars.count, !scalars[position].properties.isWhitespace, scalars[position] != ">" {
                value.append(scalars[position])
                position += 1
            }
        }
        return String(value)
    }

    private mutating func skipWhitespace() {
        while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
    }

    private mutating func skipDeclaration() {
        if matches("<!--", at: position) {
            position += 4
            while position < scalars.count, !matches("-->", at: position) { position += 1 }
            position = min(scalars.count, position + 3)
        } else {
            skip(to: ">")
        }
    }

    private mutating func skip(to terminator: Unicode.Scalar) {
        while position < scalars.count, scalars[position] != terminator { position += 1 }
        position = min(scalars.count, position + 1)
    }

    /// Skips to `</element` (case-insensitive) and past its `>`, returning the text in between.
    private mutating func skipRawText(until element: String) -> String {
        let closing = Array(("</" + element).unicodeScalars)
        var text = String.UnicodeScalarView()
        while position < scalars.count {
            if scalars[position] == "<", matchesIgnoringCase(closing, at: position) {
                position += closing.count
                skip(to: ">")
                return HTMLEntities.decode(String(text))
            }
            text.append(scalars[position])
            position += 1
        }
        return HTMLEntities.decode(String(text))
    }

    private func matches(_ literal: String, at index: Int) -> Bool {
        matchesIgnoringCase(Array(literal.unicodeScalars), at: index)
    }

    private func matchesIgnoringCase(_ literal: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + literal.count <= scalars.count else { return false }
        for (offset, expected) in literal.enumerated() {
            let actual = scalars[index + offset]
            if actual != expected, !(actual.isASCII && expected.isASCII && Character(actual).lowercased() == Character(expected).lowercased()) {
                return false
            }
        }
        return true
    }
}

/// Builds blocks from tokens.
struct DocumentBuilder {
    private let baseURL: URL?
    private var title = ""
    private var blocks: [ReadableDocument.Block] = []
    private var links: [ReadableDocument.Link] = []
    private var inline = ""
    private var pendingSpace = false
    private var currentHeading: Int?
    private var preDepth = 0
    private var lists: [(ordered: Bool, counter: Int)] = []
    private var currentListItem: (marker: String, depth: Int)?
    private var inTitle = false
    private var openLink: (number: Int, url: String, text: String)?

    init(baseURL: URL?) {
        self.baseURL = baseURL
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
                title += text
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
            lists.append((name == "ol", Int(attributes["start"] ?? "") ?? 1))
        case "li":
            flush()
            let depth = max(0, lists.count - 1)
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
            blocks.append(.rule)
        case "pre":
            flush()
            preDepth += 1
        case "td", "th":
            pendingSpace = !inline.isEmpty
            if !inline.isEmpty { inline += " |" }
        case "img":
            if let alt = attributes["alt"].map(TextCleanup.collapseWhitespace), !alt.isEmpty { appendText("[\(alt)]") }
        case "a":
            closeLink()
            if let href = attributes["href"], let url = resolve(href) {
                let number = links.count + 1
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
            if !lists.isEmpty { lists.removeLast() }
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

    private mutating func appendText(_ text: String) {
        if preDepth > 0 {
            inline += text
            return
        }
        for character in text {
            if character.isWhitespace {
                pendingSpace = !inline.isEmpty
            } else {
                if pendingSpace {
                    inline.append(" ")
                    openLink?.text.append(" ")
                    pendingSpace = false
                }
                inline.append(character)
                openLink?.text.append(character)
            }
        }
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
            if !text.isEmpty { blocks.append(.preformatted(text)) }
            return
        }
        let text = inline.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return }
        if let level = currentHeading {
            blocks.append(.heading(level: level, text: text))
        } else if let item = currentListItem {
            blocks.append(.listItem(marker: item.marker, text: text, depth: item.depth))
        } else {
            blocks.append(.paragraph(text))
        }
    }

    private func resolve(_ href: String) -> String? {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.lowercased().hasPrefix("javascript:") { return nil }
        if let base = baseURL, let url = URL(string: trimmed, relativeTo: base) {
            return url.absoluteString
        }
        return trimmed
    }

    mutating func finish() -> ReadableDocument {
        closeLink()
        flush()
        return ReadableDocument(title: TextCleanup.collapseWhitespace(title), blocks: blocks, links: links)
    }
}
