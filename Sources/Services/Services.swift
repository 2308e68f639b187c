/// The Services layer of RecipeBook.
public enum ServicesModule {
    public static let name = "Services"
}
