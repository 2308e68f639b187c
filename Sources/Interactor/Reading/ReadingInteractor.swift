public import Foundation
public import Entity
public import Services
import ServiceSupport

/// Reads a recipe's page: the saved copy when the recipe is a favorite (no network needed), otherwise
/// online, from the recent pages when it was read a moment ago.
public actor ReadingInteractor {
    private let fetcher: any PageFetching
    private let saved: (any SavedPageProviding)?
    private let recent: RecentPages
    private let files: any PageFileReading
    private let recipeFiles: RecipeFiles

    public init(fetcher: any PageFetching, saved: (any SavedPageProviding)?, recent: RecentPages = RecentPages(),
                files: any PageFileReading = LocalPageReader(), recipeFiles: RecipeFiles = RecipeFiles()) {
        self.fetcher = fetcher
        self.saved = saved
        self.recent = recent
        self.files = files
        self.recipeFiles = recipeFiles
    }

    /// What a catalog is built from: a page (`recipes read` reads it), a recipe file of a collection
    /// (Markdown or Cooklang), or a place that gave nothing, and why.
    public enum CatalogSource: Sendable, Equatable {
        case page(Location)
        case recipeFile(String)
        case problem(String, RecipeFileProblem)
    }

    /// The sources the places named give, in order: a folder its recipe files (searched through its
    /// folders, in name order), a `.md` or `.cook` file itself, anything else a page.
    public nonisolated func catalogSources(_ locations: [Location]) -> [CatalogSource] {
        var sources: [CatalogSource] = []
        for location in locations {
            guard case .file(let path) = location else {
                sources.append(.page(location))
                continue
            }
            if let listing = recipeFiles.list(path) {
                sources += listing.files.map(CatalogSource.recipeFile)
                sources += listing.problems.map { .problem($0.path, $0.problem) }
            } else if recipeFiles.isRecipeFile(path) {
                sources.append(.recipeFile(path))
            } else {
                sources.append(.page(location))
            }
        }
        return sources
    }

    /// The recipe in a Markdown or Cooklang file, or why it gives none.
    public nonisolated func recipeFile(atPath path: String) -> Result<FileRecipe, RecipeFileProblem> {
        recipeFiles.recipe(atPath: path)
    }

    /// Where `recipes read` reads a page from.
    public enum Location: Sendable, Equatable {
        /// An http(s) address.
        case web(String)
        /// A page saved as a file.
        case file(String)
    }

    /// The page at `location` with the recipe read from it, where it was read from (the address, nil
    /// for a file), and when it was kept when a kept copy stood in for a network that failed.
    public func page(at location: Location) async throws(UseCaseError) -> (page: RecipePage, address: String?, keptAt: Date?) {
        switch location {
        case .web(let address):
            do throws(ServiceError) {
                let (page, keptAt) = try await fetcher.datedPage(at: address)
                return (page, address, keptAt)
            } catch {
                throw UseCaseError(error, during: .readPage)
            }
        case .file(let path):
            do throws(ServiceError) {
                return (try files.page(atPath: path), nil, nil)
            } catch {
                throw UseCaseError(error, during: .readFile)
            }
        }
    }

    /// The page of `recipe`. When the saved copy cannot be read (a damaged database), the page is
    /// fetched online and the page says why.
    public func read(_ recipe: Recipe) async throws(UseCaseError) -> ReadablePage {
        var savedCopyProblem: UseCaseError?
        if let saved {
            do throws(UseCaseError) {
                if let copy = try await saved.savedPage(for: recipe.id) {
                    return ReadablePage(recipe: recipe, document: copy.page.document, pageRecipe: copy.page.recipe, source: .saved(copy.savedAt))
                }
            } catch {
                savedCopyProblem = error
            }
        }
        if let page = await recent.page(for: recipe.id) {
            return ReadablePage(recipe: recipe, document: page.document, pageRecipe: page.recipe, source: .online,
                                savedCopyProblem: savedCopyProblem)
        }
        do throws(ServiceError) {
            let (page, keptAt) = try await fetcher.datedPage(at: recipe.href)
            if let keptAt {
                return ReadablePage(recipe: recipe, document: page.document, pageRecipe: page.recipe, source: .cached(keptAt),
                                    savedCopyProblem: savedCopyProblem)
            }
            await recent.remember(page, for: recipe.id)
            return ReadablePage(recipe: recipe, document: page.document, pageRecipe: page.recipe, source: .online,
                                savedCopyProblem: savedCopyProblem)
        } catch {
            throw UseCaseError(error, during: .readPage)
        }
    }

    /// The recipe read from `recipe`'s page when it is at hand without the network (a favorite's saved
    /// page, a page read a moment ago, a page kept in the cache); nil otherwise. A saved copy that
    /// cannot be read counts as none: the details that ask for it are shown all the same.
    public func knownRecipe(of recipe: Recipe) async -> PageRecipe? {
        if let saved {
            do throws(UseCaseError) {
                if let copy = try await saved.savedPage(for: recipe.id) { return copy.page.recipe }
            } catch {
                // Reading the page (o N) says what is wrong with the saved copy; the details go without.
            }
        }
        if let page = await recent.page(for: recipe.id) { return page.recipe }
        return fetcher.keptPage(at: recipe.href)?.recipe
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
