import Foundation
import Testing
import Entity
import Services
import PuppyServer
import TestSupport

/// Pages and pictures by address, for the picture rules: each page given whole (with the recipe read
/// from it), each picture its own bytes or a failure; every picture asked for is recorded.
final class AddressedPageFetcher: PageFetching {
    enum Answer: Sendable {
        case picture(Data, type: String)
        case failure(ServiceError)
    }

    private let pages: [String: RecipePage]
    private let state: Locked<(answers: [String: Answer], asks: [String])>

    init(pages: [String: RecipePage] = [:], pictures: [String: Answer]) {
        self.pages = pages
        state = Locked((pictures, []))
    }

    /// A page holding a recipe whose picture is at `image`.
    static func page(title: String, image: String?) -> RecipePage {
        let recipe = PageRecipe(title: title, ingredientGroups: [.init(name: nil, lines: ["2 eggs"])], instructions: [.step("Cook.")],
                                imageURL: image, method: .jsonLD)
        return RecipePage(html: "<h1>\(title)</h1>", document: HTMLReader.read("<h1>\(title)</h1>"), recipe: recipe)
    }

    func set(_ address: String, _ answer: Answer) {
        state.withLock { $0.answers[address] = answer }
    }

    func page(at href: String) async throws(ServiceError) -> RecipePage {
        guard let page = pages[href] else { throw .badStatus.with(status: 404, detail: "HTTP 404 for \(href)") }
        return page
    }

    func thumbnail(at url: String) async throws(ServiceError) -> RecipeImage {
        let answer = state.withLock { state -> Answer? in
            state.asks.append(url)
            return state.answers[url]
        }
        switch answer {
        case .picture(let bytes, let type): return RecipeImage(bytes: bytes, contentType: type)
        case .failure(let error): throw error
        case nil: throw .badStatus.with(status: 404, detail: "HTTP 404 for \(url)")
        }
    }

    func browserAddress(for href: String) -> String { href }

    var pictureAsks: [String] { state.withLock { $0.asks } }
}

/// The recipe `id` of the sample catalog as `server`'s API gives it.
func served(_ id: String, title: String, by server: PuppyServer) -> Recipe {
    let base = server.baseURL.absoluteString
    return Recipe(title: title, href: "\(base)/recipes/\(id)", ingredients: ["eggs"], thumbnail: "\(base)/thumbnails/\(id).png")
}

/// The size of the picture in `bytes`: width, height.
func size(of bytes: Data?) throws -> [Int] {
    let image = try ImageDecoder().decode(try #require(bytes), maxWidth: 4096, maxHeight: 4096)
    return [image.width, image.height]
}
