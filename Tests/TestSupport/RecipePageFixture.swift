/// A small recipe page with its recipe as schema.org JSON-LD, for tests that read recipes' lines.
public enum RecipePageFixture {
    /// `title`, serving `yields`, with these ingredient lines and two steps.
    public static func page(_ title: String, yields: String, lines: [String]) -> String {
        let ingredients = lines.map { "\"\($0)\"" }.joined(separator: ",")
        return """
        <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"\(title)",
        "recipeYield":"\(yields)","recipeIngredient":[\(ingredients)],"recipeInstructions":["Mix.","Cook."]}</script></head>
        <body><h1>\(title)</h1></body></html>
        """
    }
}
