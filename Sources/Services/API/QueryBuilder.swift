public import Foundation
public import Entity
public import ServiceSupport

/// Turns a search into a RecipePuppy request URL, refusing what should never be sent. A refusal says
/// what is wrong with the query; what to type instead is the Presenter's to say.
public enum QueryBuilder {
    /// Queries above these sizes are refused before any request.
    public static let maxIngredients = 20
    public static let maxIngredientLength = RequestLimits.maxIngredientLength
    public static let maxTitleLength = 200

    /// Checks a query before anything is sent.
    public static func validate(_ query: SearchQuery) throws(ServiceError) {
        if query.isEmpty {
            throw .invalidQuery.with(detail: "there is no ingredient or title word in it")
        }
        if query.ingredients.count > maxIngredients {
            throw .invalidQuery.with(detail: "it has \(query.ingredients.count) ingredients, more than the \(maxIngredients) a search takes")
        }
        if let long = query.ingredients.first(where: { $0.count > maxIngredientLength }) {
            throw .invalidQuery.with(detail: "the ingredient \"\(long.prefix(20))…\" is longer than \(maxIngredientLength) characters")
        }
        if query.title.count > maxTitleLength {
            throw .invalidQuery.with(detail: "the title words are longer than \(maxTitleLength) characters")
        }
    }

    /// `{api}?i=onions,hot%20sauce&q=omelet&p=2`: every value percent-encoded so that spaces, `&`, `+`,
    /// `#` and non-ASCII letters reach the server intact; commas separate ingredients.
    public static func url(api: URL, query: SearchQuery, page: Int) throws(ServiceError) -> URL {
        try validate(query)
        guard page >= 1 else { throw .invalidQuery.with(detail: "page numbers start at 1") }
        let ingredients = query.ingredients.map(encode).joined(separator: ",")
        return try url(api: api, appending: "i=\(ingredients)&q=\(encode(query.title))&p=\(page)")
    }

    /// `api` with `queryString` added to its query (after `?`, or `&` when it has one already), its
    /// fragment left out.
    static func url(api: URL, appending queryString: String) throws(ServiceError) -> URL {
        var base = api.absoluteString
        if let fragment = base.firstIndex(of: "#") { base = String(base[..<fragment]) }
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        guard let url = URL(string: base + separator + queryString) else {
            throw .invalidQuery.with(detail: "cannot build a request URL from \(api.absoluteString)")
        }
        return url
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    public static func encode(_ value: String) -> String {
        var encoded = ""
        for byte in value.utf8 {
            if unreserved.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    private static let unreserved: Set<UInt8> = Set(
        Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
            + Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + [UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~")]
    )
}
