public import Foundation
public import Entity
public import Services
import ServiceSupport

/// A recipe's picture, decoded and scaled for a box of pixels.
public struct RecipePicture: Sendable, Equatable {
    public let image: PixelImage
    /// The same picture as PNG, when it was asked for (terminals that take a file).
    public let png: Data?
    /// Where the picture came from: its address, or nil for the copy saved with a favorite.
    public let address: String?
}

/// The picture use case, decoded within the decoder's bounds and scaled to fit what the screen can
/// show. The first of these that can be had and decoded wins:
///
/// 1. the copy saved with a favorite (no network needed; a favorite starred now keeps its page's
///    picture, see `FavoritesInteractor`);
/// 2. the picture the recipe's page names (schema.org `image`), when the page's recipe is known without
///    the network (a favorite's saved page, a page read a moment ago, a page in the cache) and the
///    recipe's own picture is wanted (details, the reader, `pic N`), not a thumbnail beside a card;
/// 3. the result's thumbnail.
///
/// A picture at an address is fetched once: again, it comes from the pictures fetched a moment ago or
/// from the cache (`PictureSource`).
public actor PictureInteractor {
    private let fetching: PictureSource
    private let favorites: FavoritesInteractor?
    private let reading: ReadingInteractor?
    private let decoder: ImageDecoder

    /// `recentPictures`: pictures fetched a moment ago, shared with the favorites, so a picture is
    /// fetched once.
    public init(fetcher: any PageFetching, favorites: FavoritesInteractor?, reading: ReadingInteractor? = nil,
                recentPictures: RecentPictures? = nil, decoder: ImageDecoder = ImageDecoder()) {
        self.fetching = PictureSource(fetcher: fetcher, recent: recentPictures)
        self.favorites = favorites
        self.reading = reading
        self.decoder = decoder
    }

    /// Where a picture's bytes come from.
    private enum Source: Equatable {
        case saved(Data)
        case address(String)
    }

    /// `recipe`'s picture fitting `width` × `height` pixels, with its PNG when `png` is asked for; its
    /// page's picture when `pagePicture` and the page's recipe is known without the network, else its
    /// thumbnail. When every picture there is fails, the last failure says why.
    public func picture(of recipe: Recipe, fittingWidth width: Int, height: Int, png: Bool,
                        pagePicture: Bool = true) async throws(UseCaseError) -> RecipePicture {
        let sources = await sources(of: recipe, pagePicture: pagePicture)
        var failure = UseCaseError.pictureUnavailable.with(operation: .readPicture, detail: "the recipe has no picture")
        for source in sources {
            do throws(UseCaseError) {
                return try await picture(from: source, fittingWidth: width, height: height, png: png)
            } catch {
                // Ctrl-C means no picture at all, not the next one.
                if error == .cancelled { throw error }
                failure = error
            }
        }
        throw failure
    }

    /// The places `recipe`'s picture can come from, in the order they are tried.
    private func sources(of recipe: Recipe, pagePicture: Bool) async -> [Source] {
        var favorite: Favorite?
        if let favorites {
            do throws(UseCaseError) {
                favorite = try await favorites.favorite(id: recipe.id)
            } catch {
                // A favorites database that cannot be read leaves the picture to the network, as reading
                // a page does; the list itself reports the database.
            }
        }
        var sources: [Source] = []
        if let saved = favorite?.thumbnail { sources.append(.saved(saved.bytes)) }
        if pagePicture {
            var known = favorite?.page?.recipe
            if known == nil { known = await reading?.knownRecipe(of: recipe) }
            if let image = known?.imageURL { sources.append(.address(image)) }
        }
        if let thumbnail = recipe.thumbnail, !sources.contains(.address(thumbnail)) { sources.append(.address(thumbnail)) }
        return sources
    }

    private func picture(from source: Source, fittingWidth width: Int, height: Int, png: Bool) async throws(UseCaseError) -> RecipePicture {
        do throws(ServiceError) {
            let bytes: Data
            let address: String?
            switch source {
            case .saved(let saved):
                (bytes, address) = (saved, nil)
            case .address(let url):
                (bytes, address) = (try await fetching.picture(at: url).bytes, url)
            }
            let image = try decoder.decode(bytes, maxWidth: max(1, width), maxHeight: max(1, height))
            return RecipePicture(image: image, png: png ? try ImageEncoder.png(image) : nil, address: address)
        } catch {
            throw UseCaseError(error, during: .readPicture)
        }
    }
}
