import Foundation

/// Which web pages may read the server's answers from another origin (`--cors ORIGIN|*|off`): every
/// answer carries `Access-Control-Allow-Origin`, and `OPTIONS` preflights are answered with the methods
/// and headers allowed. The data is public and read-only, so any origin is the default; no answer ever
/// allows credentials.
public enum CORSPolicy: Sendable, Hashable, CustomStringConvertible {
    case off
    /// `Access-Control-Allow-Origin: *`.
    case anyOrigin
    /// One origin, `scheme://host[:port]`, as a browser sends it in `Origin`.
    case origin(String)

    /// Parses `*`, `off` or an origin; nil for anything else (a path, a query, spaces, controls).
    public init?(argument: String) {
        switch argument.lowercased() {
        case "*": self = .anyOrigin
        case "off", "none": self = .off
        default:
            guard let origin = Self.origin(argument) else { return nil }
            self = .origin(origin)
        }
    }

    /// `https://example.org:8443` from the same written with a trailing slash, upper-case scheme or
    /// host; nil when it is not an http(s) origin (which also keeps anything but a visible ASCII origin
    /// out of a header).
    private static func origin(_ text: String) -> String? {
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host?.lowercased(), !host.isEmpty,
              components.user == nil, components.password == nil, components.query == nil, components.fragment == nil,
              components.path.isEmpty || components.path == "/"
        else { return nil }
        let port = components.port.map { ":\($0)" } ?? ""
        return "\(scheme)://\(host)\(port)"
    }

    public var description: String {
        switch self {
        case .off: return "off"
        case .anyOrigin: return "*"
        case .origin(let origin): return origin
        }
    }

    /// The header every answer carries (none when off).
    var allowOriginHeader: HTTPHeader? {
        switch self {
        case .off: return nil
        case .anyOrigin: return HTTPHeader(name: "Access-Control-Allow-Origin", value: "*")
        case .origin(let origin): return HTTPHeader(name: "Access-Control-Allow-Origin", value: origin)
        }
    }

    /// What a preflight is told besides the origin: the methods, any request header (the named ones
    /// also for browsers that predate the wildcard), and to remember the answer for a day.
    var preflightHeaders: [HTTPHeader] {
        guard self != .off else { return [] }
        return [
            HTTPHeader(name: "Access-Control-Allow-Methods", value: "GET, HEAD, OPTIONS"),
            HTTPHeader(name: "Access-Control-Allow-Headers", value: "Accept, Accept-Language, Content-Language, Content-Type, Authorization, X-Requested-With, Cache-Control, *"),
            HTTPHeader(name: "Access-Control-Max-Age", value: "86400"),
        ]
    }
}
