public import Entity

/// A page the walker passed over, and why.
public struct SkippedPage: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// The page came back with no results.
        case empty
        /// The page failed twice (the request and its one retry).
        case failed(ServiceError)
        /// The page brought only recipes already seen in this search.
        case repeated
    }

    public let number: Int
    public let reason: Reason

    public init(number: Int, reason: Reason) {
        self.number = number
        self.reason = reason
    }
}

/// What the walker found next.
public struct WalkStep: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// A page with results.
        case page(SearchPage)
        /// A run of gaps as long as the window: there is nothing more to find.
        case end
        /// Every request in the last run of gaps failed at the network level.
        case offline(ServiceError)
    }

    public let outcome: Outcome
    /// The gaps passed over since the previous step.
    public let skipped: [SkippedPage]
}

/// Walks the pages of one search in order, probing ahead through trouble.
///
/// An empty page or a failed page (retried once after a short backoff) is a gap. Only a run of
/// `gapWindow` gaps ends the walk, so an empty page or an HTTP 500 in the middle of a result list does
/// not hide the pages after it; when every gap of that run failed at the network level the answer is
/// "offline", not "end".
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
    private let time: any TimeSource
    private let configuration: Configuration

    private var nextPage = 1
    /// The current run of gaps.
    private var run: [SkippedPage] = []
    /// The run as it stood before the last page was delivered, in case that page turns out repeated.
    private var runBeforeLastPage: [SkippedPage] = []
    private var lastPageNumber: Int?
    private var finished: WalkStep.Outcome?

    public init(query: SearchQuery, searcher: any RecipeSearching, time: any TimeSource,
                configuration: Configuration = Configuration()) {
        self.query = query
        self.searcher = searcher
        self.time = time
        self.configuration = configuration
    }

    /// The next page with results, or the end, or offline. Throws only when cancelled.
    public func next() async throws(ServiceError) -> WalkStep {
        if let finished { return WalkStep(outcome: finished, skipped: []) }
        var skipped: [SkippedPage] = []
        while true {
            if let outcome = verdict() {
                finished = outcome
                return WalkStep(outcome: outcome, skipped: skipped)
            }
            let number = nextPage
            nextPage += 1
            switch await fetchWithRetry(number) {
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
                let gap = SkippedPage(number: number, reason: .failed(error))
                run.append(gap)
                skipped.append(gap)
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

    /// After "offline" or "end", walks again from the first page of the run that stopped it.
    public func resume() {
        guard finished != nil else { return }
        finished = nil
        if let first = run.first(where: { $0.reason != .repeated }) { nextPage = first.number }
        run = []
        runBeforeLastPage = []
    }

    /// True once the walk has ended or gone offline.
    public var isFinished: Bool { finished != nil }

    private func verdict() -> WalkStep.Outcome? {
        guard run.count >= configuration.gapWindow else { return nil }
        let failures = run.compactMap { gap -> ServiceError? in
            if case .failed(let error) = gap.reason { return error }
            return nil
        }
        if failures.count == run.count, failures.allSatisfy(\.isNetworkLevel), let last = failures.last {
            return .offline(last)
        }
        return .end
    }

    private func fetchWithRetry(_ number: Int) async -> Result<SearchPage, ServiceError> {
        let first = await fetch(number)
        guard case .failure(let error) = first, error != .cancelled, error != .invalidQuery else { return first }
        do {
            try await time.sleep(for: configuration.retryBackoff)
        } catch {
            return .failure(.cancelled)
        }
        return await fetch(number)
    }

    private func fetch(_ number: Int) async -> Result<SearchPage, ServiceError> {
        do throws(ServiceError) {
            return .success(try await searcher.page(query, number: number))
        } catch {
            return .failure(error)
        }
    }
}
