import Foundation
import Testing
import Entity
@testable import Services
import ServiceSupport

@Suite struct QueryBuilding {
    let api = URL(string: "http://127.0.0.1:8080/api/")!

    @Test func ingredientsTitleAndPageBecomeTheWireQuery() throws {
        let query = SearchQuery(ingredientText: "Onions, garlic", title: "omelet")
        let url = try QueryBuilder.url(api: api, query: query, page: 2)
        #expect(url.absoluteString == "http://127.0.0.1:8080/api/?i=onions,garlic&q=omelet&p=2")
    }

    @Test func awkwardCharactersArePercentEncoded() throws {
        let query = SearchQuery(ingredients: ["hot sauce", "jalapeño", "salt & pepper", "c++", "#1 rub"], title: "a+b & c#")
        let url = try QueryBuilder.url(api: api, query: query, page: 1)
        #expect(url.query == "i=hot%20sauce,jalape%C3%B1o,salt%20%26%20pepper,c%2B%2B,%231%20rub&q=a%2Bb%20%26%20c%23&p=1")
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.first { $0.name == "i" }?.value == "hot sauce,jalapeño,salt & pepper,c++,#1 rub")
        #expect(items.first { $0.name == "q" }?.value == "a+b & c#")
    }

    @Test func anAPIURLWithItsOwnQueryKeepsIt() throws {
        let url = try QueryBuilder.url(api: URL(string: "http://h/api/?key=abc")!, query: SearchQuery(ingredientText: "eggs"), page: 1)
        #expect(url.absoluteString == "http://h/api/?key=abc&i=eggs&q=&p=1")
    }

    @Test func anEmptyQueryIsRefusedBeforeAnyRequest() {
        #expect(throws: ServiceError.invalidQuery) {
            try QueryBuilder.url(api: api, query: SearchQuery(ingredientText: " , ,"), page: 1)
        }
    }

    @Test func absurdQueriesAreRefused() {
        let many = SearchQuery(ingredients: (1...300).map { "ingredient \($0)" })
        #expect(throws: ServiceError.invalidQuery) { try QueryBuilder.validate(many) }
        let long = SearchQuery(ingredients: [String(repeating: "x", count: 4000)])
        #expect(throws: ServiceError.invalidQuery) { try QueryBuilder.validate(long) }
        let title = SearchQuery(ingredients: [], title: String(repeating: "omelet ", count: 500))
        #expect(throws: ServiceError.invalidQuery) { try QueryBuilder.validate(title) }
        #expect(throws: ServiceError.invalidQuery) { try QueryBuilder.url(api: api, query: SearchQuery(ingredientText: "eggs"), page: 0) }
    }
}

@Suite struct EnvelopeDecoding {
    @Test func realisticEnvelopeDecodesClean() throws {
        let body = #"""
        {"title":"Recipe Puppy","version":0.1,"href":"http:\/\/www.recipepuppy.com\/","results":[
        {"title":" \r\n\t\t\nGinger Champagne &amp; Caf&#233;\r\n","href":"http:\/\/allrecipes.com\/Recipe\/Ginger-Champagne\/Detail.aspx","ingredients":"champagne, ginger, ice, vodka, ginger","thumbnail":"http:\/\/img.recipepuppy.com\/1.jpg"},
        {"title":"No thumbnail","href":"http:\/\/example.com\/2","ingredients":"eggs","thumbnail":""}]}
        """#
        let decoded = try EnvelopeDecoder.decode(Data(body.utf8))
        #expect(decoded.droppedCount == 0)
        #expect(decoded.recipes.map(\.title) == ["Ginger Champagne & Café", "No thumbnail"])
        #expect(decoded.recipes[0].ingredients == ["champagne", "ginger", "ice", "vodka"])
        #expect(decoded.recipes[0].href == "http://allrecipes.com/Recipe/Ginger-Champagne/Detail.aspx")
        #expect(decoded.recipes[0].thumbnail == "http://img.recipepuppy.com/1.jpg")
        #expect(decoded.recipes[1].thumbnail == nil)
    }

    @Test func resultsWithoutTitleOrHrefAreDroppedAndCounted() throws {
        let body = #"""
        {"results":[{"href":"http://a/1","ingredients":"x"},{"title":"B","ingredients":"x"},
        {"title":7,"href":"http://a/3"},{"title":"   ","href":"http://a/4"},"not an object",null,
        {"title":"Kept","href":"http://a/5","ingredients":["eggs","milk"],"thumbnail":5}]}
        """#
        let decoded = try EnvelopeDecoder.decode(Data(body.utf8))
        #expect(decoded.recipes.map(\.title) == ["Kept"])
        #expect(decoded.recipes[0].ingredients == ["eggs", "milk"])
        #expect(decoded.recipes[0].thumbnail == nil)
        #expect(decoded.droppedCount == 6)
        // A title that is a number and one that is blank: they had both, and nothing readable in them.
        #expect(decoded.unreadableCount == 2)
    }

    @Test func resultsWithNothingReadableAreCountedApart() throws {
        let body = #"{"results":[{"title":"\u0007\u001b[2J","href":"http://a/1"},{"title":"Soup","href":"\u001b]0;x\u0007"},{"href":"http://a/3"},{"title":"Kept","href":"http://a/4"}]}"#
        let decoded = try EnvelopeDecoder.decode(Data(body.utf8))
        #expect(decoded.recipes.map(\.title) == ["Kept"])
        #expect(decoded.droppedCount == 3)
        #expect(decoded.unreadableCount == 2)
    }

    @Test func aTitleWithHalfASurrogatePairKeepsItsResult() throws {
        let body = #"""
        {"results":[{"title":"Cr\ud83d\ude00pe \ud800 Suzette","href":"http://a/1","ingredients":"eggs"},
        {"title":"Path \\ud800 kept","href":"http://a/2","ingredients":"eggs"},{"title":"\udc00 alone","href":"http://a/3"}]}
        """#
        let decoded = try EnvelopeDecoder.decode(Data(body.utf8))
        #expect(decoded.recipes.map(\.title) == ["Cr😀pe \u{FFFD} Suzette", "Path \\ud800 kept", "\u{FFFD} alone"])
        #expect(decoded.droppedCount == 0)
    }

    @Test(arguments: [
        "", "<html>500</html>", "{\"title\":\"Recipe Puppy\",\"results\":[{\"title\":\"A\"", "[]", "null",
        "{\"results\":\"none\"}", "{\"results\":{}}", "{\"title\":\"no results key\"}", "{\"results\":[1,2]]",
    ])
    func bodiesThatAreNotTheEnvelopeAreMalformed(body: String) {
        #expect(throws: ServiceError.malformedBody) { try EnvelopeDecoder.decode(Data(body.utf8)) }
    }

    @Test func bytesThatAreNotUTF8AreMalformedWithAReason() {
        do {
            _ = try EnvelopeDecoder.decode(Data([0x7B, 0xFF, 0xFE, 0x7D]))
            Issue.record("decoded invalid UTF-8")
        } catch {
            #expect(error == .malformedBody)
            #expect(error.detail.contains("UTF-8"))
        }
    }
}
