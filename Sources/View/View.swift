/// The View layer of RecipeBook.
public enum ViewModule {
    public static let name = "View"
}
