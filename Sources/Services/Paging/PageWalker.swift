public import Entity

/// Walks the pages of one search in order, probing ahead through trouble.
///
/// An empty page, or a page the server failed to serve (retried once after a short backoff), is a gap.
/// Only a run of `gapWindow` gaps ends the walk, so an empty page or an HTTP 500 in the middle of a
/// result list does not hide the pages after it. A failure of the network itself (time-out, refused,
/// reset) after its retry ends the walk at once as "offline": probing further pages of a server that
/// does not answer only multiplies the wait, and says nothing about those pages. Unless the next page
/// is kept from an earlier walk (`saved`): then the page that could not be had is a gap like any other
/// and the walk goes on to the kept ones (a page the server garbled online was never kept).
///
/// The walker is the one owner of where the walk stands: the next page, the current run of gaps, and
/// whether (and how) the walk ended.
public actor PageWalker {
    public struct Configuration: Sendable {
        public var gapWindow: Int
        public var retryBackoff: Duration

        public init(gapWindow: Int = 3, retryBackoff: Duration = .milliseconds(200)) {
            self.gapWindow = max(1, gapWindow)
            self.retryBackoff = retryBackoff
        }
    }

    public let query: SearchQuery
    private let searcher: any RecipeSearching
    private let saved: (any SavedSearchPages)?
    private let time: any TimeSource
    private let configuration: Configuration

    private var nextPage = 1
    /// The current run of gaps.
    private var run: [SkippedPage] = []
    /// The run as it stood before the last page was delivered, in case that page turns out repeated.
    private var runBeforeLastPage: [SkippedPage] = []
    private var lastPageNumber: Int?
    /// Set when a network failure ended the walk before the run was full.
    private var networkFailure = false

    public init(query: SearchQuery, searcher: any RecipeSearching, saved: (any SavedSearchPages)? = nil, time: any TimeSource,
                configuration: Configuration = Configuration()) {
        self.query = query
        self.searcher = searcher
        self.saved = saved
        self.time = time
        self.configuration = configuration
    }

    /// How the walk ended, or nil while it goes on.
    public var end: WalkEnd? {
        guard networkFailure || run.count >= configuration.gapWindow else { return nil }
        return WalkEnd(run: run)
    }

    /// The next page with results, or the end of the walk. Throws only when cancelled.
    public func next() async throws(ServiceError) -> WalkStep {
        if let end { return WalkStep(outcome: .end(end), skipped: []) }
        var skipped: [SkippedPage] = []
        while true {
            if let end { return WalkStep(outcome: .end(end), skipped: skipped) }
            let number = nextPage
            nextPage += 1
            let (result, attempts) = await fetchWithRetry(number)
            switch result {
            case .success(let page) where !page.recipes.isEmpty:
                runBeforeLastPage = run
                run = []
                lastPageNumber = number
                return WalkStep(outcome: .page(page), skipped: skipped)
            case .success:
                let gap = SkippedPage(number: number, reason: .empty)
                run.append(gap)
                skipped.append(gap)
            case .failure(let error) where error == .cancelled:
                nextPage = number
                throw error
            case .failure(let error):
                let gap = SkippedPage(number: number, reason: .failed(error, attempts: attempts))
                run.append(gap)
                skipped.append(gap)
                if error.isNetworkLevel, saved?.savedPage(query, number: number + 1) == nil { networkFailure = true }
            }
        }
    }

    /// Counts the last delivered page as a gap: it brought nothing new, so a server that repeats
    /// itself cannot keep the walk going for ever.
    public func markLastPageRepeated() {
        guard let number = lastPageNumber, run.isEmpty else { return }
        run = runBeforeLastPage + [SkippedPage(number: number, reason: .repeated)]
        lastPageNumber = nil
    }

    /// After the walk ended, walks again from the first page of the run that stopped it.
    public func resume() {
        guard end != nil else { return }
        if let first = run.first(where: { $0.reason != .repeated }) { nextPage = first.number }
        run = []
        runBeforeLastPage = []
        networkFailure = false
    }

    /// Fetches a page; a failure other than cancellation or a refused query is tried once more.
    private func fetchWithRetry(_ number: Int) async -> (Result<SearchPage, ServiceError>, attempts: Int) {
        let first = await fetch(number)
        guard case .failure(let error) = first, error != .cancelled, error != .invalidQuery else { return (first, 1) }
        do {
            try await time.sleep(for: configuration.retryBackoff)
        } catch {
            return (.failure(.cancelled), 1)
        }
        return (await fetch(number), 2)
    }

    private func fetch(_ number: Int) async -> Result<SearchPage, ServiceError> {
        do throws(ServiceError) {
            return .success(try await searcher.page(query, number: number))
        } catch {
            return .failure(error)
        }
    }
}
