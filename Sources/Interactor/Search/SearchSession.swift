import Foundation
import Entity
import Services

/// What one search has found, in the server's order, and what was shown of it. Where the walk through
/// the pages stands (next page, gaps, the end) belongs to its `PageWalker` alone.
///
/// Owned by the `SearchInteractor` actor; never shared.
final class SearchSession {
    let query: SearchQuery
    let walker: PageWalker
    private(set) var found: [ListedRecipe] = []
    private var seen = Set<RecipeID>()
    /// Gaps and dropped results met since the last screen was delivered: the next screen reports them.
    private var unreportedGaps: [PageGap] = []
    private var unreportedDropped = 0
    /// When the oldest page taken from the disk since the last screen was saved.
    private var unreportedSavedAt: Date?
    /// The pages taken from the disk without asking the network (a repeated search shown at once).
    private(set) var pagesFromDisk: [Int: [RecipeID]] = [:]
    /// True when the first pages were shown from the disk at once (the network is asked afterwards).
    var startedFromDisk = false
    /// The numbers of the first and last recipe of the screen shown last.
    var shown: ClosedRange<Int>?
    /// Where the screen asked for last starts, shown or not: `retry` asks for it again.
    var requested: ScreenPosition = .first
    /// The one walker step running, if any: every fill waits for it rather than starting another, so
    /// pages are taken in strictly in order.
    var stepTask: Task<Void, Never>?
    /// Set when a step was cancelled: fills stop until the person asks for something again.
    var interrupted = false

    init(query: SearchQuery, walker: PageWalker) {
        self.query = query
        self.walker = walker
    }

    /// Takes in what a walker step found; false when a page brought nothing new.
    func take(_ step: WalkStep) -> Bool {
        guard case .page(let page) = step.outcome else { return true }
        // Gaps that end the walk are the probe past the last page and are told by the walk's end;
        // only gaps between results are reported on screens.
        unreportedGaps += step.skipped.map(PageGap.init)
        unreportedDropped += page.droppedCount
        if let savedAt = page.savedAt {
            unreportedSavedAt = min(unreportedSavedAt ?? savedAt, savedAt)
            if startedFromDisk { pagesFromDisk[page.number] = page.recipes.map(\.id) }
        }
        var added = false
        for recipe in page.recipes where seen.insert(recipe.id).inserted {
            found.append(ListedRecipe(number: found.count + 1, recipe: recipe))
            added = true
        }
        return added
    }

    /// Hands over the gaps, dropped results and disk copies not reported yet.
    func takeUnreported() -> (gaps: [PageGap], dropped: Int, savedAt: Date?) {
        defer {
            unreportedGaps = []
            unreportedDropped = 0
            unreportedSavedAt = nil
        }
        return (unreportedGaps, unreportedDropped, unreportedSavedAt)
    }

    /// The recipes passing `filter`, in order.
    func visible(_ filter: RecipeFilter) -> [ListedRecipe] {
        filter.isActive ? found.filter(filter.accepts) : found
    }

    /// How many recipes passing `filter` come at or after `position`.
    func visibleCount(_ filter: RecipeFilter, from position: ScreenPosition) -> Int {
        let start = position.firstNumber
        var count = 0
        for listed in found[min(found.count, max(0, start - 1))...] where filter.accepts(listed) { count += 1 }
        return count
    }
}

/// Where a screen starts, by recipe number, so filters and late pages never shift it.
enum ScreenPosition: Equatable {
    /// The first screen.
    case first
    /// The screen starting at recipe `number` (or the first recipe after it that passes the filter).
    case from(Int)

    var firstNumber: Int {
        switch self {
        case .first: return 1
        case .from(let number): return number
        }
    }
}

extension PageGap {
    init(_ skipped: SkippedPage) {
        let reason: Reason
        switch skipped.reason {
        case .empty: reason = .empty
        case .repeated: reason = .repeated
        case .failed(let error, let attempts): reason = .failed(UseCaseError(error, during: .search, attempts: attempts))
        }
        self.init(number: skipped.number, reason: reason)
    }
}

extension WalkEnd {
    /// The last failure of the run, as the use cases report it.
    var failure: UseCaseError? {
        lastFailedPage.map(PageGap.init)?.failure
    }
}
