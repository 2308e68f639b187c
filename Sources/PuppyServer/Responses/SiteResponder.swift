/// Routes a parsed request to its answer: `/api/`, `/recipes/{id}`, `/pictures/{id}.png`,
/// `/thumbnails/{id}.png`, `/videos/{id}` (recipes with a video only), `/`.
///
/// Ids only ever match catalog ids after percent-decoding one path segment, so `../`, `%2e%2e`,
/// encoded slashes and absolute-form targets reach nothing but 404 or 400. Pages and pictures are
/// made on the first request for them and kept in bounded caches; nothing is rendered in advance.
final class SiteResponder: Responder {
    private enum Route {
        case index
        case api(query: Substring)
        case recipe(Int)
        case picture(Int)
        case thumbnail(Int)
        case video(Int)
        case notFound
        case badRequest

        /// A found recipe as another of its routes; anything else unchanged.
        func mapped(to route: (Int) -> Route) -> Route {
            if case .recipe(let position) = self { return route(position) }
            return self
        }
    }

    private let recipes: [CatalogRecipe]
    private let index: CatalogIndex
    private let urls: SiteURLs
    private let api: APIResponder
    private let indexPage: [UInt8]
    private let pages = BodyCache(maxBytes: 16 << 20)
    private let pictures = BodyCache(maxBytes: 24 << 20)
    private let thumbnails = BodyCache(maxBytes: 8 << 20)
    private let preflight: [HTTPHeader]
    private static let allowed = [HTTPHeader(name: "Allow", value: "GET, HEAD, OPTIONS")]
    private static let cacheable = [HTTPHeader(name: "Cache-Control", value: "public, max-age=86400")]

    init(recipes: [CatalogRecipe], index: CatalogIndex, urls: SiteURLs, seed: UInt64, quirks: Set<Quirk>, cors: CORSPolicy = .anyOrigin,
         answersHave: Bool = true) {
        self.recipes = recipes
        preflight = Self.allowed + cors.preflightHeaders
        self.index = index
        self.urls = urls
        api = APIResponder(recipes: recipes, index: index, urls: urls, seed: seed, quirks: quirks, answersHave: answersHave)
        indexPage = HTMLPages.index(recipeCount: recipes.count, examples: Array(recipes.prefix(12)))
    }

    func respond(to request: HTTPRequest) -> RoutedResponse {
        guard let target = RequestTarget(request.target) else {
            return RoutedResponse(response: .plain(.badRequest, "400 Bad Request: unusable request target"), isAPI: false)
        }
        let route = route(target)
        if case .notFound = route {
            return RoutedResponse(response: notFound, isAPI: false)
        }
        if case .badRequest = route {
            return RoutedResponse(response: .plain(.badRequest, "400 Bad Request: badly encoded path"), isAPI: false)
        }
        if request.method == "OPTIONS" {
            // A browser's preflight before reading from another origin (the origin header itself is on
            // every answer), or a plain question about the methods.
            return RoutedResponse(response: ServerResponse(status: .noContent, contentType: nil, headers: preflight, body: []), isAPI: false)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return RoutedResponse(response: ServerResponse(
                status: .methodNotAllowed,
                contentType: "text/plain; charset=utf-8",
                headers: Self.allowed,
                body: Array("405 Method Not Allowed: use GET or HEAD\n".utf8)
            ), isAPI: false)
        }

        switch route {
        case .index:
            return RoutedResponse(response: ServerResponse(status: .ok, contentType: "text/html; charset=utf-8", body: indexPage), isAPI: false)
        case .api(let rawQuery):
            switch APIQuery.parse(rawQuery) {
            case .success(let query):
                return RoutedResponse(response: api.respond(to: query), isAPI: true, query: query)
            case .failure(let problem):
                return RoutedResponse(response: .plain(.badRequest, problem.message), isAPI: true)
            }
        case .recipe(let position):
            let body = pages.body(for: position) { RecipePageHTML.html(recipe: recipes[position], urls: urls) }
            return RoutedResponse(response: html(body), isAPI: false)
        case .video(let position):
            let body = pages.body(for: -1 - position) { VideoPage.html(recipe: recipes[position], urls: urls) }
            return RoutedResponse(response: html(body), isAPI: false)
        case .picture(let position):
            let body = pictures.body(for: position) { Self.png(recipes[position], PictureSizes.picture) }
            return RoutedResponse(response: png(body), isAPI: false)
        case .thumbnail(let position):
            let body = thumbnails.body(for: position) { Self.png(recipes[position], PictureSizes.thumbnail) }
            return RoutedResponse(response: png(body), isAPI: false)
        case .notFound, .badRequest:
            return RoutedResponse(response: notFound, isAPI: false)
        }
    }

    /// A recipe's picture at one size: the same drawing at every size.
    static func png(_ recipe: CatalogRecipe, _ size: (width: Int, height: Int)) -> [UInt8] {
        PNGEncoder.encode(DishPainter.paint(DishLook(recipe: recipe), width: size.width, height: size.height))
    }

    private func html(_ body: [UInt8]) -> ServerResponse {
        ServerResponse(status: .ok, contentType: "text/html; charset=utf-8", headers: Self.cacheable, body: body)
    }

    private func png(_ body: [UInt8]) -> ServerResponse {
        ServerResponse(status: .ok, contentType: "image/png", headers: Self.cacheable, body: body)
    }

    private var notFound: ServerResponse {
        ServerResponse(status: .notFound, contentType: "text/html; charset=utf-8", body: HTMLPages.notFound())
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
            return lookUp(path.dropFirst("/thumbnails/".count).dropLast(".png".count)).mapped(to: Route.thumbnail)
        }
        if path.hasPrefix("/pictures/"), path.hasSuffix(".png") {
            return lookUp(path.dropFirst("/pictures/".count).dropLast(".png".count)).mapped(to: Route.picture)
        }
        if path.hasPrefix("/videos/") {
            let route = lookUp(path.dropFirst("/videos/".count))
            if case .recipe(let position) = route, !RecipeFacts(recipe: recipes[position]).hasVideo { return .notFound }
            return route.mapped(to: Route.video)
        }
        return .notFound
    }

    /// One raw path segment to a catalog position: decoded, then compared with ids, nothing else.
    private func lookUp(_ segment: Substring) -> Route {
        guard !segment.isEmpty, !segment.contains("/") else { return .notFound }
        guard let id = PercentDecoding.decode(segment, plusIsSpace: false) else { return .badRequest }
        guard let position = index.index.position(ofID: id) else { return .notFound }
        return .recipe(position)
    }
}
