// Standard library only: this file compiles on its own into a fuzzing harness.

/// One catalog line's fields as written, before the catalog's rules are applied (so that a missing
/// field gets its own message). A JSON `null` reads as absent.
package struct CatalogFields: Hashable, Sendable {
    package var id: String?
    package var title: String?
    package var cuisine: String?
    package var ingredients: [String]?
    package var method: String?
    package var href: String?
    package var thumbnail: String?
    package var lines: [String]?
    package var steps: [String]?
    package var tags: [String]?
    package var servings: String?
    package var prepMinutes: Int?
    package var cookMinutes: Int?
    package var totalMinutes: Int?
    package var published: String?
    package var source: String?
    package var collection: String?
    package var author: String?
    package var licence: String?
    package var photo: String?
    package var thumb: String?
}

/// Why a line is not a recipe object, before any catalog rule is looked at.
package enum CatalogLineFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not one JSON value (or not UTF-8).
    case notJSON
    /// Valid JSON, but not an object.
    case notAnObject
    /// A known field holds the wrong type: `ingredients`, `lines`, `steps` and `tags` want an array of
    /// strings, the minutes a whole number of at most a year's minutes, the rest strings.
    case wrongType(field: String)
    /// Arrays and objects nested deeper than `CatalogLineReader.maxDepth`.
    case nestedTooDeeply

    package var description: String {
        switch self {
        case .notJSON: return "not valid JSON"
        case .notAnObject: return "expected a JSON object"
        case .wrongType(let field):
            let kind = CatalogLineReader.arrayFields.contains(field) ? "an array of strings"
                : CatalogLineReader.minuteFields.contains(field) ? "a whole number of minutes (0 to 525600)" : "a string"
            return "\"\(field)\" must be \(kind)"
        case .nestedTooDeeply: return "nested more than \(CatalogLineReader.maxDepth) levels deep"
        }
    }
}

/// Reads one line of a JSON Lines catalog in a single pass over its bytes: a JSON object (RFC 8259)
/// whose known keys hold strings (`ingredients` an array of strings). Unknown keys may hold any JSON
/// value, which is checked and skipped; nesting is bounded. A repeated key: the last one wins.
///
/// The whole line must be valid JSON before a field's type is complained about, so the message for
/// `{"title":7,` is "not valid JSON", as a general JSON parser would say.
package struct CatalogLineReader {
    package static let maxDepth = 64
    package static let arrayFields: Set<String> = ["ingredients", "lines", "steps", "tags"]
    package static let minuteFields: Set<String> = ["prepMinutes", "cookMinutes", "totalMinutes"]

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var typeFailure: CatalogLineFailure?

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The fields of the object on this line (leading and trailing JSON whitespace allowed).
    package static func read(_ line: UnsafeBufferPointer<UInt8>) throws(CatalogLineFailure) -> CatalogFields {
        var reader = CatalogLineReader(line)
        reader.skipWhitespace()
        guard reader.peek() == UInt8(ascii: "{") else {
            // Say "not an object" only for what is valid JSON.
            try reader.skipValue(depth: 1)
            reader.skipWhitespace()
            guard reader.index == line.count else { throw .notJSON }
            throw .notAnObject
        }
        let fields = try reader.readObject()
        reader.skipWhitespace()
        guard reader.index == line.count else { throw .notJSON }
        if let failure = reader.typeFailure { throw failure }
        return fields
    }

    // MARK: - The recipe object

    private mutating func readObject() throws(CatalogLineFailure) -> CatalogFields {
        var fields = CatalogFields()
        index += 1  // {
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return fields
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw .notJSON }
            let key = try readString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw .notJSON }
            index += 1
            skipWhitespace()
            switch key {
            case "id": fields.id = try readStringField(key)
            case "title": fields.title = try readStringField(key)
            case "cuisine": fields.cuisine = try readStringField(key)
            case "method": fields.method = try readStringField(key)
            case "href": fields.href = try readStringField(key)
            case "thumbnail": fields.thumbnail = try readStringField(key)
            case "ingredients": fields.ingredients = try readStrings(key)
            case "lines": fields.lines = try readStrings(key)
            case "steps": fields.steps = try readStrings(key)
            case "tags": fields.tags = try readStrings(key)
            case "servings": fields.servings = try readStringField(key)
            case "published": fields.published = try readStringField(key)
            case "source": fields.source = try readStringField(key)
            case "collection": fields.collection = try readStringField(key)
            case "author": fields.author = try readStringField(key)
            case "licence": fields.licence = try readStringField(key)
            case "photo": fields.photo = try readStringField(key)
            case "thumb": fields.thumb = try readStringField(key)
            case "prepMinutes": fields.prepMinutes = try readMinutes(key)
            case "cookMinutes": fields.cookMinutes = try readMinutes(key)
            case "totalMinutes": fields.totalMinutes = try readMinutes(key)
            default: try skipValue(depth: 2)
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                return fields
            default:
                throw .notJSON
            }
        }
    }

    /// A string, or nil for `null`; any other value is skipped and remembered as a type failure.
    private mutating func readStringField(_ key: String) throws(CatalogLineFailure) -> String? {
        switch peek() {
        case UInt8(ascii: "\""):
            return try readString()
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return nil
        default:
            try skipValue(depth: 2)
            noteTypeFailure(key)
            return nil
        }
    }

    /// A whole number of minutes from 0 to a year's (`525600`), or nil for `null`; anything else (a
    /// fraction, an exponent, a string) is skipped and remembered as a type failure.
    private mutating func readMinutes(_ key: String) throws(CatalogLineFailure) -> Int? {
        switch peek() {
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return nil
        case .some(UInt8(ascii: "0")...UInt8(ascii: "9")):
            let start = index
            try skipNumber()
            var value = 0
            for byte in bytes[start..<index] {
                guard Self.isDigit(byte), value <= 525_600 else {
                    noteTypeFailure(key)
                    return nil
                }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            guard value <= 525_600 else {
                noteTypeFailure(key)
                return nil
            }
            return value
        default:
            try skipValue(depth: 2)
            noteTypeFailure(key)
            return nil
        }
    }

    private mutating func readStrings(_ key: String) throws(CatalogLineFailure) -> [String]? {
        switch peek() {
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return nil
        case UInt8(ascii: "["):
            break
        default:
            try skipValue(depth: 2)
            noteTypeFailure(key)
            return nil
        }
        index += 1
        var names: [String] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return names
        }
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "\"") {
                names.append(try readString())
            } else {
                try skipValue(depth: 3)
                noteTypeFailure(key)
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                return names
            default:
                throw .notJSON
            }
        }
    }

    private mutating func noteTypeFailure(_ field: String) {
        if typeFailure == nil { typeFailure = .wrongType(field: field) }
    }

    // MARK: - JSON values

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Checks and skips any JSON value; `depth` counts the containers it would be inside.
    private mutating func skipValue(depth: Int) throws(CatalogLineFailure) {
        guard let byte = peek() else { throw .notJSON }
        switch byte {
        case UInt8(ascii: "\""):
            _ = try readString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth <= Self.maxDepth else { throw .nestedTooDeeply }
            let isObject = byte == UInt8(ascii: "{")
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            index += 1
            skipWhitespace()
            if peek() == close {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                if isObject {
                    guard peek() == UInt8(ascii: "\"") else { throw .notJSON }
                    _ = try readString()
                    skipWhitespace()
                    guard peek() == UInt8(ascii: ":") else { throw .notJSON }
                    index += 1
                    skipWhitespace()
                }
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard let next = peek() else { throw .notJSON }
                if next == close {
                    index += 1
                    return
                }
                guard next == UInt8(ascii: ",") else { throw .notJSON }
                index += 1
            }
        case UInt8(ascii: "t"):
            try expectLiteral("true")
        case UInt8(ascii: "f"):
            try expectLiteral("false")
        case UInt8(ascii: "n"):
            try expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
        default:
            throw .notJSON
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(CatalogLineFailure) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw .notJSON }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw .notJSON
        }
        index += count
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func skipNumber() throws(CatalogLineFailure) {
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), Self.isDigit(first) else { throw .notJSON }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let digit = peek(), Self.isDigit(digit) else { throw .notJSON }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek(), Self.isDigit(digit) else { throw .notJSON }
            skipDigits()
        }
    }

    private mutating func skipDigits() {
        while let byte = peek(), Self.isDigit(byte) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The string at `index` (which holds its opening quote), escapes decoded; it must be UTF-8.
    private mutating func readString() throws(CatalogLineFailure) -> String {
        index += 1  // "
        let start = index
        // The common case: no escapes, so the bytes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                guard let text else { throw .notJSON }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw .notJSON }
            index += 1
        }
        guard index < bytes.count else { throw .notJSON }

        var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let text = String(validating: decoded, as: UTF8.self) else { throw .notJSON }
                return text
            }
            guard byte >= 0x20 else { throw .notJSON }
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            index += 1
            guard let escape = peek() else { throw .notJSON }
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"): try appendUnicodeEscape(to: &decoded)
            default: throw .notJSON
            }
        }
        throw .notJSON
    }

    /// `\uXXXX` (the `\u` already read), with a surrogate pair as two escapes; a lone surrogate is refused.
    private mutating func appendUnicodeEscape(to decoded: inout [UInt8]) throws(CatalogLineFailure) {
        var value = try readHex4()
        if (0xD800...0xDBFF).contains(value) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw .notJSON
            }
            index += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw .notJSON }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(value) {
            throw .notJSON
        }
        guard let scalar = Unicode.Scalar(value) else { throw .notJSON }
        UTF8.encode(scalar) { decoded.append($0) }
    }

    private mutating func readHex4() throws(CatalogLineFailure) -> UInt32 {
        guard bytes.count - index >= 4 else { throw .notJSON }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .notJSON
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
