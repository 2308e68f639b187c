import Entity
import TextSafety

/// A token as the reader consumes it: text decoded, attributes decoded and lower-case named.
enum HTMLToken: Equatable {
    case text(String)
    case startTag(name: String, attributes: [String: String], selfClosing: Bool)
    case endTag(name: String)
}

/// A forgiving HTML tokenizer over UTF-8 bytes, linear in the page's size: comments, doctypes and
/// the contents of raw-text elements (script, style and friends) never reach the reader as text.
///
/// `nextRaw()` gives byte ranges and leaves decoding to the caller (the extractor decodes only what it
/// keeps); `next()` gives decoded tokens.
package struct HTMLTokenizer {
    /// An attribute of the last start tag: its lower-case name and the undecoded bytes of its value.
    struct Attribute {
        let name: String
        let value: Range<Int>
    }

    enum RawToken: Equatable {
        case text(Range<Int>)
        /// The contents of a raw-text element (script, style, ...), before its end tag.
        case rawText(element: String, Range<Int>)
        case startTag(name: String, selfClosing: Bool)
        case endTag(name: String)
    }

    let bytes: [UInt8]
    private var position = 0
    private var rawTextElement: String?
    private var pendingEndTag: String?
    /// The attributes of the start tag `nextRaw()` returned last.
    private(set) var attributes: [Attribute] = []

    init(_ html: String) {
        bytes = Array(html.utf8)
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    static let rawTextElements: Set<String> = ["script", "style", "noscript", "template", "textarea", "title", "svg", "iframe", "object", "math"]

    /// The next token with its text and attribute values decoded.
    mutating func next() -> HTMLToken? {
        while let raw = nextRaw() {
            switch raw {
            case .text(let range):
                return .text(HTMLEntities.decode(string(range)))
            case .rawText(let element, let range):
                if element == "title" || element == "textarea" { return .text(HTMLEntities.decode(string(range))) }
            case .startTag(let name, let selfClosing):
                var decoded: [String: String] = [:]
                for attribute in attributes where decoded[attribute.name] == nil {
                    decoded[attribute.name] = HTMLEntities.decode(string(attribute.value))
                }
                return .startTag(name: name, attributes: decoded, selfClosing: selfClosing)
            case .endTag(let name):
                return .endTag(name: name)
            }
        }
        return nil
    }

    /// The bytes in `range` as text (invalid UTF-8 becomes U+FFFD).
    func string(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The next token as byte ranges.
    mutating func nextRaw() -> RawToken? {
        while true {
            if let element = pendingEndTag {
                pendingEndTag = nil
                return .endTag(name: element)
            }
            if let element = rawTextElement {
                rawTextElement = nil
                let range = skipRawText(until: element)
                pendingEndTag = element
                return .rawText(element: element, range)
            }
            guard position < bytes.count else { return nil }
            if bytes[position] == UInt8(ascii: "<") {
                switch tag() {
                case .token(let token):
                    if case .startTag(let name, let selfClosing) = token, !selfClosing,
                       HTMLTokenizer.rawTextElements.contains(name) {
                        rawTextElement = name
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

    private mutating func textRun() -> Range<Int> {
        let start = position
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
        return start..<position
    }

    private enum TagResult {
        case token(RawToken)
        /// A comment, doctype or bogus tag was passed over.
        case skipped
        /// The `<` is just text.
        case notATag
    }

    /// Reads a tag at `<`.
    private mutating func tag() -> TagResult {
        guard position + 1 < bytes.count else { return .notATag }
        let after = bytes[position + 1]
        if after == UInt8(ascii: "!") || after == UInt8(ascii: "?") {
            skipDeclaration()
            return .skipped
        }
        let closing = after == UInt8(ascii: "/")
        var cursor = position + (closing ? 2 : 1)
        guard cursor < bytes.count, HTMLTokenizer.isASCIILetter(bytes[cursor]) else {
            // `</` as the page's last bytes is text, as browsers show it.
            if closing, cursor < bytes.count {
                // `</ junk>` is a bogus comment.
                skip(to: UInt8(ascii: ">"))
                return .skipped
            }
            return .notATag
        }
        let nameStart = cursor
        while cursor < bytes.count, HTMLTokenizer.isNameByte(bytes[cursor]) { cursor += 1 }
        let name = lowercased(nameStart..<cursor)
        position = cursor
        // A tag the page ends inside is dropped, as browsers drop it.
        if closing {
            while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
            guard position < bytes.count else { return .skipped }
            position += 1
            return .token(.endTag(name: name))
        }
        guard let selfClosing = readAttributes() else { return .skipped }
        return .token(.startTag(name: name, selfClosing: selfClosing))
    }

    package static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
    }

    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    /// The bytes in `range` as a lower-case string (ASCII letters folded).
    private func lowercased(_ range: Range<Int>) -> String {
        var hasUpper = false
        for index in range where bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "Z") {
            hasUpper = true
            break
        }
        guard hasUpper else { return string(range) }
        return String(decoding: bytes[range].map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Reads attributes up to and including `>`; returns whether the tag closed itself (`/>`), or nil
    /// when the page ends before the `>`.
    private mutating func readAttributes() -> Bool? {
        attributes.removeAll(keepingCapacity: true)
        var selfClosing = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                return selfClosing
            }
            if byte == UInt8(ascii: "/") {
                selfClosing = true
                position += 1
                continue
            }
            if HTMLTokenizer.isWhitespace(byte) {
                position += 1
                continue
            }
            selfClosing = false
            let nameStart = position
            while position < bytes.count, !HTMLTokenizer.isWhitespace(bytes[position]),
                  bytes[position] != UInt8(ascii: "="), bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/") {
                position += 1
            }
            let nameEnd = position
            skipWhitespace()
            var value = position..<position
            if position < bytes.count, bytes[position] == UInt8(ascii: "=") {
                position += 1
                skipWhitespace()
                value = readAttributeValue()
            }
            if nameEnd > nameStart, attributes.count < HTMLTokenizer.maxAttributes {
                attributes.append(Attribute(name: lowercased(nameStart..<nameEnd), value: value))
            }
        }
        return nil
    }

    /// Attributes kept per tag; a tag with more reads on, dropping the rest.
    static let maxAttributes = 64

    private mutating func readAttributeValue() -> Range<Int> {
        guard position < bytes.count else { return position..<position }
        let quote = bytes[position]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            position += 1
            let start = position
            while position < bytes.count, bytes[position] != quote { position += 1 }
            let end = position
            position = min(bytes.count, position + 1)
            return start..<end
        }
        let start = position
        while position < bytes.count, !HTMLTokenizer.isWhitespace(bytes[position]), bytes[position] != UInt8(ascii: ">") {
            position += 1
        }
        return start..<position
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, HTMLTokenizer.isWhitespace(bytes[position]) { position += 1 }
    }

    private mutating func skipDeclaration() {
        if matches("<!--", at: position) {
            position += 4
            while position < bytes.count, !matches("-->", at: position) { position += 1 }
            position = min(bytes.count, position + 3)
        } else {
            skip(to: UInt8(ascii: ">"))
        }
    }

    private mutating func skip(to terminator: UInt8) {
        while position < bytes.count, bytes[position] != terminator { position += 1 }
        position = min(bytes.count, position + 1)
    }

    /// Skips to `</element` (case-insensitive) and past its `>`, returning the range in between.
    private mutating func skipRawText(until element: String) -> Range<Int> {
        let closing = Array(("</" + element).utf8)
        let start = position
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "<"), matchesIgnoringCase(closing, at: position) {
                let end = position
                position += closing.count
                skip(to: UInt8(ascii: ">"))
                return start..<end
            }
            position += 1
        }
        return start..<bytes.count
    }

    private func matches(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { literalBytes in
            for offset in 0..<count where bytes[index + offset] != literalBytes[offset] { return false }
            return true
        }
    }

    private func matchesIgnoringCase(_ literal: [UInt8], at index: Int) -> Bool {
        guard index + literal.count <= bytes.count else { return false }
        for offset in 0..<literal.count {
            let actual = bytes[index + offset]
            let expected = literal[offset]
            if actual != expected, !(HTMLTokenizer.isASCIILetter(actual) && (actual | 0x20) == (expected | 0x20)) {
                return false
            }
        }
        return true
    }
}
