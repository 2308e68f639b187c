/// The world's cuisines by the names recipe sites give them: what `filter cuisine` completes and accepts
/// before a search has shown any (a server may name others; those are completed and accepted once seen).
/// Every cuisine of the bundled catalog is here.
public enum Cuisines {
    public static let common: [String] = [
        "African", "American", "Argentine", "Armenian", "Asian", "Australian", "Austrian", "Belgian", "Brazilian",
        "British", "Cajun & Creole", "Canadian", "Caribbean", "Chilean", "Chinese", "Colombian", "Cuban", "Czech",
        "Danish", "Dominican", "Dutch", "Egyptian", "Ethiopian", "European", "Filipino", "Finnish", "French",
        "Georgian", "German", "Greek", "Hawaiian", "Hungarian", "Indian", "Indonesian", "International", "Irish",
        "Israeli", "Italian", "Jamaican", "Japanese", "Korean", "Lebanese", "Lithuanian", "Macanese", "Malaysian",
        "Maltese", "Mediterranean", "Mesopotamian", "Mexican", "Middle Eastern", "Moroccan", "Nepalese",
        "New Zealand", "Nigerian", "North African", "Norwegian", "Pakistani", "Palestinian", "Pennsylvania Dutch",
        "Persian", "Peruvian", "Polish", "Portuguese", "Québécois", "Romanian", "Russian", "Scandinavian", "Scottish",
        "Singaporean", "South African", "Spanish", "Sri Lankan", "Swedish", "Swiss", "Syrian", "Taiwanese",
        "Tanzanian", "Thai", "Tunisian", "Turkish", "Ukrainian", "Uzbek", "Venezuelan", "Vietnamese", "West African",
    ]

    /// The cuisine of `names` (`common` when none are given) that `typed` names, ignoring case, accents
    /// and plurals (`thai` is `Thai`); nil when it names none of them.
    public static func named(_ typed: String, among names: [String] = common) -> String? {
        let folded = IngredientName.folded(typed)
        return names.first { IngredientName.folded($0) == folded }
    }
}
