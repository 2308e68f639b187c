/// What `o N` shows.
public enum ReaderTarget: Sendable, Equatable {
    /// The recipe card when the page holds a recipe, else the page's text.
    case recipe
    /// The whole text of the page.
    case wholePage
    /// The page the page's link number N leads to.
    case link(Int)
}
