public import Entity
import TextSafety

/// Recipes from the files of a person's collection: Markdown (`.md`, `.markdown`) and Cooklang
/// (`.cook`). Pure: the file's text in, a `FileRecipe` or why there is none out.
public enum RecipeFileReader {
    public enum Format: Sendable {
        case markdown
        case cooklang

        /// The format a file's name says, nil for any other file.
        public init?(fileName: String) {
            let lower = fileName.lowercased()
            if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") {
                self = .markdown
            } else if lower.hasSuffix(".cook") {
                self = .cooklang
            } else {
                return nil
            }
        }
    }

    /// The recipe in `text`, a file named `fileName` (its last path component gives the title when the
    /// file gives none).
    public static func read(_ text: String, format: Format, fileName: String) -> Result<FileRecipe, RecipeFileProblem> {
        var body = text[...]
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        guard body.contains(where: { !$0.isWhitespace }) else { return .failure(.empty) }
        switch format {
        case .markdown: return MarkdownRecipeReader.read(String(body), fileName: fileName)
        case .cooklang: return CooklangRecipeReader.read(String(body), fileName: fileName)
        }
    }

    /// The first of the titles a file gives (front matter, headings, its name, in that order) with
    /// something to read once cleaned: an empty heading, or one of nothing but control characters, is
    /// no title.
    static func firstTitle(_ candidates: String?...) -> String {
        candidates.lazy.compactMap { $0 }.first { !CleanText.line($0, maxLength: 200).isEmpty } ?? ""
    }

    /// `lemon-drizzle_cake.cook` → `Lemon drizzle cake`.
    static func title(fromFileName path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        let words = name.split { $0 == "-" || $0 == "_" || $0.isWhitespace }.joined(separator: " ")
        guard let first = words.first else { return "" }
        return first.uppercased() + words.dropFirst()
    }

    /// The recipe with the facts its metadata gives, under the names collections use for them.
    static func recipe(title: String, lines: [String], steps: [String], matter: FrontMatter) -> FileRecipe {
        func minutes(_ keys: String...) -> Int? {
            for key in keys {
                if let text = matter.text(key), let value = Durations.minutes(text) { return value }
            }
            return nil
        }
        return FileRecipe(
            title: title, lines: lines, steps: steps,
            servings: matter.text("servings", "serves", "yield", "yields", "portions", "recipe_yield", "makes"),
            prepMinutes: minutes("prep_time", "prep", "preptime", "time_prep", "preparation_time", "prep_minutes"),
            cookMinutes: minutes("cook_time", "cook", "cooktime", "time_cook", "cooking_time", "cook_minutes"),
            totalMinutes: minutes("total_time", "totaltime", "time", "duration", "time_required", "total_minutes"),
            tags: matter.list("tags", "categories", "category", "keywords", "course"),
            source: ["source_url", "source", "url", "link", "original", "source_href"].lazy.compactMap { matter.text($0) }
                .first { $0.lowercased().hasPrefix("http") },
            author: matter.text("author", "authors", "by", "source_author"),
            cuisine: matter.text("cuisine"),
            collection: matter.text("collection_name", "collection", "cookbook", "book"),
            licence: matter.text("licence", "license")
        )
    }
}
