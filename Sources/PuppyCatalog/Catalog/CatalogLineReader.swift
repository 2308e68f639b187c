// Standard library and the JSON scanner only: a fuzzing harness compiles this file on its own with
// Sources/ServiceSupport/JSONScanner.swift.
import ServiceSupport

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

    private var scanner: JSONScanner
    private var typeFailure: CatalogLineFailure?

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        scanner = JSONScanner(bytes)
    }

    /// The fields of the object on this line (leading and trailing JSON whitespace allowed).
    package static func read(_ line: UnsafeBufferPointer<UInt8>) throws(CatalogLineFailure) -> CatalogFields {
        var reader = CatalogLineReader(line)
        let fields: CatalogFields?
        do throws(JSONScanner.Failure) {
            fields = try reader.readLine()
        } catch {
            throw error == .nestedTooDeeply ? CatalogLineFailure.nestedTooDeeply : CatalogLineFailure.notJSON
        }
        // Say "not an object" only for what is valid JSON.
        guard let fields else { throw .notAnObject }
        if let failure = reader.typeFailure { throw failure }
        return fields
    }

    /// The object's fields; nil for a line that is one JSON value of another kind.
    private mutating func readLine() throws(JSONScanner.Failure) -> CatalogFields? {
        scanner.skipWhitespace()
        var fields: CatalogFields?
        if scanner.peek() == UInt8(ascii: "{") {
            fields = try readObject()
        } else {
            try scanner.skipValue(depth: 1, maxDepth: Self.maxDepth)
        }
        scanner.skipWhitespace()
        guard scanner.index == scanner.bytes.count else { throw .notJSON }
        return fields
    }

    // MARK: - The recipe object

    private mutating func readObject() throws(JSONScanner.Failure) -> CatalogFields {
        var fields = CatalogFields()
        var first = true
        while let key = try scanner.nextKey(first: first) {
            first = false
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
            default: try scanner.skipValue(depth: 2, maxDepth: Self.maxDepth)
            }
        }
        return fields
    }

    /// A string, or nil for `null`; any other value is skipped and remembered as a type failure.
    private mutating func readStringField(_ key: String) throws(JSONScanner.Failure) -> String? {
        if scanner.isAtStringOrNull { return try scanner.readStringOrNull() }
        try scanner.skipValue(depth: 2, maxDepth: Self.maxDepth)
        noteTypeFailure(key)
        return nil
    }

    /// A whole number of minutes from 0 to a year's (`525600`), or nil for `null`; anything else (a
    /// fraction, an exponent, a string) is skipped and remembered as a type failure.
    private mutating func readMinutes(_ key: String) throws(JSONScanner.Failure) -> Int? {
        if try scanner.readNull() { return nil }
        switch scanner.peek() {
        case .some(UInt8(ascii: "0")...UInt8(ascii: "9")):
            let number = try scanner.skipNumber()
            var value = 0
            for byte in scanner.bytes[number.bytes] {
                guard JSONScanner.isDigit(byte), value <= 525_600 else {
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
            try scanner.skipValue(depth: 2, maxDepth: Self.maxDepth)
            noteTypeFailure(key)
            return nil
        }
    }

    private mutating func readStrings(_ key: String) throws(JSONScanner.Failure) -> [String]? {
        if try scanner.readNull() { return nil }
        guard scanner.peek() == UInt8(ascii: "[") else {
            try scanner.skipValue(depth: 2, maxDepth: Self.maxDepth)
            noteTypeFailure(key)
            return nil
        }
        var names: [String] = []
        var first = true
        while try scanner.nextElement(first: first) {
            first = false
            if scanner.peek() == UInt8(ascii: "\"") {
                names.append(try scanner.readString())
            } else {
                try scanner.skipValue(depth: 3, maxDepth: Self.maxDepth)
                noteTypeFailure(key)
            }
        }
        return names
    }

    private mutating func noteTypeFailure(_ field: String) {
        if typeFailure == nil { typeFailure = .wrongType(field: field) }
    }
}
