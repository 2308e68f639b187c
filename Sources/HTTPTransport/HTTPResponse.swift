public import Foundation

/// An HTTP answer, read in full and within the size limit.
public struct HTTPResponse: Sendable {
    public let status: Int
    /// The media type without parameters, lower-cased (`text/javascript`), if the server sent one.
    public let contentType: String?
    /// The Content-Type's charset parameter, lower-cased and unquoted (`utf-8`), if it had one.
    public let charset: String?
    /// The body, content decoding (gzip, deflate) undone.
    public let body: Data
    /// The address the answer came from, after redirects: what links in the body resolve against.
    public let url: URL
    /// The header fields by lower-cased name, the first value of each.
    public let fields: [String: String]

    public init(status: Int, contentType: String?, charset: String? = nil, body: Data, url: URL, fields: [String: String] = [:]) {
        self.status = status
        self.contentType = contentType
        self.charset = charset
        self.body = body
        self.url = url
        self.fields = fields
    }
}
