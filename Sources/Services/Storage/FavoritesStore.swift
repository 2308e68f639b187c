public import Foundation
public import Entity
import Glibc
import PageReader
import RecipeReader
public import ServiceSupport

/// Favorites in one SQLite file (`favorites.sqlite` in the data folder): WAL mode, a busy timeout so
/// two running `recipes` share it, schema versions in `PRAGMA user_version`. A file that is damaged or
/// from a newer RecipeBook is reported and never touched.
public actor FavoritesStore: FavoriteStatusProviding {
    public static let fileName = "favorites.sqlite"

    /// The database's file in `directory` and the files SQLite keeps beside it.
    public static func files(in directory: URL) -> [String] {
        let file = directory.appendingPathComponent(fileName).path
        return [file, file + "-wal", file + "-shm", file + "-journal"]
    }

    let database: SQLiteDatabase
    public nonisolated let fileURL: URL
    /// True when nothing can be written where the file is: favorites are read, never changed.
    public nonisolated var isReadOnly: Bool { readOnlyReason != nil }
    /// Why nothing can be written: the file is read-only, or its folder is.
    private nonisolated let readOnlyReason: String?

    /// Opens the store in `directory` (created 0700 if missing; the file is 0600), migrating it to the
    /// latest schema. Where nothing can be written (a read-only folder or file system), an existing file
    /// is opened for reading: favorites are listed, searched and read, and changing them is refused.
    /// `busyTimeout`: how long to wait for a lock another program holds before saying it is locked.
    public init(directory: URL, busyTimeout: Duration = .seconds(5)) throws(ServiceError) {
        let file = directory.appendingPathComponent(FavoritesStore.fileName)
        readOnlyReason = FavoritesStore.readOnlyReason(directory: directory, file: file)
        if readOnlyReason != nil {
            database = try FavoritesStore.openReadOnly(file)
        } else {
            try FavoritesStore.prepareFiles(directory: directory, file: file)
            database = try SQLiteDatabase(path: file.path, create: false, busyTimeout: busyTimeout)
        }
        fileURL = file
        do throws(ServiceError) {
            let version = try FavoritesStore.ownedVersion(database, file: file)
            if let readOnlyReason {
                guard version == FavoritesSchema.latestVersion else {
                    throw .storageReadOnly.with(detail: "\(file.path) needs updating to this RecipeBook's version, and \(readOnlyReason)")
                }
            } else {
                try database.useWriteAheadLog(patience: busyTimeout)
                try database.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
                try FavoritesStore.migrate(database, from: version, to: FavoritesSchema.latestVersion)
            }
        } catch {
            database.close()
            throw error
        }
    }

    /// Why the file, which exists, cannot be written: its folder is read-only (nothing can be made
    /// beside it, the journal included), or the file itself is; nil when both can be written.
    private static func readOnlyReason(directory: URL, file: URL) -> String? {
        guard access(file.path, R_OK) == 0 else { return nil }
        if access(directory.path, W_OK) != 0 { return "the folder \(directory.path) is read-only" }
        if access(file.path, W_OK) != 0 { return "the file \(file.path) is read-only; chmod u+w makes it writable" }
        return nil
    }

    private static func openReadOnly(_ file: URL) throws(ServiceError) -> SQLiteDatabase {
        do throws(ServiceError) {
            let database = try SQLiteDatabase(path: file.path, access: .readOnly(immutable: false))
            _ = try database.integer("PRAGMA user_version")
            return database
        } catch {
            // Without its shared-memory file (which a read-only folder cannot hold) SQLite reads the file
            // as it is on disk; what a RecipeBook closing normally leaves there is everything.
            return try SQLiteDatabase(path: file.path, access: .readOnly(immutable: true))
        }
    }

    /// The file's schema version, once it is known to be RecipeBook's. Another RecipeBook creating the
    /// same new file commits its first migration (tables and version together) at any moment: a version
    /// of 0 read just before that commit, then its tables, would look like another program's file, so
    /// a version 0 with tables is read once more before the file is refused.
    private static func ownedVersion(_ database: SQLiteDatabase, file: URL) throws(ServiceError) -> Int {
        let version = try Int(database.integer("PRAGMA user_version"))
        do throws(ServiceError) {
            try checkOwnership(database, version: version, file: file)
            return version
        } catch where version == 0 {
            let again = try Int(database.integer("PRAGMA user_version"))
            guard again > 0 else { throw error }
            try checkOwnership(database, version: again, file: file)
            return again
        }
    }

    /// A file that is newer than this RecipeBook, or not RecipeBook's, is never touched.
    private static func checkOwnership(_ database: SQLiteDatabase, version: Int, file: URL) throws(ServiceError) {
        if version > FavoritesSchema.latestVersion {
            throw .storageTooNew.with(detail: "\(file.path) is at version \(version); this RecipeBook knows up to \(FavoritesSchema.latestVersion)")
        }
        if version > 0 {
            // A file that claims to be ours must hold our table; anything else is not touched.
            let tables = try database.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'favorites'")
            guard tables == 1 else { throw .storageCorrupt.with(detail: "\(file.path) has no favorites table") }
        } else if try database.integer("SELECT count(*) FROM sqlite_master") > 0 {
            // Version 0 with tables in it: another program's database, never ours to change.
            throw .storageCorrupt.with(detail: "\(file.path) is another program's database")
        }
    }

    /// Refuses a change when the store could only be opened for reading.
    func requireWritable() throws(ServiceError) {
        if let readOnlyReason {
            throw .storageReadOnly.with(detail: readOnlyReason)
        }
    }

    /// Applies the migrations after `version`, each in its own transaction with its version number.
    static func migrate(_ database: SQLiteDatabase, from version: Int, to target: Int) throws(ServiceError) {
        var current = version
        while current < target {
            let next = current + 1
            try database.transaction { () throws(ServiceError) in
                // Another process may have migrated meanwhile: check again under the write lock.
                let now = try Int(database.integer("PRAGMA user_version"))
                guard now < next else { return }
                try database.execute(FavoritesSchema.migrations[now])
                try database.execute("PRAGMA user_version = \(now + 1)")
            }
            current = try Int(database.integer("PRAGMA user_version"))
        }
    }

    private static func prepareFiles(directory: URL, file: URL) throws(ServiceError) {
        let manager = FileManager.default
        do {
            if !manager.fileExists(atPath: directory.path) {
                try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
        } catch {
            throw .storage.with(detail: "cannot create \(directory.path): \(error.localizedDescription)")
        }
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .storage.with(detail: "cannot open \(file.path): \(String(cString: strerror(errno)))")
        }
        fchmod(descriptor, 0o600)
        Glibc.close(descriptor)
    }

    /// The schema version of the file.
    func schemaVersion() throws(ServiceError) -> Int {
        try Int(database.integer("PRAGMA user_version"))
    }

    // MARK: Writing

    /// Saves a favorite, all of it in one transaction. Saving a recipe that is already a favorite
    /// updates its data but never replaces a stored page or picture with nothing.
    /// A page's document and text are stored `printable`: what the reader left in that could act on a
    /// terminal never reaches the file.
    public func save(_ favorite: Favorite) throws(ServiceError) {
        try requireWritable()
        let recipe = favorite.recipe
        var favorite = favorite
        favorite.page = favorite.page?.printable
        let statement = try database.prepare("""
            INSERT INTO favorites (id, title, href, ingredients, thumbnail_url, saved_at, page_html, page_document, page_text,
                                   thumbnail, thumbnail_type, page_recipe, recipe_text, cuisine)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET title = excluded.title, href = excluded.href, ingredients = excluded.ingredients,
                thumbnail_url = excluded.thumbnail_url, saved_at = excluded.saved_at, cuisine = excluded.cuisine,
                page_html = coalesce(excluded.page_html, page_html),
                page_document = coalesce(excluded.page_document, page_document),
                page_text = coalesce(excluded.page_text, page_text),
                page_recipe = CASE WHEN excluded.page_html IS NULL THEN page_recipe ELSE excluded.page_recipe END,
                recipe_text = CASE WHEN excluded.page_html IS NULL THEN recipe_text ELSE excluded.recipe_text END,
                thumbnail_type = CASE WHEN excluded.thumbnail IS NULL THEN thumbnail_type ELSE excluded.thumbnail_type END,
                thumbnail = coalesce(excluded.thumbnail, thumbnail)
            """)
        let values: [SQLiteDatabase.Value] = [
            .text(recipe.id.rawValue), .text(recipe.title), .text(recipe.href), .text(try FavoritesStore.json(recipe.ingredients)),
            .optional(recipe.thumbnail), .real(favorite.savedAt.timeIntervalSince1970),
            .optional(favorite.page?.html), .optional(try favorite.page.map { page throws(ServiceError) in try FavoritesStore.json(page.document) }),
            .optional(favorite.page?.document.plainText), .optional(favorite.thumbnail?.bytes), .optional(favorite.thumbnail?.contentType),
            .optional(try favorite.page.map { page throws(ServiceError) in try FavoritesStore.json(page.recipe) }),
            .optional(favorite.page?.recipe.map(FavoritesStore.searchableText)), .optional(recipe.cuisine),
        ]
        try database.transaction { () throws(ServiceError) in
            try statement.run(values)
        }
    }

    /// Fills in parts that were missing; false when the recipe is no longer a favorite.
    public func complete(_ id: RecipeID, page: RecipePage?, thumbnail: RecipeImage?) throws(ServiceError) -> Bool {
        try requireWritable()
        let page = page?.printable
        return try database.transaction { () throws(ServiceError) -> Bool in
            guard try database.prepare("SELECT 1 FROM favorites WHERE id = ?").bind([.text(id.rawValue)]).step() else { return false }
            if let page {
                try database.prepare("""
                    UPDATE favorites SET page_html = ?, page_document = ?, page_text = ?, page_recipe = ?, recipe_text = ? WHERE id = ?
                    """)
                    .run([.text(page.html), .text(try FavoritesStore.json(page.document)), .text(page.document.plainText),
                          .text(try FavoritesStore.json(page.recipe)), .optional(page.recipe.map(FavoritesStore.searchableText)),
                          .text(id.rawValue)])
            }
            if let thumbnail {
                try database.prepare("UPDATE favorites SET thumbnail = ?, thumbnail_type = ? WHERE id = ?")
                    .run([.blob(thumbnail.bytes), .text(thumbnail.contentType), .text(id.rawValue)])
            }
            return true
        }
    }

    /// Removes a favorite; false when it was not one.
    public func remove(_ id: RecipeID) throws(ServiceError) -> Bool {
        try requireWritable()
        return try database.transaction { () throws(ServiceError) -> Bool in
            let existed = try database.prepare("SELECT 1 FROM favorites WHERE id = ?").bind([.text(id.rawValue)]).step()
            try database.prepare("DELETE FROM favorites WHERE id = ?").run([.text(id.rawValue)])
            return existed
        }
    }

    // MARK: Reading

    public func count(matching words: String = "") throws(ServiceError) -> Int {
        guard let match = FavoritesStore.matchExpression(words) else {
            return try Int(database.integer("SELECT count(*) FROM favorites"))
        }
        let statement = try database.prepare("SELECT count(*) FROM favorites_search WHERE favorites_search MATCH ?")
        try statement.bind([.text(match)])
        return try statement.step() ? Int(statement.int64(0)) : 0
    }

    /// Favorites newest first, optionally only those whose title, ingredients or page text contain
    /// every word (prefixes count: `garl` finds garlic), starting after `after` (the last one of the
    /// screen before, so favorites saved or removed meanwhile shift nothing).
    ///
    /// The rows are found through the recency index (saved_at DESC, id) or the search index; whether
    /// a page was saved is asked with `typeof`, which reads the record header, not the page itself.
    public func list(matching words: String = "", after: FavoriteSummary.Position? = nil, limit: Int = 10) throws(ServiceError) -> [FavoriteSummary] {
        var conditions: [String] = []
        var values: [SQLiteDatabase.Value] = []
        if let match = FavoritesStore.matchExpression(words) {
            conditions.append("f.rowid IN (SELECT rowid FROM favorites_search WHERE favorites_search MATCH ?)")
            values.append(.text(match))
        }
        if let after {
            conditions.append("(f.saved_at < ? OR (f.saved_at = ? AND f.id > ?))")
            values += [.real(after.savedAt.timeIntervalSince1970), .real(after.savedAt.timeIntervalSince1970), .text(after.id.rawValue)]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let statement = try database.prepare("""
            SELECT \(FavoritesStore.summaryColumns) FROM favorites f \(filter) ORDER BY f.saved_at DESC, f.id LIMIT ?
            """)
        try statement.bind(values + [.integer(Int64(max(0, limit)))])
        var summaries: [FavoriteSummary] = []
        while try statement.step() {
            summaries.append(try FavoritesStore.summary(statement))
        }
        return summaries
    }

    /// The favorites among `ids` that still exist, as listed.
    public func summaries(of ids: [RecipeID]) throws(ServiceError) -> [RecipeID: FavoriteSummary] {
        var found: [RecipeID: FavoriteSummary] = [:]
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min(ids.count, $0 + 500)]) }) {
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let statement = try database.prepare("SELECT \(FavoritesStore.summaryColumns) FROM favorites f WHERE f.id IN (\(placeholders))")
            try statement.bind(chunk.map { .text($0.rawValue) })
            while try statement.step() {
                let summary = try FavoritesStore.summary(statement)
                found[summary.recipe.id] = summary
            }
        }
        return found
    }

    /// The favorites saved without their page, or without a picture they have, newest first.
    public func incomplete() throws(ServiceError) -> [RecipeID] {
        let statement = try database.prepare("""
            SELECT id FROM favorites WHERE typeof(page_html) = 'null' OR (thumbnail IS NULL AND thumbnail_url IS NOT NULL)
            ORDER BY saved_at DESC, id
            """)
        try statement.bind([])
        var ids: [RecipeID] = []
        while try statement.step() {
            if let id = statement.text(0) { ids.append(RecipeID(normalized: id)) }
        }
        return ids
    }

    /// A whole favorite. One saved before recipes were read from pages has its recipe read from the
    /// stored page now, and kept (unless the store is read-only) so that it is read once.
    public func favorite(_ id: RecipeID) throws(ServiceError) -> Favorite? {
        let statement = try database.prepare("SELECT \(FavoritesStore.favoriteColumns) FROM favorites f WHERE f.id = ?")
        try statement.bind([.text(id.rawValue)])
        guard try statement.step() else { return nil }
        let (favorite, recipeWasStored) = try FavoritesStore.favorite(statement)
        if !recipeWasStored, !isReadOnly, let page = favorite.page {
            try database.prepare("UPDATE favorites SET page_recipe = ?, recipe_text = ? WHERE id = ? AND page_recipe IS NULL")
                .run([.text(try FavoritesStore.json(page.recipe)), .optional(page.recipe.map(FavoritesStore.searchableText)),
                      .text(id.rawValue)])
        }
        return favorite
    }

    /// Every favorite (or those matching `words`), whole, newest first, one at a time (for export).
    public func forEach(matching words: String = "", _ body: (Favorite) -> Void) throws(ServiceError) {
        let columns = FavoritesStore.favoriteColumns
        let statement: SQLiteDatabase.Statement
        if let match = FavoritesStore.matchExpression(words) {
            statement = try database.prepare("""
                SELECT \(columns) FROM favorites_search s JOIN favorites f ON f.rowid = s.rowid
                WHERE favorites_search MATCH ? ORDER BY f.saved_at DESC, f.id
                """)
            try statement.bind([.text(match)])
        } else {
            statement = try database.prepare("SELECT \(columns) FROM favorites f ORDER BY f.saved_at DESC, f.id")
            try statement.bind([])
        }
        while try statement.step() {
            body(try FavoritesStore.favorite(statement).favorite)
        }
    }

    public func favoriteIDs(among ids: [RecipeID]) throws(ServiceError) -> Set<RecipeID> {
        guard !ids.isEmpty else { return [] }
        var found = Set<RecipeID>()
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min(ids.count, $0 + 500)]) }) {
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let statement = try database.prepare("SELECT id FROM favorites WHERE id IN (\(placeholders))")
            try statement.bind(chunk.map { .text($0.rawValue) })
            while try statement.step() {
                if let id = statement.text(0) { found.insert(RecipeID(normalized: id)) }
            }
        }
        return found
    }

    /// Checks the file from end to end (`PRAGMA integrity_check`): "ok" when it is sound.
    func integrityCheck() throws(ServiceError) -> String {
        let statement = try database.prepare("PRAGMA integrity_check")
        try statement.bind([])
        var lines: [String] = []
        while try statement.step() { lines.append(statement.text(0) ?? "") }
        return lines.joined(separator: "\n")
    }

    public func close() {
        database.close()
    }

    // MARK: Rows

    private static let summaryColumns =
        "f.id, f.title, f.href, f.ingredients, f.thumbnail_url, f.saved_at, typeof(f.page_html) != 'null', length(f.thumbnail), f.cuisine"

    private static func summary(_ statement: SQLiteDatabase.Statement) throws(ServiceError) -> FavoriteSummary {
        FavoriteSummary(recipe: try recipe(statement, cuisineColumn: 8), savedAt: Date(timeIntervalSince1970: statement.double(5)),
                        hasPage: statement.int64(6) != 0, thumbnailBytes: Int(statement.int64(7)))
    }

    private static func recipe(_ statement: SQLiteDatabase.Statement, cuisineColumn: Int32) throws(ServiceError) -> Recipe {
        let id = statement.text(0) ?? ""
        let ingredients: [String]
        do {
            ingredients = try JSONDecoder().decode([String].self, from: Data((statement.text(3) ?? "[]").utf8))
        } catch {
            throw .storageCorrupt.with(detail: "the ingredients of \(id) are damaged")
        }
        return Recipe(title: statement.text(1) ?? "", href: statement.text(2) ?? "", ingredients: ingredients,
                      thumbnail: statement.text(4), cuisine: statement.text(cuisineColumn))
    }

    private static let favoriteColumns = """
        f.id, f.title, f.href, f.ingredients, f.thumbnail_url, f.saved_at, f.page_html, f.page_document, f.thumbnail, \
        f.thumbnail_type, f.page_recipe, f.cuisine
        """

    /// A favorite from a row of `favoriteColumns`, and whether its page's recipe was stored (false when
    /// it was read from the page just now).
    private static func favorite(_ statement: SQLiteDatabase.Statement) throws(ServiceError) -> (favorite: Favorite, recipeWasStored: Bool) {
        let recipe = try recipe(statement, cuisineColumn: 11)
        var page: RecipePage?
        var recipeWasStored = true
        if let html = statement.text(6) {
            let base = URL(string: recipe.href)
            let document: ReadableDocument
            do {
                document = try JSONDecoder().decode(ReadableDocument.self, from: Data((statement.text(7) ?? "").utf8))
            } catch {
                // The document is what the reader made of the stored page: a damaged copy is made again
                // from the page itself, which is the part that cannot be fetched twice.
                document = HTMLReader.read(html, baseURL: base)
            }
            let pageRecipe: PageRecipe?
            // A stored recipe that no longer decodes is read again from the saved page below.
            if let stored = statement.text(10), let decoded = try? JSONDecoder().decode(PageRecipe?.self, from: Data(stored.utf8)) {
                pageRecipe = decoded
            } else {
                // Saved before recipes were read from pages, or damaged: read again from the page.
                pageRecipe = RecipeExtractor.extract(html: html, url: base)
                recipeWasStored = false
            }
            // Cleaned again as it is read: a favorite saved by an older RecipeBook kept what its page held.
            page = RecipePage(html: html, document: document.printable, recipe: pageRecipe)
        }
        var thumbnail: RecipeImage?
        if let bytes = statement.blob(8) {
            thumbnail = RecipeImage(bytes: bytes, contentType: statement.text(9) ?? "application/octet-stream")
        }
        let favorite = Favorite(recipe: recipe, savedAt: Date(timeIntervalSince1970: statement.double(5)), page: page, thumbnail: thumbnail)
        return (favorite, recipeWasStored)
    }

    /// What `favorites WORDS` finds in a page's recipe: its ingredient lines and steps.
    static func searchableText(_ recipe: PageRecipe) -> String {
        (recipe.ingredients + recipe.steps).joined(separator: "\n")
    }

    static func json<T: Encodable>(_ value: T) throws(ServiceError) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        } catch {
            throw .storage.with(detail: "cannot write \(T.self) as JSON: \(error)")
        }
    }

    /// `garlic, "bread` → `"garlic"* "bread"*`: every word (letters and digits only, so nothing the
    /// user types is read as FTS5 syntax) must match, as a prefix.
    static func matchExpression(_ words: String) -> String? {
        let terms = words.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { "\"\($0)\"*" }
        return terms.isEmpty ? nil : terms.joined(separator: " ")
    }
}
