import Entity
import Services

/// Pages and pictures handed over from memory, so starring measures RecipeBook's own work: in the app
/// the download happens off the prompt before the favorite is written.
final class InMemoryPages: PageFetching {
    private let pages: [String: RecipePage]
    private let picture: RecipeImage

    init(pages: [String: RecipePage], picture: RecipeImage) {
        self.pages = pages
        self.picture = picture
    }

    func page(at href: String) async throws(ServiceError) -> RecipePage {
        guard let page = pages[href] else { throw ServiceError.notFound.with(detail: "no page for \(href)") }
        return page
    }

    func thumbnail(at url: String) async throws(ServiceError) -> RecipeImage {
        picture
    }

    func browserAddress(for href: String) -> String {
        href
    }
}
