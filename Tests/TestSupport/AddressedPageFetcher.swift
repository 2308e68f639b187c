public import Foundation
public import Entity
import PageReader
public import Services
public import ServiceSupport

/// Pages and pictures by address, for the picture rules: each page given whole (with the recipe read
/// from it), each picture its own bytes or a failure; every picture asked for is recorded.
public final class AddressedPageFetcher: PageFetching {
    public enum Answer: Sendable {
        case picture(Data, type: String)
        case failure(ServiceError)
    }

    private let pages: [String: RecipePage]
    private let state: Locked<(answers: [String: Answer], asks: [String])>

    public init(pages: [String: RecipePage] = [:], pictures: [String: Answer]) {
        self.pages = pages
        state = Locked((pictures, []))
    }

    /// A page holding a recipe whose picture is at `image`.
    public static func page(title: String, image: String?) -> RecipePage {
        let recipe = PageRecipe(title: title, ingredientGroups: [.init(name: nil, lines: ["2 eggs"])], instructions: [.step("Cook.")],
                                imageURL: image, method: .jsonLD)
        return RecipePage(html: "<h1>\(title)</h1>", document: HTMLReader.read("<h1>\(title)</h1>"), recipe: recipe)
    }

    public func set(_ address: String, _ answer: Answer) {
        state.withLock { $0.answers[address] = answer }
    }

    public func page(at href: String) async throws(ServiceError) -> RecipePage {
        guard let page = pages[href] else { throw .badStatus.with(status: 404, detail: "HTTP 404 for \(href)") }
        return page
    }

    public func thumbnail(at url: String) async throws(ServiceError) -> RecipeImage {
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

    public func browserAddress(for href: String) -> String { href }

    public var pictureAsks: [String] { state.withLock { $0.asks } }
}
