public import Foundation
public import Entity

/// Where saved copies of pages come from (the favorites), as the reading use case needs them.
public protocol SavedPageProviding: Sendable {
    /// The saved copy of a recipe's page (with the recipe read from it), or nil when there is none.
    func savedPage(for id: RecipeID) async throws(UseCaseError) -> (page: RecipePage, savedAt: Date)?
}
