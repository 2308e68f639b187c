/// The lactose rule: which ingredients put milk or cheese in a dish.
///
/// An ingredient counts when it names milk or cheese as a word (`milk`, `buttermilk`, `cream cheese`,
/// `cheddar cheese`) or is a cheese commonly written without the word (`parmesan`, `paneer`). Plant
/// milks and cheeses (`coconut milk`, `almond milk`, `soy milk`, `oat milk`, `rice milk`, `vegan cheese`)
/// do not count.
public enum LactoseRule {
    /// The ingredients that trigger the rule, in their original order.
    public static func triggers(in ingredients: [String]) -> [String] {
        ingredients.filter(containsLactose)
    }

    public static func containsLactose(_ ingredient: String) -> Bool {
        let words = ingredient.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        guard !words.isEmpty else { return false }
        for (position, word) in words.enumerated() {
            let isDairyWord = word == "milk" || word == "cheese" || word.hasSuffix("milk") && milkCompounds.contains(word)
            if isDairyWord {
                let previous = position > 0 ? words[position - 1] : ""
                if plantWords.contains(previous) || words.contains(where: { freeFromWords.contains($0) }) {
                    continue
                }
                return true
            }
            if namedCheeses.contains(word) && !words.contains(where: { freeFromWords.contains($0) }) {
                return true
            }
        }
        return false
    }

    private static let milkCompounds: Set<String> = ["buttermilk", "skimmilk"]
    private static let plantWords: Set<String> = [
        "coconut", "almond", "soy", "soya", "oat", "rice", "cashew", "hemp", "hazelnut", "pea", "macadamia",
        "vegan", "plant",
    ]
    private static let freeFromWords: Set<String> = ["vegan", "nondairy", "dairyfree", "free"]
    private static let namedCheeses: Set<String> = [
        "parmesan", "mozzarella", "ricotta", "feta", "paneer", "mascarpone", "gruyere", "cheddar", "brie",
        "halloumi", "gorgonzola", "pecorino", "camembert", "manchego", "emmental", "provolone", "burrata",
        "queso", "roquefort", "stilton", "gouda", "edam", "fontina", "taleggio", "asiago", "comte",
    ]
}
