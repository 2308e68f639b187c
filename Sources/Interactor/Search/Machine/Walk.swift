import Entity
import Services
import ServiceSupport

/// Where the walk through one search's pages stands: the next page to ask for, the current run of
/// gaps, and whether (and how) the walk ended. A value inside `SearchMachine`; it never asks for a page
/// itself.
///
/// An empty page, or a page the server failed to serve (after its one retry), is a gap. Only a run of
/// `gapWindow` gaps ends the walk, so an empty page or an HTTP 500 in the middle of a result list does
/// not hide the pages after it. A failure of the network itself (time-out, refused, reset) ends the walk
/// at once as "offline", unless a later page is kept from an earlier walk: then it is a gap like any
/// other and the walk goes on to the kept pages.
struct Walk: Equatable {
    let gapWindow: Int
    /// The page asked for next.
    var nextPage = 1
    /// The current run of gaps.
    private(set) var run: [SkippedPage] = []
    /// The run as it stood before the last page with results, in case that page turns out repeated.
    private var runBeforeLastPage: [SkippedPage] = []
    private var lastPageNumber: Int?
    /// Set when a network failure ended the walk before the run was full.
    private var networkFailure = false
    /// Gaps passed since the last page with results: the next page with results reports them; gaps that
    /// end the walk are told by the end instead.
    private(set) var skippedSincePage: [SkippedPage] = []

    /// True when an empty first page ends the walk at once: a search asked for besides the typed one
    /// (`Session.widen`) costs one request when the server has nothing under that name.
    let firstPageDecides: Bool

    init(gapWindow: Int, firstPageDecides: Bool = false) {
        self.gapWindow = max(1, gapWindow)
        self.firstPageDecides = firstPageDecides
    }

    /// How the walk ended, or nil while it goes on.
    var end: WalkEnd? {
        let emptyFirstPage = firstPageDecides && run.first.map { $0.number == 1 && $0.reason == .empty } == true
        guard networkFailure || run.count >= gapWindow || emptyFirstPage else { return nil }
        return WalkEnd(run: run)
    }

    /// A page with results came: the run of gaps is over. Returns the gaps passed on the way to it.
    mutating func tookPage(_ number: Int) -> [SkippedPage] {
        runBeforeLastPage = run
        run = []
        lastPageNumber = number
        defer { skippedSincePage = [] }
        return skippedSincePage
    }

    /// A page passed over. `offline`: the network failed and no later page is kept, so the walk ends.
    mutating func passed(_ gap: SkippedPage, offline: Bool = false) {
        run.append(gap)
        skippedSincePage.append(gap)
        if offline { networkFailure = true }
    }

    /// Counts the last page with results as a gap: it brought nothing new, so a server that repeats
    /// itself cannot keep the walk going for ever.
    mutating func markLastPageRepeated() {
        guard let number = lastPageNumber, run.isEmpty else { return }
        run = runBeforeLastPage + [SkippedPage(number: number, reason: .repeated)]
        lastPageNumber = nil
    }

    /// A request for `page` was abandoned (cancelled): it is asked for again next time.
    mutating func abandoned(_ page: Int) {
        nextPage = page
        skippedSincePage = []
    }

    /// After the walk ended, walks again from the first page of the run that stopped it.
    mutating func resume() {
        guard end != nil else { return }
        if let first = run.first(where: { $0.reason != .repeated }) { nextPage = first.number }
        run = []
        runBeforeLastPage = []
        networkFailure = false
        skippedSincePage = []
    }
}

/// A page the walk passed over, and why.
struct SkippedPage: Hashable, Sendable {
    enum Reason: Hashable, Sendable {
        /// The page came back with no results.
        case empty
        /// Every result on the page was left out (`unreadable` of them had nothing readable in them; the
        /// rest had no title or link).
        case leftOut(count: Int, unreadable: Int)
        /// The page failed on every try (`attempts` is 2 when the retry failed too).
        case failed(ServiceError, attempts: Int)
        /// The page brought only recipes already seen in this search.
        case repeated
    }

    let number: Int
    let reason: Reason

    /// The error, when the page failed.
    var failure: ServiceError? {
        if case .failed(let error, _) = reason { return error }
        return nil
    }
}

/// How a walk ended: the run of gaps that stopped it, and what that run means.
struct WalkEnd: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// Pages past the last result came back empty (or repeated): there is nothing more to find.
        case exhausted
        /// The network failed (time-out, refused, reset), on every try: nothing more can be fetched now.
        case offline
        /// The server answered, but failed every page of the run (HTTP 500, malformed bodies).
        case failing
    }

    let run: [SkippedPage]

    var kind: Kind {
        if let last = run.last?.failure, last.isNetworkLevel { return .offline }
        if !run.isEmpty, run.allSatisfy({ $0.failure != nil }) { return .failing }
        return .exhausted
    }

    /// The last failure of the run, as the use cases report it.
    var failure: UseCaseError? {
        run.last(where: { $0.failure != nil }).map(PageGap.init)?.failure
    }
}

extension PageGap {
    init(_ skipped: SkippedPage) {
        let reason: Reason
        switch skipped.reason {
        case .empty: reason = .empty
        case .leftOut(let count, let unreadable): reason = .leftOut(count: count, unreadable: unreadable)
        case .repeated: reason = .repeated
        case .failed(let error, let attempts): reason = .failed(UseCaseError(error, during: .search, attempts: attempts))
        }
        self.init(number: skipped.number, reason: reason)
    }
}
