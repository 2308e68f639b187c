/// What one request to a recipe server carries at most, and so what an answer about it is read as:
/// the client's query builder refuses more, and its envelope reader bounds what comes back to it.
public enum RequestLimits {
    /// The longest ingredient name sent, in characters.
    public static let maxIngredientLength = 60
    /// The most names a pantry ranking sends.
    public static let maxPantryNames = 100
}
