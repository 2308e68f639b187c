@testable import PuppyCatalog
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import PuppyServer

/// One request over a fresh connection to a running server, with the headers a client would send.
private func fetch(
    _ server: PuppyServer, _ target: String, method: String = "GET", headers: [(String, String)] = []
) throws -> RawHTTPConnection.Response {
    let connection = try RawHTTPConnection(port: server.port)
    defer { connection.close() }
    let lines = headers.map { "\($0.0): \($0.1)\r\n" }.joined()
    try connection.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(lines)Connection: close\r\n\r\n")
    guard let response = try connection.readResponse(head: method == "HEAD") else {
        throw RawHTTPConnection.Failure(description: "no answer to \(method) \(target)")
    }
    return response
}

/// Recipes whose text needs escaping in every format, some without a picture.
private let awkward: [CatalogRecipe] = [
    CatalogRecipe(id: "fish-and-chips", title: "Fish & Chips <b>\"Best\"</b> 'ever'", cuisine: "British",
                  ingredients: ["fish", "potatoes", "salt"], method: "Fry.", thumbnail: ""),
    CatalogRecipe(id: "creme-caramel", title: "Crème Caramel\r\n\t", ingredients: ["eggs", "milk", "sugar"], method: "Bake."),
    CatalogRecipe(id: "salt-cod", title: "Salt Cod", ingredients: ["cod", "salt"], method: "Soak.",
                  href: "https://example.org/cod?a=1&b=2", thumbnail: "https://example.org/cod.jpg"),
] + (1...25).map { number in
    CatalogRecipe(id: "dish-\(number)", title: "Dish \(number)", ingredients: ["salt", "pepper"], method: "Season.",
                  thumbnail: number % 3 == 0 ? "" : nil)
}

@Suite("Browsers on other origins: CORS and preflight")
struct CORSTests {
    @Test func everyAnswerAllowsAnyOriginByDefault() async throws {
        try await PuppyServerFixture.withServer { server in
            for target in ["/api/?i=garlic", "/recipes/shakshuka", "/pictures/shakshuka.jpg", "/thumbnails/shakshuka.jpg", "/", "/nowhere",
                           "/api/?p=0"] {
                let response = try fetch(server, target, headers: [("Origin", "https://cook.example")])
                #expect(response.header("Access-Control-Allow-Origin") == "*", "\(target)")
                #expect(response.header("Access-Control-Allow-Credentials") == nil)
            }
        }
    }

    @Test func aPreflightIsAnsweredWithTheAllowedMethodsAndHeaders() async throws {
        try await PuppyServerFixture.withServer { server in
            let response = try fetch(server, "/api/?i=garlic", method: "OPTIONS", headers: [
                ("Origin", "https://cook.example"), ("Access-Control-Request-Method", "GET"),
                ("Access-Control-Request-Headers", "content-type,x-requested-with"),
            ])
            #expect(response.status == 204)
            #expect(response.body.isEmpty && response.header("Content-Length") == nil)
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            let methods = response.header("Access-Control-Allow-Methods") ?? ""
            #expect(methods.contains("GET") && methods.contains("HEAD"))
            let allowed = (response.header("Access-Control-Allow-Headers") ?? "").lowercased()
            #expect(allowed.contains("content-type") && allowed.contains("x-requested-with") && allowed.contains("*"))
            #expect(response.header("Access-Control-Max-Age") == "86400")
            #expect(try fetch(server, "/pictures/shakshuka.jpg", method: "OPTIONS").status == 204)
            #expect(try fetch(server, "/nowhere", method: "OPTIONS").status == 404)
            let other = try fetch(server, "/api/", method: "DELETE")
            #expect(other.status == 405 && other.header("Allow") == "GET, HEAD, OPTIONS")
        }
    }

    @Test func oneOriginOrNoneWhenConfigured() async throws {
        try await PuppyServerFixture.withServer(configuration: .init(cors: .origin("https://cook.example"))) { server in
            let response = try fetch(server, "/api/?i=garlic")
            #expect(response.header("Access-Control-Allow-Origin") == "https://cook.example")
        }
        try await PuppyServerFixture.withServer(configuration: .init(cors: .off)) { server in
            let plain = try fetch(server, "/api/?i=garlic", headers: [("Origin", "https://cook.example")])
            #expect(plain.status == 200 && plain.header("Access-Control-Allow-Origin") == nil)
            let preflight = try fetch(server, "/api/", method: "OPTIONS", headers: [("Origin", "https://cook.example")])
            #expect(preflight.status == 204 && preflight.header("Allow") == "GET, HEAD, OPTIONS")
            #expect(!preflight.headers.contains { $0.name.lowercased().hasPrefix("access-control-") })
        }
    }

    @Test(arguments: [
        ("*", CORSPolicy.anyOrigin), ("off", .off), ("OFF", .off), ("https://cook.example", .origin("https://cook.example")),
        ("HTTP://Cook.Example:8080/", .origin("http://cook.example:8080")),
    ])
    func theCorsFlagTakesAnyOffOrAnOrigin(argument: String, policy: CORSPolicy) throws {
        #expect(try ServerOptions.parse(["--cors", argument]).configuration.cors == policy)
        #expect(try ServerOptions.parse([]).configuration.cors == .anyOrigin)
    }

    @Test(arguments: ["", "cook.example", "ftp://cook.example", "https://cook.example/path", "https://cook.example?x=1",
                      "https://a b", "https://cook.example\r\nSet-Cookie: x=1", "https://user@cook.example", "https://",
                      "https://cook.example#top", "https://cöok.example"])
    func anythingButAnOriginIsABadCorsFlag(argument: String) {
        #expect(CORSPolicy(argument: argument) == nil, "\(argument)")
        #expect(throws: ServerOptionsError.self) { try ServerOptions.parse(["--cors", argument]) }
    }
}

@Suite("JSONP")
struct JSONPTests {
    @Test func aCallbackWrapsTheVeryJSONInACallToIt() async throws {
        try await PuppyServerFixture.withServer { server in
            let plain = try fetch(server, "/api/?i=garlic&p=2")
            for name in ["jQuery36005_1700000000000", "angular.callbacks._0", "$cb", "window.puppy.show"] {
                let wrapped = try fetch(server, "/api/?i=garlic&p=2&callback=\(name)")
                #expect(wrapped.status == 200)
                #expect(wrapped.header("Content-Type") == "text/javascript")
                #expect(wrapped.header("X-Content-Type-Options") == "nosniff")
                #expect(wrapped.body == Array("/**/\(name)(".utf8) + plain.body + Array(");".utf8))
            }
            // Past the end the wrapped list is empty; far past it the HTML error is not wrapped.
            #expect(try fetch(server, "/api/?i=garlic&p=9&callback=cb").text.hasSuffix(#""results":[]});"#))
            let error = try fetch(server, "/api/?i=garlic&p=99&callback=cb")
            #expect(error.status == 500 && !error.text.contains("cb("))
        }
    }

    @Test(arguments: ["alert(1)", "a%20b", "%3Cscript%3E", "a..b", ".a", "a.", "1abc", "a.1b", "", "a%5B0%5D", "a;b", "a%3Db",
                      "%00", "caf%C3%A9", "a%E2%80%A8b", "a-b", "a/b", "a%22", String(repeating: "a", count: 129)])
    func anUnsafeCallbackIsABadRequestThatNeverRepeatsIt(callback: String) async throws {
        try await PuppyServerFixture.withServer { server in
            let response = try fetch(server, "/api/?i=garlic&callback=\(callback)")
            #expect(response.status == 400)
            #expect(response.header("Content-Type")?.hasPrefix("text/plain") == true)
            let decoded = callback.removingPercentEncoding ?? callback
            #expect(decoded.count < 3 || !response.text.contains(decoded))
        }
    }

    @Test func namesAreLettersDigitsUnderscoresAndDollarsJoinedByDotsAndBounded() {
        let good = ["a", "_", "$", "A1", "jQuery_1", "a.b.c", "$.cb", "_0._1", String(repeating: "x", count: JSONPCallback.maxLength)]
        for name in good { #expect(JSONPCallback.isSafe(name), "\(name)") }
        let bad = ["", ".", "..", "a..b", ".a", "a.", "0", "0a", "a.0", String(repeating: "x", count: JSONPCallback.maxLength + 1),
                   "a b", "a\u{2028}", "é", "a\u{0}", "a(b)", "a[0]", "a-b", "a'b", "a\"b", "a\\b", "a/b", "a+b", "a,b"]
        for name in bad { #expect(!JSONPCallback.isSafe(name), "\(name.debugDescription)") }
    }

    @Test func everyByteValueIsAcceptedOnlyWhereAJavaScriptNameMayHaveIt() {
        for value in 0...255 {
            let byte = UInt8(value)
            let scalar = Character(Unicode.Scalar(byte))
            let isNameByte = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            let isDigit = byte >= 0x30 && byte <= 0x39
            #expect(JSONPCallback.isSafe("a\(scalar)b") == (isNameByte || byte == UInt8(ascii: ".")), "byte \(value) inside a name")
            #expect(JSONPCallback.isSafe("\(scalar)b") == (isNameByte && !isDigit), "byte \(value) first")
            #expect(JSONPCallback.isSafe("ab\(scalar)") == isNameByte, "byte \(value) last")
        }
    }
}

/// The results of an XML answer, read with Foundation's XML parser as an Android client reads them.
private final class RecipeXMLReader: NSObject, XMLParserDelegate {
    var recipes: [[String: String]] = []
    var root: String?
    private var current: [String: String]?
    private var text = ""

    static func read(_ body: [UInt8]) -> (root: String?, recipes: [[String: String]])? {
        let reader = RecipeXMLReader()
        let parser = XMLParser(data: Data(body))
        parser.delegate = reader
        guard parser.parse() else { return nil }
        return (reader.root, reader.recipes)
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil { root = name }
        if name == "recipe" { current = [:] }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "recipe", let current {
            recipes.append(current)
            self.current = nil
        } else if current != nil {
            current?[name] = text
        }
    }
}

@Suite("format=xml")
struct XMLFormatTests {
    @Test func theSameResultsComeAsAnXMLDocumentWithEverythingEscaped() async throws {
        let catalog = try Catalog(recipes: awkward)
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: .init(quirks: [.duplicates, .thumbnails, .gaps])) { server in
            for query in ["i=salt", "q=fish", "i=eggs", "q=", "i=salt&oi=1"] {
                for page in 1...3 {
                    let json = try fetch(server, "/api/?\(query)&p=\(page)")
                    let xml = try fetch(server, "/api/?\(query)&p=\(page)&format=xml")
                    #expect(xml.status == 200)
                    #expect(xml.header("Content-Type")?.hasPrefix("text/xml") == true)
                    #expect(xml.text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<recipes>"))
                    let read = try #require(RecipeXMLReader.read(xml.body), "\(query) p=\(page): not XML")
                    #expect(read.root == "recipes")
                    let expected = try #require(Envelope.decode(json.body)).results.map {
                        ["title": $0.title, "href": $0.href, "ingredients": $0.ingredients, "thumbnail": $0.thumbnail]
                    }
                    #expect(read.recipes == expected, "\(query) p=\(page)")
                }
            }
            let fish = try fetch(server, "/api/?q=fish&format=XML").text
            #expect(fish.contains("Fish &amp; Chips &lt;b&gt;&quot;Best&quot;&lt;/b&gt; &apos;ever&apos;"))
            #expect(try fetch(server, "/api/?q=caramel&format=xml").text.contains("&#13;"))
            #expect(try fetch(server, "/api/?i=nothing&format=xml").text == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<recipes></recipes>\n")
            #expect(try fetch(server, "/api/?i=salt&format=json").body == fetch(server, "/api/?i=salt").body)
        }
    }

    @Test func charactersXMLCannotCarryAreLeftOut() {
        var bytes: [UInt8] = []
        XMLText.append("a\u{1}b\u{8}c\u{B}\u{C}d\u{1F}e\u{FFFE}\u{FFFF}f\tg\nh", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "abcde" + "f\tg\nh")
    }
}

@Suite("oi=1: only results with a picture")
struct OnlyImagesTests {
    @Test(arguments: [Set<Quirk>(), [.thumbnails], Quirk.realistic])
    func onlyResultsWithAThumbnailOnEveryQuirkSetting(quirks: Set<Quirk>) async throws {
        let catalog = try Catalog(recipes: awkward)
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: .init(quirks: quirks, seed: 3)) { server in
            let everything = try walk(server, "i=salt")
            let withPictures = Set(everything.filter { !$0.thumbnail.isEmpty }.map(\.href).map(normalizedHref))
            #expect(withPictures.count < Set(everything.map(\.href).map(normalizedHref)).count)
            for flag in ["oi=1", "onlyImages=1", "oi=yes"] {
                let only = try walk(server, "i=salt&\(flag)")
                #expect(!only.isEmpty && only.allSatisfy { !$0.thumbnail.isEmpty }, "\(flag)")
                #expect(Set(only.map(\.href).map(normalizedHref)) == withPictures, "\(flag)")
            }
            #expect(try walk(server, "i=salt&oi=0").count == everything.count)
            #expect(try walk(server, "i=salt&oi=").count == everything.count)
        }
    }

    /// Every result of a search, walking pages as a client does (trouble pages skipped, 3 in a row end it).
    private func walk(_ server: PuppyServer, _ query: String) throws -> [EnvelopeResult] {
        var results: [EnvelopeResult] = []
        var gaps = 0
        for page in 1...60 where gaps < 3 {
            let response = try fetch(server, "/api/?\(query)&p=\(page)")
            guard response.status == 200, let decoded = Envelope.decode(response.body), !decoded.results.isEmpty else {
                gaps += 1
                continue
            }
            gaps = 0
            results += decoded.results
        }
        return results
    }
}

@Suite("gzip")
struct GzipTests {
    @Test func aServerThatCompressesNothingSendsEveryAnswerAsItIs() async throws {
        var configuration = ServerConfiguration()
        configuration.compressesAnswers = false
        try await PuppyServerFixture.withServer(configuration: configuration) { server in
            for target in ["/api/?i=garlic", "/api/?have=eggs,milk", "/recipes/shakshuka", "/"] {
                let zipped = try fetch(server, target, headers: [("Accept-Encoding", "gzip")])
                let plain = try fetch(server, target)
                #expect(zipped.status == 200, "\(target)")
                #expect(zipped.header("Content-Encoding") == nil, "\(target)")
                #expect(zipped.body == plain.body, "\(target)")
            }
        }
    }

    @Test func aClientThatAcceptsGzipGetsTheSameBytesCompressed() async throws {
        try await PuppyServerFixture.withServer { server in
            for target in ["/api/?i=garlic", "/api/?i=garlic&callback=cb", "/api/?i=garlic&format=xml", "/recipes/shakshuka", "/",
                           "/api/?i=garlic&p=99"] {
                let plain = try fetch(server, target)
                let zipped = try fetch(server, target, headers: [("Accept-Encoding", "gzip, deflate, br")])
                #expect(plain.header("Content-Encoding") == nil, "\(target)")
                #expect(plain.header("Vary") == "Accept-Encoding", "\(target)")
                #expect(zipped.header("Content-Encoding") == "gzip", "\(target)")
                #expect(zipped.header("Vary") == "Accept-Encoding", "\(target)")
                #expect(zipped.status == plain.status)
                #expect(gunzip(zipped.body) == plain.body, "\(target)")
                #expect(target.contains("p=99") || zipped.body.count < plain.body.count, "\(target)")
                let head = try fetch(server, target, method: "HEAD", headers: [("Accept-Encoding", "gzip")])
                #expect(head.header("Content-Length") == String(zipped.body.count), "\(target)")
            }
            // JSONP under a new name each time, as jQuery asks: the JSON in the middle is compressed once.
            for number in 0..<5 {
                let target = "/api/?i=garlic&p=2&callback=jQuery3600_170000000000\(number)"
                let plain = try fetch(server, target)
                let zipped = try fetch(server, target, headers: [("Accept-Encoding", "gzip")])
                #expect(zipped.header("Content-Encoding") == "gzip")
                #expect(gunzip(zipped.body) == plain.body, "\(target)")
                #expect(zipped.body.count < plain.body.count)
            }
            // Pictures are compressed already.
            let picture = try fetch(server, "/pictures/shakshuka.jpg", headers: [("Accept-Encoding", "gzip")])
            #expect(picture.header("Content-Encoding") == nil && picture.body.starts(with: [0xFF, 0xD8, 0xFF]))
            // Refused, or not offered: the plain bytes.
            for refusal in ["gzip;q=0", "identity", "br", "*;q=0", "gzip;q=0, *"] {
                let response = try fetch(server, "/api/?i=garlic", headers: [("Accept-Encoding", refusal)])
                #expect(response.header("Content-Encoding") == nil, "\(refusal)")
            }
        }
    }

    @Test(arguments: [
        (["gzip"], true), (["GZIP"], true), (["x-gzip"], true), (["deflate, gzip;q=1.0"], true), (["gzip;q=0.001"], true),
        (["*"], true), (["br;q=1, *;q=0.1"], true), (["gzip ; q = 0.5"], true), (["identity", "gzip"], true),
        ([], false), ([""], false), (["gzip;q=0"], false), (["gzip;q=0.000"], false), (["*;q=0"], false),
        (["gzip;q=0, *;q=1"], false), (["*, gzip;q=0"], false), (["identity"], false), (["deflate, br"], false),
        (["gzip;q=1.5"], false), (["gzip;q=2"], false), (["gzip;q=0.5000"], false), (["gzip;q=-1"], false), (["gzip;q="], false),
        (["gzip;level=9"], false), (["gz ip"], false), (["gzip;q=0.5;q=0"], false), ([",,,gzip,,,"], true),
        (["gzip\u{0}"], false), (["\"gzip\""], false), ([String(repeating: "br, ", count: 100) + "gzip"], false),
    ])
    func acceptEncodingIsReadAsAWeightedList(values: [String], allowsGzip: Bool) {
        #expect(AcceptEncoding.allowsGzip(values) == allowsGzip, "\(values)")
    }

    @Test func everyByteValueInACodingNameCountsOnlyWhenItIsATokenByte() {
        for value in 0...255 {
            let byte = UInt8(value)
            let element = "gz" + String(decoding: [byte], as: UTF8.self) + "ip"
            if RequestBytes.isToken(byte) {
                #expect(AcceptEncoding.parse(Substring(element).utf8) != nil, "byte \(value)")
            } else if byte != UInt8(ascii: ",") && byte != UInt8(ascii: ";") {
                #expect(AcceptEncoding.parse(Substring(element).utf8) == nil, "byte \(value)")
            }
            #expect(!AcceptEncoding.allowsGzip([element]) || byte == UInt8(ascii: ","), "byte \(value)")
        }
    }
}

@Suite("Ranking, q and quirks as an HTTP client sees them")
struct RankingOverHTTPTests {
    private func titles(_ response: RawHTTPConnection.Response) -> [String] {
        (Envelope.decode(response.body)?.results ?? []).map(\.title)
    }

    @Test func ingredientSearchesComeFewestOtherIngredientsFirstAndQReadsTheMethod() async throws {
        let recipes = [
            CatalogRecipe(id: "salad", title: "Chicken Salad", ingredients: ["chicken", "lettuce", "mayonnaise"], method: "Toss."),
            CatalogRecipe(id: "nuggets", title: "Nuggets", ingredients: ["chicken", "chicken"], method: "Fry like an omelette."),
            CatalogRecipe(id: "soup", title: "Chicken Soup", ingredients: ["chicken", "carrots"], method: "Simmer."),
            CatalogRecipe(id: "omelette", title: "Omelette", ingredients: ["eggs"], method: "Fold."),
        ]
        try await PuppyServerFixture.withServer(catalog: try Catalog(recipes: recipes)) { server in
            let chicken = try fetch(server, "/api/?i=chicken")
            let omelette = try fetch(server, "/api/?q=omelette")
            let everything = try fetch(server, "/api/?q=")
            #expect(titles(chicken) == ["Nuggets", "Chicken Soup", "Chicken Salad"])
            #expect(titles(omelette) == ["Omelette", "Nuggets"])
            #expect(titles(everything) == recipes.map(\.title))
        }
    }

    @Test func theRealErrorPageAndTrackingRepeatsComeOverHTTP() async throws {
        let catalog = try PuppyServerFixture.generatedCatalog(count: 300)
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: .init(quirks: [.errors, .tracking], seed: 4)) { server in
            var sawError = false
            var sawTracking = false
            for page in 1...30 {
                let response = try fetch(server, "/api/?q=&p=\(page)")
                if response.status == 500 {
                    sawError = true
                    #expect(response.text.contains("<title>404 File Not Found</title>"))
                } else if let results = Envelope.decode(response.body)?.results {
                    for result in results where result.href.hasSuffix("?cm_re=1-_-1-_-RecipeAlsoEnjoy") {
                        sawTracking = true
                        let path = String(result.href.dropFirst(server.baseURL.absoluteString.count))
                        let page = try fetch(server, path)
                        #expect(page.status == 200)
                    }
                }
            }
            #expect(sawError && sawTracking)
        }
    }
}

@Suite("The gzip encoder's bounds")
struct GzipEncoderTests {
    @Test func aBodyOverTheBoundGoesUncompressedAndTheKeptBodiesStayRightWhenTheyAreDropped() throws {
        let encoder = GzipEncoder()
        #expect(encoder.encode([UInt8](repeating: 65, count: GzipEncoder.maxInput + 1)) == nil)
        // Far more than the encoder keeps: every answer still inflates to its own body.
        let bodies = (0..<40).map { number in Array("page \(number) ".utf8) + [UInt8](repeating: UInt8(65 + number % 26), count: 200_000) }
        for round in 0..<2 {
            for body in bodies {
                #expect(try gunzip(#require(encoder.encode(body))) == body, "round \(round)")
            }
        }
        let json = Array(#"{"results":[]}"#.utf8)
        for name in ["a", "b", String(repeating: "c", count: 128)] {
            let wrapped = Array("/**/\(name)(".utf8) + json + Array(");".utf8)
            let encoded = try #require(encoder.encode(wrapped, prefixLength: 5 + name.utf8.count, suffixLength: 2))
            #expect(gunzip(encoded) == wrapped)
        }
        #expect(encoder.encode(json, prefixLength: 10, suffixLength: 10) == nil)
    }
}
