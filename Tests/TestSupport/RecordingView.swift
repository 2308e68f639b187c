public import Presenter

/// A view that records what it was told to show, for testing presenters alone.
@MainActor
public final class RecordingView: RecipesView {
    public enum Shown: Equatable {
        case screen(ScreenModel)
        case recipe(RecipeDetailModel)
        case page(PageModel)
        case message(MessageModel)
        case picture(PictureModel, PicturePurpose)
        case help
    }

    public private(set) var shown: [Shown] = []
    public private(set) var activities: [String?] = []
    /// Link numbers to pick in the reader, one per page shown, in turn.
    /// What the reader answers to each page shown, in turn (then nothing: it is closed).
    public var readerActions: [ReaderAction] = []
    /// What opening a browser comes to, and the addresses asked for.
    public var browser: BrowserOutcome = .opened(program: "test-browser")
    public private(set) var opened: [String] = []
    /// The picture boxes this view offers (none: it draws no pictures).
    public var pictureBoxes: [PicturePurpose: PictureBox] = [:]
    /// Whether there is a terminal to copy on, and what was copied.
    public var canCopy = true
    public private(set) var copied: [String] = []

    public init() {}

    public func display(_ screen: ScreenModel) { shown.append(.screen(screen)) }
    public func display(_ recipe: RecipeDetailModel) { shown.append(.recipe(recipe)) }
    /// For each page shown, the picture that went in it (asked for once the page is shown, as the
    /// terminal's pager asks), or nil.
    public private(set) var pagePictures: [PictureModel?] = []
    public func display(_ page: PageModel, picture: PictureRequest?) async -> ReaderAction? {
        shown.append(.page(page))
        pagePictures.append(await picture?() ?? nil)
        return readerActions.isEmpty ? nil : readerActions.removeFirst()
    }

    public func openInBrowser(_ address: String) async -> BrowserOutcome {
        opened.append(address)
        return browser
    }

    public func pictureBox(for purpose: PicturePurpose) -> PictureBox? {
        pictureBoxes[purpose]
    }

    public func display(_ picture: PictureModel, for purpose: PicturePurpose) {
        shown.append(.picture(picture, purpose))
    }

    public func copyToClipboard(_ text: String) -> Bool {
        if canCopy { copied.append(text) }
        return canCopy
    }
    public func display(_ message: MessageModel) { shown.append(.message(message)) }
    /// Shopping lists shown, apart from `shown` (whose cases other tests switch over).
    public private(set) var shoppingLists: [ShoppingListModel] = []
    public func display(_ list: ShoppingListModel) { shoppingLists.append(list) }
    public func displayHelp() async { shown.append(.help) }
    /// How many recipes a screen has room for; nil keeps the screens as configured.
    public var screenRoom: Int?
    public func recipesPerScreen(withPictures: Bool) -> Int? { screenRoom }
    public func setActivity(_ activity: String?) { activities.append(activity) }

    public var lastScreen: ScreenModel? {
        for item in shown.reversed() { if case .screen(let screen) = item { return screen } }
        return nil
    }

    public var messages: [MessageModel] {
        shown.compactMap { if case .message(let message) = $0 { return message } else { return nil } }
    }

    public func clear() { shown = [] }
}
