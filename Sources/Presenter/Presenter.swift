/// The Presenter layer of RecipeBook.
public enum PresenterModule {
    public static let name = "Presenter"
}
