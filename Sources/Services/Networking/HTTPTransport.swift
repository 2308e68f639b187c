public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP answer, read in full and within the size limit.
public struct HTTPResponse: Sendable {
    public let status: Int
    /// The media type without parameters, lower-cased (`text/javascript`), if the server sent one.
    public let contentType: String?
    public let body: Data
    public let url: URL

    public init(status: Int, contentType: String?, body: Data, url: URL) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.url = url
    }
}

/// GET over URLSession with the bounds RecipeBook needs: an overall deadline (a server dripping one byte
/// a second still times out), a cap on the body (checked against Content-Length and while reading), a
/// limit on redirects, and cancellation that ends the request at once.
public final class HTTPTransport: Sendable {
    public struct Configuration: Sendable {
        /// The longest a whole request may take, from sending to the last byte.
        public var timeout: Duration
        /// The largest body accepted; a larger one fails with `tooLarge` without being read to the end.
        public var maxBodyBytes: Int
        /// Redirects followed before the request fails with `redirectLoop`.
        public var maxRedirects: Int
        /// Origins served from elsewhere: requests to a key origin (`http://puppy.recipebook.test`) go to
        /// the value's origin instead, like `curl --resolve`. The embedded server uses this to keep its
        /// hrefs the same on every run whatever port it listens on.
        public var originOverrides: [String: URL]

        public init(timeout: Duration = .seconds(8), maxBodyBytes: Int = 4 << 20, maxRedirects: Int = 5,
                    originOverrides: [String: URL] = [:]) {
            self.timeout = timeout
            self.maxBodyBytes = maxBodyBytes
            self.maxRedirects = maxRedirects
            self.originOverrides = originOverrides
        }
    }

    public let configuration: Configuration
    private let session: URLSession
    private let delegate: TransportDelegate
    /// Set by `shutdown()`; URLSession must not be asked for tasks after it is invalidated.
    private let closed = Locked(false)

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // RecipeBook's own deadline ends requests on time; URLSession's timers (which round sub-second
        // values down on Linux) only back it up.
        let backstop = (configuration.timeout.timeInterval + 1).rounded(.up)
        sessionConfiguration.timeoutIntervalForRequest = backstop
        sessionConfiguration.timeoutIntervalForResource = backstop
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpShouldSetCookies = false
        sessionConfiguration.httpAdditionalHeaders = ["User-Agent": "RecipeBook/1.0"]
        let delegate = TransportDelegate(maxRedirects: configuration.maxRedirects)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        self.delegate = delegate
        self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: queue)
    }

    /// Fetches `url` and returns the whole answer, whatever its status.
    public func get(_ url: URL, accept: String? = nil, maxBodyBytes: Int? = nil) async throws(ServiceError) -> HTTPResponse {
        var request = URLRequest(url: resolve(url), cachePolicy: .reloadIgnoringLocalCacheData,
                                 timeoutInterval: (configuration.timeout.timeInterval + 1).rounded(.up))
        if let accept { request.setValue(accept, forHTTPHeaderField: "Accept") }
        let task: URLSessionDataTask? = closed.withLock { closed in closed ? nil : session.dataTask(with: request) }
        guard let task else { throw .cancelled }
        let identifier = task.taskIdentifier
        let limit = maxBodyBytes ?? configuration.maxBodyBytes
        let delegate = self.delegate
        let deadline = configuration.timeout
        let result: Result<HTTPResponse, ServiceError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(identifier, limit: limit, originalURL: url, continuation: continuation)
                if Task.isCancelled {
                    delegate.fail(identifier, with: .cancelled)
                    task.cancel()
                    return
                }
                DispatchQueue.global().asyncAfter(deadline: .now() + deadline.timeInterval) { [weak task] in
                    if delegate.fail(identifier, with: .timeout.with(detail: "no complete answer from \(url.host ?? "the server") within \(deadline)")) {
                        task?.cancel()
                    }
                }
                task.resume()
            }
        } onCancel: {
            if delegate.fail(identifier, with: .cancelled) {
                task.cancel()
            }
        }
        return try result.get()
    }

    /// Ends the session; requests still running are cancelled.
    public func shutdown() {
        closed.withLock { closed in
            guard !closed else { return }
            closed = true
            session.invalidateAndCancel()
        }
    }

    /// Applies `originOverrides` to a URL.
    public func resolve(_ url: URL) -> URL {
        guard !configuration.originOverrides.isEmpty,
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let origin = HTTPTransport.origin(of: url),
              let target = configuration.originOverrides[origin] else { return url }
        components.scheme = target.scheme
        components.host = target.host
        components.port = target.port
        return components.url ?? url
    }

    /// `scheme://host[:port]`, lower-cased, without a default port.
    public static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        if let port = url.port, port != defaultPort { return "\(scheme)://\(host):\(port)" }
        return "\(scheme)://\(host)"
    }
}

/// Routes URLSession's callbacks to the request waiting for them.
private final class TransportDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        let continuation: CheckedContinuation<Result<HTTPResponse, ServiceError>, Never>
        let limit: Int
        let originalURL: URL
        var body = Data()
        var response: HTTPURLResponse?
        /// Set by RecipeBook itself (deadline, size cap, cancellation) before it cancels the task.
        var failure: ServiceError?
        var redirects = 0
    }

    private let maxRedirects: Int
    private let pending = Locked<[Int: Pending]>([:])

    init(maxRedirects: Int) {
        self.maxRedirects = maxRedirects
    }

    func register(_ identifier: Int, limit: Int, originalURL: URL,
                  continuation: CheckedContinuation<Result<HTTPResponse, ServiceError>, Never>) {
        pending.withLock { $0[identifier] = Pending(continuation: continuation, limit: limit, originalURL: originalURL) }
    }

    /// Records why a request is being stopped; false when it already finished or already failed.
    @discardableResult
    func fail(_ identifier: Int, with error: ServiceError) -> Bool {
        pending.withLock { table in
            guard var entry = table[identifier], entry.failure == nil else { return false }
            entry.failure = error
            table[identifier] = entry
            return true
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let identifier = dataTask.taskIdentifier
        let tooLarge: Bool = pending.withLock { table in
            guard var entry = table[identifier] else { return false }
            entry.response = response as? HTTPURLResponse
            entry.body = Data()
            let declared = response.expectedContentLength
            let tooLarge = declared > Int64(entry.limit)
            if tooLarge, entry.failure == nil {
                entry.failure = .tooLarge.with(detail: "the server announced \(declared) bytes; the limit is \(entry.limit)")
            }
            table[identifier] = entry
            return tooLarge
        }
        completionHandler(tooLarge ? .cancel : .allow)
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let identifier = dataTask.taskIdentifier
        let overLimit: Bool = pending.withLock { table in
            guard var entry = table[identifier], entry.failure == nil else { return false }
            if entry.body.count + data.count > entry.limit {
                entry.failure = .tooLarge.with(detail: "the answer is larger than \(entry.limit) bytes")
                entry.body = Data()
                table[identifier] = entry
                return true
            }
            entry.body.append(data)
            table[identifier] = entry
            return false
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let identifier = task.taskIdentifier
        let allowed: Bool = pending.withLock { table in
            guard var entry = table[identifier] else { return false }
            entry.redirects += 1
            if entry.redirects > maxRedirects, entry.failure == nil {
                entry.failure = .redirectLoop.with(detail: "more than \(maxRedirects) redirects from \(entry.originalURL.absoluteString)")
            }
            table[identifier] = entry
            return entry.failure == nil
        }
        if allowed {
            completionHandler(request)
        } else {
            completionHandler(nil)
            task.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let identifier = task.taskIdentifier
        guard let entry = pending.withLock({ $0.removeValue(forKey: identifier) }) else { return }
        let result: Result<HTTPResponse, ServiceError>
        if let failure = entry.failure {
            result = .failure(failure)
        } else if let error {
            result = .failure(TransportDelegate.classify(error, url: entry.originalURL))
        } else if let response = entry.response ?? (task.response as? HTTPURLResponse) {
            let mediaType = response.value(forHTTPHeaderField: "Content-Type").map(TransportDelegate.mediaType)
            result = .success(HTTPResponse(status: response.statusCode, contentType: mediaType, body: entry.body,
                                           url: entry.originalURL))
        } else {
            result = .failure(.malformedBody.with(detail: "no HTTP response from \(entry.originalURL.absoluteString)"))
        }
        entry.continuation.resume(returning: result)
    }

    static func mediaType(_ header: String) -> String {
        let type = header.split(separator: ";", maxSplits: 1).first.map(String.init) ?? header
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Maps Foundation's errors onto RecipeBook's.
    static func classify(_ error: any Error, url: URL) -> ServiceError {
        let place = url.host.map { port in url.port.map { "\(port):\($0)" } ?? port } ?? url.absoluteString
        guard let urlError = error as? URLError else {
            return .connectionLost.with(detail: "\(place): \(error.localizedDescription)")
        }
        switch urlError.code {
        case .timedOut:
            return .timeout.with(detail: "\(place) did not answer in time")
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
             .internationalRoamingOff, .dataNotAllowed, .secureConnectionFailed, .serverCertificateUntrusted,
             .serverCertificateHasBadDate, .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .unreachable.with(detail: "cannot connect to \(place)")
        case .networkConnectionLost:
            return .connectionLost.with(detail: "the connection to \(place) broke")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .redirectLoop.with(detail: "\(place) keeps redirecting")
        case .cancelled:
            return .cancelled
        case .dataLengthExceedsMaximum:
            return .tooLarge.with(detail: "the answer from \(place) is too large")
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
             .zeroByteResource:
            return .malformedBody.with(detail: "\(place) sent a broken HTTP answer")
        default:
            return .connectionLost.with(detail: "\(place): \(urlError.localizedDescription)")
        }
    }
}
