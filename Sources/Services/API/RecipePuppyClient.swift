public import Foundation
public import Entity
public import ServiceSupport
public import HTTPTransport

/// The RecipePuppy API over HTTP: one page per call. How many calls run at once is the caller's
/// business: the program reaches it only through `OneRequestAtATime`, its one owner.
public final class RecipePuppyClient: RecipeSearching {
    public let apiURL: URL
    let transport: HTTPTransport

    public init(apiURL: URL, transport: HTTPTransport) {
        self.apiURL = apiURL
        self.transport = transport
    }

    public func validate(_ query: SearchQuery) throws(ServiceError) {
        try QueryBuilder.validate(query)
    }

    public func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage {
        try await page(query, number: number, limit: nil)
    }

    public func page(_ query: SearchQuery, number: Int, within limit: Duration) async throws(ServiceError) -> SearchPage {
        try await page(query, number: number, limit: limit)
    }

    private func page(_ query: SearchQuery, number: Int, limit: Duration?) async throws(ServiceError) -> SearchPage {
        let url = try QueryBuilder.url(api: apiURL, query: query, page: number)
        let response = try await transport.get(url, accept: "application/json, text/javascript", timeout: limit)
        return try RecipePuppyClient.page(number: number, from: response)
    }

    /// Checks an answer and decodes it into a page.
    static func page(number: Int, from response: HTTPResponse) throws(ServiceError) -> SearchPage {
        guard response.status == 200 else {
            throw .badStatus.with(status: response.status, detail: "HTTP \(response.status) for page \(number)")
        }
        if let type = response.contentType, !acceptedTypes.contains(type) {
            throw .malformedBody.with(detail: "page \(number) came as \(type), not JSON")
        }
        let decoded = try EnvelopeDecoder.decode(response.body)
        return SearchPage(number: number, recipes: decoded.recipes, droppedCount: decoded.droppedCount,
                          unreadableCount: decoded.unreadableCount, matchesKinds: matchesKinds(response))
    }

    /// The header a server matching ingredient names by what they are (PuppyServer) sends with every API
    /// answer; a server without it is taken to match names only as written, as the real service did.
    public static let matchingField = "x-ingredient-matching"

    /// Whether the answer says its server matches names by what they are.
    static func matchesKinds(_ response: HTTPResponse) -> Bool {
        response.fields[matchingField]?.lowercased() == "kinds"
    }

    private static let acceptedTypes: Set<String> = [
        "application/json", "text/javascript", "application/javascript", "text/json", "text/plain",
        "application/x-javascript",
    ]
}
