public import Foundation
public import Entity

/// Reads RecipePuppy's envelope (`{"title":..., "version":0.1, "href":..., "results":[...]}`).
///
/// The envelope itself must be a JSON object with a `results` array, or the whole body is
/// `malformedBody`. Inside, each result is taken on its own: one without a usable title or href is
/// dropped and counted, and the rest of the page still counts.
public enum EnvelopeDecoder {
    public struct Decoded: Sendable, Equatable {
        public let recipes: [Recipe]
        public let droppedCount: Int
    }

    public static func decode(_ body: Data) throws(ServiceError) -> Decoded {
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: body)
        } catch {
            throw .malformedBody.with(detail: describe(error, body: body))
        }
        var recipes: [Recipe] = []
        recipes.reserveCapacity(envelope.results.count)
        var dropped = 0
        for result in envelope.results {
            guard let title = result.title, let href = result.href else {
                dropped += 1
                continue
            }
            let recipe = Recipe(title: title, href: href, ingredients: TextCleanup.ingredientList(result.ingredients ?? ""),
                                thumbnail: result.thumbnail)
            if recipe.title.isEmpty || recipe.href.isEmpty {
                dropped += 1
            } else {
                recipes.append(recipe)
            }
        }
        return Decoded(recipes: recipes, droppedCount: dropped)
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

    private struct Envelope: Decodable {
        let results: [LenientResult]
    }

    /// One result, read field by field: a field of the wrong type reads as missing. That is the point
    /// of reading leniently: a result without a usable title or href is dropped and counted (and
    /// reported), and the rest of the page still counts; so every `try?` here stands for "missing".
    private struct LenientResult: Decodable {
        let title: String?
        let href: String?
        let ingredients: String?
        let thumbnail: String?

        enum CodingKeys: String, CodingKey { case title, href, ingredients, thumbnail }

        init(from decoder: any Decoder) throws {
            // A result that is not an object at all: every field missing, and it is dropped and counted.
            guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
                title = nil; href = nil; ingredients = nil; thumbnail = nil
                return
            }
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
        }
    }
}
