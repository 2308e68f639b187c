import ServiceSupport
/// What a server has been asked, for tests ("at most one request at a time", "no page more than
/// twice") and the benchmark's request economy.
public struct RequestStatistics: Sendable, Hashable {
    /// Every request answered, including those refused as malformed.
    public var totalRequests = 0
    /// Requests to `/api/`.
    public var apiRequests = 0
    /// The most `/api/` requests in flight at once: counted from fully parsed until the response is
    /// handed to the socket (the count drops before writing, so a client that sends its next request
    /// only after reading a whole answer is never counted twice).
    public var maxAPIRequestsInFlight = 0
    /// How many times each API page was asked for, keyed by normalized `i`, `q`, `p`.
    /// At most `pageKeyLimit` distinct pages are tracked; later new pages are only counted in totals.
    public var pageRequests: [APIPageKey: Int] = [:]

    public static let pageKeyLimit = 100_000

    public init() {}

    /// The count of the most requested page (0 when none).
    public var mostRequestsForOnePage: Int {
        pageRequests.values.max() ?? 0
    }
}

/// Thread-safe bookkeeping behind `PuppyServer.statistics`.
final class StatisticsRecorder: Sendable {
    private struct CountedPage: Hashable, Sendable {
        var search: APIQuery.SearchKey
        var page: Int
    }

    private struct State: Sendable {
        var statistics = RequestStatistics()
        /// Counted by result list and page (not by format or JSONP callback, which name no page of their
        /// own: a JSONP client sends a new callback name each time) and turned into `APIPageKey`s only
        /// when read.
        var pages: [CountedPage: Int] = [:]
        var apiInFlight = 0
    }

    private let state = Locked(State())

    func recordRequest() {
        state.withLock { $0.statistics.totalRequests += 1 }
    }

    func beginAPIRequest(_ query: APIQuery?) {
        state.withLock { state in
            state.statistics.apiRequests += 1
            state.apiInFlight += 1
            state.statistics.maxAPIRequestsInFlight = max(state.statistics.maxAPIRequestsInFlight, state.apiInFlight)
            if let query {
                let page = CountedPage(search: query.search, page: query.page)
                if state.pages[page] != nil || state.pages.count < RequestStatistics.pageKeyLimit {
                    state.pages[page, default: 0] += 1
                }
            }
        }
    }

    func endAPIRequest() {
        state.withLock { $0.apiInFlight = max(0, $0.apiInFlight - 1) }
    }

    var snapshot: RequestStatistics {
        let (statistics, pages) = state.withLock { ($0.statistics, $0.pages) }
        var snapshot = statistics
        for (counted, count) in pages {
            snapshot.pageRequests[APIPageKey(search: counted.search, page: counted.page), default: 0] += count
        }
        return snapshot
    }

    /// Starts counting afresh; requests in flight stay in flight.
    func reset() {
        state.withLock { state in
            state.statistics = RequestStatistics()
            state.pages = [:]
            state.statistics.maxAPIRequestsInFlight = state.apiInFlight
        }
    }
}
