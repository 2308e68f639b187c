// Standard library only: the parsing files compile on their own into a fuzzing harness.

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
