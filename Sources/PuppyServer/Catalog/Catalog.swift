public import Foundation
import Glibc

/// The recipes a server answers from, in catalog order (the order of the file).
///
/// The file format is JSON Lines, one recipe a line:
/// `{"id":"shakshuka","title":"Shakshuka","cuisine":"Tunisian","ingredients":["eggs","onions"],"method":"..."}`
/// with optional `href` and `thumbnail` (absolute URLs served instead of the server's own). Blank lines
/// are skipped; a bad line is a `CatalogError` naming its line number.
public struct Catalog: Sendable {
    public let recipes: [CatalogRecipe]

    /// Validates recipes built in code (tests, generators): same rules as a file, "line" = position + 1.
    public init(recipes: [CatalogRecipe], source: String = "catalog") throws {
        var validator = CatalogValidator(source: source)
        self.recipes = try recipes.enumerated().map { index, recipe in
            try validator.validate(recipe, line: index + 1)
        }
    }

    /// Parses JSON Lines; `source` names the file in error messages.
    public init(jsonLines: Data, source: String) throws {
        try self.init(bytes: [UInt8](jsonLines), source: source)
    }

    private init(bytes: [UInt8], source: String) throws {
        var validator = CatalogValidator(source: source)
        let decoder = JSONDecoder()
        var recipes: [CatalogRecipe] = []
        var lineNumber = 0
        var lineStart = 0
        while lineStart < bytes.count {
            lineNumber += 1
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            var line = bytes[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            guard line.contains(where: { !Self.isJSONWhitespace($0) }) else { continue }

            let fields: CatalogLine
            do {
                fields = try decoder.decode(CatalogLine.self, from: Data(line))
            } catch let error as DecodingError {
                throw CatalogError(source: source, line: lineNumber, message: Self.describe(error))
            }
            let recipe = try fields.recipe(source: source, line: lineNumber)
            recipes.append(try validator.validate(recipe, line: lineNumber))
        }
        self.recipes = recipes
    }

    public init(jsonLines: String, source: String) throws {
        try self.init(jsonLines: Data(jsonLines.utf8), source: source)
    }

    /// Loads a JSON Lines file (`--catalog FILE`); errors name the file and line.
    public static func load(contentsOf url: URL) throws -> Catalog {
        try Catalog(bytes: try readFile(url), source: url.lastPathComponent)
    }

    /// The file's bytes through POSIX calls (Foundation's reader leaks a page on empty files).
    private static func readFile(_ url: URL) throws -> [UInt8] {
        func failure(_ code: Int32) -> CatalogError {
            CatalogError(source: url.path, line: nil, message: "cannot read the file (\(String(cString: strerror(code))))")
        }
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[0..<count]
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw failure(errno)
            }
        }
    }

    /// The catalog bundled with PuppyServer as the SwiftPM resource `catalog.jsonl`.
    public static func bundled() throws -> Catalog {
        guard let url = Bundle.module.url(forResource: "catalog", withExtension: "jsonl") else {
            throw CatalogError(source: "catalog.jsonl", line: nil, message: "missing from the PuppyServer bundle")
        }
        return try load(contentsOf: url)
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context):
            guard let field = context.codingPath.first?.stringValue else { return "expected a JSON object" }
            return "\"\(field)\" must be \(field == "ingredients" ? "an array of strings" : "a string")"
        case .valueNotFound(_, let context):
            return "\"\(context.codingPath.first?.stringValue ?? "?")\" must not be null"
        case .keyNotFound(let key, _):
            return "missing \"\(key.stringValue)\""
        case .dataCorrupted:
            return "not valid JSON"
        @unknown default:
            return "not a recipe"
        }
    }
}

/// One line as decoded, before the rules are applied (so a missing field gets its own message).
private struct CatalogLine: Decodable {
    var id: String?
    var title: String?
    var cuisine: String?
    var ingredients: [String]?
    var method: String?
    var href: String?
    var thumbnail: String?

    func recipe(source: String, line: Int) throws -> CatalogRecipe {
        func required<Value>(_ value: Value?, _ name: String) throws -> Value {
            guard let value else { throw CatalogError(source: source, line: line, message: "missing \"\(name)\"") }
            return value
        }
        return CatalogRecipe(
            id: try required(id, "id"),
            title: try required(title, "title"),
            cuisine: try required(cuisine, "cuisine"),
            ingredients: try required(ingredients, "ingredients"),
            method: try required(method, "method"),
            href: href,
            thumbnail: thumbnail
        )
    }
}

/// The rules every recipe must meet, and the duplicate-id check across a catalog.
private struct CatalogValidator {
    let source: String
    var firstLineByID: [String: Int] = [:]

    init(source: String) {
        self.source = source
    }

    mutating func validate(_ recipe: CatalogRecipe, line: Int) throws -> CatalogRecipe {
        func fail(_ message: String) -> CatalogError {
            CatalogError(source: source, line: line, message: message)
        }
        var recipe = recipe
        guard Self.isSlug(recipe.id) else { throw fail("\"id\" must be a lower-case slug like \"pad-thai\"") }
        if let first = firstLineByID[recipe.id] {
            throw fail("duplicate id \"\(recipe.id)\" (first on line \(first))")
        }
        firstLineByID[recipe.id] = line
        guard recipe.title.contains(where: { !$0.isWhitespace }) else { throw fail("empty \"title\"") }
        guard recipe.cuisine.contains(where: { !$0.isWhitespace }) else { throw fail("empty \"cuisine\"") }
        guard recipe.method.contains(where: { !$0.isWhitespace }) else { throw fail("empty \"method\"") }
        guard !recipe.ingredients.isEmpty else { throw fail("\"ingredients\" is empty") }
        recipe.ingredients = try recipe.ingredients.enumerated().map { index, name in
            let normalized = IngredientName.normalize(name)
            guard !normalized.isEmpty else { throw fail("ingredient \(index + 1) is empty") }
            guard !normalized.contains(",") else { throw fail("ingredient \"\(name)\" contains a comma") }
            return normalized
        }
        if let href = recipe.href {
            guard Self.isAbsoluteWebURL(href) else { throw fail("\"href\" must be an absolute http(s) URL") }
        }
        if let thumbnail = recipe.thumbnail, !thumbnail.isEmpty {
            guard Self.isAbsoluteWebURL(thumbnail) else {
                throw fail("\"thumbnail\" must be an absolute http(s) URL or \"\"")
            }
        }
        return recipe
    }

    private static func isSlug(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard !bytes.isEmpty, bytes.count <= 200, bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-")
        else { return false }
        var previousWasDash = false
        for byte in bytes {
            let isDash = byte == UInt8(ascii: "-")
            let isAllowed = isDash || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard isAllowed, !(isDash && previousWasDash) else { return false }
            previousWasDash = isDash
        }
        return true
    }

    private static func isAbsoluteWebURL(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return false }
        return !text.contains(where: { $0.isWhitespace })
    }
}
