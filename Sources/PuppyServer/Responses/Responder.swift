/// What answers the requests of a server's connections: `SiteResponder` once the catalog is loaded,
/// `UnavailableResponder` when it could not be.
protocol Responder: Sendable {
    func respond(to request: HTTPRequest) -> RoutedResponse
}

/// An answer and what the connection needs to know about it.
struct RoutedResponse: Sendable {
    var response: ServerResponse
    /// Whether this was an `/api/` request (counted, and in flight until answered).
    var isAPI: Bool
    /// The normalized page asked for, when the query was valid.
    var query: APIQuery?
}

/// Answers every request with 503 and the reason the catalog could not be loaded.
struct UnavailableResponder: Responder {
    let reason: String

    func respond(to request: HTTPRequest) -> RoutedResponse {
        RoutedResponse(
            response: .plain(.serviceUnavailable, "503 Service Unavailable: the recipe catalog could not be loaded (\(reason))"),
            isAPI: false
        )
    }
}
