import PuppyServer

/// Large catalogs made for the benchmark only: the bundled catalog's recipes again and again, each
/// copy with its own id and a numbered title ("Coq au Vin, version 7"), so searches stay realistic and
/// scale with the copies: `salt` matches 388 of the 692 bundled recipes, about 56 % of any size.
enum CatalogGenerator {
    static func catalog(count: Int) throws -> Catalog {
        let templates = try Catalog.bundled().recipes
        guard !templates.isEmpty else { throw BenchError("the bundled catalog is empty") }
        let recipes = (0..<max(0, count)).map { index -> CatalogRecipe in
            let template = templates[index % templates.count]
            let copy = index / templates.count + 1
            guard copy > 1 else { return template }
            return CatalogRecipe(
                id: "\(template.id)-v\(copy)",
                title: "\(template.title), version \(copy)",
                cuisine: template.cuisine,
                ingredients: template.ingredients,
                method: template.method
            )
        }
        return try Catalog(recipes: recipes, source: "generated-\(count)")
    }

    /// How many recipes a catalog needs so that `salt` alone finds at least `matches` of them: whole
    /// copies of the bundled catalog, each bringing 388 matches.
    static func size(forSaltMatches matches: Int) -> Int {
        (matches + 387) / 388 * 692
    }
}
