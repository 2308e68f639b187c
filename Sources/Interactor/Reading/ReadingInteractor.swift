public import Entity
public import Services

/// Reads a recipe's page: the saved copy when the recipe is a favorite (no network needed), otherwise
/// online, from the recent pages when it was read a moment ago.
public actor ReadingInteractor {
    private let fetcher: any PageFetching
    private let saved: (any SavedPageProviding)?
    private let recent: RecentPages

    public init(fetcher: any PageFetching, saved: (any SavedPageProviding)?, recent: RecentPages = RecentPages()) {
        self.fetcher = fetcher
        self.saved = saved
        self.recent = recent
    }

    /// The page of `recipe`. When the saved copy cannot be read (a damaged database), the page is
    /// fetched online and the page says why.
    public func read(_ recipe: Recipe) async throws(UseCaseError) -> ReadablePage {
        var savedCopyProblem: UseCaseError?
        if let saved {
            do throws(UseCaseError) {
                if let copy = try await saved.savedPage(for: recipe.id) {
                    return ReadablePage(recipe: recipe, document: copy.document, source: .saved(copy.savedAt))
                }
            } catch {
                savedCopyProblem = error
            }
        }
        if let page = await recent.page(for: recipe.id) {
            return ReadablePage(recipe: recipe, document: page.document, source: .online, savedCopyProblem: savedCopyProblem)
        }
        do throws(ServiceError) {
            let page = try await fetcher.page(at: recipe.href)
            await recent.remember(page, for: recipe.id)
            return ReadablePage(recipe: recipe, document: page.document, source: .online, savedCopyProblem: savedCopyProblem)
        } catch {
            throw UseCaseError(error, during: .readPage)
        }
    }
}
