import Entity
import Services

/// A repeated search's pages: those kept on disk first, without asking the network, and the network
/// for the rest (with what it keeps standing in when it fails).
struct SavedFirst: RecipeSearching {
    let saved: (any SavedSearchPages)?
    let network: any RecipeSearching

    func validate(_ query: SearchQuery) throws(ServiceError) {
        try network.validate(query)
    }

    func page(_ query: SearchQuery, number: Int) async throws(ServiceError) -> SearchPage {
        if let page = saved?.savedPage(query, number: number) { return page }
        return try await network.page(query, number: number)
    }
}
