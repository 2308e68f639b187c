public import Foundation
import Glibc

/// The recipes a server answers from, in catalog order (the order of the file).
///
/// The file format is JSON Lines, one recipe a line:
/// `{"id":"shakshuka","title":"Shakshuka","cuisine":"Tunisian","ingredients":["eggs","onions"],"method":"..."}`
/// with optional `cuisine`, `href` and `thumbnail` (absolute URLs served instead of the server's own).
/// Blank lines are skipped; a bad line is a `CatalogError` naming its line number.
public struct Catalog: Sendable {
    public let recipes: [CatalogRecipe]

    /// The largest catalog file `load(contentsOf:)` reads: 256 MB.
    public static let maxFileBytes = 256 << 20

    /// The most ingredients one recipe may list (the real service's longest lists had a few dozen).
    public static let maxIngredientsPerRecipe = 1_000

    /// Validates recipes built in code (tests, generators): same rules as a file, "line" = position + 1.
    public init(recipes: [CatalogRecipe], source: String = "catalog") throws {
        var validator = CatalogValidator(source: source)
        self.recipes = try recipes.enumerated().map { index, recipe in
            try validator.validate(recipe, line: index + 1)
        }
    }

    /// Parses JSON Lines; `source` names the file in error messages.
    public init(jsonLines: Data, source: String) throws {
        self = try jsonLines.withUnsafeBytes { raw in
            try Catalog(lines: raw.bindMemory(to: UInt8.self), source: source)
        }
    }

    public init(jsonLines: String, source: String) throws {
        var text = jsonLines
        self = try text.withUTF8 { try Catalog(lines: $0, source: source) }
    }

    /// One pass over the bytes: lines split at LF, each read by `CatalogLineReader`, then validated.
    /// With a `stop` signal, it is looked at before each line and a stopped load throws.
    private init(lines bytes: UnsafeBufferPointer<UInt8>, source: String, stop: StopSignal? = nil) throws {
        var validator = CatalogValidator(source: source)
        var recipes: [CatalogRecipe] = []
        var lineNumber = 0
        var lineStart = 0
        while lineStart < bytes.count {
            lineNumber += 1
            if let stop, stop.isStopped {
                throw CatalogError(source: source, line: lineNumber, message: "loading was stopped: the server was shut down")
            }
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var start = lineStart
            lineStart = lineEnd + 1
            if lineNumber == 1, lineEnd - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF {
                start += 3  // a byte-order mark
            }
            guard (start..<lineEnd).contains(where: { !Self.isJSONWhitespace(bytes[$0]) }) else { continue }

            let fields: CatalogFields
            do {
                fields = try CatalogLineReader.read(UnsafeBufferPointer(rebasing: bytes[start..<lineEnd]))
            } catch {
                throw CatalogError(source: source, line: lineNumber, message: error.description)
            }
            let recipe = try Self.recipe(from: fields, source: source, line: lineNumber)
            recipes.append(try validator.validate(recipe, line: lineNumber))
        }
        self.recipes = recipes
    }

    /// Loads a JSON Lines file (`--catalog FILE`); errors name the file and line. Only a regular file
    /// of at most `maxFileBytes` is read: a FIFO, a device or a folder is refused at once.
    public static func load(contentsOf url: URL) throws -> Catalog {
        let bytes = try readFile(url)
        return try bytes.withUnsafeBufferPointer { try Catalog(lines: $0, source: url.lastPathComponent) }
    }

    /// The file's bytes through POSIX calls (Foundation's reader leaks a page on empty files). Opened
    /// without blocking, so a FIFO with no writer cannot hold the caller before it is refused.
    private static func readFile(_ url: URL) throws -> [UInt8] {
        func failure(_ message: String) -> CatalogError {
            CatalogError(source: url.path, line: nil, message: message)
        }
        func systemFailure(_ code: Int32) -> CatalogError {
            failure("cannot read the file (\(String(cString: strerror(code))))")
        }
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw systemFailure(errno) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw systemFailure(errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure("is a folder, not a catalog file")
        default: throw failure("is not a regular file (a catalog cannot be a FIFO, a device or a socket)")
        }
        guard status.st_size <= maxFileBytes else {
            throw failure("is larger than \(maxFileBytes >> 20) MB, the most a catalog may be")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count < maxFileBytes else {
                    throw failure("is larger than \(maxFileBytes >> 20) MB, the most a catalog may be")
                }
                bytes += [UInt8](repeating: 0, count: min(max(bytes.count, 1 << 16), maxFileBytes - bytes.count))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count > 0 {
                filled += count
            } else if count == 0 {
                bytes.removeSubrange(filled...)
                return bytes
            } else if errno != EINTR {
                throw systemFailure(errno)
            }
        }
    }

    /// The catalog compiled into PuppyServer (`BundledCatalog.jsonLines`): nothing to find at run time,
    /// so a copied or installed binary has it too.
    public static func bundled() throws -> Catalog {
        try bundled(stop: nil)
    }

    /// The bundled catalog for a server that loads it on its own thread
    /// (`PuppyServer(configuration:loadingCatalog: Catalog.loadBundled(until:))`): gives up, throwing, at
    /// the first line after the server was shut down.
    public static func loadBundled(until stop: StopSignal) throws -> Catalog {
        try bundled(stop: stop)
    }

    private static func bundled(stop: StopSignal?) throws -> Catalog {
        let source = "bundled catalog"
        var text = BundledCatalog.jsonLines
        return try text.withUTF8 { try Catalog(lines: $0, source: source, stop: stop) }
    }

    /// The bundled catalog as a JSON Lines file (what `puppy-server --print-catalog` writes).
    public static var bundledJSONLines: String {
        BundledCatalog.jsonLines + "\n"
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func recipe(from fields: CatalogFields, source: String, line: Int) throws -> CatalogRecipe {
        func required<Value>(_ value: Value?, _ name: String) throws -> Value {
            guard let value else { throw CatalogError(source: source, line: line, message: "missing \"\(name)\"") }
            return value
        }
        return CatalogRecipe(
            id: try required(fields.id, "id"),
            title: try required(fields.title, "title"),
            cuisine: fields.cuisine ?? "",
            ingredients: try required(fields.ingredients, "ingredients"),
            method: try required(fields.method, "method"),
            href: fields.href,
            thumbnail: fields.thumbnail
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
        if let first = firstLineByID.updateValue(line, forKey: recipe.id) {
            throw fail("duplicate id \"\(recipe.id)\" (first on line \(first))")
        }
        guard Self.hasText(recipe.title) else { throw fail("empty \"title\"") }
        guard Self.hasText(recipe.method) else { throw fail("empty \"method\"") }
        if !Self.hasText(recipe.cuisine) { recipe.cuisine = "" }  // blank: no cuisine
        guard !recipe.ingredients.isEmpty else { throw fail("\"ingredients\" is empty") }
        guard recipe.ingredients.count <= Catalog.maxIngredientsPerRecipe else {
            throw fail("\(recipe.ingredients.count) ingredients; a recipe may list at most \(Catalog.maxIngredientsPerRecipe)")
        }
        for index in recipe.ingredients.indices {
            let name = recipe.ingredients[index]
            let normalized = FoldedIngredient.normalize(name)
            guard !normalized.isEmpty else { throw fail("ingredient \(index + 1) is empty") }
            guard !normalized.utf8.contains(UInt8(ascii: ",")) else { throw fail("ingredient \"\(name)\" contains a comma") }
            recipe.ingredients[index] = normalized
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

    /// Whether the text has something besides whitespace (bytes first; Unicode spaces checked only
    /// when every byte is outside printable ASCII).
    private static func hasText(_ text: String) -> Bool {
        var sawNonASCII = false
        for byte in text.utf8 {
            if byte > 0x20 && byte < 0x7F { return true }
            if byte >= 0x80 { sawNonASCII = true }
        }
        return sawNonASCII && text.contains { !$0.isWhitespace }
    }

    private static func isSlug(_ id: String) -> Bool {
        let bytes = id.utf8
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
