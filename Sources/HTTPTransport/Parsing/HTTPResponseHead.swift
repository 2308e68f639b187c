// Standard library only: the parsing files compile on their own into a fuzzing harness.

/// A response's status line and header fields, as the parser read them.
struct HTTPResponseHead: Equatable, Sendable {
    struct Field: Equatable, Sendable {
        /// Lower-cased.
        let name: String
        /// Without the whitespace around it.
        let value: String
    }

    /// The minor version: 0 or 1 (the major is always 1).
    let minorVersion: Int
    let status: Int
    let reason: String
    let fields: [Field]

    /// The first value of a field, by its name in any case.
    func value(_ name: String) -> String? {
        let name = name.lowercased()
        return fields.first { $0.name == name }?.value
    }

    /// Every value of a field, in order.
    func values(_ name: String) -> [String] {
        let name = name.lowercased()
        return fields.filter { $0.name == name }.map(\.value)
    }

    /// 301, 302, 303, 307 or 308.
    var isRedirect: Bool {
        [301, 302, 303, 307, 308].contains(status)
    }
}

/// A piece of a response, in order: the head once, body bytes any number of times, then the end.
enum HTTPResponsePart: Equatable, Sendable {
    case head(HTTPResponseHead)
    /// Body bytes after transfer decoding (chunk framing removed), still content-encoded.
    case body(ArraySlice<UInt8>)
    case end
}
