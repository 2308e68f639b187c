import PuppyCatalog
/// Routes a parsed request to its answer: `/api/`, `/recipes/{id}`, `/pictures/{id}.jpg` and
/// `/thumbnails/{id}.jpg` (recipes whose photo the server holds; `.png` or `.webp` by its kind), `/`.
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
    private let pictures: RecipePictures
    private let pantryRequests = PantryRequests()
    private let preflight: [HTTPHeader]
    private static let allowed = [HTTPHeader(name: "Allow", value: "GET, HEAD, OPTIONS")]
    private static let cacheable = [HTTPHeader(name: "Cache-Control", value: "public, max-age=86400")]

    init(recipes: [CatalogRecipe], photos: CatalogPhotos = .none, index: CatalogIndex, urls: SiteURLs, seed: UInt64, quirks: Set<Quirk>,
         cors: CORSPolicy = .anyOrigin, answersHave: Bool = true) {
        self.recipes = recipes
        preflight = Self.allowed + cors.preflightHeaders
        self.index = index
        self.urls = urls
        let pictures = RecipePictures(recipes: recipes, photos: photos, urls: urls)
        self.pictures = pictures
        api = APIResponder(recipes: recipes, index: index, urls: urls, thumbnails: { pictures.thumbnailURL(at: $0) }, seed: seed, quirks: quirks,
                           answersHave: answersHave)
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
            switch APIQuery.parse(rawQuery, pantry: pantryRequests.request) {
            case .success(let query):
                return RoutedResponse(response: api.respond(to: query), isAPI: true, query: query)
            case .failure(let problem):
                return RoutedResponse(response: .plain(.badRequest, problem.message), isAPI: true)
            }
        case .recipe(let position):
            let picture = pictures.pictureURL(at: position)
            let body = pages.body(for: position) { RecipePageHTML.html(recipe: recipes[position], picture: picture, urls: urls) }
            return RoutedResponse(response: html(body), isAPI: false)
        case .picture(let position):
            guard let photo = pictures.picture(at: position) else { return RoutedResponse(response: notFound, isAPI: false) }
            return RoutedResponse(response: image(photo), isAPI: false)
        case .thumbnail(let position):
            guard let photo = pictures.thumbnail(at: position) else { return RoutedResponse(response: notFound, isAPI: false) }
            return RoutedResponse(response: image(photo), isAPI: false)
        case .notFound, .badRequest:
            return RoutedResponse(response: notFound, isAPI: false)
        }
    }

    private func html(_ body: [UInt8]) -> ServerResponse {
        ServerResponse(status: .ok, contentType: "text/html; charset=utf-8", headers: Self.cacheable, body: body)
    }

    /// A photo the process holds in a file (the bundled cookbook's) is sent from it with sendfile(2);
    /// any other from memory.
    private func image(_ photo: CatalogPhotos.Photo) -> ServerResponse {
        guard let file = photo.file else {
            return ServerResponse(status: .ok, contentType: photo.contentType, headers: Self.cacheable, body: photo.bytes)
        }
        var response = ServerResponse(status: .ok, contentType: photo.contentType, headers: Self.cacheable, body: [])
        response.file = FileBody(descriptor: file.descriptor, offset: file.offset, count: file.count)
        return response
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
        for (folder, route) in [("/thumbnails/", Route.thumbnail), ("/pictures/", Route.picture)] where path.hasPrefix(folder) {
            let name = path.dropFirst(folder.count)
            guard let dot = name.lastIndex(of: "."), ["jpg", "png", "webp"].contains(name[name.index(after: dot)...]) else { return .notFound }
            return lookUp(name[..<dot]).mapped(to: route)
        }
        return .notFound
    }

    /// One raw path segment to a catalog position: decoded, then compared with ids, nothing else.
    private func lookUp(_ segment: Substring) -> Route {
        // A Character, not a String: Foundation's substring search would cost more than the rest of the route.
        guard !segment.isEmpty, !segment.contains(Character("/")) else { return .notFound }
        guard let id = PercentDecoding.decode(segment, plusIsSpace: false) else { return .badRequest }
        guard let position = index.index.position(ofID: id) else { return .notFound }
        return .recipe(position)
    }
}
