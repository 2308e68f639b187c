/// Routes a parsed request to its answer: `/api/`, `/recipes/{id}`, `/thumbnails/{id}.png`, `/`.
///
/// Ids only ever match catalog ids after percent-decoding one path segment, so `../`, `%2e%2e`,
/// encoded slashes and absolute-form targets reach nothing but 404 or 400.
final class SiteResponder: Sendable {
    /// What the connection needs besides the response itself.
    struct Routed: Sendable {
        var response: HTTPResponse
        /// Whether this was an `/api/` request (counted, and in flight until answered).
        var isAPI: Bool
        /// The normalized page asked for, when the query was valid.
        var query: APIQuery?
    }

    private enum Route {
        case index
        case api(query: Substring)
        case recipe(Int)
        case thumbnail(Int)
        case notFound
        case badRequest
    }

    private let recipes: [CatalogRecipe]
    private let index: SearchIndex
    private let api: APIResponder
    private let indexPage: [UInt8]
    private let pages = Locked<[Int: [UInt8]]>([:])
    private let thumbnails = Locked<[Int: [UInt8]]>([:])
    private static let maxCachedBodies = 4096
    private static let allowed = [HTTPHeader(name: "Allow", value: "GET, HEAD")]
    private static let cacheable = [HTTPHeader(name: "Cache-Control", value: "public, max-age=86400")]

    init(recipes: [CatalogRecipe], index: SearchIndex, urls: SiteURLs, seed: UInt64, quirks: Set<Quirk>) {
        self.recipes = recipes
        self.index = index
        api = APIResponder(recipes: recipes, index: index, urls: urls, seed: seed, quirks: quirks)
        indexPage = HTMLPages.index(recipeCount: recipes.count, examples: Array(recipes.prefix(12)))
    }

    func respond(to request: HTTPRequest) -> Routed {
        guard let target = RequestTarget(request.target) else {
            return Routed(response: .plain(.badRequest, "400 Bad Request: unusable request target"), isAPI: false)
        }
        let route = route(target)
        if case .notFound = route {
            return Routed(response: notFound, isAPI: false)
        }
        if case .badRequest = route {
            return Routed(response: .plain(.badRequest, "400 Bad Request: badly encoded path"), isAPI: false)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return Routed(response: HTTPResponse(
                status: .methodNotAllowed,
                contentType: "text/plain; charset=utf-8",
                headers: Self.allowed,
                body: Array("405 Method Not Allowed: use GET or HEAD\n".utf8)
            ), isAPI: false)
        }

        switch route {
        case .index:
            return Routed(response: HTTPResponse(status: .ok, contentType: "text/html; charset=utf-8", body: indexPage), isAPI: false)
        case .api(let rawQuery):
            guard let query = APIQuery.parse(rawQuery) else {
                return Routed(
                    response: .plain(.badRequest, "400 Bad Request: p must be a positive integer, parameters percent-encoded UTF-8"),
                    isAPI: true
                )
            }
            return Routed(response: api.respond(to: query), isAPI: true, query: query)
        case .recipe(let position):
            let body = cached(position, in: pages) { HTMLPages.recipe(recipes[position]) }
            return Routed(
                response: HTTPResponse(status: .ok, contentType: "text/html; charset=utf-8", headers: Self.cacheable, body: body),
                isAPI: false
            )
        case .thumbnail(let position):
            let recipe = recipes[position]
            let body = cached(position, in: thumbnails) { ThumbnailRenderer.png(id: recipe.id, cuisine: recipe.cuisine) }
            return Routed(
                response: HTTPResponse(status: .ok, contentType: "image/png", headers: Self.cacheable, body: body),
                isAPI: false
            )
        case .notFound, .badRequest:
            return Routed(response: notFound, isAPI: false)
        }
    }

    private var notFound: HTTPResponse {
        HTTPResponse(status: .notFound, contentType: "text/html; charset=utf-8", body: HTMLPages.notFound())
    }

    private func route(_ target: RequestTarget) -> Route {
        let path = target.path
        switch path {
        case "/": return .index
        case "/api", "/api/": return .api(query: target.query)
        default: break
        }
        if path.hasPrefix("/recipes/") {
            var segment = path.dropFirst("/recipes/".count)
            if segment.hasSuffix("/") { segment = segment.dropLast() }
            return lookUp(segment)
        }
        if path.hasPrefix("/thumbnails/"), path.hasSuffix(".png") {
            let route = lookUp(path.dropFirst("/thumbnails/".count).dropLast(".png".count))
            if case .recipe(let position) = route { return .thumbnail(position) }
            return route
        }
        return .notFound
    }

    /// One raw path segment to a catalog position: decoded, then compared with ids, nothing else.
    private func lookUp(_ segment: Substring) -> Route {
        guard !segment.isEmpty, !segment.contains("/") else { return .notFound }
        guard let id = PercentDecoding.decode(segment, plusIsSpace: false) else { return .badRequest }
        guard let position = index.position(ofID: id) else { return .notFound }
        return .recipe(position)
    }

    private func cached(_ position: Int, in cache: Locked<[Int: [UInt8]]>, make: () -> [UInt8]) -> [UInt8] {
        if let body = cache.withLock({ $0[position] }) { return body }
        let body = make()
        cache.withLock { bodies in
            if bodies.count >= Self.maxCachedBodies { bodies.removeAll(keepingCapacity: true) }
            bodies[position] = body
        }
        return body
    }
}
