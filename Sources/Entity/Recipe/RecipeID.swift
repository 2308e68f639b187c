import TextSafety

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

    /// An identity that is already normalized, as RecipeBook stored it.
    public init(normalized: String) {
        rawValue = normalized
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

    /// The page this identity names, with the query's tracking parameters left out (`utm_source`,
    /// `cm_re`, `fbclid` …: they say where a link was followed from, never which page it leads to).
    /// A results page that lists one recipe twice, once with such a parameter, lists one page: a
    /// listing shows it once. The identity itself keeps the query as sent, so what was stored under
    /// it is found again.
    public var page: String {
        guard let queryStart = rawValue.firstIndex(of: "?") else { return rawValue }
        let kept = rawValue[rawValue.index(after: queryStart)...].split(separator: "&", omittingEmptySubsequences: false)
            .filter { !RecipeID.isTracking(parameter: $0) }
        return String(rawValue[..<queryStart]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }

    /// Parameters that only say where a link was followed from.
    private static let trackingNames: Set<String> = [
        "cm_re", "cm_mmc", "cm_sp", "cm_ven", "cm_cat", "cm_pla", "cm_ite", "fbclid", "gclid", "dclid",
        "msclkid", "yclid", "mc_cid", "mc_eid", "igshid", "_ga", "_gl",
    ]

    private static func isTracking(parameter: Substring) -> Bool {
        let name = (parameter.firstIndex(of: "=").map { parameter[..<$0] } ?? parameter).lowercased()
        return name.hasPrefix("utm_") || trackingNames.contains(name)
    }

    static func normalize(_ href: String) -> String {
        if isNormalizedPlainAddress(href) { return href }
        return normalizeByParts(href)
    }

    /// Whether `href` is an address `normalizeByParts` gives back as it is, decided from its bytes (nearly
    /// every href a server sends): printable ASCII without spaces, `http://` or `https://`, a host of
    /// lower-case letters, digits, dots and dashes (no port), then a path with no fragment or query that
    /// does not end in a slash.
    static func isNormalizedPlainAddress(_ href: String) -> Bool {
        var bytes = href.utf8.makeIterator()
        for expected in "http".utf8 where bytes.next() != expected { return false }
        var next = bytes.next()
        if next == UInt8(ascii: "s") { next = bytes.next() }
        guard next == UInt8(ascii: ":"), bytes.next() == UInt8(ascii: "/"), bytes.next() == UInt8(ascii: "/") else { return false }
        var last = UInt8(ascii: "/")
        var inHost = true
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"):
                break
            case UInt8(ascii: "/"):
                inHost = false
            case UInt8(ascii: "#"), UInt8(ascii: "?"):
                return false
            case 0x21...0x7E:
                if inHost { return false }
            default:
                return false
            }
            last = byte
        }
        return last != UInt8(ascii: "/")
    }

    /// Normalizes any href, part by part.
    static func normalizeByParts(_ href: String) -> String {
        let trimmed = TextCleanup.collapseWhitespace(href)
        guard let schemeEnd = trimmed.firstRange(of: "://") else { return trimmed }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        var rest = trimmed[schemeEnd.upperBound...]
        // Whatever is cut from the end (fragment, ports, slashes) takes the whitespace before it along,
        // and the authority never ends in whitespace, so the result is as collapsed as its input and
        // normalizing it again changes nothing.
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash].dropLast(while: isWhitespace) }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = Substring(rest[..<authorityEnd].lowercased()).dropLast(while: isWhitespace)
        if let defaultPort = ["http": ":80", "https": ":443"][scheme] {
            while authority.hasSuffix(defaultPort) {
                authority = authority.dropLast(defaultPort.count).dropLast(while: isWhitespace)
            }
        }
        let pathAndQuery = rest[authorityEnd...]
        let queryStart = pathAndQuery.firstIndex(of: "?") ?? pathAndQuery.endIndex
        let path = pathAndQuery[..<queryStart].dropLast(while: { $0 == "/" || isWhitespace($0) })
        return scheme + "://" + authority + path + pathAndQuery[queryStart...]
    }

    /// Whitespace by scalar, as `TextCleanup.collapseWhitespace` sees it: a prepended mark (U+0600 and
    /// its kind) makes one character of itself and the space after it, and that space is still cut.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }
}

private extension Substring {
    func dropLast(while predicate: (Unicode.Scalar) -> Bool) -> Substring {
        let scalars = unicodeScalars
        var end = scalars.endIndex
        while end > scalars.startIndex, predicate(scalars[scalars.index(before: end)]) {
            end = scalars.index(before: end)
        }
        return Substring(scalars[scalars.startIndex..<end])
    }
}

