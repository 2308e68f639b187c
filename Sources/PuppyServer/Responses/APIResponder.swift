import PuppyCatalog
import ServiceSupport
import Entity

/// Answers `/api/` pages: the RecipePuppy envelope (or its XML form) around result fragments, laid out
/// by `PageLayout`, with the configured quirks. A recipe's fragment is rendered the first time a page
/// holds it and kept (a bounded number of them), so a server starts without rendering its whole catalog.
final class APIResponder: Sendable {
    private let index: CatalogIndex
    private let recipes: [CatalogRecipe]
    private let urls: SiteURLs
    private let seed: UInt64
    private let quirks: Set<Quirk>
    /// Says that ingredient names are matched by what they are (`cheese` finds `feta`), so a client need
    /// not ask for other names itself; left out under the `literal` quirk, as the real service sent none.
    /// Made once: every 200 answer carries it.
    private let matchingHeaders: [HTTPHeader]
    private let titles: TitleQuirks
    /// Each recipe's result object, quirks applied, by catalog position:
    /// `{"title":...,"href":...,"ingredients":...,"thumbnail":...,"cuisine":...}`.
    private let fragments: FragmentCache
    /// The same as `<recipe><title>…</title><href>…</href><ingredients>…</ingredients><thumbnail>…</thumbnail></recipe>`.
    private let xmlFragments: FragmentCache
    /// `{"title":"Recipe Puppy","version":0.1,"href":"http:\/\/...\/"`
    private let envelopeHead: [UInt8]
    /// The head, then `,"results":[`.
    private let envelopePrefix: [UInt8]
    /// Whether `have=` ranks the catalog; when not, it is ignored as the real service ignored it.
    private let answersHave: Bool
    /// The catalog's ingredients as the pantry ranking reads them, made on the first `have=` request.
    private let pantryTable = Locked<PantryTable?>(nil)
    private let plans = Locked<[APIQuery.SearchKey: Plan]>([:])
    private static let maxCachedPlans = 512
    private static let xmlPrefix = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<recipes>".utf8)
    private static let xmlSuffix = Array("</recipes>\n".utf8)
    static let xmlContentType = "text/xml; charset=UTF-8"

    /// A result list and how it is laid out over pages.
    struct Plan: Sendable {
        let matches: [Int32]
        let layout: PageLayout
        /// For a `have=` list, each match's place in the ranking, in the order of `matches`.
        var pantry: [PantryEntry]?
        /// For a `have=` list, the envelope's start: its head with the `have` key (saying, as `per`, how
        /// many results a full page holds), then `"results":[`.
        var prefix: [UInt8]?
    }

    /// A recipe's thumbnail address by catalog position ("" for none).
    private let thumbnails: @Sendable (Int) -> String

    init(recipes: [CatalogRecipe], index: CatalogIndex, urls: SiteURLs, thumbnails: (@Sendable (Int) -> String)? = nil, seed: UInt64, quirks: Set<Quirk>,
         answersHave: Bool = true) {
        self.recipes = recipes
        self.thumbnails = thumbnails ?? { recipes[$0].thumbnail ?? "" }
        self.index = index
        self.urls = urls
        self.seed = seed
        self.quirks = quirks
        matchingHeaders = quirks.contains(.literal) ? [] : [HTTPHeader(name: "X-Ingredient-Matching", value: "kinds")]
        self.answersHave = answersHave
        envelopeHead = Array("{\"title\":\"Recipe Puppy\",\"version\":0.1,\"href\":".utf8) + JSONText.quoted(urls.home)
        envelopePrefix = envelopeHead + Array(",\"results\":[".utf8)
        titles = TitleQuirks(seed: seed, padding: quirks.contains(.padding), entities: quirks.contains(.entities))
        fragments = FragmentCache(count: recipes.count)
        xmlFragments = FragmentCache(count: recipes.count)
    }

    func respond(to query: APIQuery) -> ServerResponse {
        var search = query.search
        if !answersHave {
            search.pantry = nil
            search.pageSize = PageLayout.pageSize
        }
        let plan = plan(for: search)
        switch plan.layout.answer(page: query.page) {
        case .page(.results(let start, let count, let repeats)):
            return answer(resultsBody(plan: plan, start: start, count: count, repeats: repeats, format: query.format), query)
        case .page(.gap), .pastEnd:
            return answer(query.format == .xml ? Self.xmlPrefix + Self.xmlSuffix : (plan.prefix ?? envelopePrefix) + Array("]}".utf8), query)
        case .page(.malformed):
            return answer(malformedBody(search: query.search, page: query.page, format: query.format), query)
        case .page(.error):
            return ServerResponse(status: .internalServerError, contentType: "text/html; charset=UTF-8", body: HTMLPages.serverError)
        case .farPastEnd:
            return ServerResponse(status: .internalServerError, contentType: "text/html; charset=UTF-8", body: HTMLPages.fileNotFound)
        }
    }

    func plan(for search: APIQuery.SearchKey) -> Plan {
        if let cached = plans.withLock({ $0[search] }) { return cached }
        var matches = search.nameTooLong ? []
            : search.ingredients.isEmpty && search.words.isEmpty ? index.allPositions
            : index.index.matches(ingredients: search.ingredients, words: search.words, literally: quirks.contains(.literal))
        if search.onlyImages {
            matches = matches.filter { !thumbnail(at: Int($0)).isEmpty }
        }
        var ranking: [PantryEntry]?
        if let pantry = search.pantry {
            let entries = recipePantryTable().rank(matches, request: pantry)
            matches = entries.map(\.position)
            ranking = entries
        }
        var plan = Plan(
            matches: matches,
            layout: PageLayout(matchCount: matches.count, search: search.text, seed: seed, quirks: quirks, pageSize: search.pageSize)
        )
        if let pantry = search.pantry, let ranking {
            plan.pantry = ranking
            var unknown: [UInt8] = [UInt8(ascii: "[")]
            let table = recipePantryTable()
            for (offset, entry) in PantryMatch.suggestions(for: pantry, catalog: table.vocabulary, known: table.knownKeys,
                                                                          isKnown: table.knownConcepts.contains)
                .enumerated() {
                if offset > 0 { unknown.append(UInt8(ascii: ",")) }
                unknown += Array("{\"name\":".utf8) + JSONText.quoted(entry.name) + Array(",\"suggestions\":".utf8) + JSONText.array(entry.close) + [UInt8(ascii: "}")]
            }
            unknown.append(UInt8(ascii: "]"))
            plan.prefix = envelopeHead + Array(",\"have\":{\"names\":".utf8) + JSONText.array(pantry.keys)
                + Array(",\"missing\":\(pantry.missing),\"strict\":\(pantry.strict),\"unknown\":".utf8) + unknown
                + Array(",\"per\":\(search.pageSize)},\"results\":[".utf8)
        }
        plans.withLock { cache in
            if cache.count >= Self.maxCachedPlans { cache.removeAll(keepingCapacity: true) }
            cache[search] = plan
        }
        return plan
    }

    /// A 200 answer in the query's format: XML, JSON, or JSON wrapped in its JSONP callback. The
    /// callback is preceded by an empty comment, so the body can never start with bytes of the
    /// caller's choosing (the usual guard against a body read as something other than script).
    private func answer(_ body: [UInt8], _ query: APIQuery) -> ServerResponse {
        if query.format == .xml {
            return ServerResponse(status: .ok, contentType: Self.xmlContentType, headers: matchingHeaders, body: body)
        }
        guard let callback = query.callback else {
            return ServerResponse(status: .ok, contentType: "text/javascript", headers: matchingHeaders, body: body)
        }
        var wrapped = Array("/**/".utf8)
        wrapped.reserveCapacity(body.count + callback.utf8.count + 8)
        wrapped += callback.utf8
        wrapped.append(UInt8(ascii: "("))
        let prefixLength = wrapped.count
        wrapped += body
        wrapped += Array(");".utf8)
        var response = ServerResponse(status: .ok, contentType: "text/javascript", headers: Self.noSniffing + matchingHeaders, body: wrapped)
        response.wrapping = (prefixLength, 2)
        return response
    }

    private static let noSniffing = [HTTPHeader(name: "X-Content-Type-Options", value: "nosniff")]

    /// The catalog's pantry table, made once.
    private func recipePantryTable() -> PantryTable {
        if let table = pantryTable.withLock({ $0 }) { return table }
        let table = PantryTable(recipes: recipes)
        pantryTable.withLock { $0 = table }
        return table
    }

    /// A result's JSON with its place in a pantry ranking added: `"missing":[…],"uses":6,"of":8`.
    private static func withPantry(_ fragment: [UInt8], _ entry: PantryEntry) -> [UInt8] {
        guard fragment.last == UInt8(ascii: "}") else { return fragment }
        return fragment.dropLast() + Array(",\"missing\":".utf8) + JSONText.array(entry.missing)
            + Array(",\"uses\":\(entry.uses),\"of\":\(entry.of)}".utf8)
    }

    private func resultsBody(plan: Plan, start: Int, count: Int, repeats: [PageLayout.Repeat], format: APIQuery.Format) -> [UInt8] {
        let sorted = repeats.sorted(by: { $0.slot < $1.slot })
        var positions = plan.matches[start..<(start + count)].map { Int($0) }
        positions += sorted.map { Int(plan.matches[$0.match]) }
        let render = { (position: Int, variant: PageLayout.HrefVariant) in
            format == .xml ? self.xmlFragment(for: position, variant: variant) : self.jsonFragment(for: position, variant: variant)
        }
        let rendered = (format == .xml ? xmlFragments : fragments).fragments(at: positions) { render($0, .same) }
        // A `have=` list's JSON results carry their place in the ranking.
        let ranked = { (fragment: [UInt8], match: Int) -> [UInt8] in
            guard format == .json, let pantry = plan.pantry else { return fragment }
            return Self.withPantry(fragment, pantry[match])
        }
        var entries = rendered.prefix(count).enumerated().map { ranked($0.element, start + $0.offset) }
        for (offset, entry) in sorted.enumerated() {
            let position = positions[count + offset]
            let fragment = entry.variant == .same || recipes[position].href != nil
                ? rendered[count + offset]
                : render(position, entry.variant)
            entries.insert(ranked(fragment, entry.match), at: min(entry.slot, entries.count))
        }
        let (prefix, separator, suffix) = format == .xml
            ? (Self.xmlPrefix, [UInt8](), Self.xmlSuffix)
            : (plan.prefix ?? envelopePrefix, [UInt8(ascii: ",")], Array("]}".utf8))
        var body = prefix
        body.reserveCapacity(prefix.count + suffix.count + entries.reduce(0) { $0 + $1.count + 1 })
        for (offset, entry) in entries.enumerated() {
            if offset > 0 { body += separator }
            body += entry
        }
        body += suffix
        return body
    }

    /// Broken JSON (or XML) that carries no complete result, in the styles a PHP service produces.
    private func malformedBody(search: APIQuery.SearchKey, page: Int, format: APIQuery.Format) -> [UInt8] {
        let style = StableHash(seed: seed).adding(Decision.malformedStyle).adding(search.text).adding(page).roll(4)
        let (prefix, cut, end, extra) = format == .xml
            ? (Self.xmlPrefix, Array("<recipe><title>Tru".utf8), Self.xmlSuffix, Array("</recipe></recipes>".utf8))
            : (envelopePrefix, Array("{\"title\":\"Tru".utf8), Array("]}".utf8), Array("],}".utf8))
        switch style {
        case 0:
            return prefix + cut
        case 1:
            return Array("<br />\n<b>Warning</b>:  mysql_fetch_assoc(): supplied argument is not a valid MySQL result resource in <b>/var/www/api/index.php</b> on line <b>42</b><br />\n".utf8)
                + prefix + end
        case 2:
            return prefix
        default:
            return prefix + extra
        }
    }

    /// The thumbnail a result carries: the catalog's, else the recipe's photo; "" for none, and with the
    /// thumbnails quirk for about two recipes in seven (87 of the 315 real results on record).
    private func thumbnail(at position: Int) -> String {
        let recipe = recipes[position]
        if quirks.contains(.thumbnails), StableHash(seed: seed).adding(recipe.id).adding(Decision.thumbnail).roll(7) < 2 {
            return ""
        }
        return thumbnails(position)
    }

    private func jsonFragment(for position: Int, variant: PageLayout.HrefVariant) -> [UInt8] {
        let recipe = recipes[position]
        var bytes = Array("{\"title\":".utf8)
        bytes += JSONText.quoted(titles.title(recipe.title, id: recipe.id))
        bytes += Array(",\"href\":".utf8) + JSONText.quoted(recipe.href ?? urls.recipe(recipe.id, variant: variant))
        bytes += Array(",\"ingredients\":".utf8) + JSONText.quoted(recipe.ingredients.joined(separator: ", "))
        bytes += Array(",\"thumbnail\":".utf8) + JSONText.quoted(thumbnail(at: position))
        if !recipe.cuisine.isEmpty {
            bytes += Array(",\"cuisine\":".utf8) + JSONText.quoted(recipe.cuisine)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The four fields a RecipePuppy XML client reads, and nothing else.
    private func xmlFragment(for position: Int, variant: PageLayout.HrefVariant) -> [UInt8] {
        let recipe = recipes[position]
        var bytes = Array("<recipe><title>".utf8)
        XMLText.append(titles.title(recipe.title, id: recipe.id), to: &bytes)
        bytes += Array("</title><href>".utf8)
        XMLText.append(recipe.href ?? urls.recipe(recipe.id, variant: variant), to: &bytes)
        bytes += Array("</href><ingredients>".utf8)
        XMLText.append(recipe.ingredients.joined(separator: ", "), to: &bytes)
        bytes += Array("</ingredients><thumbnail>".utf8)
        XMLText.append(thumbnail(at: position), to: &bytes)
        bytes += Array("</thumbnail></recipe>".utf8)
        return bytes
    }
}

/// Result fragments by catalog position, rendered on first use; at most `limit` are kept (when full,
/// the cache starts afresh). One lock round for a page's lookups and one for its new entries.
final class FragmentCache: Sendable {
    private struct Storage: Sendable {
        var slots: [[UInt8]?]
        var filled = 0
    }

    private let storage: Locked<Storage>
    let limit: Int

    init(count: Int, limit: Int = 50_000) {
        storage = Locked(Storage(slots: Array(repeating: nil, count: count)))
        self.limit = max(limit, 1)
    }

    func fragments(at positions: [Int], render: (Int) -> [UInt8]) -> [[UInt8]] {
        var found = storage.withLock { storage in positions.map { storage.slots[$0] } }
        var rendered: [(Int, [UInt8])] = []
        for offset in found.indices where found[offset] == nil {
            let fragment = render(positions[offset])
            found[offset] = fragment
            rendered.append((positions[offset], fragment))
        }
        if !rendered.isEmpty {
            storage.withLock { storage in
                for (position, fragment) in rendered where storage.slots[position] == nil {
                    if storage.filled >= limit {
                        storage.slots = Array(repeating: nil, count: storage.slots.count)
                        storage.filled = 0
                    }
                    storage.slots[position] = fragment
                    storage.filled += 1
                }
            }
        }
        return found.map { $0 ?? [] }
    }
}
