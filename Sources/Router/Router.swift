/// The Router layer of RecipeBook.
public enum RouterModule {
    public static let name = "Router"
}
