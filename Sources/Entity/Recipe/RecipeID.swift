/// The identity of a recipe: its normalized href.
///
/// Scheme and host are lower-cased, the default port (80 for http, 443 for https) and a trailing slash
/// on the path are dropped, and a fragment is ignored. The query is kept as sent: two hrefs that differ
/// in their query name two different pages.
public struct RecipeID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(href: String) {
        rawValue = RecipeID.normalize(href)
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: RecipeID, rhs: RecipeID) -> Bool { lhs.rawValue < rhs.rawValue }

    static func normalize(_ href: String) -> String {
        let trimmed = TextCleanup.collapseWhitespace(href)
        guard let schemeEnd = trimmed.firstRange(of: "://") else { return trimmed }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        var rest = trimmed[schemeEnd.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd].lowercased()
        if let defaultPort = ["http": ":80", "https": ":443"][scheme], authority.hasSuffix(defaultPort) {
            authority.removeLast(defaultPort.count)
        }
        let pathAndQuery = rest[authorityEnd...]
        let queryStart = pathAndQuery.firstIndex(of: "?") ?? pathAndQuery.endIndex
        var path = String(pathAndQuery[..<queryStart])
        while path.hasSuffix("/") { path.removeLast() }
        return scheme + "://" + authority + path + pathAndQuery[queryStart...]
    }
}
