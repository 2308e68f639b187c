/// A JSON value as `LenientJSON` reads it. Numbers keep their text (`4`, not `4.0`).
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var string: String? {
        switch self {
        case .string(let text): text
        case .number(let text): text
        default: nil
        }
    }

    /// An array's elements, or the value itself as the one element.
    package var elements: [JSONValue] {
        switch self {
        case .array(let values): values
        case .null: []
        default: [self]
        }
    }
}

/// Reads the JSON that web pages put in `<script type="application/ld+json">`, as browsers' users
/// never notice it is broken: trailing commas, raw newlines and tabs inside strings, invalid escapes,
/// HTML comments or CDATA around it, a `;` after it, single-quoted strings, bare keys, and several
/// values back to back (all of them are returned).
///
/// Bounded and linear: at most `Limits.bytes` of input, `Limits.depth` levels (deeper values are
/// skipped without recursion and read as null), `Limits.elements` elements per array or object (the
/// rest skipped), `Limits.values` values in all.
package struct LenientJSON {
    package enum Limits {
        static let bytes = 4 << 20
        static let depth = 48
        static let elements = 20_000
        static let values = 400_000
        static let stringBytes = 256 << 10
        package static let topLevelValues = 64
    }

    private let bytes: [UInt8]
    private var position = 0
    private var valueCount = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes.count > Limits.bytes ? Array(bytes.prefix(Limits.bytes)) : bytes
    }

    /// Every JSON value in `text`, in order; anything between them that is not JSON is passed over.
    package static func values(in text: some Collection<UInt8>) -> [JSONValue] {
        var reader = LenientJSON(Array(text.prefix(Limits.bytes)))
        return reader.topLevel()
    }

    package static func values(in text: String) -> [JSONValue] {
        values(in: text.utf8)
    }

    private mutating func topLevel() -> [JSONValue] {
        var results: [JSONValue] = []
        while position < bytes.count, results.count < Limits.topLevelValues {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<"), startsWith("<![CDATA[") {
                position += 9
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                results.append(value(depth: 0))
            } else {
                position += 1
            }
        }
        return results
    }

    private func startsWith(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { literalBytes in
            (0..<count).allSatisfy { bytes[position + $0] == literalBytes[$0] }
        }
    }

    private mutating func value(depth: Int) -> JSONValue {
        skipSpace()
        guard position < bytes.count else { return .null }
        valueCount += 1
        let byte = bytes[position]
        if depth >= Limits.depth || valueCount > Limits.values {
            skipValue()
            return .null
        }
        switch byte {
        case UInt8(ascii: "{"):
            return object(depth: depth)
        case UInt8(ascii: "["):
            return array(depth: depth)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(string())
        default:
            return bare()
        }
    }

    private mutating func object(depth: Int) -> JSONValue {
        position += 1
        var members: [String: JSONValue] = [:]
        while true {
            skipSeparators()
            guard position < bytes.count else { break }
            let byte = bytes[position]
            if byte == UInt8(ascii: "}") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "]") {
                // A mismatched bracket closes the object too, rather than swallowing the rest.
                position += 1
                break
            }
            let key: String
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                key = string()
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                // A value where a key belongs: read it and go on.
                _ = value(depth: depth + 1)
                continue
            } else {
                key = bareWord()
                if key.isEmpty {
                    position += 1
                    continue
                }
            }
            skipSpace()
            guard position < bytes.count else { break }
            if bytes[position] == UInt8(ascii: ":") || bytes[position] == UInt8(ascii: "=") {
                position += 1
            } else {
                continue
            }
            let member = value(depth: depth + 1)
            if members.count < Limits.elements, members[key] == nil {
                members[key] = member
            }
        }
        return .object(members)
    }

    private mutating func array(depth: Int) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        while true {
            skipSeparators()
            guard position < bytes.count else { break }
            let byte = bytes[position]
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                position += 1
                break
            }
            if byte == UInt8(ascii: ":") {
                position += 1
                continue
            }
            let element = value(depth: depth + 1)
            if elements.count < Limits.elements { elements.append(element) }
        }
        return .array(elements)
    }

    /// A quoted string at `position`; a raw newline, tab or control character is kept as it is, an
    /// invalid escape gives the escaped character, an unterminated string ends at the end of input.
    private mutating func string() -> String {
        let quote = bytes[position]
        position += 1
        var output: [UInt8] = []
        var pendingHighSurrogate: UInt32?
        while position < bytes.count {
            let byte = bytes[position]
            if byte != UInt8(ascii: "\\"), pendingHighSurrogate != nil {
                // A high surrogate with no low one after it.
                appendScalar(0xFFFD, to: &output)
                pendingHighSurrogate = nil
            }
            if byte == quote {
                position += 1
                break
            }
            position += 1
            if byte != UInt8(ascii: "\\") {
                if output.count < Limits.stringBytes { output.append(byte) }
                continue
            }
            guard position < bytes.count else { break }
            let escaped = bytes[position]
            position += 1
            var scalar: UInt32?
            switch escaped {
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "u"):
                guard let code = hex4() else { continue }
                if (0xD800...0xDBFF).contains(code) {
                    pendingHighSurrogate = code
                    continue
                }
                if (0xDC00...0xDFFF).contains(code) {
                    if let high = pendingHighSurrogate {
                        scalar = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                    } else {
                        scalar = 0xFFFD
                    }
                } else {
                    scalar = code
                }
            default:
                // `\"`, `\\`, `\/` and invalid escapes (`\'`, `\x`) alike: the character itself.
                if output.count < Limits.stringBytes { output.append(escaped) }
            }
            if pendingHighSurrogate != nil, scalar == nil || !(0x10000...0x10FFFF).contains(scalar ?? 0) {
                appendScalar(0xFFFD, to: &output)
            }
            pendingHighSurrogate = nil
            if let scalar { appendScalar(scalar, to: &output) }
        }
        if pendingHighSurrogate != nil { appendScalar(0xFFFD, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    private func appendScalar(_ value: UInt32, to output: inout [UInt8]) {
        guard output.count < Limits.stringBytes else { return }
        UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { output.append($0) }
    }

    private mutating func hex4() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }

    /// A number, `true`, `false`, `null`, or any other bare word (read as its text).
    private mutating func bare() -> JSONValue {
        let word = bareWord()
        if word.isEmpty {
            // Not a value at all: step over one byte so the caller moves on.
            position += 1
            return .null
        }
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null", "undefined", "NaN": return .null
        default:
            if let first = word.utf8.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
                return .number(word)
            }
            return .string(word)
        }
    }

    private mutating func bareWord() -> String {
        let start = position
        while position < bytes.count, position - start < 256 {
            let byte = bytes[position]
            if HTMLTokenizer.isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":")
                || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "=") {
                break
            }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Passes over a value without building it: brackets counted, strings respected. Linear.
    private mutating func skipValue() {
        var level = 0
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                level += 1
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if level == 0 { return }
                level -= 1
                position += 1
                if level == 0 { return }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                skipString(quote: byte)
                if level == 0 { return }
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                if level == 0 { return }
                position += 1
            default:
                position += 1
            }
        }
    }

    private mutating func skipString(quote: UInt8) {
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\\") {
                position += 1
            } else if byte == quote {
                return
            }
        }
        position = min(position, bytes.count)
    }

    private mutating func skipSpace() {
        while position < bytes.count, HTMLTokenizer.isWhitespace(bytes[position]) || bytes[position] < 0x20 { position += 1 }
    }

    /// Whitespace, commas (trailing, doubled) and comments between elements.
    private mutating func skipSeparators() {
        while position < bytes.count {
            let byte = bytes[position]
            if HTMLTokenizer.isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte < 0x20 {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                position += 2
                while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                    position += 1
                }
                position = min(bytes.count, position + 2)
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            } else {
                return
            }
        }
    }
}

extension PageTree {
    /// The JSON values in a range of the page's bytes (a script's contents), read leniently.
    package func jsonValues(in range: Range<Int>) -> [JSONValue] {
        bytes.withUnsafeBufferPointer { LenientJSON.values(in: UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
