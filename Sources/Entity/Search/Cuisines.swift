/// The world's cuisines by the names recipe sites give them: what `filter cuisine` completes before a
/// search has shown any (a server may name others; those are completed once seen).
public enum Cuisines {
    public static let common: [String] = [
        "African", "American", "Argentine", "Armenian", "Australian", "Austrian", "Belgian", "Brazilian", "British",
        "Cajun & Creole", "Canadian", "Caribbean", "Chilean", "Chinese", "Colombian", "Cuban", "Czech", "Danish",
        "Dutch", "Egyptian", "Ethiopian", "Filipino", "Finnish", "French", "Georgian", "German", "Greek", "Hawaiian",
        "Hungarian", "Indian", "Indonesian", "Irish", "Israeli", "Italian", "Jamaican", "Japanese", "Korean",
        "Lebanese", "Malaysian", "Mediterranean", "Mexican", "Middle Eastern", "Moroccan", "Nepalese", "Nigerian",
        "Norwegian", "Pakistani", "Persian", "Peruvian", "Polish", "Portuguese", "Russian", "Scandinavian",
        "Scottish", "Singaporean", "South African", "Spanish", "Sri Lankan", "Swedish", "Swiss", "Syrian", "Taiwanese",
        "Thai", "Tunisian", "Turkish", "Ukrainian", "Vietnamese", "West African",
    ]
}
