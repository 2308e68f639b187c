import PuppyCatalog
/// An `/api/` request's parameters, normalized: ingredient names (trimmed, lower-case, sorted, unique),
/// title words (folded, sorted, unique), whether only results with a picture are wanted, the page, and
/// how the answer is written (JSON, JSON wrapped in a JSONP callback, or XML).
struct APIQuery: Hashable, Sendable {
    var search: SearchKey
    var page: Int
    var format = Format.json
    /// `callback=NAME`: the JSON is wrapped in `NAME(…);` (checked by `JSONPCallback`).
    var callback: String?

    enum Format: Hashable, Sendable {
        case json
        /// `format=xml`: `<recipes><recipe><title>…</title>…</recipe></recipes>`.
        case xml
    }

    /// What identifies a result list, whatever page of it is asked for.
    struct SearchKey: Hashable, Sendable {
        var ingredients: [String]
        var words: [String]
        /// `oi=1` or `onlyImages=1`: only results with a thumbnail.
        var onlyImages = false
        /// `have=…`: the results ranked by how few ingredients these names lack (see `PantryRequest`).
        var pantry: PantryRequest?
        /// Results a page holds: 10, as RecipePuppy's pages, but for a `have=` list asked with `per=N`.
        var pageSize = PageLayout.pageSize

        /// Set when an ingredient name is longer than `maxNameBytes`: no recipe has it, so the list is empty.
        var nameTooLong = false

        /// A longer ingredient name is no catalog's (names are a few words); it is never folded, so a search
        /// of many kilobytes costs no more than its bytes' reading.
        static let maxNameBytes = 256

        init(ingredients rawIngredients: String, query rawQuery: String, onlyImages: Bool = false, pantry: PantryRequest? = nil) {
            // Cut at the commas' bytes: reading the text as characters costs far more, for nothing here.
            var names: [String] = []
            for part in rawIngredients.utf8.split(separator: UInt8(ascii: ",")) {
                guard part.count <= Self.maxNameBytes else {
                    nameTooLong = true
                    names = []
                    break
                }
                let name = FoldedIngredient.normalize(String(Substring(part)))
                if !name.isEmpty { names.append(name) }
            }
            ingredients = names.count <= 1 ? names : Set(names).sorted()
            let folded = rawQuery.isEmpty ? [] : TitleWords.words(rawQuery)
            words = folded.count <= 1 ? folded : Set(folded).sorted()
            self.onlyImages = onlyImages
            self.pantry = pantry
        }

        /// A stable text form, the input of every quirk decision for this list.
        var text: String {
            ingredients.joined(separator: ",") + (nameTooLong ? "|too long" : "") + "|" + words.joined(separator: " ") + (onlyImages ? "|oi" : "")
                + (pantry.map { "|" + $0.text } ?? "") + (pageSize == PageLayout.pageSize ? "" : "|per=\(pageSize)")
        }
    }

    init(ingredients: String, query: String, page: Int, onlyImages: Bool = false, pantry: PantryRequest? = nil) {
        search = SearchKey(ingredients: ingredients, query: query, onlyImages: onlyImages, pantry: pantry)
        self.page = page
    }

    /// Why a query string cannot be answered; the message never repeats what was sent.
    enum Problem: Error, Hashable, Sendable {
        case badPage
        /// The parameter, one of those read, whose value is not percent-encoded UTF-8.
        case badEncoding(String)
        case badCallback
        case badMissing
        case badPer

        var message: String {
            switch self {
            case .badPage:
                return "400 Bad Request: p must be a positive integer"
            case .badEncoding(let name):
                return "400 Bad Request: \(name) must be percent-encoded UTF-8"
            case .badCallback:
                return "400 Bad Request: callback must be a JavaScript name: letters, digits, _ and $, "
                    + "dots between names, at most \(JSONPCallback.maxLength) characters"
            case .badMissing:
                return "400 Bad Request: missing must be a whole number from 0 to \(PantryRequest.maxMissing)"
            case .badPer:
                return "400 Bad Request: per must be a whole number (results a page, \(PageLayout.pageSize) to \(APIQuery.maxPerPage))"
            }
        }
    }

    private static let parameterNames: Set<String> = ["i", "q", "p", "oi", "onlyImages", "format", "callback", "have", "missing", "strict", "per"]

    /// The most results a page of a `have=` list holds, whatever `per` asks.
    static let maxPerPage = 1_000

    /// Parses the raw query string. A missing or empty `p` is page 1; absurdly large pages saturate
    /// (they are far past any end). `oi` and `onlyImages` are on unless empty or `0`, as PHP reads a
    /// flag; `format=xml` (any case) asks for XML, any other format for JSON. `have` with at least one
    /// name asks for the pantry ranking (`missing` and `strict` go with it, `strict` read as a flag),
    /// read by `pantry` (a caller may keep what it read: a client walks one ranking page after page);
    /// `per=N` with it asks for N results a page (from 10 to `maxPerPage`: fewer are 10, more the
    /// most), and is ignored without it, so a RecipePuppy search is 10 a page whatever it sends.
    static func parse(
        _ rawQuery: Substring,
        pantry readPantry: (_ names: String, _ missing: Int, _ strict: Bool) -> PantryRequest = { PantryRequest(names: $0, missing: $1, strict: $2) }
    ) -> Result<APIQuery, Problem> {
        let parameters: [String: String]
        switch PercentDecoding.queryParameters(rawQuery, named: parameterNames) {
        case .success(let read): parameters = read
        case .failure(let bad): return .failure(.badEncoding(bad.name))
        }
        var page = 1
        if let rawPage = parameters["p"], !rawPage.isEmpty {
            guard rawPage.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return .failure(.badPage)
            }
            let digits = rawPage.drop { $0 == "0" }
            guard !digits.isEmpty else { return .failure(.badPage) }
            page = digits.count > 18 ? Int.max : Int(digits) ?? Int.max
        }
        let isOn = { (name: String) in parameters[name].map { !$0.isEmpty && $0 != "0" } ?? false }
        var pantry: PantryRequest?
        if let names = parameters["have"], names.contains(where: { $0.isLetter || $0.isNumber }) {
            var missing = PantryRequest.defaultMissing
            if let text = parameters["missing"], !text.isEmpty {
                guard text.utf8.count <= 2, let value = Int(text), (0...PantryRequest.maxMissing).contains(value) else {
                    return .failure(.badMissing)
                }
                missing = value
            }
            pantry = readPantry(names, missing, isOn("strict"))
        }
        var pageSize = PageLayout.pageSize
        if pantry != nil, let text = parameters["per"], !text.isEmpty {
            guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return .failure(.badPer) }
            let digits = text.drop { $0 == "0" }
            let asked = digits.count > 18 ? Int.max : Int(digits) ?? 0
            pageSize = min(max(asked, PageLayout.pageSize), maxPerPage)
        }
        var query = APIQuery(
            ingredients: parameters["i"] ?? "", query: parameters["q"] ?? "", page: page,
            onlyImages: isOn("oi") || isOn("onlyImages"), pantry: pantry
        )
        query.search.pageSize = pageSize
        if parameters["format"]?.lowercased() == "xml" { query.format = .xml }
        if let callback = parameters["callback"] {
            guard JSONPCallback.isSafe(callback) else { return .failure(.badCallback) }
            query.callback = callback
        }
        return .success(query)
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
        self.init(search: query.search, page: query.page)
    }

    init(search: APIQuery.SearchKey, page: Int) {
        ingredients = search.ingredients.joined(separator: ",")
        query = search.words.joined(separator: " ")
        self.page = page
    }

    public var description: String { "i=\(ingredients)&q=\(query)&p=\(page)" }
}
