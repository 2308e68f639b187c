/// Which of a recipe's addresses `w N` opens and `c N` copies.
public enum LinkTarget: Sendable, Equatable {
    /// The recipe's page.
    case page
    /// The video the recipe's page names.
    case video
}
