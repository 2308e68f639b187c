public import Foundation
public import ServiceSupport

/// GET with the bounds RecipeBook needs: one overall deadline per request (a server dripping one byte a
/// second still times out on time), a cap on the decoded body that bounds memory (a body is never read
/// past it, a gzip body never inflated past it), a limit on redirects, and cancellation that ends the
/// request at once.
///
/// Plain `http://` is RecipeBook's own HTTP/1.1 client on POSIX sockets (`PlainExchange`); `https://` goes
/// through libcurl, opened on first use (`CurlExchange`). Each request runs on one of a fixed pool of
/// threads (`WorkerPool`), asleep in poll(2) or libcurl while it waits.
public final class HTTPTransport: Sendable {
    public struct Configuration: Sendable {
        /// The longest a whole request may take, redirects included, from its start to the last byte.
        public var timeout: Duration
        /// The largest body accepted, after decoding; a larger one fails with `tooLarge` without being
        /// read to the end.
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
    /// The requests under way, cancelled by `shutdown()`; nil once shut down.
    private let running = Locked<[ObjectIdentifier: RequestControl]?>([:])
    private let curlName: String
    /// libcurl, once an https address has needed it.
    private let curl = Locked<Result<CurlLibrary, ServiceError>?>(nil)

    public convenience init(configuration: Configuration = Configuration()) {
        self.init(configuration: configuration, curlLibrary: "libcurl.so.4")
    }

    /// `curlLibrary`: the file dlopen is given for https.
    init(configuration: Configuration, curlLibrary: String) {
        self.configuration = configuration
        curlName = curlLibrary
    }

    /// Fetches `url` and returns the whole answer, whatever its status, within `timeout` (the
    /// configuration's when nil), redirects included.
    public func get(_ url: URL, accept: String? = nil, maxBodyBytes: Int? = nil, timeout: Duration? = nil) async throws(ServiceError) -> HTTPResponse {
        let control = try RequestControl(timeout: min(timeout ?? configuration.timeout, configuration.timeout))
        let key = ObjectIdentifier(control)
        let registered = running.withLock { table -> Bool in
            guard table != nil else { return false }
            table?[key] = control
            return true
        }
        guard registered else { throw .cancelled }
        defer { running.withLock { _ = $0?.removeValue(forKey: key) } }
        let limit = maxBodyBytes ?? configuration.maxBodyBytes
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { control.cancel() }
                control.start(continuation) { [self] in
                    do throws(ServiceError) {
                        return .success(try fetch(url, accept: accept, limit: limit, control: control))
                    } catch {
                        return .failure(error)
                    }
                }
            }
        } onCancel: {
            control.cancel()
        }
        return try outcome.get()
    }

    /// Ends the transport: requests still running are cancelled, later ones fail with `cancelled`.
    public func shutdown() {
        let controls = running.withLock { table -> [RequestControl] in
            let controls = table.map { Array($0.values) } ?? []
            table = nil
            return controls
        }
        controls.forEach { $0.cancel() }
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

    // MARK: - On the request's thread

    /// The request and its redirects, within the one deadline. `current` is the address as the caller
    /// knows it (before origin overrides), so redirects and the answer's URL keep its origin.
    private func fetch(_ url: URL, accept: String?, limit: Int, control: RequestControl) throws(ServiceError) -> HTTPResponse {
        var current = url
        var redirects = 0
        while true {
            let target = resolve(current)
            switch target.scheme?.lowercased() {
            case "http":
                break
            case "https":
                let answer = try CurlExchange.run(target, accept: accept, limit: limit,
                                                  maxRedirects: configuration.maxRedirects - redirects,
                                                  control: control, curl: try loadCurl())
                let media = answer.contentType.flatMap(MediaType.init)
                return HTTPResponse(status: answer.status, contentType: media?.type, charset: media?.charset,
                                    body: answer.body, url: answer.redirectedURL ?? current, fields: answer.fields)
            default:
                throw .invalidQuery.with(detail: "\"\(current.absoluteString.prefix(80))\" is not a web address")
            }
            let answer = try PlainExchange.run(target, accept: accept, limit: limit, control: control)
            if answer.head.isRedirect, let location = answer.head.value("location") {
                redirects += 1
                guard redirects <= configuration.maxRedirects else {
                    throw .redirectLoop.with(detail: "more than \(configuration.maxRedirects) redirects from \(url.absoluteString)")
                }
                current = try HTTPTransport.redirectTarget(location, from: current)
                continue
            }
            let media = answer.head.value("content-type").flatMap(MediaType.init)
            return HTTPResponse(status: answer.head.status, contentType: media?.type, charset: media?.charset,
                                body: answer.body, url: current,
                                fields: Dictionary(answer.head.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// A Location resolved against the address that sent it; only http and https are followed.
    static func redirectTarget(_ location: String, from current: URL) throws(ServiceError) -> URL {
        guard let next = URL(string: location, relativeTo: current)?.absoluteURL,
              let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https", next.host != nil else {
            throw .malformedBody.with(detail: "\(current.host ?? "the server") redirected to \"\(location.prefix(80))\", which RecipeBook does not follow")
        }
        return next
    }

    private func loadCurl() throws(ServiceError) -> CurlLibrary {
        try curl.withLock { loaded in
            if let loaded { return loaded }
            let result = CurlLibrary.load(curlName)
            loaded = result
            return result
        }.get()
    }
}
