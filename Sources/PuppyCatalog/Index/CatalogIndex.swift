package import ServiceSupport
/// The search index of a catalog, built when the catalog is loaded or, for a server that may never
/// be asked to search (a one-shot "what can I make" answers `have=` over the whole catalog), the first
/// time a search or a recipe's page needs it.
package final class CatalogIndex: Sendable {
    private let recipes: [CatalogRecipe]
    private let built: Locked<SearchIndex?>

    /// An index built already.
    package init(_ index: SearchIndex, recipes: [CatalogRecipe]) {
        self.recipes = recipes
        allPositions = index.allPositions
        built = Locked(index)
    }

    /// An index built on first use.
    package init(recipes: [CatalogRecipe]) {
        self.recipes = recipes
        allPositions = (0..<Int32(recipes.count)).map { $0 }
        built = Locked(nil)
    }

    /// The index, built now if it was not (one builder; other requests wait for it).
    package var index: SearchIndex {
        built.withLock { built in
            if let built { return built }
            let index = SearchIndex(recipes: recipes)
            built = index
            return index
        }
    }

    /// Every catalog position in order: what a request with neither ingredients nor words lists, known
    /// without the index.
    package let allPositions: [Int32]
}
