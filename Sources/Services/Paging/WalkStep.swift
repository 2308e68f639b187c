public import Entity

/// A page the walker passed over, and why.
public struct SkippedPage: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// The page came back with no results.
        case empty
        /// The page failed on every try (`attempts` is 2 when the retry failed too).
        case failed(ServiceError, attempts: Int)
        /// The page brought only recipes already seen in this search.
        case repeated
    }

    public let number: Int
    public let reason: Reason

    public init(number: Int, reason: Reason) {
        self.number = number
        self.reason = reason
    }

    /// The error, when the page failed.
    public var failure: ServiceError? {
        if case .failed(let error, _) = reason { return error }
        return nil
    }

    /// How many times the page was asked for.
    public var attempts: Int {
        if case .failed(_, let attempts) = reason { return attempts }
        return 1
    }
}

/// How a walk ended: the run of gaps that stopped it, and what that run means.
public struct WalkEnd: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Pages past the last result came back empty (or repeated): there is nothing more to find.
        case exhausted
        /// The network failed (time-out, refused, reset), on every try: nothing more can be fetched now.
        case offline
        /// The server answered, but failed every page of the run (HTTP 500, malformed bodies).
        case failing
    }

    public let run: [SkippedPage]

    public init(run: [SkippedPage]) {
        self.run = run
    }

    public var kind: Kind {
        if let last = run.last?.failure, last.isNetworkLevel { return .offline }
        if !run.isEmpty, run.allSatisfy({ $0.failure != nil }) { return .failing }
        return .exhausted
    }

    /// The last page of the run that failed, if any did.
    public var lastFailedPage: SkippedPage? {
        run.last(where: { $0.failure != nil })
    }
}

/// What the walker found next.
public struct WalkStep: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// A page with results.
        case page(SearchPage)
        /// The walk is over (see `WalkEnd.kind`).
        case end(WalkEnd)
    }

    public let outcome: Outcome
    /// The gaps passed over since the previous step.
    public let skipped: [SkippedPage]
}
