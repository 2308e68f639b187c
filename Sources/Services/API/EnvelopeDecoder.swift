public import Foundation
public import Entity
public import ServiceSupport
import TextSafety

/// A name given to `have=` that no recipe has, with the names the server suggests instead.
public struct PantryNameSuggestion: Decodable, Sendable, Equatable {
    public let name: String
    public let suggestions: [String]

    /// The most suggestions kept for one name.
    public static let maxSuggestions = 3

    public init(name: String, suggestions: [String]) {
        self.name = name
        self.suggestions = suggestions
    }

    /// As a message may show it: the name and its suggestions as lines of printable text, and only the
    /// first few suggestions that are names one could have typed (no longer than a name a search
    /// takes); a server may send any number, of any length.
    var bounded: PantryNameSuggestion {
        let names = suggestions.lazy.map { CleanText.line($0, maxLength: RequestLimits.maxIngredientLength + 1) }
            .filter { !$0.isEmpty && $0.count <= RequestLimits.maxIngredientLength }
        return PantryNameSuggestion(name: CleanText.line(name, maxLength: RequestLimits.maxIngredientLength + 1),
                                    suggestions: Array(TextCleanup.uniqueNames(Array(names.prefix(Self.maxSuggestions * 4))).prefix(Self.maxSuggestions)))
    }
}

/// Reads RecipePuppy's envelope (`{"title":..., "version":0.1, "href":..., "results":[...]}`).
///
/// The envelope itself must be a JSON object with a `results` array, or the whole body is
/// `malformedBody`. Inside, each result is taken on its own: one without a usable title or href is
/// dropped and counted, and the rest of the page still counts.
public enum EnvelopeDecoder {
    public struct Decoded: Sendable, Equatable {
        public let recipes: [Recipe]
        /// Results left out: without a title or an href, or with nothing readable in them (blank, not
        /// text, or nothing left once cleaned).
        public let droppedCount: Int
        /// Of those, the ones that had a title and an href with nothing readable in them: blank, not
        /// text, or nothing left once control characters, escape sequences and broken text were taken out.
        public let unreadableCount: Int
        /// Whether the envelope says its results are ranked for `have=` (PuppyServer's extension: a
        /// `have` object beside `results`).
        public var rankedForPantry = false
        /// Names given to `have=` that no recipe of the server has, each with the names it suggests.
        public var unknownPantryNames: [PantryNameSuggestion] = []
        /// How many results a full page of a ranking holds, when the envelope says (`have.per`, a
        /// PuppyServer extension asked for with `per=`); nil: RecipePuppy's 10.
        public var pantryPageSize: Int?
    }

    /// Read by `EnvelopeReader`, or, when it gives up, by `JSONDecoder`.
    public static func decode(_ body: Data) throws(ServiceError) -> Decoded {
        if let envelope = EnvelopeReader.read(body) { return decoded(envelope) }
        return try decodeWithJSONDecoder(body)
    }

    /// Every body through `JSONDecoder`: what `EnvelopeReader` must agree with where it reads.
    static func decodeWithJSONDecoder(_ body: Data) throws(ServiceError) -> Decoded {
        do {
            return decoded(try JSONDecoder().decode(Envelope.self, from: repairingLoneSurrogates(body)))
        } catch {
            throw .malformedBody.with(detail: describe(error, body: body))
        }
    }

    private static func decoded(_ envelope: Envelope) -> Decoded {
        var recipes: [Recipe] = []
        recipes.reserveCapacity(envelope.results.count)
        var dropped = 0
        var unreadable = 0
        for result in envelope.results {
            guard let title = result.title, let href = result.href,
                  title.contains(where: { !$0.isWhitespace }), href.contains(where: { !$0.isWhitespace }) else {
                dropped += 1
                // Both there, but blank or not text: it had a title and a link, with nothing readable in them.
                if result.hasTitleAndHref { unreadable += 1 }
                continue
            }
            let recipe = Recipe(title: title, href: href, ingredients: TextCleanup.ingredientList(result.ingredients ?? ""),
                                thumbnail: result.thumbnail, cuisine: result.cuisine)
            if recipe.title.isEmpty || recipe.href.isEmpty {
                dropped += 1
                unreadable += 1
            } else {
                recipes.append(recipe)
            }
        }
        var decoded = Decoded(recipes: recipes, droppedCount: dropped, unreadableCount: unreadable)
        decoded.rankedForPantry = envelope.have != nil
        // One for each name asked about at most, each with a few short suggestions.
        decoded.unknownPantryNames = (envelope.have?.unknown ?? []).prefix(RequestLimits.maxPantryNames).map(\.bounded)
        decoded.pantryPageSize = envelope.have?.per
        return decoded
    }

    /// JSON may escape half a surrogate pair (`\ud800`) that no other half follows, which makes the
    /// whole string unreadable; each such escape becomes U+FFFD so that a title with one bad character
    /// is still a title. Bodies without `\ud` or `\uD` are returned as they are.
    static func repairingLoneSurrogates(_ body: Data) -> Data {
        let bytes = [UInt8](body)
        func surrogate(at index: Int) -> UInt16? {
            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                  let value = UInt16(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16),
                  (0xD800...0xDFFF).contains(value) else { return nil }
            return value
        }
        guard bytes.indices.contains(where: { bytes[$0] == UInt8(ascii: "\\") && surrogate(at: $0) != nil }) else { return body }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
                // An escaped backslash: the `u` after it is text, not an escape.
                output += [bytes[index], bytes[index + 1]]
                index += 2
                continue
            }
            if let high = surrogate(at: index) {
                if high < 0xDC00, let low = surrogate(at: index + 6), low >= 0xDC00 {
                    output += bytes[index..<(index + 12)]
                    index += 12
                } else {
                    output += Array(#"\ufffd"#.utf8)
                    index += 6
                }
                continue
            }
            output.append(bytes[index])
            index += 1
        }
        return Data(output)
    }

    private static func describe(_ error: any Error, body: Data) -> String {
        if body.isEmpty { return "the body is empty" }
        if String(data: body, encoding: .utf8) == nil { return "the body is not UTF-8 text" }
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "the body is not a RecipePuppy envelope" : "\"\(path)\" has the wrong type"
        case DecodingError.keyNotFound(let key, _):
            return "the envelope has no \"\(key.stringValue)\""
        default:
            return "the body is not valid JSON"
        }
    }

    struct Envelope: Decodable {
        let results: [LenientResult]
        /// Present when the results are ranked for `have=`; what it holds is not read.
        let have: PantryMarker?

        enum CodingKeys: String, CodingKey { case results, have }

        init(results: [LenientResult], have: PantryMarker?) {
            self.results = results
            self.have = have
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            results = try container.decode([LenientResult].self, forKey: .results)
            // A `have` that is not an object is no ranking: read as missing.
            have = try? container.decodeIfPresent(PantryMarker.self, forKey: .have)
        }
    }

    /// The `have` key of a ranked answer: any object counts; anything else is as good as missing. Of
    /// what it holds only `unknown` and `per` are read, leniently (wrong types read as none).
    struct PantryMarker: Decodable {
        let unknown: [PantryNameSuggestion]
        /// Results a full page holds: a whole number of at least 1, else none said.
        let per: Int?

        enum CodingKeys: String, CodingKey { case unknown, per }

        init(unknown: [PantryNameSuggestion], per: Int?) {
            self.unknown = unknown
            self.per = per
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // A list of the wrong shape names nothing unknown (see above).
            unknown = (try? container.decodeIfPresent([PantryNameSuggestion].self, forKey: .unknown)) ?? []
            // A size of the wrong type, or below 1, says nothing: pages are then RecipePuppy's.
            per = (try? container.decodeIfPresent(Int.self, forKey: .per)).flatMap { $0 }.flatMap { $0 >= 1 ? $0 : nil }
        }
    }

    /// One result, read field by field: a field of the wrong type reads as missing. That is the point
    /// of reading leniently: a result without a usable title or href is dropped and counted (and
    /// reported), and the rest of the page still counts; so every `try?` here stands for "missing".
    struct LenientResult: Decodable {
        let title: String?
        let href: String?
        let ingredients: String?
        let thumbnail: String?
        /// Not RecipePuppy's: servers that know a dish's cuisine add it.
        let cuisine: String?
        /// Whether the result has both keys, whatever their values.
        let hasTitleAndHref: Bool

        enum CodingKeys: String, CodingKey { case title, href, ingredients, thumbnail, cuisine }

        /// A result that is not an object at all: every field missing, and it is dropped and counted.
        static let notAnObject = LenientResult(title: nil, href: nil, ingredients: nil, thumbnail: nil, cuisine: nil, hasTitleAndHref: false)

        init(title: String?, href: String?, ingredients: String?, thumbnail: String?, cuisine: String?, hasTitleAndHref: Bool) {
            self.title = title
            self.href = href
            self.ingredients = ingredients
            self.thumbnail = thumbnail
            self.cuisine = cuisine
            self.hasTitleAndHref = hasTitleAndHref
        }

        init(from decoder: any Decoder) throws {
            guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
                self = .notAnObject
                return
            }
            hasTitleAndHref = container.contains(.title) && container.contains(.href)
            // Wrong types read as missing (see above).
            title = try? container.decodeIfPresent(String.self, forKey: .title)
            href = try? container.decodeIfPresent(String.self, forKey: .href)
            if let text = try? container.decodeIfPresent(String.self, forKey: .ingredients) {
                ingredients = text
            } else if let list = try? container.decodeIfPresent([String].self, forKey: .ingredients) {
                ingredients = list.joined(separator: ",")
            } else {
                ingredients = nil
            }
            thumbnail = try? container.decodeIfPresent(String.self, forKey: .thumbnail)
            cuisine = try? container.decodeIfPresent(String.self, forKey: .cuisine)
        }
    }
}
