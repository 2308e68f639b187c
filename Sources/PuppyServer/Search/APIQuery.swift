/// An `/api/` request's parameters, normalized: ingredient names (trimmed, lower-case, sorted, unique),
/// title words (folded, sorted, unique) and the page.
struct APIQuery: Hashable, Sendable {
    var search: SearchKey
    var page: Int

    /// What identifies a result list, whatever page of it is asked for.
    struct SearchKey: Hashable, Sendable {
        var ingredients: [String]
        var words: [String]

        init(ingredients rawIngredients: String, query rawQuery: String) {
            let names = rawIngredients.split(separator: ",").map { IngredientName.normalize(String($0)) }.filter { !$0.isEmpty }
            ingredients = names.count <= 1 ? names : Set(names).sorted()
            let folded = rawQuery.isEmpty ? [] : TitleWords.words(rawQuery)
            words = folded.count <= 1 ? folded : Set(folded).sorted()
        }

        /// A stable text form, the input of every quirk decision for this list.
        var text: String { ingredients.joined(separator: ",") + "|" + words.joined(separator: " ") }
    }

    init(ingredients: String, query: String, page: Int) {
        search = SearchKey(ingredients: ingredients, query: query)
        self.page = page
    }

    private static let parameterNames: Set<String> = ["i", "q", "p"]

    /// Parses the raw query string; nil when it is badly encoded or `p` is not a positive integer.
    /// A missing or empty `p` is page 1; absurdly large pages saturate (they are far past any end).
    static func parse(_ rawQuery: Substring) -> APIQuery? {
        guard let parameters = PercentDecoding.queryParameters(rawQuery, named: parameterNames) else { return nil }
        var page = 1
        if let rawPage = parameters["p"], !rawPage.isEmpty {
            guard rawPage.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            let digits = rawPage.drop { $0 == "0" }
            guard !digits.isEmpty else { return nil }
            page = digits.count > 18 ? Int.max : Int(digits) ?? Int.max
        }
        return APIQuery(ingredients: parameters["i"] ?? "", query: parameters["q"] ?? "", page: page)
    }
}

/// One API page as the statistics count it: normalized `i`, `q` and `p`.
public struct APIPageKey: Hashable, Sendable, CustomStringConvertible {
    /// Normalized ingredient names, sorted and joined with ",".
    public let ingredients: String
    /// Normalized title words, sorted and joined with " ".
    public let query: String
    public let page: Int

    /// Normalizes raw `i` and `q` values the way the server does, so tests can look pages up.
    public init(ingredients: String = "", query: String = "", page: Int = 1) {
        self.init(APIQuery(ingredients: ingredients, query: query, page: page))
    }

    init(_ query: APIQuery) {
        ingredients = query.search.ingredients.joined(separator: ",")
        self.query = query.search.words.joined(separator: " ")
        page = query.page
    }

    public var description: String { "i=\(ingredients)&q=\(query)&p=\(page)" }
}
