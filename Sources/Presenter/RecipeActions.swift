public import Interactor
public import Router

/// What can be done with a recipe on any list: read its page, open or copy its links, show its
/// picture. The composition root makes one and hands it to every list, so there is one of each.
@MainActor
public final class RecipeActions {
    weak var view: (any RecipesView)? {
        didSet {
            links.view = view
            pictures.view = view
        }
    }
    let links: RecipeLinks
    let pictures: RecipePictures

    /// `pictures`: nil where no pictures are drawn.
    public init(reading: ReadingInteractor, router: Router, pictures pictureInteractor: PictureInteractor?, messages: Messages = Messages()) {
        pictures = RecipePictures(pictures: pictureInteractor, messages: messages)
        links = RecipeLinks(reading: reading, router: router, messages: messages, pictures: pictures)
    }
}
