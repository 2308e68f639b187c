import Foundation
import Testing
@testable import Entity
@testable import Interactor
@testable import Presenter
@testable import View

/// `recipes have --json` writes its records itself: byte for byte what `JSONEncoder` writes for them with
/// the one-shot's options.
@Suite struct PantryRecordsJSONWriting {
    static func record(number: Int, title: String, href: String, ingredients: [String], thumbnail: String?, cuisine: String?,
                       missing: [String], favorite: Bool?) -> PantryMatchRecord {
        let recipe = Recipe(title: title, href: href, ingredients: ingredients, thumbnail: thumbnail, cuisine: cuisine)
        let entry = PantryRanking.Entry(index: number - 1, title: recipe.title, missing: missing, uses: 7 - missing.count, of: 7,
                                        fromPantry: 3)
        var lactose: [String: Bool] = [:]
        return PantryMatchRecord(PantryMatch(number: number, recipe: recipe, entry: entry, isFavorite: favorite), lactoseKnown: &lactose)
    }

    static let records = [
        record(number: 1, title: "Crêpes \"fines\" \\ 😀", href: "http://puppy.localhost/recipes/crepes", ingredients: ["eggs", "milk", "flour"],
               thumbnail: "http://puppy.localhost/thumbnails/crepes.jpg", cuisine: "French", missing: ["flour"], favorite: true),
        record(number: 2, title: "Omelette", href: "http://puppy.localhost/recipes/omelette", ingredients: ["eggs", "butter"], thumbnail: nil,
               cuisine: nil, missing: [], favorite: false),
        record(number: 10, title: "Soup / stew\tfor\u{7F} two", href: "https://example.com/a?b=c&d=e#f", ingredients: [], thumbnail: "",
               cuisine: "Thaï", missing: ["lemongrass", "fish sauce", "tamarind \"paste\""], favorite: nil),
    ]

    static func encoded(_ records: [PantryMatchRecord]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
        return String(decoding: try encoder.encode(records), as: UTF8.self)
    }

    @Test func recordsAreWrittenAsTheEncoderWritesThem() throws {
        #expect(PantryRecordsJSON.text(Self.records) == (try Self.encoded(Self.records)))
        #expect(PantryRecordsJSON.text([Self.records[1]]) == (try Self.encoded([Self.records[1]])))
        #expect(PantryRecordsJSON.text([]) == (try Self.encoded([])))
    }

    @Test func stringsAreEscapedAsTheEncoderEscapesThem() throws {
        // A record's text is cleaned before it is kept; the writer still escapes whatever could remain.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let texts = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + ["\"", "\\", "/", "\u{7F}", "é", "😀", "a\u{0}b\u{1F}c\"d"]
        for text in texts {
            var quoted: [UInt8] = []
            PantryRecordsJSON.appendQuoted(text, to: &quoted)
            #expect(quoted == Array(try encoder.encode(text)), "\(text.unicodeScalars.map(\.value))")
        }
    }
}
