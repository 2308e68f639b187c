import PuppyServer
import PuppyCatalog

/// Large catalogs made for the benchmark only: the bundled catalog's recipes again and again, each
/// copy with its own id and a numbered title ("Coq au Vin, version 7"), so searches stay realistic and
/// scale with the copies: `salt` matches the same share of any size as of the bundled catalog.
enum CatalogGenerator {
    static func catalog(count: Int) throws -> Catalog {
        let templates = try Catalog.bundled().recipes
        guard !templates.isEmpty else { throw BenchError("the bundled catalog is empty") }
        let recipes = (0..<count).map { index in
            let (template, copy) = (templates[index % templates.count], index / templates.count + 1)
            return copy == 1 ? template : CatalogRecipe(id: "\(template.id)-v\(copy)", title: "\(template.title), version \(copy)",
                                                        cuisine: template.cuisine, ingredients: template.ingredients, method: template.method)
        }
        return try Catalog(recipes: recipes, source: "generated-\(count)")
    }

    /// Whole copies of the bundled catalog, enough for `salt` alone to find at least `matches` recipes.
    static func catalog(forSaltMatches matches: Int) throws -> Catalog {
        let bundled = try Catalog.bundled().recipes
        let salted = max(1, bundled.filter { $0.ingredients.contains("salt") }.count)
        return try catalog(count: (matches + salted - 1) / salted * bundled.count)
    }
}
