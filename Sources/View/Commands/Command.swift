public import Presenter

/// What a line typed at the prompt asks for.
public enum Command: Equatable, Sendable {
    /// A new search: comma-separated ingredients and title words (either may be empty, not both).
    case search(ingredients: String, title: String)
    case next
    case previous
    case first
    case refresh
    case retry
    /// Show recipe N.
    case show(Int)
    /// Read recipe N: its recipe card, its whole page, or the page one of its links leads to.
    case open(Int, ReaderTarget)
    /// Open recipe N's page, or the video its page names, in the web browser.
    case web(Int, LinkTarget)
    /// Copy recipe N's link, or its video's.
    case copy(Int, LinkTarget)
    /// Show recipe N's picture large.
    case picture(Int)
    /// `set NAME VALUE`.
    case set(String)
    case filter(String)
    case back
    case help
    case quit
    /// The favorites screen, or a search within favorites.
    case favorites(String)
    case favorite(Int)
    case unfavorite(Int)
}
