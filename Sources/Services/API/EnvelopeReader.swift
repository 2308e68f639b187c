import Foundation
import ServiceSupport

/// Reads RecipePuppy's envelope in one pass over its bytes, for `EnvelopeDecoder`: a pantry ranking's
/// answer of hundreds of results costs several times less than through `JSONDecoder`.
///
/// It reads what servers send: one JSON object with a `results` array whose results are objects of
/// strings or nulls (`ingredients` may be a list of strings), other values skipped, and PuppyServer's
/// `have` object (`unknown`, a list of `{"name":…,"suggestions":[…]}`, and `per`, a whole number); what
/// it reads it reads as `JSONDecoder` does. On anything else it gives up (nil) and the body goes to
/// `JSONDecoder`, which reads the rest leniently and says what is wrong: a field of another type, a key
/// read here given twice, half a surrogate pair (repaired there), bytes that are not UTF-8, nesting
/// deeper than `maxDepth`, or bytes that are not JSON.
struct EnvelopeReader {
    static let maxDepth = 64

    private var scanner: JSONScanner

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        scanner = JSONScanner(bytes)
    }

    /// The envelope, or nil when the body is one to leave to `JSONDecoder`.
    static func read(_ body: Data) -> EnvelopeDecoder.Envelope? {
        body.withUnsafeBytes { raw -> EnvelopeDecoder.Envelope? in
            var reader = EnvelopeReader(raw.bindMemory(to: UInt8.self))
            do throws(JSONScanner.Failure) {
                return try reader.envelope()
            } catch {
                return nil
            }
        }
    }

    private mutating func envelope() throws(JSONScanner.Failure) -> EnvelopeDecoder.Envelope {
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "{") else { throw .notJSON }
        var results: [EnvelopeDecoder.LenientResult]?
        var have: EnvelopeDecoder.PantryMarker?
        var sawHave = false
        var first = true
        while let key = try scanner.nextKey(first: first) {
            first = false
            switch key {
            case "results":
                guard results == nil, scanner.peek() == UInt8(ascii: "[") else { throw .notJSON }
                results = try readResults()
            case "have":
                guard !sawHave else { throw .notJSON }
                sawHave = true
                have = try readMarker()
            default:
                try scanner.skipValue(depth: 2, maxDepth: Self.maxDepth)
            }
        }
        scanner.skipWhitespace()
        guard scanner.index == scanner.bytes.count, let results else { throw .notJSON }
        return EnvelopeDecoder.Envelope(results: results, have: have)
    }

    private mutating func readResults() throws(JSONScanner.Failure) -> [EnvelopeDecoder.LenientResult] {
        var results: [EnvelopeDecoder.LenientResult] = []
        var first = true
        while try scanner.nextElement(first: first) {
            first = false
            if scanner.peek() == UInt8(ascii: "{") {
                results.append(try readResult())
            } else {
                // Not an object: every field missing, as `JSONDecoder` reads it.
                try scanner.skipValue(depth: 3, maxDepth: Self.maxDepth)
                results.append(.notAnObject)
            }
        }
        return results
    }

    private mutating func readResult() throws(JSONScanner.Failure) -> EnvelopeDecoder.LenientResult {
        var title: String?, href: String?, ingredients: String?, thumbnail: String?, cuisine: String?
        var seen: UInt8 = 0
        var first = true
        while let key = try scanner.nextKey(first: first) {
            first = false
            let bit: UInt8
            switch key {
            case "title": bit = 1
            case "href": bit = 2
            case "ingredients": bit = 4
            case "thumbnail": bit = 8
            case "cuisine": bit = 16
            default:
                try scanner.skipValue(depth: 4, maxDepth: Self.maxDepth)
                continue
            }
            guard seen & bit == 0 else { throw .notJSON }
            seen |= bit
            switch bit {
            case 1: title = try readStringOrNull()
            case 2: href = try readStringOrNull()
            case 4:
                // A list of names reads as the names joined with commas.
                if scanner.peek() == UInt8(ascii: "[") {
                    ingredients = try readStrings().joined(separator: ",")
                } else {
                    ingredients = try readStringOrNull()
                }
            case 8: thumbnail = try readStringOrNull()
            default: cuisine = try readStringOrNull()
            }
        }
        return EnvelopeDecoder.LenientResult(title: title, href: href, ingredients: ingredients, thumbnail: thumbnail, cuisine: cuisine,
                                             hasTitleAndHref: seen & 3 == 3)
    }

    /// The `have` object; null reads as none.
    private mutating func readMarker() throws(JSONScanner.Failure) -> EnvelopeDecoder.PantryMarker? {
        if try scanner.readNull() { return nil }
        guard scanner.peek() == UInt8(ascii: "{") else { throw .notJSON }
        var unknown: [PantryNameSuggestion]?
        var per: Int?
        var sawUnknown = false, sawPer = false
        var first = true
        while let key = try scanner.nextKey(first: first) {
            first = false
            switch key {
            case "unknown":
                guard !sawUnknown else { throw .notJSON }
                sawUnknown = true
                unknown = try readSuggestions()
            case "per":
                guard !sawPer else { throw .notJSON }
                sawPer = true
                per = try readWholeNumberOrNull()
            default:
                try scanner.skipValue(depth: 3, maxDepth: Self.maxDepth)
            }
        }
        return EnvelopeDecoder.PantryMarker(unknown: unknown ?? [], per: per.flatMap { $0 >= 1 ? $0 : nil })
    }

    /// `[{"name":"mlik","suggestions":["milk"]}, …]`, or null.
    private mutating func readSuggestions() throws(JSONScanner.Failure) -> [PantryNameSuggestion]? {
        if try scanner.readNull() { return nil }
        guard scanner.peek() == UInt8(ascii: "[") else { throw .notJSON }
        var list: [PantryNameSuggestion] = []
        var first = true
        while try scanner.nextElement(first: first) {
            first = false
            guard scanner.peek() == UInt8(ascii: "{") else { throw .notJSON }
            var name: String?
            var suggestions: [String]?
            var firstKey = true
            while let key = try scanner.nextKey(first: firstKey) {
                firstKey = false
                switch key {
                case "name":
                    guard name == nil, scanner.peek() == UInt8(ascii: "\"") else { throw .notJSON }
                    name = try scanner.readString()
                case "suggestions":
                    guard suggestions == nil, scanner.peek() == UInt8(ascii: "[") else { throw .notJSON }
                    suggestions = try readStrings()
                default:
                    try scanner.skipValue(depth: 5, maxDepth: Self.maxDepth)
                }
            }
            guard let name, let suggestions else { throw .notJSON }
            list.append(PantryNameSuggestion(name: name, suggestions: suggestions))
        }
        return list
    }

    /// A string, or nil for null.
    private mutating func readStringOrNull() throws(JSONScanner.Failure) -> String? {
        guard scanner.isAtStringOrNull else { throw .notJSON }
        return try scanner.readStringOrNull()
    }

    /// A list of strings only (`[` at the scanner's index).
    private mutating func readStrings() throws(JSONScanner.Failure) -> [String] {
        var strings: [String] = []
        var first = true
        while try scanner.nextElement(first: first) {
            first = false
            guard scanner.peek() == UInt8(ascii: "\"") else { throw .notJSON }
            strings.append(try scanner.readString())
        }
        return strings
    }

    /// Digits only (a `-` perhaps), at most 18 of them, or nil for null.
    private mutating func readWholeNumberOrNull() throws(JSONScanner.Failure) -> Int? {
        if try scanner.readNull() { return nil }
        let number = try scanner.skipNumber()
        var digits = scanner.bytes[number.bytes]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard number.isPlainInteger, digits.count <= 18 else { throw .notJSON }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return negative ? -value : value
    }
}
