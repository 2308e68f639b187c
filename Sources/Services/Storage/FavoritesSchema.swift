/// The favorites database's schema, one migration per version (`PRAGMA user_version`).
enum FavoritesSchema {
    /// Each migration takes the database from version `index` to `index + 1`.
    static let migrations: [String] = [
        // 1: the favorites themselves, whole: data, page (HTML, document, text) and picture.
        """
        CREATE TABLE favorites (
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL,
            href TEXT NOT NULL,
            ingredients TEXT NOT NULL,
            thumbnail_url TEXT,
            saved_at REAL NOT NULL,
            page_html TEXT,
            page_document TEXT,
            page_text TEXT,
            thumbnail BLOB,
            thumbnail_type TEXT
        );
        """,
        // 2: newest-first listing and full-text search over title, ingredients and page text.
        """
        CREATE INDEX favorites_by_saved_at ON favorites(saved_at DESC);
        CREATE VIRTUAL TABLE favorites_search USING fts5(
            title, ingredients, page_text,
            content='favorites', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER favorites_search_insert AFTER INSERT ON favorites BEGIN
            INSERT INTO favorites_search(rowid, title, ingredients, page_text)
            VALUES (new.rowid, new.title, new.ingredients, new.page_text);
        END;
        CREATE TRIGGER favorites_search_delete AFTER DELETE ON favorites BEGIN
            INSERT INTO favorites_search(favorites_search, rowid, title, ingredients, page_text)
            VALUES ('delete', old.rowid, old.title, old.ingredients, old.page_text);
        END;
        CREATE TRIGGER favorites_search_update AFTER UPDATE ON favorites BEGIN
            INSERT INTO favorites_search(favorites_search, rowid, title, ingredients, page_text)
            VALUES ('delete', old.rowid, old.title, old.ingredients, old.page_text);
            INSERT INTO favorites_search(rowid, title, ingredients, page_text)
            VALUES (new.rowid, new.title, new.ingredients, new.page_text);
        END;
        INSERT INTO favorites_search(favorites_search) VALUES ('rebuild');
        """,
        // 3: the listing's whole order in one index, so a screen deep in a long list (OFFSET 9990) is
        // found in the index without reading the favorites before it.
        """
        DROP INDEX IF EXISTS favorites_by_saved_at;
        CREATE INDEX favorites_by_recency ON favorites(saved_at DESC, id);
        """,
        // 4: the recipe read from the page (JSON), and its ingredient lines and steps searchable. A
        // favorite saved before has none; it is read from its stored page when it is first opened.
        """
        ALTER TABLE favorites ADD COLUMN page_recipe TEXT;
        ALTER TABLE favorites ADD COLUMN recipe_text TEXT;
        DROP TRIGGER favorites_search_insert;
        DROP TRIGGER favorites_search_delete;
        DROP TRIGGER favorites_search_update;
        DROP TABLE favorites_search;
        CREATE VIRTUAL TABLE favorites_search USING fts5(
            title, ingredients, page_text, recipe_text,
            content='favorites', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER favorites_search_insert AFTER INSERT ON favorites BEGIN
            INSERT INTO favorites_search(rowid, title, ingredients, page_text, recipe_text)
            VALUES (new.rowid, new.title, new.ingredients, new.page_text, new.recipe_text);
        END;
        CREATE TRIGGER favorites_search_delete AFTER DELETE ON favorites BEGIN
            INSERT INTO favorites_search(favorites_search, rowid, title, ingredients, page_text, recipe_text)
            VALUES ('delete', old.rowid, old.title, old.ingredients, old.page_text, old.recipe_text);
        END;
        CREATE TRIGGER favorites_search_update AFTER UPDATE ON favorites BEGIN
            INSERT INTO favorites_search(favorites_search, rowid, title, ingredients, page_text, recipe_text)
            VALUES ('delete', old.rowid, old.title, old.ingredients, old.page_text, old.recipe_text);
            INSERT INTO favorites_search(rowid, title, ingredients, page_text, recipe_text)
            VALUES (new.rowid, new.title, new.ingredients, new.page_text, new.recipe_text);
        END;
        INSERT INTO favorites_search(favorites_search) VALUES ('rebuild');
        """,
        // 5: the cuisine the recipe was listed with (favorites saved before have none).
        """
        ALTER TABLE favorites ADD COLUMN cuisine TEXT;
        """,
        // 6: the kitchen: the shopping list's recipes with the lines they need (so the list works
        // offline), the pantry's names by their folded key, and settings remembered across runs.
        """
        CREATE TABLE shopping_list (
            recipe_id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL,
            href TEXT NOT NULL,
            lines TEXT NOT NULL,
            yields TEXT,
            factor REAL NOT NULL DEFAULT 1,
            lines_from_page INTEGER NOT NULL DEFAULT 0,
            added_at REAL NOT NULL
        );
        CREATE TABLE pantry (
            key TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            added_at REAL NOT NULL
        );
        CREATE TABLE settings (
            name TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        );
        """,
    ]

    static var latestVersion: Int { migrations.count }
}
