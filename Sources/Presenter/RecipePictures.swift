import Foundation
import Entity
import Interactor

/// Shows recipes' pictures where the view can draw them: above details and pages, large with `pic N`.
@MainActor
final class RecipePictures {
    weak var view: (any RecipesView)?
    private let pictures: PictureInteractor?
    private let messages: Messages

    init(pictures: PictureInteractor?, messages: Messages) {
        self.pictures = pictures
        self.messages = messages
    }

    /// `recipe`'s picture for `purpose`, or nil when the view shows none; a picture that cannot be had
    /// is nil too, after saying why when it was asked for on its own (`pic N`). `quietly`: no spinner
    /// (the picture is fetched while the page it goes in is already on the screen).
    func picture(of recipe: Recipe, for purpose: PicturePurpose, quietly: Bool = false) async -> PictureModel? {
        guard let pictures, let box = view?.pictureBox(for: purpose) else {
            if purpose == .large { view?.display(messages.noPictures(recipe)) }
            return nil
        }
        do throws(UseCaseError) {
            let fetch = { () async throws(UseCaseError) -> RecipePicture in
                // Beside a card the thumbnail; above details and pages and with `pic N`, the page's picture.
                try await pictures.picture(of: recipe, fittingWidth: box.width, height: box.height, png: box.wantsPNG,
                                           pagePicture: purpose != .card)
            }
            // Pictures beside cards come many at once, with the screen: no spinner of their own.
            let picture = purpose == .card || quietly ? try await fetch() : try await whileBusy(view, "Fetching the picture of \(recipe.title)", fetch)
            return PictureModel(width: picture.image.width, height: picture.image.height, rgba: picture.image.rgba,
                                png: picture.png ?? Data(), altText: "Picture of \(recipe.title)", link: picture.address)
        } catch {
            // Beside a card or above details the picture is an extra, and the Picture field still gives
            // its link; asked for on its own, its absence is the answer and is said.
            if purpose == .large { view?.display(messages.error(error)) }
            return nil
        }
    }

    /// Draws `recipe`'s picture for `purpose`, if the view can.
    func show(_ recipe: Recipe, for purpose: PicturePurpose) async {
        if let picture = await picture(of: recipe, for: purpose) { view?.display(picture, for: purpose) }
    }
}
