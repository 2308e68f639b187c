/// How a result list is laid out over API pages: 10 results a page (a `have=` list asked with `per=N`, N),
/// and with the layout quirks (gaps, errors, malformed, duplicates) trouble pages and repeats woven in.
///
/// Trouble pages only come after page 1, never more than 2 in a row, and carry no results; a real page
/// with repeats carries fewer fresh results but always at least one, so a client that skips trouble
/// pages and drops repeats sees every match exactly once.
struct PageLayout: Sendable {
    static let pageSize = 10
    /// Pages past the last one answer an empty list; beyond this many, the real service's HTTP 500.
    static let emptyPagesPastEnd = 20

    enum Page: Hashable, Sendable {
        /// `count` fresh matches from `start`, with `repeats` inserted.
        case results(start: Int, count: Int, repeats: [Repeat])
        case gap
        case error
        case malformed
    }

    /// A match shown again on a later page.
    struct Repeat: Hashable, Sendable {
        var match: Int
        /// Where among the page's results it goes.
        var slot: Int
        var variant: HrefVariant
    }

    enum HrefVariant: Hashable, Sendable {
        case same
        /// `.../recipes/id/`
        case trailingSlash
        /// `HTTP://HOST:80/recipes/id`: upper-case scheme and host, explicit default port.
        case upperCaseOrigin
        /// `.../recipes/id?cm_re=1-_-1-_-RecipeAlsoEnjoy`: the tracking query of the real service's
        /// same-page repeats (a different href to a client).
        case tracking
    }

    enum Answer: Hashable, Sendable {
        case page(Page)
        case pastEnd
        case farPastEnd
    }

    let matchCount: Int
    /// Results a page holds: `PageLayout.pageSize` but for a `have=` list asked with `per=`.
    let pageSize: Int
    /// Nil without layout quirks: page n then simply holds matches (n-1)*size ..< n*size.
    private let pages: [Page]?

    var pageCount: Int { pages?.count ?? (matchCount + pageSize - 1) / pageSize }

    init(matchCount: Int, search: String, seed: UInt64, quirks: Set<Quirk>, pageSize: Int = PageLayout.pageSize) {
        self.matchCount = matchCount
        let pageSize = max(1, pageSize)
        self.pageSize = pageSize
        let troubleKinds = [(Quirk.gaps, Page.gap), (.errors, .error), (.malformed, .malformed)]
            .filter { quirks.contains($0.0) }.map(\.1)
        let withRepeats = quirks.contains(.duplicates)
        let withTracking = quirks.contains(.tracking)
        guard !troubleKinds.isEmpty || withRepeats || withTracking else {
            pages = nil
            return
        }

        let base = StableHash(seed: seed).adding(search)
        var pages: [Page] = []
        var delivered = 0
        var realPage = 0
        while delivered < matchCount {
            if realPage > 0, !troubleKinds.isEmpty {
                let slot = base.adding(Decision.troubleSlot).adding(realPage)
                if slot.roll(100) < 25 {
                    let run = slot.roll(10, draw: 1) < 7 ? 1 : 2
                    for index in 0..<run {
                        let kind = base.adding(Decision.troubleKind).adding(realPage).roll(troubleKinds.count, draw: index)
                        pages.append(troubleKinds[kind])
                    }
                }
            }
            var repeats: [Repeat] = []
            if realPage > 0, withRepeats {
                let decision = base.adding(Decision.duplicates).adding(realPage)
                if decision.roll(100) < 30 {
                    let wanted = min(1 + decision.roll(3, draw: 1), delivered)
                    var picked: Set<Int> = []
                    for draw in 0..<(wanted * 4) where picked.count < wanted {
                        picked.insert(base.adding(Decision.duplicatePick).adding(realPage).roll(delivered, draw: draw))
                    }
                    repeats = picked.sorted().enumerated().map { index, match in
                        let variant = base.adding(Decision.duplicateVariant).adding(realPage).roll(4, draw: index)
                        return Repeat(
                            match: match,
                            slot: base.adding(Decision.duplicateSlot).adding(realPage).roll(pageSize, draw: index),
                            variant: variant < 2 ? .same : (variant == 2 ? .trailingSlash : .upperCaseOrigin)
                        )
                    }
                }
            }
            var fresh = min(pageSize - repeats.count, matchCount - delivered)
            let tracking = base.adding(Decision.tracking).adding(realPage)
            if withTracking, tracking.roll(100) < 20, pageSize - repeats.count - 1 >= 1 {
                // One of this page's own results again, later on the same page, under a tracking href.
                fresh = min(pageSize - repeats.count - 1, matchCount - delivered)
                let shown = tracking.roll(fresh, draw: 1)
                repeats.append(Repeat(match: delivered + shown, slot: shown + 1 + tracking.roll(fresh - shown, draw: 2), variant: .tracking))
            }
            pages.append(.results(start: delivered, count: fresh, repeats: repeats))
            delivered += fresh
            realPage += 1
        }
        self.pages = pages
    }

    /// What page `number` (from 1) answers.
    func answer(page number: Int) -> Answer {
        guard number >= 1 else { return .farPastEnd }
        if number <= pageCount {
            if let pages { return .page(pages[number - 1]) }
            let start = (number - 1) * pageSize
            return .page(.results(start: start, count: min(pageSize, matchCount - start), repeats: []))
        }
        return number - pageCount <= Self.emptyPagesPastEnd ? .pastEnd : .farPastEnd
    }
}
