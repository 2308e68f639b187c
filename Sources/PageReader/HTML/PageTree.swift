import Entity
import TextSafety

/// A page's elements as a flat tree in document order, built from `HTMLTokenizer` in one pass.
///
/// Every element's descendants are the nodes right after it, up to its `end`, so walking a subtree is
/// walking a range. Text stays as byte ranges until someone asks for it. Broken markup is repaired
/// the simple way (an end tag closes the nearest open element of its name, a new `li`, `p`, `dt`,
/// `dd`, `tr`, `td` or `option` closes the one still open), and the tree is bounded: past
/// `Limits.nodes` the rest of the page is left out, past `Limits.depth` elements stop nesting.
package struct PageTree {
    package enum Limits {
        package static let nodes = 300_000
        package static let depth = 256
        /// How far up the open elements an end tag looks for its element.
        static let endTagSearch = 64
        /// The most text `text(of:)` gives, in bytes.
        package static let text = 64 << 10
    }

    package enum Kind: UInt8 {
        case element
        case text
        /// The contents of a raw-text element (script, style, ...).
        case raw
    }

    package struct Node {
        package let kind: Kind
        /// The element's lower-case name; for raw text, its element's name; empty for text.
        package let name: String
        package let parent: Int
        /// Past the last descendant.
        package var end: Int
        /// The element's attributes in `attributes`, or the text's bytes.
        package let range: Range<Int>
        /// For text: a block boundary (a `p`, `li`, `br`, ...) comes between the previous text and this.
        package let breakBefore: Bool
    }

    package let bytes: [UInt8]
    package private(set) var nodes: [Node] = []
    private(set) var attributes: [HTMLTokenizer.Attribute] = []

    package static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// Elements that end a line of text.
    package static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt", "fieldset", "figcaption",
        "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p",
        "pre", "section", "summary", "table", "td", "th", "tr", "ul", "caption", "tbody", "thead", "tfoot", "body",
    ]

    private static let closesParagraph: Set<String> = [
        "address", "article", "aside", "blockquote", "div", "dl", "fieldset", "figure", "footer", "form", "h1", "h2",
        "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol", "p", "pre", "section", "table", "ul", "li",
    ]

    package init(_ html: String) {
        self.init(tokenizer: HTMLTokenizer(html))
    }

    init(tokenizer source: HTMLTokenizer) {
        var tokenizer = source
        bytes = tokenizer.bytes
        var stack: [Int] = []
        var pendingBreak = false
        nodes.reserveCapacity(min(Limits.nodes, bytes.count / 32 + 16))
        while nodes.count < Limits.nodes, let token = tokenizer.nextRaw() {
            switch token {
            case .text(let range):
                nodes.append(Node(kind: .text, name: "", parent: stack.last ?? -1, end: nodes.count + 1, range: range, breakBefore: pendingBreak))
                pendingBreak = false
            case .rawText(let element, let range):
                nodes.append(Node(kind: .raw, name: element, parent: stack.last ?? -1, end: nodes.count + 1, range: range, breakBefore: false))
            case .startTag(let name, let selfClosing):
                let traits = PageTree.traits[name] ?? []
                if !traits.isDisjoint(with: .closesSomething) { closeImplied(by: name, traits: traits, stack: &stack) }
                if traits.contains(.block) { pendingBreak = true }
                let first = attributes.count
                attributes.append(contentsOf: tokenizer.attributes)
                let index = nodes.count
                nodes.append(Node(kind: .element, name: name, parent: stack.last ?? -1, end: index + 1,
                                  range: first..<attributes.count, breakBefore: false))
                if !selfClosing, !traits.contains(.void), stack.count < Limits.depth {
                    stack.append(index)
                }
            case .endTag(let name):
                if PageTree.traits[name]?.contains(.block) == true { pendingBreak = true }
                close(name, stack: &stack)
            }
        }
        for index in stack { nodes[index].end = nodes.count }
    }

    /// What the tree builder needs to know of an element, looked up once per tag.
    struct Traits: OptionSet {
        let rawValue: UInt8
        static let void = Traits(rawValue: 1)
        static let block = Traits(rawValue: 2)
        static let closesParagraph = Traits(rawValue: 4)
        static let closesSibling = Traits(rawValue: 8)
        static let closesSomething: Traits = [.closesParagraph, .closesSibling]
    }

    static let traits: [String: Traits] = {
        var table: [String: Traits] = [:]
        for name in voidElements { table[name, default: []].insert(.void) }
        for name in blockElements { table[name, default: []].insert(.block) }
        for name in closesParagraph { table[name, default: []].insert(.closesParagraph) }
        for name in ["li", "dt", "dd", "tr", "td", "th", "option"] { table[name, default: []].insert(.closesSibling) }
        return table
    }()

    /// A new `li` closes the `li` still open in its list, and so on.
    private mutating func closeImplied(by name: String, traits: Traits, stack: inout [Int]) {
        switch name {
        case "li":
            closeOpen("li", stoppingAt: ["ul", "ol", "menu"], stack: &stack)
        case "dt", "dd":
            closeOpen(["dt", "dd"], stoppingAt: ["dl"], stack: &stack)
        case "tr":
            closeOpen("tr", stoppingAt: ["table", "tbody", "thead", "tfoot"], stack: &stack)
        case "td", "th":
            closeOpen(["td", "th"], stoppingAt: ["tr", "table"], stack: &stack)
        case "option":
            closeOpen("option", stoppingAt: ["select", "datalist"], stack: &stack)
        default:
            break
        }
        if traits.contains(.closesParagraph), let top = stack.last, nodes[top].name == "p" {
            pop(to: stack.count - 1, stack: &stack)
        }
    }

    private mutating func closeOpen(_ name: String, stoppingAt boundaries: Set<String>, stack: inout [Int]) {
        closeOpen([name], stoppingAt: boundaries, stack: &stack)
    }

    private mutating func closeOpen(_ names: Set<String>, stoppingAt boundaries: Set<String>, stack: inout [Int]) {
        var level = stack.count - 1
        let lowest = max(0, stack.count - Limits.endTagSearch)
        while level >= lowest {
            let name = nodes[stack[level]].name
            if names.contains(name) {
                pop(to: level, stack: &stack)
                return
            }
            if boundaries.contains(name) { return }
            level -= 1
        }
    }

    /// An end tag closes the nearest open element of its name, and everything opened inside it.
    private mutating func close(_ name: String, stack: inout [Int]) {
        var level = stack.count - 1
        let lowest = max(0, stack.count - Limits.endTagSearch)
        while level >= lowest {
            if nodes[stack[level]].name == name {
                pop(to: level, stack: &stack)
                return
            }
            level -= 1
        }
    }

    /// Closes the elements at `level` and above.
    private mutating func pop(to level: Int, stack: inout [Int]) {
        while stack.count > level, let index = stack.popLast() {
            nodes[index].end = nodes.count
        }
    }

    // MARK: Reading

    /// The decoded value of an attribute of element `index`, or nil.
    package func attribute(_ name: String, of index: Int) -> String? {
        guard let range = attributeRange(name, of: index) else { return nil }
        return string(range)
    }

    /// The undecoded bytes of an attribute's value.
    package func attributeRange(_ name: String, of index: Int) -> Range<Int>? {
        let node = nodes[index]
        guard node.kind == .element else { return nil }
        for position in node.range where attributes[position].name == name {
            return attributes[position].value
        }
        return nil
    }

    /// The decoded values of every attribute of element `index`, in order.
    package func attributeValues(of index: Int) -> [String] {
        let node = nodes[index]
        guard node.kind == .element else { return [] }
        return node.range.map { string(attributes[$0].value) }
    }

    package func hasAttribute(_ name: String, of index: Int) -> Bool {
        attributeRange(name, of: index) != nil
    }

    /// The bytes in `range` as text, references decoded.
    package func string(_ range: Range<Int>) -> String {
        let text = bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
        return text.utf8.contains(UInt8(ascii: "&")) ? HTMLEntities.decode(text) : text
    }

    /// The bytes in `range` as text, references left as they are.
    package func rawString(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Whether element `index` has `token` among its classes (ASCII case-insensitive).
    package func hasClass(_ token: String, _ index: Int) -> Bool {
        guard let range = attributeRange("class", of: index) else { return false }
        let wanted = Array(token.utf8)
        var start = range.lowerBound
        while start < range.upperBound {
            while start < range.upperBound, HTMLTokenizer.isWhitespace(bytes[start]) { start += 1 }
            var end = start
            while end < range.upperBound, !HTMLTokenizer.isWhitespace(bytes[end]) { end += 1 }
            if end - start == wanted.count, PageTree.equalIgnoringCase(bytes, start, wanted) { return true }
            start = end
        }
        return false
    }

    /// Whether an attribute's value holds any of `needles`, ignoring ASCII case. A cheap test before
    /// the attribute is decoded and split.
    package func attribute(_ name: String, of index: Int, containsAnyOf needles: ByteNeedles) -> Bool {
        guard let range = attributeRange(name, of: index) else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            needles.occur(in: UnsafeBufferPointer(rebasing: buffer[range]))
        }
    }

    /// The element's class tokens, lower-cased.
    package func classes(_ index: Int) -> [String] {
        guard let range = attributeRange("class", of: index), !range.isEmpty else { return [] }
        var tokens: [String] = []
        var start = range.lowerBound
        while start < range.upperBound {
            while start < range.upperBound, HTMLTokenizer.isWhitespace(bytes[start]) { start += 1 }
            var end = start
            while end < range.upperBound, !HTMLTokenizer.isWhitespace(bytes[end]) { end += 1 }
            if end > start {
                tokens.append(String(decoding: bytes[start..<end].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self))
            }
            start = end
        }
        return tokens
    }

    private static func equalIgnoringCase(_ bytes: [UInt8], _ start: Int, _ wanted: [UInt8]) -> Bool {
        for offset in 0..<wanted.count {
            let actual = bytes[start + offset]
            let expected = wanted[offset]
            if actual != expected, !(HTMLTokenizer.isASCIILetter(actual) && (actual | 0x20) == (expected | 0x20)) { return false }
        }
        return true
    }

    /// The element's text as one string (block boundaries become spaces), references decoded once,
    /// at most `Limits.text` bytes.
    package func text(of index: Int) -> String {
        lines(of: index).joined(separator: " ")
    }

    /// The element's text split into lines at block boundaries (`li`, `p`, `br`, ...).
    package func lines(of index: Int) -> [String] {
        let node = nodes[index]
        if node.kind == .text { return [string(node.range)] }
        guard node.kind == .element else { return [] }
        var lines: [String] = []
        var buffer: [UInt8] = []
        var total = 0
        var position = index + 1
        while position < node.end, total < Limits.text {
            let child = nodes[position]
            if child.kind == .text {
                if child.breakBefore, !buffer.isEmpty {
                    lines.append(decoded(buffer))
                    buffer.removeAll(keepingCapacity: true)
                }
                let take = min(child.range.count, Limits.text - total)
                buffer.append(contentsOf: bytes[child.range.lowerBound..<(child.range.lowerBound + take)])
                total += take
            } else if child.kind == .element, child.name == "br" || child.name == "hr", !buffer.isEmpty {
                lines.append(decoded(buffer))
                buffer.removeAll(keepingCapacity: true)
            }
            position += 1
        }
        if !buffer.isEmpty { lines.append(decoded(buffer)) }
        return lines
    }

    private func decoded(_ buffer: [UInt8]) -> String {
        String(decoding: buffer, as: UTF8.self)
    }

    /// The element's children (elements and text), in order.
    package func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        while child < nodes[index].end {
            result.append(child)
            child = nodes[child].end
        }
        return result
    }

    /// Whether the node at `index` is text of ASCII whitespace alone (spaces, tabs, line breaks).
    package func isBlank(_ index: Int) -> Bool {
        nodes[index].kind == .text && nodes[index].range.allSatisfy { HTMLTokenizer.isWhitespace(bytes[$0]) }
    }

    /// The first node after the element at `index` and all it holds that is not text of whitespace alone.
    package func nextNonBlank(after index: Int) -> Int? {
        var next = nodes[index].end
        while next < nodes.count, nodes[next].kind == .text, rawString(nodes[next].range).allSatisfy(\.isWhitespace) { next += 1 }
        return next < nodes.count ? next : nil
    }

    /// Whether `ancestor` contains `index`.
    package func contains(_ ancestor: Int, _ index: Int) -> Bool {
        index > ancestor && index < nodes[ancestor].end
    }

    /// The first element named `name` at or after `start`, before `end`.
    package func first(_ name: String, in range: Range<Int>) -> Int? {
        range.first { nodes[$0].kind == .element && nodes[$0].name == name }
    }
}
