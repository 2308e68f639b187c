/// Answers `/api/` pages: the RecipePuppy envelope around result fragments, laid out by `PageLayout`,
/// with the configured quirks. A recipe's fragment is rendered the first time a page holds it and kept
/// (a bounded number of them), so a server starts without rendering its whole catalog.
final class APIResponder: Sendable {
    private let index: SearchIndex
    private let recipes: [CatalogRecipe]
    private let urls: SiteURLs
    private let seed: UInt64
    private let quirks: Set<Quirk>
    private let titles: TitleQuirks
    /// Each recipe's result object, quirks applied, by catalog position:
    /// `{"title":...,"href":...,"ingredients":...,"thumbnail":...,"cuisine":...}`.
    private let fragments: FragmentCache
    /// `{"title":"Recipe Puppy","version":0.1,"href":"http:\/\/...\/","results":[`
    private let envelopePrefix: [UInt8]
    private let plans = Locked<[APIQuery.SearchKey: Plan]>([:])
    private static let maxCachedPlans = 512

    /// A result list and how it is laid out over pages.
    struct Plan: Sendable {
        let matches: [Int32]
        let layout: PageLayout
    }

    init(recipes: [CatalogRecipe], index: SearchIndex, urls: SiteURLs, seed: UInt64, quirks: Set<Quirk>) {
        self.recipes = recipes
        self.index = index
        self.urls = urls
        self.seed = seed
        self.quirks = quirks
        envelopePrefix = Array("{\"title\":\"Recipe Puppy\",\"version\":0.1,\"href\":".utf8)
            + JSONText.quoted(urls.home) + Array(",\"results\":[".utf8)
        titles = TitleQuirks(seed: seed, padding: quirks.contains(.padding), entities: quirks.contains(.entities))
        fragments = FragmentCache(count: recipes.count)
    }

    func respond(to query: APIQuery) -> HTTPResponse {
        let plan = plan(for: query.search)
        switch plan.layout.answer(page: query.page) {
        case .page(.results(let start, let count, let repeats)):
            return javascript(resultsBody(plan: plan, start: start, count: count, repeats: repeats))
        case .page(.gap), .pastEnd:
            return javascript(envelopePrefix + Array("]}".utf8))
        case .page(.malformed):
            return javascript(malformedBody(search: query.search, page: query.page))
        case .page(.error):
            return HTTPResponse(status: .internalServerError, contentType: "text/html; charset=UTF-8", body: HTMLPages.serverError)
        case .farPastEnd:
            return HTTPResponse(status: .internalServerError, contentType: "text/html; charset=UTF-8", body: HTMLPages.fileNotFound)
        }
    }

    func plan(for search: APIQuery.SearchKey) -> Plan {
        if let cached = plans.withLock({ $0[search] }) { return cached }
        let matches = index.matches(ingredients: search.ingredients, words: search.words)
        let plan = Plan(
            matches: matches,
            layout: PageLayout(matchCount: matches.count, search: search.text, seed: seed, quirks: quirks)
        )
        plans.withLock { cache in
            if cache.count >= Self.maxCachedPlans { cache.removeAll(keepingCapacity: true) }
            cache[search] = plan
        }
        return plan
    }

    private func javascript(_ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: .ok, contentType: "text/javascript", body: body)
    }

    private func resultsBody(plan: Plan, start: Int, count: Int, repeats: [PageLayout.Repeat]) -> [UInt8] {
        let sorted = repeats.sorted(by: { $0.slot < $1.slot })
        var positions = plan.matches[start..<(start + count)].map { Int($0) }
        positions += sorted.map { Int(plan.matches[$0.match]) }
        let rendered = fragments.fragments(at: positions) { position in
            Self.fragment(for: recipes[position], urls: urls, seed: seed, quirks: quirks, titles: titles, variant: .same)
        }
        var entries = Array(rendered.prefix(count))
        for (offset, entry) in sorted.enumerated() {
            let position = positions[count + offset]
            let fragment = entry.variant == .same || recipes[position].href != nil
                ? rendered[count + offset]
                : Self.fragment(for: recipes[position], urls: urls, seed: seed, quirks: quirks, titles: titles, variant: entry.variant)
            entries.insert(fragment, at: min(entry.slot, entries.count))
        }
        var body = envelopePrefix
        body.reserveCapacity(envelopePrefix.count + entries.reduce(2) { $0 + $1.count + 1 })
        for (offset, entry) in entries.enumerated() {
            if offset > 0 { body.append(UInt8(ascii: ",")) }
            body += entry
        }
        body += Array("]}".utf8)
        return body
    }

    /// Broken JSON that carries no complete result, in the styles a PHP service produces.
    private func malformedBody(search: APIQuery.SearchKey, page: Int) -> [UInt8] {
        let style = StableHash(seed: seed).adding(Decision.malformedStyle).adding(search.text).adding(page).roll(4)
        switch style {
        case 0:
            return envelopePrefix + Array("{\"title\":\"Tru".utf8)
        case 1:
            return Array("<br />\n<b>Warning</b>:  mysql_fetch_assoc(): supplied argument is not a valid MySQL result resource in <b>/var/www/api/index.php</b> on line <b>42</b><br />\n".utf8)
                + envelopePrefix + Array("]}".utf8)
        case 2:
            return envelopePrefix
        default:
            return envelopePrefix + Array("],}".utf8)
        }
    }

    private static func fragment(
        for recipe: CatalogRecipe, urls: SiteURLs, seed: UInt64, quirks: Set<Quirk>,
        titles: TitleQuirks, variant: PageLayout.HrefVariant
    ) -> [UInt8] {
        let href = recipe.href ?? urls.recipe(recipe.id, variant: variant)
        var thumbnail = recipe.thumbnail ?? urls.thumbnail(recipe.id)
        if quirks.contains(.thumbnails), StableHash(seed: seed).adding(recipe.id).adding(Decision.thumbnail).roll(5) == 0 {
            thumbnail = ""
        }
        var bytes = Array("{\"title\":".utf8)
        bytes += JSONText.quoted(titles.title(recipe.title, id: recipe.id))
        bytes += Array(",\"href\":".utf8) + JSONText.quoted(href)
        bytes += Array(",\"ingredients\":".utf8) + JSONText.quoted(recipe.ingredients.joined(separator: ", "))
        bytes += Array(",\"thumbnail\":".utf8) + JSONText.quoted(thumbnail)
        if !recipe.cuisine.isEmpty {
            bytes += Array(",\"cuisine\":".utf8) + JSONText.quoted(recipe.cuisine)
        }
        bytes.append(UInt8(ascii: "}"))
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
