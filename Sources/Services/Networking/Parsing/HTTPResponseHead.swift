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

/// Every size the response parser accepts is bounded by one of these.
struct HTTPResponseLimits: Sendable {
    /// The status line, without its line end.
    var maxStatusLineBytes = 1024
    /// The header fields of one head, line ends included (the empty line that ends the head is not counted).
    var maxHeaderBytes = 64 * 1024
    /// Header fields in one head; trailer fields count toward the same number.
    var maxHeaderCount = 128
    /// A chunk-size line with its extensions, without its line end.
    var maxChunkLineBytes = 1024
    /// The largest chunk announced; nothing reads a chunk at once, this only refuses absurd sizes.
    var maxChunkSize = 1 << 40
    /// The trailer section of a chunked body, counted like the header fields.
    var maxTrailerBytes = 16 * 1024
    /// Informational (1xx) responses skipped before the real one.
    var maxInterimResponses = 8

    init() {}

    init(maxStatusLineBytes: Int, maxHeaderBytes: Int, maxHeaderCount: Int, maxChunkLineBytes: Int,
         maxTrailerBytes: Int, maxInterimResponses: Int) {
        self.maxStatusLineBytes = maxStatusLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxChunkLineBytes = maxChunkLineBytes
        self.maxTrailerBytes = maxTrailerBytes
        self.maxInterimResponses = maxInterimResponses
    }
}
