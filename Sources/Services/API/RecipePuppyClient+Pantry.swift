public import Foundation
import Entity
public import ServiceSupport

extension RecipePuppyClient: PantryRankedSearching {
    /// `{api}?have=eggs,milk&missing=2&per=500&p=1` (`&strict=1` when strict): a server with the
    /// extension answers its recipes ranked for the names, as many a page as its answer says (`per`);
    /// one without answers as if nothing were asked (or with a 4xx), which `isRanked` false (or the
    /// error) tells. A server that ranks but knows no `per` answers 10 a page and says nothing of it.
    public func rankedPage(_ request: PantryRankRequest, number: Int) async throws(ServiceError) -> RankedPage {
        try await rankedPage(request, number: number, limit: nil)
    }

    public func rankedPage(_ request: PantryRankRequest, number: Int, within limit: Duration) async throws(ServiceError) -> RankedPage {
        try await rankedPage(request, number: number, limit: limit)
    }

    private func rankedPage(_ request: PantryRankRequest, number: Int, limit: Duration?) async throws(ServiceError) -> RankedPage {
        let url = try QueryBuilder.pantryURL(api: apiURL, request: request, page: number)
        let response = try await transport.get(url, accept: "application/json, text/javascript", timeout: limit)
        guard response.status == 200 else {
            throw .badStatus.with(status: response.status, detail: "HTTP \(response.status) for page \(number) of the pantry ranking")
        }
        let decoded = try EnvelopeDecoder.decode(response.body)
        return RankedPage(page: SearchPage(number: number, recipes: decoded.recipes, droppedCount: decoded.droppedCount),
                          isRanked: decoded.rankedForPantry, unknownNames: decoded.unknownPantryNames, pageSize: decoded.pantryPageSize)
    }
}

extension QueryBuilder {
    /// The most names a pantry ranking sends.
    public static let maxPantryNames = RequestLimits.maxPantryNames

    /// Results a page of a pantry ranking is asked for (`per=`): a bundled cookbook's whole ranking in
    /// one answer. Servers that do not know `per` ignore it.
    public static let pantryPageSize = 500

    /// `{api}?have=eggs,milk&missing=2&per=500&p=1`, values percent-encoded as `url(api:query:page:)` encodes them.
    public static func pantryURL(api: URL, request: PantryRankRequest, page: Int) throws(ServiceError) -> URL {
        let names = request.names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw .invalidQuery.with(detail: "name at least one ingredient you have, like: eggs, milk") }
        guard names.count <= maxPantryNames else {
            throw .invalidQuery.with(detail: "\(names.count) ingredients is too many; use at most \(maxPantryNames)")
        }
        if let long = names.first(where: { $0.count > maxIngredientLength }) {
            throw .invalidQuery.with(detail: "the ingredient \"\(long.prefix(20))…\" is longer than \(maxIngredientLength) characters")
        }
        guard page >= 1 else { throw .invalidQuery.with(detail: "page numbers start at 1") }
        var queryString = "have=\(names.map(encode).joined(separator: ","))&missing=\(max(0, request.maxMissing))&per=\(pantryPageSize)&p=\(page)"
        if request.strict { queryString += "&strict=1" }
        return try url(api: api, appending: queryString)
    }
}
