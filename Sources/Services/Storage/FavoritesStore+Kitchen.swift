public import Foundation
public import Entity
public import ServiceSupport

/// The kitchen, kept in the favorites database beside the favorites: the shopping list's recipes with
/// their lines, the pantry, and settings remembered across runs (the units cards are shown in).
extension FavoritesStore {
    // MARK: The shopping list

    /// The recipes on the shopping list, in the order they were added.
    public func shoppingList() throws(ServiceError) -> [ShoppingListRecipe] {
        let statement = try database.prepare("""
            SELECT recipe_id, title, href, lines, yields, factor, lines_from_page, added_at FROM shopping_list
            ORDER BY added_at, rowid
            """)
        try statement.bind([])
        var recipes: [ShoppingListRecipe] = []
        while try statement.step() {
            let id = statement.text(0) ?? ""
            let lines: [String]
            do {
                lines = try JSONDecoder().decode([String].self, from: Data((statement.text(3) ?? "[]").utf8))
            } catch {
                throw .storageCorrupt.with(detail: "the shopping list's lines of \(id) are damaged")
            }
            recipes.append(ShoppingListRecipe(
                id: RecipeID(normalized: id), title: statement.text(1) ?? "", href: statement.text(2) ?? "", lines: lines,
                yields: statement.text(4), factor: statement.double(5), linesFromPage: statement.int64(6) != 0,
                addedAt: Date(timeIntervalSince1970: statement.double(7))
            ))
        }
        return recipes
    }

    /// Puts a recipe on the shopping list; one there already is replaced (its lines and how many times
    /// it is made) and keeps its place. True when it was not on the list before.
    @discardableResult
    public func addToShoppingList(_ recipe: ShoppingListRecipe) throws(ServiceError) -> Bool {
        try requireWritable()
        let lines = try FavoritesStore.json(recipe.lines)
        return try database.transaction { () throws(ServiceError) -> Bool in
            let existed = try database.prepare("SELECT 1 FROM shopping_list WHERE recipe_id = ?").bind([.text(recipe.id.rawValue)]).step()
            try database.prepare("""
                INSERT INTO shopping_list (recipe_id, title, href, lines, yields, factor, lines_from_page, added_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(recipe_id) DO UPDATE SET title = excluded.title, href = excluded.href, lines = excluded.lines,
                    yields = excluded.yields, factor = excluded.factor, lines_from_page = excluded.lines_from_page
                """).run([
                    .text(recipe.id.rawValue), .text(recipe.title), .text(recipe.href), .text(lines), .optional(recipe.yields),
                    .real(recipe.factor), .integer(recipe.linesFromPage ? 1 : 0), .real(recipe.addedAt.timeIntervalSince1970),
                ])
            return !existed
        }
    }

    /// Takes a recipe off the shopping list; false when it was not on it.
    @discardableResult
    public func removeFromShoppingList(_ id: RecipeID) throws(ServiceError) -> Bool {
        try requireWritable()
        return try database.transaction { () throws(ServiceError) -> Bool in
            let existed = try database.prepare("SELECT 1 FROM shopping_list WHERE recipe_id = ?").bind([.text(id.rawValue)]).step()
            try database.prepare("DELETE FROM shopping_list WHERE recipe_id = ?").run([.text(id.rawValue)])
            return existed
        }
    }

    /// Empties the shopping list; how many recipes were on it.
    @discardableResult
    public func clearShoppingList() throws(ServiceError) -> Int {
        try requireWritable()
        return try database.transaction { () throws(ServiceError) -> Int in
            let count = try Int(database.integer("SELECT count(*) FROM shopping_list"))
            try database.execute("DELETE FROM shopping_list")
            return count
        }
    }

    // MARK: The pantry

    /// The pantry's names, in the order they were added.
    public func pantry() throws(ServiceError) -> [PantryItem] {
        let statement = try database.prepare("SELECT name FROM pantry ORDER BY added_at, rowid")
        try statement.bind([])
        var items: [PantryItem] = []
        while try statement.step() {
            items.append(PantryItem(name: statement.text(0) ?? ""))
        }
        return items
    }

    /// Adds names to the pantry (a name whose key is there already is left as it was); the names added.
    public func addToPantry(_ items: [PantryItem], at date: Date) throws(ServiceError) -> [PantryItem] {
        try requireWritable()
        return try database.transaction { () throws(ServiceError) -> [PantryItem] in
            var added: [PantryItem] = []
            for item in items where !item.key.isEmpty {
                let exists = try database.prepare("SELECT 1 FROM pantry WHERE key = ?").bind([.text(item.key.description)]).step()
                guard !exists else { continue }
                try database.prepare("INSERT INTO pantry (key, name, added_at) VALUES (?, ?, ?)")
                    .run([.text(item.key.description), .text(item.name), .real(date.timeIntervalSince1970)])
                added.append(item)
            }
            return added
        }
    }

    /// Takes names off the pantry, by key; the names (as they were typed when added) taken off.
    public func removeFromPantry(_ items: [PantryItem]) throws(ServiceError) -> [PantryItem] {
        try requireWritable()
        return try database.transaction { () throws(ServiceError) -> [PantryItem] in
            var removed: [PantryItem] = []
            for item in items {
                let statement = try database.prepare("SELECT name FROM pantry WHERE key = ?").bind([.text(item.key.description)])
                guard try statement.step() else { continue }
                removed.append(PantryItem(name: statement.text(0) ?? item.name))
                try database.prepare("DELETE FROM pantry WHERE key = ?").run([.text(item.key.description)])
            }
            return removed
        }
    }

    /// Empties the pantry; how many names were in it.
    @discardableResult
    public func clearPantry() throws(ServiceError) -> Int {
        try requireWritable()
        return try database.transaction { () throws(ServiceError) -> Int in
            let count = try Int(database.integer("SELECT count(*) FROM pantry"))
            try database.execute("DELETE FROM pantry")
            return count
        }
    }

    // MARK: Settings

    /// A setting remembered across runs; nil when it was never set.
    public func setting(_ name: String) throws(ServiceError) -> String? {
        let statement = try database.prepare("SELECT value FROM settings WHERE name = ?").bind([.text(name)])
        return try statement.step() ? statement.text(0) : nil
    }

    /// Remembers a setting; nil forgets it.
    public func setSetting(_ name: String, to value: String?) throws(ServiceError) {
        try requireWritable()
        if let value {
            try database.prepare("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value")
                .run([.text(name), .text(value)])
        } else {
            try database.prepare("DELETE FROM settings WHERE name = ?").run([.text(name)])
        }
    }
}
