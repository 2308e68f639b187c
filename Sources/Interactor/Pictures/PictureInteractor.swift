public import Foundation
public import Entity
public import Services

/// A recipe's picture, decoded and scaled for a box of pixels.
public struct RecipePicture: Sendable, Equatable {
    public let image: PixelImage
    /// The same picture as PNG, when it was asked for (terminals that take a file).
    public let png: Data?
    /// Where the picture came from: its address, or nil for the copy saved with a favorite.
    public let address: String?
}

/// The picture use case: the copy saved with a favorite when there is one (no network needed), else
/// the picture fetched from the recipe's thumbnail address; decoded within the decoder's bounds and
/// scaled to fit what the screen can show.
public actor PictureInteractor {
    private let fetcher: any PageFetching
    private let favorites: FavoritesInteractor?
    private let decoder: ImageDecoder

    public init(fetcher: any PageFetching, favorites: FavoritesInteractor?, decoder: ImageDecoder = ImageDecoder()) {
        self.fetcher = fetcher
        self.favorites = favorites
        self.decoder = decoder
    }

    /// `recipe`'s picture fitting `width` × `height` pixels, with its PNG when `png` is asked for.
    public func picture(of recipe: Recipe, fittingWidth width: Int, height: Int, png: Bool) async throws(UseCaseError) -> RecipePicture {
        let (bytes, address) = try await bytes(of: recipe)
        do throws(ServiceError) {
            let image = try decoder.decode(bytes, maxWidth: max(1, width), maxHeight: max(1, height))
            return RecipePicture(image: image, png: png ? try ImageEncoder.png(image) : nil, address: address)
        } catch {
            throw UseCaseError(error, during: .readPicture)
        }
    }

    /// The picture's bytes: the favorite's saved copy, else fetched.
    private func bytes(of recipe: Recipe) async throws(UseCaseError) -> (Data, String?) {
        if let favorites, let saved = try? await favorites.favorite(id: recipe.id)?.thumbnail {
            // A favorites database that cannot be read leaves the picture to the network, as reading
            // a page does; the list itself reports the database.
            return (saved.bytes, nil)
        }
        guard let address = recipe.thumbnail else {
            throw UseCaseError.pictureUnavailable.with(operation: .readPicture, detail: "the recipe has no picture")
        }
        do throws(ServiceError) {
            return (try await fetcher.thumbnail(at: address).bytes, address)
        } catch {
            throw UseCaseError(error, during: .readPicture)
        }
    }
}
