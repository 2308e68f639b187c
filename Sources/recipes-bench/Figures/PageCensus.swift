import Entity
import Services

/// What each page of a search holds, asked once per page with RecipeBook's own client (so "failed"
/// means what the client counts as failed): results, empty, or failed.
struct PageCensus: Sendable {
    var resultPages: [Int] = []
    var failedPages: Set<Int> = []
    /// Distinct recipes over every page.
    var recipeCount = 0
    /// The last page a walk must ask for: the third empty page past the last page with results.
    var lastPageNeeded = 0
    /// Every page up to the last with results once, failed ones twice, and the three end probes.
    var minimumRequests: Int { (resultPages.last ?? 0) + failedPages.filter { $0 <= (resultPages.last ?? 0) }.count + 3 }

    static func take(_ query: SearchQuery, client: RecipePuppyClient) async throws -> PageCensus {
        var census = PageCensus()
        var recipes = Set<RecipeID>()
        var gapsInARow = 0
        var number = 0
        while gapsInARow < 3 {
            number += 1
            guard number < 10_000 else { throw BenchError("the pages of \(query.summary) do not end") }
            do throws(ServiceError) {
                let page = try await client.page(query, number: number)
                if page.recipes.isEmpty {
                    gapsInARow += 1
                } else {
                    gapsInARow = 0
                    census.resultPages.append(number)
                    recipes.formUnion(page.recipes.map(\.id))
                }
            } catch {
                if error.isNetworkLevel { throw BenchError("page \(number) of \(query.summary) could not be fetched: \(error)") }
                census.failedPages.insert(number)
                gapsInARow += 1
            }
        }
        census.recipeCount = recipes.count
        census.lastPageNeeded = number
        return census
    }
}
