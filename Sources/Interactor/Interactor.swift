/// The Interactor layer of RecipeBook.
public enum InteractorModule {
    public static let name = "Interactor"
}
