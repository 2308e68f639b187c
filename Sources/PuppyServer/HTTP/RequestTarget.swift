// Standard library only: the HTTP files compile on their own into a fuzzing harness.

/// A request target split into its raw (still percent-encoded) path and query.
///
/// Origin-form (`/path?query`) and absolute-form (`http://host/path?query`, whatever the host) are
/// accepted; anything else, and any fragment, is refused. Nothing here touches a file system: the router
/// only compares decoded segments with catalog ids.
struct RequestTarget: Hashable, Sendable {
    var path: Substring
    var query: Substring

    init?(_ target: String) {
        var rest = Substring(target)
        guard !rest.utf8.contains(UInt8(ascii: "#")) else { return nil }
        if rest.utf8.first != UInt8(ascii: "/") {
            guard let schemeEnd = rest.firstRange(of: "://") else { return nil }
            let scheme = rest[rest.startIndex..<schemeEnd.lowerBound].lowercased()
            guard scheme == "http" || scheme == "https" else { return nil }
            let afterScheme = rest[schemeEnd.upperBound...]
            let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
            guard authorityEnd > afterScheme.startIndex else { return nil }
            rest = afterScheme[authorityEnd...]
            if rest.utf8.first != UInt8(ascii: "/") { rest = "/" + rest }
        }
        if let questionMark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            path = rest[rest.startIndex..<questionMark]
            query = rest[rest.utf8.index(after: questionMark)...]
        } else {
            path = rest
            query = ""
        }
    }
}

enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as a space in query components); nil for a broken escape or
    /// bytes that are not UTF-8.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        let needsWork = text.utf8.contains { $0 == UInt8(ascii: "%") || ($0 == UInt8(ascii: "+") && plusIsSpace) }
        guard needsWork else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The values of the wanted parameters in `name=value&...`, decoded; the last of repeated names
    /// wins, as in the PHP the original ran on. A wanted parameter badly encoded is the failure; other
    /// parameters are not looked at.
    static func queryParameters(_ query: Substring, named wanted: Set<String>) -> Result<[String: String], BadlyEncoded> {
        var parameters: [String: String] = [:]
        var pairStart = query.startIndex
        while pairStart < query.endIndex {
            let pairEnd = query[pairStart...].utf8.firstIndex(of: UInt8(ascii: "&")) ?? query.endIndex
            let pair = query[pairStart..<pairEnd]
            pairStart = pairEnd < query.endIndex ? query.utf8.index(after: pairEnd) : pairEnd
            guard !pair.isEmpty else { continue }
            let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            guard let name = decode(pair[pair.startIndex..<equals], plusIsSpace: true) else { continue }
            guard wanted.contains(name) else { continue }
            let rawValue = equals < pair.endIndex ? pair[pair.utf8.index(after: equals)...] : ""
            guard let value = decode(rawValue, plusIsSpace: true) else { return .failure(BadlyEncoded(name: name)) }
            parameters[name] = value
        }
        return .success(parameters)
    }

    /// A wanted parameter whose value is not percent-encoded UTF-8: which one (one of the names asked for).
    struct BadlyEncoded: Error, Hashable, Sendable {
        let name: String
    }
}
