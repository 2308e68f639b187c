/// Why a catalog could not be loaded, with the line at fault: `catalog.jsonl:17: missing "title"`.
public struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name (or another label) the catalog came from.
    public let source: String
    /// The 1-based line number, nil when the problem is the whole file.
    public let line: Int?
    public let message: String

    public init(source: String, line: Int?, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(source):\(line): \(message)" }
        return "\(source): \(message)"
    }
}
