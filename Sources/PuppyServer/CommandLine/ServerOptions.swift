import Foundation

/// The `puppy-server` command line, parsed (kept in the library so it is tested with the server).
public struct ServerOptions: Sendable {
    public enum Action: Sendable, Hashable {
        case serve
        case help
        case version
        /// `--print-catalog`: write the bundled catalog to stdout, a start for a catalog of your own.
        case printCatalog
        /// `--export-catalog DIR`: write the bundled catalog with its photos into a new folder DIR, as
        /// `--catalog DIR/catalog.jsonl` serves it.
        case exportCatalog(String)
    }

    public var action = Action.serve
    public var configuration = ServerConfiguration()
    /// `--catalog FILE`; nil serves the bundled catalog.
    public var catalogPath: String?
    /// `--log`: one line per request on stderr.
    public var logRequests = false

    public init() {}

    public static let usage = """
    USAGE: puppy-server [options]

    Serves the RecipePuppy API (/api/?i=&q=&p=, with callback= for JSONP, format=xml and oi=1, and
    have=NAMES&missing=N&strict=1 for recipes ranked by how few ingredients NAMES lack, per=N for N of
    them a page, 10 to 1000), recipe pages and thumbnails over HTTP, gzip-compressed for clients that
    accept it.

    OPTIONS:
      --host H           address to bind (default 127.0.0.1)
      --port N           port to bind; 0 picks a free one (default 0)
      --public-url URL   origin used in hrefs and thumbnails (default http://HOST:PORT)
      --catalog FILE     serve this JSON Lines catalog instead of the bundled one
                         (a regular file of at most 256 MB)
      --print-catalog    print the bundled catalog as JSON Lines and exit
      --export-catalog DIR
                         write the bundled catalog (catalog.jsonl) and its photos into a
                         new folder DIR and exit; --catalog DIR/catalog.jsonl serves it
      --quirks LIST      comma-separated: padding, entities, gaps, errors, malformed,
                         duplicates, thumbnails, tracking, literal (names matched only as
                         written); or realistic (all but tracking and literal), all (all
                         but literal), or none (default)
      --cors ORIGIN      which web pages may read the answers from another origin:
                         *, an origin like https://example.org, or off (default *)
      --seed N           seed for every quirk and jitter decision (default 1)
      --latency MS       delay each answer by MS milliseconds, +/- 30 % jitter (default 0)
      --threads N        event-loop threads (default: cores, at most 4)
      --max-per-address N
                         connections open at once from one address (default 256); past
                         it that address's longest idle one is closed, or the new one
                         answered 503
      --trusted-proxy ADDR[,ADDR...]
                         reverse proxies in front (nginx, a load balancer): their
                         connections are not limited per address, only in all (2048),
                         as every client comes through them; let the proxy limit each
                         client (nginx: limit_conn keyed on $binary_remote_addr)
      --no-have          ignore have= as the real service did (answer i and q alone)
      --log              one line per request on stderr
      -h, --help         show this help
      --version          show the version

    The first line on stdout is "PuppyServer listening on http://HOST:PORT/api/ (...)".
    """

    /// Parses the arguments (without the program name). `--flag value` and `--flag=value` both work.
    public static func parse(_ arguments: [String]) throws(ServerOptionsError) -> ServerOptions {
        var options = ServerOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(ServerOptionsError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw ServerOptionsError("\(name) needs a value") }
                return next
            }
            func flagOnly() throws(ServerOptionsError) {
                if inlineValue != nil { throw ServerOptionsError("\(name) takes no value") }
            }

            switch name {
            case "-h", "--help":
                try flagOnly()
                options.action = .help
            case "--version":
                try flagOnly()
                options.action = .version
            case "--print-catalog":
                try flagOnly()
                options.action = .printCatalog
            case "--log":
                try flagOnly()
                options.logRequests = true
            case "--no-have":
                try flagOnly()
                options.configuration.answersHave = false
            case "--host":
                let host = try value()
                guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
                    throw ServerOptionsError("--host needs an address, not \"\(host)\"")
                }
                options.configuration.host = host
            case "--port":
                let text = try value()
                guard let port = UInt16(text) else { throw ServerOptionsError("--port needs a number from 0 to 65535, not \"\(text)\"") }
                options.configuration.port = port
            case "--public-url":
                let text = try value()
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                      scheme == "http" || scheme == "https", url.host?.isEmpty == false
                else { throw ServerOptionsError("--public-url needs an absolute http(s) URL, not \"\(text)\"") }
                options.configuration.publicURL = url
            case "--export-catalog":
                let path = try value()
                guard !path.isEmpty else { throw ServerOptionsError("--export-catalog needs a folder") }
                options.action = .exportCatalog(path)
            case "--catalog":
                let path = try value()
                guard !path.isEmpty else { throw ServerOptionsError("--catalog needs a file") }
                options.catalogPath = path
            case "--quirks":
                let list = try value()
                do {
                    options.configuration.quirks = try Quirk.parseList(list)
                } catch {
                    throw ServerOptionsError("--quirks: \(error)")
                }
            case "--cors":
                let text = try value()
                guard let policy = CORSPolicy(argument: text) else {
                    throw ServerOptionsError("--cors needs *, off or an origin like https://example.org, not \"\(text)\"")
                }
                options.configuration.cors = policy
            case "--max-per-address":
                let text = try value()
                guard let most = Int(text), (1...100_000).contains(most) else {
                    throw ServerOptionsError("--max-per-address needs a number from 1 to 100000, not \"\(text)\"")
                }
                options.configuration.limits.maxConnectionsPerPeer = most
            case "--trusted-proxy":
                let text = try value()
                let addresses = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                for address in addresses where Socket.peerAddresses(of: address) == nil {
                    throw ServerOptionsError("--trusted-proxy needs IPv4 or IPv6 addresses, not \"\(address)\"")
                }
                options.configuration.limits.trustedProxies += addresses
            case "--seed":
                let text = try value()
                guard let seed = UInt64(text) else { throw ServerOptionsError("--seed needs a non-negative integer, not \"\(text)\"") }
                options.configuration.seed = seed
            case "--latency":
                let text = try value()
                guard let milliseconds = Int(text), (0...600_000).contains(milliseconds) else {
                    throw ServerOptionsError("--latency needs milliseconds from 0 to 600000, not \"\(text)\"")
                }
                options.configuration.latency = .milliseconds(milliseconds)
            case "--threads":
                let text = try value()
                guard let threads = Int(text), (1...64).contains(threads) else {
                    throw ServerOptionsError("--threads needs a number from 1 to 64, not \"\(text)\"")
                }
                options.configuration.threads = threads
            default:
                throw ServerOptionsError("unknown option \"\(argument)\"")
            }
        }
        return options
    }
}

/// A bad command line; the executable prints it on one line and exits with status 2.
public struct ServerOptionsError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
