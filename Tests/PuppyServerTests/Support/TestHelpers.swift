@testable import PuppyCatalog
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import PuppyServer

/// A result object of an envelope, as a client would read it.
struct EnvelopeResult: Hashable {
    var title: String
    var href: String
    var ingredients: String
    var thumbnail: String
}

/// One API page as a client sees it.
enum PageOutcome: Equatable {
    case results([EnvelopeResult])
    case serverError
    case malformed

    var isTrouble: Bool {
        if case .results(let results) = self { return results.isEmpty }
        return true
    }
}

enum Envelope {
    /// Decodes a 200 body; nil when it is not the RecipePuppy envelope.
    static func decode(_ body: [UInt8]) -> (href: String, results: [EnvelopeResult])? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
              object["title"] as? String == "Recipe Puppy",
              let href = object["href"] as? String,
              let results = object["results"] as? [[String: Any]]
        else { return nil }
        let decoded = results.compactMap { result -> EnvelopeResult? in
            guard let title = result["title"] as? String, let href = result["href"] as? String,
                  let ingredients = result["ingredients"] as? String, let thumbnail = result["thumbnail"] as? String
            else { return nil }
            return EnvelopeResult(title: title, href: href, ingredients: ingredients, thumbnail: thumbnail)
        }
        guard decoded.count == results.count else { return nil }
        return (href, decoded)
    }

    static func outcome(_ response: ServerResponse) -> PageOutcome {
        guard response.status.code == 200 else { return .serverError }
        guard let decoded = decode(response.body) else { return .malformed }
        return .results(decoded.results)
    }
}

/// Identity of a recipe href the way a client normalizes it: lower-case scheme and host, no default
/// port, no trailing slash.
func normalizedHref(_ href: String) -> String {
    guard var components = URLComponents(string: href) else { return href }
    components.scheme = components.scheme?.lowercased()
    components.host = components.host?.lowercased()
    if components.port == 80, components.scheme == "http" { components.port = nil }
    while components.path.hasSuffix("/") { components.path.removeLast() }
    return components.string ?? href
}

/// Decodes the entities the server may put in titles: numeric (decimal, hex) and named.
func decodeEntities(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
        result += rest[..<ampersand]
        let afterAmpersand = rest[rest.index(after: ampersand)...]
        guard let semicolon = afterAmpersand.prefix(12).firstIndex(of: ";") else {
            result += "&"
            rest = afterAmpersand
            continue
        }
        let name = String(afterAmpersand[..<semicolon])
        var scalar: Unicode.Scalar?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if name.hasPrefix("#") {
            scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
        } else {
            scalar = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][name]
                ?? TitleQuirks.namedEntities.first { $0.value == name }.flatMap { Unicode.Scalar($0.key) }
        }
        if let scalar {
            result.unicodeScalars.append(scalar)
        } else {
            result += "&" + name + ";"
        }
        rest = afterAmpersand[afterAmpersand.index(after: semicolon)...]
    }
    return result + rest
}

/// A title as a client cleans it: entities decoded, whitespace trimmed and collapsed.
func cleanTitle(_ title: String) -> String {
    decodeEntities(title).split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

/// An in-process responder: the server's answers without sockets.
func makeResponder(
    _ catalog: Catalog,
    quirks: Set<Quirk> = [],
    seed: UInt64 = 1,
    origin: String = "http://recipes.test"
) -> SiteResponder {
    SiteResponder(
        recipes: catalog.recipes,
        photos: catalog.photos,
        index: CatalogIndex(SearchIndex(recipes: catalog.recipes), recipes: catalog.recipes),
        urls: SiteURLs(origin: URL(string: origin) ?? URL(fileURLWithPath: "/")),
        seed: seed,
        quirks: quirks
    )
}

extension SiteResponder {
    func get(_ target: String, method: String = "GET") -> ServerResponse {
        respond(to: HTTPRequest(
            method: method, target: target, version: .http1_1,
            headers: [HTTPHeader(name: "Host", value: "recipes.test")], body: [], keepAlive: true
        )).response
    }

    func page(_ query: String, _ page: Int) -> PageOutcome {
        Envelope.outcome(get("/api/?\(query)&p=\(page)"))
    }

    /// Walks pages from 1 as a client does, skipping trouble pages, until `gapLimit` in a row.
    func walk(_ query: String, gapLimit: Int = 3, maxPages: Int = 2_000) -> (pages: [PageOutcome], results: [EnvelopeResult]) {
        var pages: [PageOutcome] = []
        var results: [EnvelopeResult] = []
        var gapsInARow = 0
        for number in 1...maxPages {
            let outcome = page(query, number)
            pages.append(outcome)
            if outcome.isTrouble {
                gapsInARow += 1
                if gapsInARow == gapLimit { break }
            } else {
                gapsInARow = 0
                if case .results(let found) = outcome { results += found }
            }
        }
        return (pages, results)
    }
}

/// HTTP over URLSession against a running server.
enum Client {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        configuration.httpMaximumConnectionsPerHost = 8
        return URLSession(configuration: configuration)
    }()

    static func get(_ url: URL) async throws -> (body: Data, response: HTTPURLResponse) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(from: url)
        } catch let error as URLError where [.badServerResponse, .networkConnectionLost].contains(error.code) {
            // A kept-alive connection the server closed as idle while this GET went out on it ("Empty reply
            // from server", after a long pause on a machine busy with every other suite): asked again on a
            // new one, as HTTP lets a client do with a request that changes nothing.
            (data, response) = try await session.data(from: url)
        }
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
    }

    static func api(_ server: PuppyServer, _ query: String) async throws -> (body: Data, response: HTTPURLResponse) {
        guard let url = URL(string: server.apiURL.absoluteString + "?" + query) else { throw URLError(.badURL) }
        return try await get(url)
    }
}
