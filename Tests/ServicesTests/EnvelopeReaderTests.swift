import Foundation
import Testing
@testable import Services
import ServiceSupport

/// `EnvelopeReader` reads a body the way `JSONDecoder` does, or gives it up to `JSONDecoder`: every body
/// here is decoded both ways and must come out the same (the same recipes, counts and pantry facts, or
/// both malformed).
@Suite struct EnvelopeReading {
    /// A ranked answer as PuppyServer writes it: the `have` object, escapes, fields a client does not read.
    static let ranked = #"""
    {"title":"Recipe Puppy","version":0.1,"href":"http:\/\/puppy.localhost\/","have":{"names":["egg","milk"],"missing":2,\#
    "strict":false,"unknown":[{"name":"mlik","suggestions":["milk","malt"]},{"name":"zzz","suggestions":[]}],"per":500},\#
    "results":[{"title":"Cr\u00eapes \"fines\" \ud83d\ude00","href":"http:\/\/puppy.localhost\/recipes\/crepes",\#
    "ingredients":"eggs, milk, flour","thumbnail":"","cuisine":"French","missing":["flour"],"uses":2,"of":3},\#
    {"title":"Omelette","href":"http://puppy.localhost/recipes/omelette","ingredients":"eggs, butter",\#
    "thumbnail":"http://puppy.localhost/thumbnails/omelette.jpg","missing":[],"uses":2,"of":2}]}
    """#

    /// RecipePuppy's own answer, padded titles and entities included.
    static let plain = #"""
    {"title":"Recipe Puppy","version":0.1,"href":"http:\/\/www.recipepuppy.com\/","results":[
      {"title":" \r\n\t\t\nGinger Champagne &amp; Caf&#233;\r\n","href":"http:\/\/allrecipes.com\/Recipe\/Ginger-Champagne\/Detail.aspx",
       "ingredients":"champagne, ginger, ice, vodka, ginger","thumbnail":"http:\/\/img.recipepuppy.com\/1.jpg"},
      {"title":"No thumbnail","href":"http:\/\/example.com\/2","ingredients":"eggs","thumbnail":""}]}
    """#

    /// A short ranked answer for the byte-by-byte tests: every kind of value the reader reads.
    static let short = #"{"have":{"unknown":[{"name":"mlik","suggestions":["milk"]}],"per":50},"results":[{"title":"Cr\u00eape \"x\" \ud83d\ude00","href":"h:\/\/a","ingredients":["eggs"],"cuisine":null,"of":2}]}"#

    /// Bodies the byte reader reads itself.
    static let read: [String] = [
        ranked, plain, short,
        #"{"results":[]}"#,
        " \r\n\t{ \"results\" : [ ] , \"have\" : null } \n",
        #"{"results":[{"href":"http://a/1","ingredients":"x"},{"title":"B","ingredients":"x"},"not an object",null,7,[1,{}],{}]}"#,
        #"{"results":[{"title":null,"href":null,"ingredients":null,"thumbnail":null,"cuisine":null}]}"#,
        #"{"results":[{"title":"Kept","href":"http://a/5","ingredients":["eggs","milk"],"extra":{"deep":[[{"x":-0.5}]]}}]}"#,
        #"{"results":[{"title":"E","href":"http://a/6","ingredients":[]}],"version":-12.25e+3,"title":true,"title":false}"#,
        #"{"results":[{"title":"\u0007\u001b[2J","href":"http://a/1"},{"title":"Soup","href":"\u001b]0;x\u0007"}]}"#,
        #"{"results":[{"title":"Path \\ud800 kept","href":"http://a/2","ingredients":"eggs"}]}"#,
        #"{"have":{},"results":[{"title":"A","href":"http://a/1"}]}"#,
        #"{"have":{"unknown":null,"per":null},"results":[]}"#,
        #"{"have":{"per":0},"results":[]}"#,
        #"{"have":{"per":-3},"results":[]}"#,
        #"{"have":{"per":10,"unknown":[{"suggestions":["a"],"name":"b","why":1}]},"results":[]}"#,
        #"{"\u0072esults":[{"t\u0069tle":"A","href":"http://a/1"}]}"#,
        #"{"results":[{"title":"Line\nbreak\ttab \/ \\ \b\f\r","href":"http://a/1","cuisine":"Thaï"}]}"#,
        "{\"results\":[{\"title\":\"Crêpes 😀\",\"href\":\"http://a/1\"}]}",
    ]

    /// Bodies it leaves to `JSONDecoder`.
    static let givenUp: [String] = [
        "", "null", "[]", "<html>500</html>", #"{"results":"none"}"#, #"{"results":{}}"#, #"{"title":"no results key"}"#,
        #"{"results":[1,2]]"#, #"{"results":[],}"#, #"{"results":[]} x"#, #"{"results":[{"title":7,"href":"http://a/3"}]}"#,
        #"{"results":[{"title":"A","href":"http://a/1","thumbnail":5}]}"#,
        #"{"results":[{"title":"A","href":"http://a/1","ingredients":["eggs",5]}]}"#,
        #"{"results":[{"title":"A","title":"B","href":"http://a/1"}]}"#,
        #"{"results":[],"results":[]}"#,
        #"{"results":[{"title":"Cr\ud83d\ude00pe \ud800 Suzette","href":"http://a/1"},{"title":"\udc00 alone","href":"http://a/3"}]}"#,
        #"{"have":5,"results":[]}"#, #"{"have":{"per":"500"},"results":[]}"#, #"{"have":{"per":500.0},"results":[]}"#,
        #"{"have":{"per":5e2},"results":[]}"#, #"{"have":{"unknown":[{"name":"a"}]},"results":[]}"#,
        #"{"have":{"unknown":[{"name":null,"suggestions":[]}]},"results":[]}"#, #"{"have":{"unknown":{}},"results":[]}"#,
        #"{"results":[{"title":"A","href":"http://a/1","x":01}]}"#, "{\"results\":[{\"title\":\"raw\ttab\",\"href\":\"http://a/1\"}]}",
        String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
        "{\"results\":[],\"x\":" + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}",
    ]

    @Test(arguments: read)
    func whatServersSendIsReadWithoutJSONDecoder(body: String) {
        #expect(EnvelopeReader.read(Data(body.utf8)) != nil)
        Self.expectAlike(Data(body.utf8))
    }

    @Test(arguments: givenUp)
    func whatTheReaderIsNotSureOfGoesToJSONDecoder(body: String) {
        #expect(EnvelopeReader.read(Data(body.utf8)) == nil)
        Self.expectAlike(Data(body.utf8))
    }

    @Test func bytesThatAreNotUTF8GoToJSONDecoder() {
        let bodies = [[0x7B, 0xFF, 0xFE, 0x7D], Array(#"{"results":[{"title":"A"#.utf8) + [0xC3, 0x28] + Array(#"","href":"h"}]}"#.utf8)]
        for body in bodies {
            #expect(EnvelopeReader.read(Data(body)) == nil)
            Self.expectAlike(Data(body))
        }
    }

    @Test func everyCutOfARankedAnswerDecodesAlike() {
        let bytes = Array(Self.short.utf8)
        for end in 0...bytes.count {
            Self.expectAlike(Data(bytes[..<end]))
        }
    }

    @Test func aByteChangedAnywhereDecodesAlike() {
        let bytes = Array(Self.short.utf8)
        let values: [UInt8] = [0x00, 0x20, 0x22, 0x2C, 0x30, 0x5C, 0x5D, 0x7D, 0xFF]
        for index in bytes.indices {
            for value in values where value != bytes[index] {
                var changed = bytes
                changed[index] = value
                Self.expectAlike(Data(changed))
            }
        }
    }

    @Test func everyByteValueInAStringAndBetweenTokensDecodesAlike() {
        let bytes = Array(Self.short.utf8)
        let places = [1, Self.short.utf8.count - 2] + [#""title":"Cr"#, #"},"results""#, #""per":5"#].compactMap { marker in
            Self.short.range(of: marker).map { Self.short.utf8.distance(from: Self.short.startIndex, to: $0.upperBound) - 1 }
        }
        #expect(places.count == 5)
        for index in places {
            for value in 0...255 {
                var inserted = bytes
                inserted.insert(UInt8(value), at: index)
                Self.expectAlike(Data(inserted))
            }
        }
    }

    /// The body decoded by the byte reader (or JSONDecoder where it gives up) and by JSONDecoder alone.
    static func expectAlike(_ body: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        let both = Result { () throws(ServiceError) in try EnvelopeDecoder.decode(body) }
        let foundation = Result { () throws(ServiceError) in try EnvelopeDecoder.decodeWithJSONDecoder(body) }
        switch (both, foundation) {
        case (.success(let read), .success(let decoded)):
            #expect(read == decoded, "\(String(decoding: body, as: UTF8.self))", sourceLocation: sourceLocation)
        case (.failure(let error), .failure(let expected)):
            #expect(error == expected && error.detail == expected.detail, sourceLocation: sourceLocation)
        default:
            Issue.record("decoded one way only: \(String(decoding: body, as: UTF8.self))", sourceLocation: sourceLocation)
        }
    }
}
