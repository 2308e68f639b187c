import Services
import ServiceSupport

/// What went wrong in a use case, as the Presenter sees it. Callers match on the kind
/// (`case .timeout:`); `operation` says what was being done (a search needs other advice than reading a
/// page), and `status`, `detail` and `attempts` say more but are not part of equality.
public struct UseCaseError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: String, Hashable, Sendable {
        case timeout, unreachable, connectionLost, serverError, redirectLoop, malformedResponse, tooLarge
        case invalidQuery, invalidAddress, cancelled, storage, storageCorrupt, storageTooNew, notFound, pictureUnavailable
        case unwritable, storageBusy, storageFull, storageReadOnly
    }

    /// What RecipeBook was doing when it failed.
    public enum Operation: Hashable, Sendable {
        /// Fetching results (pages of a search).
        case search
        /// Fetching a recipe's page to read it.
        case readPage
        /// Fetching what a favorite is saved with (its page, its picture).
        case saveFavorite
        /// Reading or writing the favorites database.
        case favorites
        /// Fetching or decoding a recipe's picture.
        case readPicture
        /// Reading a page saved as a file (`recipes read FILE`).
        case readFile
        /// Writing a file the person asked for (the cookbook).
        case export
        /// Reading or emptying the cache of results, pages and pictures.
        case cache
    }

    private let code: Code
    public let operation: Operation
    /// The HTTP status for `serverError`.
    public let status: Int?
    /// What exactly happened (a URL, SQLite's message, a reason), for the person reading the message.
    public let detail: String
    /// How many tries the failing step took (2 when its retry failed too).
    public let attempts: Int
    /// For `unreachable`: the host and port that refused the connection (no server answers there; the
    /// network itself works).
    public let refusedBy: String?

    private init(_ code: Code, operation: Operation, status: Int? = nil, detail: String = "", attempts: Int = 1, refusedBy: String? = nil) {
        self.code = code
        self.operation = operation
        self.status = status
        self.detail = detail
        self.attempts = attempts
        self.refusedBy = refusedBy
    }

    private init(_ code: Code) {
        self.init(code, operation: .search)
    }

    /// The server did not answer in time.
    public static let timeout = UseCaseError(.timeout)
    /// No connection could be made (refused, unknown host, no network).
    public static let unreachable = UseCaseError(.unreachable)
    /// The connection broke while the answer was on its way.
    public static let connectionLost = UseCaseError(.connectionLost)
    /// The server answered with an error status.
    public static let serverError = UseCaseError(.serverError)
    /// The server kept redirecting.
    public static let redirectLoop = UseCaseError(.redirectLoop)
    /// The answer was not what the API (or a web page) promises.
    public static let malformedResponse = UseCaseError(.malformedResponse)
    /// The answer was larger than RecipeBook accepts.
    public static let tooLarge = UseCaseError(.tooLarge)
    /// The search cannot be sent (empty, or absurdly long).
    public static let invalidQuery = UseCaseError(.invalidQuery)
    /// A recipe's link is not a web address RecipeBook fetches.
    public static let invalidAddress = UseCaseError(.invalidAddress)
    /// The work was cancelled (Ctrl-C, or a newer request replaced it).
    public static let cancelled = UseCaseError(.cancelled)
    /// The favorites database failed.
    public static let storage = UseCaseError(.storage)
    /// The favorites database file is damaged, or is not RecipeBook's.
    public static let storageCorrupt = UseCaseError(.storageCorrupt)
    /// The favorites database was written by a newer RecipeBook.
    public static let storageTooNew = UseCaseError(.storageTooNew)
    /// Another program holds the favorites database (or the cache) locked.
    public static let storageBusy = UseCaseError(.storageBusy)
    /// No space is left to write.
    public static let storageFull = UseCaseError(.storageFull)
    /// The favorites database can be read here but not changed.
    public static let storageReadOnly = UseCaseError(.storageReadOnly)
    /// Nothing is stored under that name.
    public static let notFound = UseCaseError(.notFound)
    /// A picture that cannot be shown: damaged, too large, or in a format RecipeBook does not read.
    public static let pictureUnavailable = UseCaseError(.pictureUnavailable)
    /// A file the person named cannot be written there; `detail` starts with its path.
    public static let unwritable = UseCaseError(.unwritable)

    /// True for failures of the network itself (refused, timed out, reset).
    public var isNetworkLevel: Bool {
        code == .timeout || code == .unreachable || code == .connectionLost
    }

    public static func == (lhs: UseCaseError, rhs: UseCaseError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public var description: String {
        var text = code.rawValue
        if let status { text += " \(status)" }
        if !detail.isEmpty { text += ": \(detail)" }
        return text
    }
}

extension UseCaseError {
    /// The use-case view of a Services failure: Services' types stop at the Interactor.
    init(_ error: ServiceError, during operation: Operation, attempts: Int = 1) {
        let code: Code
        switch error {
        case .timeout: code = .timeout
        case .unreachable: code = .unreachable
        case .connectionLost: code = .connectionLost
        case .badStatus: code = .serverError
        case .redirectLoop: code = .redirectLoop
        case .tooLarge: code = .tooLarge
        case .invalidQuery: code = .invalidQuery
        case .invalidAddress: code = .invalidAddress
        case .cancelled: code = .cancelled
        case .storageCorrupt: code = .storageCorrupt
        case .storageTooNew: code = .storageTooNew
        case .storage: code = .storage
        case .storageBusy: code = .storageBusy
        case .storageFull: code = .storageFull
        case .storageReadOnly: code = .storageReadOnly
        case .notFound: code = .notFound
        case .pictureUnavailable, .unsupportedPicture: code = .pictureUnavailable
        case .unwritable: code = .unwritable
        default: code = .malformedResponse
        }
        self.init(code, operation: operation, status: error.status, detail: error.detail, attempts: attempts, refusedBy: error.refusedBy)
    }

    /// The same kind of error with another operation or more to say (tests and fakes build errors so).
    public func with(operation: Operation? = nil, status: Int? = nil, detail: String? = nil, attempts: Int? = nil,
                     refusedBy: String? = nil) -> UseCaseError {
        UseCaseError(code, operation: operation ?? self.operation, status: status ?? self.status, detail: detail ?? self.detail,
                     attempts: attempts ?? self.attempts, refusedBy: refusedBy ?? self.refusedBy)
    }
}
