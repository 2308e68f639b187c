/// The Entity layer of RecipeBook.
public enum EntityModule {
    public static let name = "Entity"
}
