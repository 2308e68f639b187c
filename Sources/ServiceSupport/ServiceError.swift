/// What went wrong talking to the outside world. Callers match on the kind (`case .timeout:`); the
/// details (`status`, `detail`) say more but are not part of equality.
public struct ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: String, Hashable, Sendable {
        case timeout, unreachable, connectionLost, badStatus, redirectLoop, malformedBody, tooLarge
        case invalidQuery, invalidAddress, cancelled, storage, storageCorrupt, storageTooNew, notFound, unwritable
        case storageBusy, storageFull, storageReadOnly
        case pictureUnavailable = "picture unavailable"
        case unsupportedPicture = "unsupported picture format"
    }

    private let code: Code
    /// The HTTP status for `badStatus`.
    public let status: Int?
    /// What exactly happened, for the person reading the message (a URL, SQLite's message, a reason).
    public let detail: String
    /// For `unreachable`: the host and port that refused the connection (it is reachable, but no server
    /// answers there), as opposed to a host that cannot be found or reached at all.
    public let refusedBy: String?

    private init(_ code: Code, status: Int? = nil, detail: String = "", refusedBy: String? = nil) {
        self.code = code
        self.status = status
        self.detail = detail
        self.refusedBy = refusedBy
    }

    /// The server did not answer in time.
    public static let timeout = ServiceError(.timeout)
    /// No connection could be made (refused, unknown host, no network).
    public static let unreachable = ServiceError(.unreachable)
    /// The connection broke while the answer was on its way.
    public static let connectionLost = ServiceError(.connectionLost)
    /// The server answered with a status other than 200.
    public static let badStatus = ServiceError(.badStatus)
    /// The server kept redirecting.
    public static let redirectLoop = ServiceError(.redirectLoop)
    /// The body was not what the API promises.
    public static let malformedBody = ServiceError(.malformedBody)
    /// The answer was larger than RecipeBook accepts.
    public static let tooLarge = ServiceError(.tooLarge)
    /// The query cannot be sent (empty, or absurdly long).
    public static let invalidQuery = ServiceError(.invalidQuery)
    /// A link that RecipeBook does not fetch (not http or https, or no host).
    public static let invalidAddress = ServiceError(.invalidAddress)
    /// The work was cancelled, usually because a newer request replaced it.
    public static let cancelled = ServiceError(.cancelled)
    /// The favorites database failed.
    public static let storage = ServiceError(.storage)
    /// The favorites database file is damaged or is not a database.
    public static let storageCorrupt = ServiceError(.storageCorrupt)
    /// The favorites database was written by a newer RecipeBook.
    public static let storageTooNew = ServiceError(.storageTooNew)
    /// Another program holds the favorites database (or the cache) locked, past the wait allowed.
    public static let storageBusy = ServiceError(.storageBusy)
    /// No space is left to write (a full disk, a used-up quota, a file-size limit).
    public static let storageFull = ServiceError(.storageFull)
    /// The favorites database can be read but not written: `detail` says whether the file or its
    /// folder is read-only.
    public static let storageReadOnly = ServiceError(.storageReadOnly)
    /// Nothing is stored under that name.
    public static let notFound = ServiceError(.notFound)
    /// A file the person named cannot be written there (not a regular file, no such folder, no room);
    /// `detail` starts with the path.
    public static let unwritable = ServiceError(.unwritable)
    /// A picture could not be decoded: damaged, truncated, too large, or lying about its size.
    public static let pictureUnavailable = ServiceError(.pictureUnavailable)
    /// The bytes are a picture in a format RecipeBook does not decode (GIF, ...) or no picture at all.
    public static let unsupportedPicture = ServiceError(.unsupportedPicture)

    /// The same kind of error with more to say.
    public func with(status: Int? = nil, detail: String) -> ServiceError {
        ServiceError(code, status: status ?? self.status, detail: detail, refusedBy: refusedBy)
    }

    /// `unreachable` because `place` refused the connection: nothing listens there.
    public static func refused(by place: String, detail: String) -> ServiceError {
        ServiceError(.unreachable, detail: detail, refusedBy: place)
    }

    /// True for failures of the network itself (refused, timed out, reset), as opposed to a server that
    /// answered badly. A run of these means "offline", not "end of results".
    public var isNetworkLevel: Bool {
        code == .timeout || code == .unreachable || code == .connectionLost
    }

    public static func == (lhs: ServiceError, rhs: ServiceError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public var description: String {
        var text = code.rawValue
        if let status { text += " \(status)" }
        if !detail.isEmpty { text += ": \(detail)" }
        return text
    }
}
