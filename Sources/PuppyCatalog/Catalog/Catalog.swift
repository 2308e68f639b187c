public import Foundation
import Glibc
import Dispatch
import ServiceSupport

/// The recipes a server answers from, in catalog order (the order of the file).
///
/// The file format is JSON Lines, one recipe a line:
/// `{"id":"shakshuka","title":"Shakshuka","cuisine":"Tunisian","ingredients":["eggs","onions"],"method":"..."}`
/// with optional `cuisine`, `href` and `thumbnail` (absolute URLs served instead of the server's own).
/// Blank lines are skipped; a bad line is a `CatalogError` naming its line number.
public struct Catalog: Sendable {
    public let recipes: [CatalogRecipe]
    /// The photos the recipes' `photo` and `thumb` name, where the server holds them.
    public let photos: CatalogPhotos
    /// What loading left out without failing, one line each (a photo that could not be read, with the
    /// line of its recipe): the recipe is served without it.
    public let warnings: [String]

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
        photos = .none
        warnings = []
    }

    /// Recipes built in code with their photos as bytes, by the names their `photo` and `thumb` give
    /// (tests, generators). A photo that is not a JPEG, PNG or WebP image is an error naming it.
    public init(recipes: [CatalogRecipe], photoFiles: [String: [UInt8]], source: String = "catalog") throws {
        var photos: [String: CatalogPhotos.Photo] = [:]
        for (name, bytes) in photoFiles {
            guard let type = CatalogPhotos.imageType(bytes) else {
                throw CatalogError(source: source, line: nil, message: "photo \"\(name)\" is not a JPEG, PNG or WebP image")
            }
            photos[name] = CatalogPhotos.Photo(bytes: bytes, contentType: type)
        }
        try self.init(recipes: recipes, source: source)
        self = Catalog(recipes: self.recipes, photos: .loaded(photos), warnings: [])
    }

    private init(recipes: [CatalogRecipe], photos: CatalogPhotos, warnings: [String]) {
        self.recipes = recipes
        self.photos = photos
        self.warnings = warnings
    }

    /// Parses JSON Lines; `source` names the file in error messages.
    public init(jsonLines: Data, source: String) throws {
        self = try jsonLines.withUnsafeBytes { raw in
            try Self.parse(raw.bindMemory(to: UInt8.self), source: source).catalog(photos: .none)
        }
    }

    public init(jsonLines: String, source: String) throws {
        var text = jsonLines
        self = try text.withUTF8 { try Self.parse($0, source: source).catalog(photos: .none) }
    }

    /// The recipes of a catalog's lines, each with the number of its line.
    private struct Parsed: Sendable {
        var recipes: [CatalogRecipe] = []
        var lineNumbers: [Int] = []

        func catalog(photos: CatalogPhotos, warnings: [String] = []) -> Catalog {
            Catalog(recipes: recipes, photos: photos, warnings: warnings)
        }
    }

    /// The lines split at LF, each read by `CatalogLineReader`, then validated. With a `stop` signal,
    /// it is looked at before each line and a stopped load throws. A catalog of 256 KB or more is read
    /// in two halves at once (split at a line's end); when either half fails, or an id of the second
    /// is in the first, it is read again in one pass, so what it throws is the first failure by line.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String, stop: StopSignal? = nil) throws -> Parsed {
        guard bytes.count >= 256 << 10, let middle = bytes[(bytes.count / 2)...].firstIndex(of: 0x0A) else {
            return try parseLines(bytes, firstLine: 1, source: source, stop: stop)
        }
        let halves = [0..<(middle + 1), (middle + 1)..<bytes.count]
        let firstLines = [1, 2 + bytes[..<middle].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }]
        let read = Locked<[Result<Parsed, any Error>?]>([nil, nil])
        // Read only, and only until `concurrentPerform` returns: the caller's buffer outlives both halves.
        nonisolated(unsafe) let whole = bytes
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let result = Result { try parseLines(UnsafeBufferPointer(rebasing: whole[halves[half]]), firstLine: firstLines[half], source: source, stop: stop) }
            read.withLock { $0[half] = result }
        }
        if case .success(var first)? = read.current[0], case .success(let second)? = read.current[1] {
            let ids = Set(first.recipes.map(\.id))
            if !second.recipes.contains(where: { ids.contains($0.id) }) {
                first.recipes += second.recipes
                first.lineNumbers += second.lineNumbers
                return first
            }
        }
        return try parseLines(bytes, firstLine: 1, source: source, stop: stop)
    }

    /// One pass over lines numbered from `firstLine`.
    private static func parseLines(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, source: String, stop: StopSignal?) throws -> Parsed {
        var validator = CatalogValidator(source: source)
        var parsed = Parsed()
        var lineNumber = firstLine - 1
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
            parsed.recipes.append(try validator.validate(recipe, line: lineNumber))
            parsed.lineNumbers.append(lineNumber)
        }
        return parsed
    }

    /// Loads a JSON Lines file (`--catalog FILE`); errors name the file and line. Only a regular file
    /// of at most `maxFileBytes` is read: a FIFO, a device or a folder is refused at once.
    public static func load(contentsOf url: URL) throws -> Catalog {
        let bytes = try readFile(url)
        let source = url.lastPathComponent
        var parsed = try bytes.withUnsafeBufferPointer { try parse($0, source: source) }
        // Photos named as files are read now, from the catalog's folder; one that cannot be used leaves
        // its recipe without it, said once.
        let folder = url.deletingLastPathComponent().path
        var photos: [String: CatalogPhotos.Photo] = [:]
        var warnings: [String] = []
        for index in parsed.recipes.indices {
            for keyPath in [\CatalogRecipe.photo, \CatalogRecipe.thumb] {
                guard let name = parsed.recipes[index][keyPath: keyPath], CatalogPhotos.isFileName(name) else { continue }
                if photos[name] != nil { continue }
                do {
                    photos[name] = try CatalogPhotos.read(name, in: folder)
                } catch {
                    let field = keyPath == \CatalogRecipe.photo ? "photo" : "thumb"
                    warnings.append("\(source):\(parsed.lineNumbers[index]): \(field) \"\(name)\" \(error.reason); "
                        + "\"\(parsed.recipes[index].id)\" is served without it")
                    parsed.recipes[index][keyPath: keyPath] = nil
                }
            }
        }
        return parsed.catalog(photos: .loaded(photos), warnings: warnings)
    }

    /// The file's bytes (`BoundedFile`), each failure said as a catalog's.
    private static func readFile(_ url: URL) throws -> [UInt8] {
        func failure(_ message: String) -> CatalogError {
            CatalogError(source: url.path, line: nil, message: message)
        }
        do {
            return try BoundedFile.read(url.path, maxBytes: maxFileBytes)
        } catch {
            switch error {
            case .system(let code): throw failure("cannot read the file (\(String(cString: strerror(code))))")
            case .folder: throw failure("is a folder, not a catalog file")
            case .notRegular: throw failure("is not a regular file (a catalog cannot be a FIFO, a device or a socket)")
            case .tooLarge: throw failure("is larger than \(maxFileBytes >> 20) MB, the most a catalog may be")
            }
        }
    }

    /// The catalog compiled into PuppyServer (the bundled cookbook, `CookbookPack`): nothing to find at
    /// run time, so a copied or installed binary has it too.
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
        let parsed = try parse(CookbookPack.catalog.bindMemory(to: UInt8.self), source: "bundled catalog", stop: stop)
        return parsed.catalog(photos: .pack(CookbookPack.files))
    }

    /// Writes the bundled catalog and the photos it names into `folder`, which must not exist yet:
    /// `catalog.jsonl`, `photos/` and `thumbs/`, as `--catalog folder/catalog.jsonl` serves them.
    public static func exportBundled(to folder: URL) throws {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: folder.path) else {
            throw CatalogError(source: folder.path, line: nil, message: "already exists; name a new folder")
        }
        try manager.createDirectory(at: folder, withIntermediateDirectories: false)
        for name in CookbookPack.files.names.sorted() {
            guard let bytes = CookbookPack.files.file(name) else { continue }
            let target = folder.appendingPathComponent(name)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: target, options: .withoutOverwriting)
        }
    }

    /// The bundled catalog as a JSON Lines file (what `puppy-server --print-catalog` writes).
    public static var bundledJSONLines: String {
        String(decoding: CookbookPack.catalog, as: UTF8.self)
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func recipe(from fields: CatalogFields, source: String, line: Int) throws -> CatalogRecipe {
        func required<Value>(_ value: Value?, _ name: String) throws -> Value {
            guard let value else { throw CatalogError(source: source, line: line, message: "missing \"\(name)\"") }
            return value
        }
        // Steps stand for the method: the method is then their text.
        let steps = fields.steps?.filter { !$0.isEmpty }
        let method = fields.method ?? steps.flatMap { $0.isEmpty ? nil : $0.joined(separator: " ") }
        var recipe = CatalogRecipe(
            id: try required(fields.id, "id"),
            title: try required(fields.title, "title"),
            cuisine: fields.cuisine ?? "",
            ingredients: try required(fields.ingredients, "ingredients"),
            method: try required(method, "method"),
            href: fields.href,
            thumbnail: fields.thumbnail
        )
        recipe.steps = steps?.isEmpty == false ? steps : nil
        recipe.lines = fields.lines
        recipe.tags = fields.tags
        recipe.servings = fields.servings
        recipe.prepMinutes = fields.prepMinutes
        recipe.cookMinutes = fields.cookMinutes
        recipe.totalMinutes = fields.totalMinutes
        recipe.published = fields.published
        recipe.source = fields.source
        recipe.collection = fields.collection
        recipe.author = fields.author
        recipe.licence = fields.licence
        recipe.photo = fields.photo
        recipe.thumb = fields.thumb
        return recipe
    }
}

/// The rules every recipe must meet, and the duplicate-id check across a catalog.
package struct CatalogValidator {
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
        // A name written twice (`Garlic`, `garlic`) is one ingredient. A list of a few names is searched
        // in turn (cheaper than hashing them), a long one with a set.
        if recipe.ingredients.count <= 32 {
            var unique: [String] = []
            unique.reserveCapacity(recipe.ingredients.count)
            for name in recipe.ingredients where !unique.contains(name) { unique.append(name) }
            recipe.ingredients = unique
        } else {
            var seen = Set<String>()
            recipe.ingredients = recipe.ingredients.filter { seen.insert($0).inserted }
        }
        if let href = recipe.href {
            guard Self.isAbsoluteWebURL(href) else { throw fail("\"href\" must be an absolute http(s) URL") }
        }
        if let source = recipe.source {
            guard Self.isAbsoluteWebURL(source) else { throw fail("\"source\" must be an absolute http(s) URL") }
        }
        for (field, name) in [("photo", recipe.photo), ("thumb", recipe.thumb)] {
            guard let name else { continue }
            if CatalogPhotos.isFileName(name) {
                guard Self.hasText(name), !name.utf8.contains(0) else { throw fail("empty \"\(field)\"") }
            } else {
                guard Self.isAbsoluteWebURL(name) else { throw fail("\"\(field)\" must be a file name or an absolute http(s) URL") }
            }
        }
        if let lines = recipe.lines {
            guard lines.count <= Catalog.maxIngredientsPerRecipe else {
                throw fail("\(lines.count) lines; a recipe may list at most \(Catalog.maxIngredientsPerRecipe)")
            }
        }
        // A fact given as blank text is a fact not given.
        func text(_ value: String?) -> String? { value.flatMap { Self.hasText($0) ? $0 : nil } }
        recipe.servings = text(recipe.servings)
        recipe.author = text(recipe.author)
        recipe.licence = text(recipe.licence)
        recipe.collection = text(recipe.collection)
        recipe.published = text(recipe.published)
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

    package static func isAbsoluteWebURL(_ text: String) -> Bool {
        // Nearly every address a catalog gives has the plain form, decided from its bytes.
        if isPlainWebAddress(text) { return true }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return false }
        // ASCII (nearly every address): a whitespace character is one of these bytes; reading
        // Characters costs more than the rest of a recipe's checks.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return !text.utf8.contains { $0 == 0x20 || (0x09...0x0D).contains($0) }
        }
        return !text.contains(where: { $0.isWhitespace })
    }

    /// `http://` or `https://`, a host of ASCII letters, digits, dots and dashes, and then nothing or a
    /// path of the bytes RFC 3986 allows in one (a `%` with two hex digits): an address `URLComponents`
    /// reads as http(s) with that host. Anything else (a port, user, query or fragment, other bytes) is
    /// left to `URLComponents`.
    package static func isPlainWebAddress(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let schemeLength = bytes.starts(with: Array("https://".utf8)) ? 8 : bytes.starts(with: Array("http://".utf8)) ? 7 : 0
        guard schemeLength > 0 else { return false }
        var index = schemeLength
        while index < bytes.count, isHostByte(bytes[index]) { index += 1 }
        guard index > schemeLength, index == bytes.count || bytes[index] == UInt8(ascii: "/") else { return false }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit else { return false }
                index += 3
                continue
            }
            guard isPathByte(byte) else { return false }
            index += 1
        }
        return true
    }

    /// A byte a path may hold as it is: unreserved, a sub-delimiter, `:`, `@` or `/`.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"): true
        default: isHostByte(byte)
        }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "-"): true
        default: false
        }
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
    }
}
