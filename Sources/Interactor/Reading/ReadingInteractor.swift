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
            let (page, keptAt) = try await fetcher.datedPage(at: recipe.href)
            if let keptAt {
                return ReadablePage(recipe: recipe, document: page.document, source: .cached(keptAt), savedCopyProblem: savedCopyProblem)
            }
            await recent.remember(page, for: recipe.id)
            return ReadablePage(recipe: recipe, document: page.document, source: .online, savedCopyProblem: savedCopyProblem)
        } catch {
            throw UseCaseError(error, during: .readPage)
        }
    }

    /// The page a link of `recipe`'s page leads to (a link followed in the reader), online.
    public func read(link address: String, from recipe: Recipe) async throws(UseCaseError) -> ReadablePage {
        do throws(ServiceError) {
            let page = try await fetcher.page(at: address)
            return ReadablePage(recipe: recipe, address: address, document: page.document, source: .online)
        } catch {
            throw UseCaseError(error, during: .readPage)
        }
    }

    /// Where a person's web browser finds `href` (the embedded server's pages at its real address).
    public nonisolated func browserAddress(for href: String) -> String {
        fetcher.browserAddress(for: href)
    }
}
