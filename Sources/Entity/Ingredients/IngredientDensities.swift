/// How much a US cup (236.6 ml) of a food weighs, for the foods where that is the same every time it is
/// measured: dry goods spooned into a cup and levelled, fats, and the thick syrups weighed in a metric
/// kitchen (honey, golden syrup). Figures from common baking charts, rounded; a food not here is never
/// converted between volume and weight: maple syrup, which pours, is measured in millilitres.
public enum IngredientDensities {
    /// Grams in a US cup of the food a name names, if it is in the table. A name matches when its last
    /// words are an entry (`plain flour`, `unbleached all-purpose flour` → flour), unless a word before
    /// them makes it another food (`peanut butter`, `rice flour`).
    public static func gramsPerCup(of name: String) -> Double? {
        let words = IngredientName.foldedWords(name)
        guard !words.isEmpty else { return nil }
        for entry in table.entries {
            guard words.count >= entry.words.count, Array(words.suffix(entry.words.count)) == entry.words else { continue }
            let before = words.count > entry.words.count ? words[words.count - entry.words.count - 1] : nil
            if let before, entry.otherFoods.contains(before) { return nil }
            return entry.grams
        }
        return nil
    }

    /// The table, longest names first so that `brown sugar` wins over `sugar`.
    static let densities: [(name: String, grams: Double, otherFoods: [String])] = [
        ("flour", 120, ["rice", "almond", "coconut", "chickpea", "gram", "tapioca", "potato", "corn", "buckwheat", "rye", "oat", "cassava", "banana", "teff", "sorghum", "millet", "soy", "masa", "nut", "hazelnut", "quinoa"]),
        ("all purpose flour", 120, []),
        ("plain flour", 120, []),
        ("bread flour", 120, []),
        ("strong white flour", 120, []),
        ("self raising flour", 120, []),
        ("self rising flour", 120, []),
        ("whole wheat flour", 113, []),
        ("wholemeal flour", 113, []),
        ("sugar", 200, ["icing", "powdered", "confectioner", "confectioners", "brown", "coconut", "maple", "palm", "vanilla", "cinnamon", "pearl", "sanding", "cane", "demerara", "muscovado", "jaggery", "rock"]),
        ("granulated sugar", 200, []),
        ("caster sugar", 200, []),
        ("superfine sugar", 200, []),
        ("white sugar", 200, []),
        ("brown sugar", 213, []),
        ("light brown sugar", 213, []),
        ("dark brown sugar", 213, []),
        ("icing sugar", 120, []),
        ("powdered sugar", 120, []),
        ("confectioner sugar", 120, []),
        ("confectioners sugar", 120, []),
        ("butter", 227, ["peanut", "almond", "cashew", "nut", "apple", "cocoa", "cacao", "shea", "sunflower", "seed", "pumpkin", "pear", "plum", "vegan", "herb", "garlic", "compound"]),
        ("rice", 190, ["cooked", "puffed", "crisped", "wild", "arborio"]),
        ("long grain rice", 190, []),
        ("basmati rice", 190, []),
        ("jasmine rice", 190, []),
        ("oat", 90, ["steel", "cut"]),
        ("rolled oat", 90, []),
        ("cocoa powder", 85, []),
        ("cocoa", 85, ["hot"]),
        ("cornstarch", 120, []),
        ("cornflour", 120, []),
        ("honey", 340, []),
        ("golden syrup", 340, []),
        ("chocolate chip", 170, []),
    ]

    private static let table = Table()

    private struct Table: Sendable {
        let entries: [(words: [String], grams: Double, otherFoods: Set<String>)]

        init() {
            entries = IngredientDensities.densities
                .map { (IngredientName.foldedWords($0.name), $0.grams, Set($0.otherFoods.map(IngredientName.folded))) }
                .sorted { $0.words.count > $1.words.count }
        }
    }
}
