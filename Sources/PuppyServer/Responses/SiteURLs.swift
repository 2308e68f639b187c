import Foundation

/// The absolute URLs the server hands out: `{origin}/recipes/{id}`, `{origin}/thumbnails/{id}.jpg` and
/// `{origin}/pictures/{id}.jpg` (`.png` or `.webp` for photos of those kinds),
/// where the origin is the public URL if one was given, else the address the server is bound to.
struct SiteURLs: Sendable {
    /// Without a trailing slash: `http://127.0.0.1:8080`.
    let origin: String
    /// The same origin written differently but equivalently: `HTTP://HOST:80`.
    let upperCaseOrigin: String

    init(origin url: URL) {
        var origin = url.absoluteString
        while origin.hasSuffix("/") { origin.removeLast() }
        self.origin = origin

        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let scheme = components?.scheme?.lowercased() ?? "http"
        var host = components?.percentEncodedHost ?? "localhost"
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        let port = components?.port ?? (scheme == "https" ? 443 : 80)
        var path = components?.percentEncodedPath ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        upperCaseOrigin = "\(scheme.uppercased())://\(host.uppercased()):\(port)\(path)"
    }

    var home: String { origin + "/" }

    func recipe(_ id: String) -> String { "\(origin)/recipes/\(id)" }

    func thumbnail(_ id: String, type: String) -> String {
        "\(origin)/thumbnails/\(id).\(RecipePictures.fileExtension(type))"
    }

    /// The full-size picture a recipe page shows.
    func picture(_ id: String, type: String) -> String {
        "\(origin)/pictures/\(id).\(RecipePictures.fileExtension(type))"
    }

    func recipe(_ id: String, variant: PageLayout.HrefVariant) -> String {
        switch variant {
        case .same: return recipe(id)
        case .trailingSlash: return recipe(id) + "/"
        case .upperCaseOrigin: return "\(upperCaseOrigin)/recipes/\(id)"
        case .tracking: return recipe(id) + "?cm_re=1-_-1-_-RecipeAlsoEnjoy"
        }
    }
}
