import Foundation
import Testing
import Entity
import Services
import PuppyServer

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
