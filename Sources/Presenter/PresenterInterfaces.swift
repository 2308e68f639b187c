public import Entity

/// What the View shows. It draws what it is handed and decides nothing about recipes.
@MainActor
public protocol RecipesView: AnyObject {
    func display(_ screen: ScreenModel)
    func display(_ recipe: RecipeDetailModel)
    /// Shows a page in the reader; returns what the person asked for next (a link to follow, the page
    /// shown the other way, the page before), if anything. `picture`, when given, is asked for once the
    /// text is on the screen, and drawn inside the page when it comes.
    func display(_ page: PageModel, picture: PictureRequest?) async -> ReaderAction?
    /// Opens an address in the person's web browser.
    func openInBrowser(_ address: String) async -> BrowserOutcome
    /// Puts text on the terminal's clipboard; false when there is no terminal to ask.
    func copyToClipboard(_ text: String) -> Bool
    /// The box, in pixels, a picture for `purpose` may fill; nil when this view shows no pictures (not
    /// a terminal, a terminal that cannot draw them, or pictures turned off).
    func pictureBox(for purpose: PicturePurpose) -> PictureBox?
    /// Draws a picture for `purpose`.
    func display(_ picture: PictureModel, for purpose: PicturePurpose)
    func display(_ message: MessageModel)
    /// The shopping list, by aisle.
    func display(_ list: ShoppingListModel)
    func displayHelp() async
    /// How many recipes a screen shows: as many as fit the terminal (`withPictures`: each beside its
    /// picture); nil where the View has no rows to fit (a pipe), and screens stay as configured.
    func recipesPerScreen(withPictures: Bool) -> Int?
    /// Something slow is happening (nil: it has finished). The View shows a spinner if it lasts.
    func setActivity(_ activity: String?)
}

/// A picture the View asks for when it has shown what it can without it; nil when there is none.
public typealias PictureRequest = @MainActor @Sendable () async -> PictureModel?

/// A numbered list on screen (search results, or favorites): what numbers and paging mean depends on
/// which one is showing, and the REPL hands every list command to the one the Router names.
@MainActor
public protocol ListPresenting: AnyObject {
    func next() async
    func previous() async
    func first() async
    /// Search results: run the search again. Favorites: fetch the pages and pictures they lack.
    func refresh() async
    /// Recipe `number` in full.
    func show(_ number: Int) async
    /// Recipe `number`'s page in the reader, as `target` says.
    func open(_ number: Int, _ target: ReaderTarget) async
    /// Recipe `number`'s page, or the video its page names, in the web browser.
    func web(_ number: Int, _ target: LinkTarget) async
    /// Recipe `number`'s link, or its video's, on the clipboard.
    func copyLink(_ number: Int, _ target: LinkTarget) async
    /// Recipe `number`'s picture, large.
    func picture(_ number: Int) async
    func favorite(_ number: Int) async
    func unfavorite(_ number: Int) async
    /// The recipe shown under `number`, or nil after saying there is none (`list N`).
    func listedRecipe(_ number: Int) async -> Recipe?
    /// The units and scale its recipe cards are shown in, shared by every list.
    var cards: CardSettings { get set }
}

/// Runs slow work with its activity shown by `view` (a spinner, if it lasts).
@MainActor
func whileBusy<T, E: Error>(_ view: (any RecipesView)?, _ activity: String, _ work: () async throws(E) -> T) async throws(E) -> T {
    view?.setActivity(activity)
    defer { view?.setActivity(nil) }
    return try await work()
}
