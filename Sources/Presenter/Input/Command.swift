/// What a line typed at the prompt asks for, parsed once by the View: everything a command needs is in
/// its cases, typed, so nothing downstream reads the line again.
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
    case set(Setting)
    /// `filter …`: what the results are narrowed to.
    case filter(FilterChange)
    case back
    case help
    case quit
    /// The favorites screen, or a search within favorites.
    case favorites(String)
    case favorite(Int)
    case unfavorite(Int)
}

/// What `filter` changes. Filters combine: a cuisine and lactose-free can both be on.
public enum FilterChange: Equatable, Sendable {
    /// `filter lactose-free`: only recipes without milk, cheese or other dairy.
    case lactoseFree
    /// `filter cuisine NAME`: only recipes of this cuisine (case and accents ignored).
    case cuisine(String)
    /// `filter cuisine all`: any cuisine again; lactose-free stays as it was.
    case anyCuisine
    /// `filter all`: everything again.
    case all
}

/// What `set` changes.
public enum Setting: Equatable, Sendable {
    /// `set pictures on|off`: small pictures beside the cards of results screens.
    case pictures(Bool)
}
