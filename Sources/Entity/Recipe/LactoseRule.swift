/// The lactose rule: which ingredients put milk, or something made of milk, in a dish.
///
/// An ingredient is compared by its folded words (`IngredientName`: case, accents and plurals do not
/// matter, so `Gruyère`, `CHEESES` and `yoghurts` all count) and it counts when:
/// 1. it names a dairy food, a whole word or phrase from `dairy`: milk and its forms (`milk`,
///    `buttermilk`, `condensed milk`, `milk powder`, `whey`, `leche`), butter (`butter`, `ghee`,
///    `niter kibbeh`, `beurre`), cream (`cream`, `sour cream`, `crème fraîche`, `crema`, `half and half`),
///    fermented milk (`yogurt`, `curd`, `kefir`, `labneh`, `skyr`, `quark`, `kashk`), cheese (`cheese` and
///    the cheeses people write without the word: `parmesan`, `pecorino`, `mozzarella`, `gruyère`, `comté`,
///    `feta`, `halloumi`, `mascarpone`, `ricotta`, `cotija`, `queso fresco`, `paneer`, ...: the kinds of
///    cheese in the food table, `FoodFacts`), and foods
///    defined by them (`ice cream`, `gelato`, `custard`, `dulce de leche`, `white chocolate`, `milk
///    chocolate`, `béchamel`, `alfredo`, `pesto`, `tzatziki`, `raita`, `toffee`, `fudge`, `butterscotch`);
/// 2. and that phrase is not part of a longer name that is not dairy: a plant milk, cream, cheese or
///    yogurt in `plantMilks` (`coconut milk`, `oat milk`, `coconut cream`, `cashew cheese`, `soy yogurt`;
///    a dairy word after one of them is made of it too: `almond milk yogurt`), a plant butter in
///    `notDairy` (`peanut butter`, `cocoa butter`, `apple butter`), or a name there that only looks dairy
///    (`butter beans`, `butter lettuce`, `cream of tartar`, `cream crackers`, `cream soda`, `head cheese`,
///    `bean curd`, `custard apple`, `custard powder`, `leche de tigre`, `water kefir`, `vegetable ghee`);
///    words that merely contain a dairy word are other words (`butternut squash`, `butterhead lettuce`,
///    `cheesecloth`, `milkweed`); the food table's false friends of milk, butter, cream, cheese and yogurt
///    that are not dairy count here too;
/// 3. and the name does not say it is free of dairy anywhere: `vegan`, `dairy-free`, `non-dairy`,
///    `plant-based`, `lactose-free`, `milk-free`, `pareve` (so `dairy-free ice cream` and `lactose-free
///    milk` do not count).
///
/// Decided on purpose: `lemon curd` counts (it is made with butter); `custard powder` does not (it is
/// flavoured starch, the milk is listed on its own); baked goods that may or may not hold butter or milk
/// (`puff pastry`, `biscuits`, `croissants`, `naan`) and chocolate that does not say milk or white do not
/// count; `almond cream` and other plant creams do not count even where a cook means frangipane.
///
/// The tables are folded once; checking an ingredient folds it and looks each word up in a dictionary,
/// so the work is linear in the length of the name.
public enum LactoseRule {
    /// The ingredients that trigger the rule, in their original order.
    public static func triggers(in ingredients: [String]) -> [String] {
        ingredients.filter(containsLactose)
    }

    /// Whether the ingredient line puts milk in the dish. The line is read first (`IngredientLine`) and the
    /// rule looks at what it names first, so that the rest of the line does not decide: `2 tbsp butter, or
    /// dairy-free butter` counts (butter is what the recipe asks for), `olive oil or butter` does not,
    /// `1 cup oat milk` does not, and `1 cup milk (lactose-free)` does not either (the line says the milk is
    /// free of it). A line the parser is unsure of is judged by all its words, as a name is.
    public static func containsLactose(_ ingredient: String) -> Bool {
        // A line without a single word that starts a dairy phrase cannot name one, however it is read.
        guard IngredientName.foldedWords(ingredient).contains(where: { tables.dairy[$0] != nil }) else { return false }
        let line = IngredientLine(parsing: ingredient)
        guard !line.isUnsure, !line.name.isEmpty else { return nameContainsLactose(ingredient) }
        guard let named = alternatives(in: line.name).first, nameContainsLactose(named) else { return false }
        // Said free of dairy outside the name, not as another choice: `milk (lactose-free)`.
        let qualifiers = [line.size, line.preparation, line.comment].compactMap { $0 }
            .flatMap { $0.split(whereSeparator: { $0 == ";" || $0 == "," }) }
            .map { IngredientName.foldedWords(String($0)) }
            .filter { $0.first != "or" }
        return !qualifiers.contains { words in tables.dairyFree.contains { words.contains(phrase: $0, at: nil) } }
    }

    /// The choices a name offers: `butter, or dairy-free butter` is `butter` and `dairy-free butter`;
    /// `salt and pepper` is one.
    static func alternatives(in name: String) -> [String] {
        var choices: [String] = []
        var current: [Substring] = []
        for word in name.split(separator: " ") {
            let bare = word.filter { $0.isLetter || $0 == "/" }.lowercased()
            if bare == "or" || bare == "and/or" {
                if !current.isEmpty { choices.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(word)
            }
        }
        if !current.isEmpty { choices.append(current.joined(separator: " ")) }
        return choices
    }

    /// The rule over a name's words (or a whole line's, when it could not be read).
    static func nameContainsLactose(_ ingredient: String) -> Bool {
        let words = IngredientName.foldedWords(ingredient)
        guard !words.isEmpty else { return false }
        if tables.dairyFree.contains(where: { words.contains(phrase: $0, at: nil) }) { return false }
        var madeOfPlantMilk = false
        for start in words.indices {
            for phrase in tables.dairy[words[start], default: []] where words.contains(phrase: phrase, at: start) {
                let excuse = tables.notDairy[phrase, default: []].first { longer in
                    words.contains(phrase: longer.words, at: start - longer.offset)
                }
                if let excuse {
                    madeOfPlantMilk = madeOfPlantMilk || excuse.isPlantMilk
                } else if !madeOfPlantMilk {
                    return true
                }
            }
        }
        return false
    }

    /// Dairy foods: whole words or phrases.
    static let dairy: [String] = [
        // Milk and what is taken from it.
        "milk", "buttermilk", "milkshake", "leche", "lactose", "dairy", "whey", "half and half",
        // The same in the languages of the pages RecipeBook reads: Danish and Norwegian, German, Dutch,
        // French, Italian, Polish.
        "mælk", "sødmælk", "letmælk", "minimælk", "skummetmælk", "kærnemælk", "melk", "helmelk", "lettmelk",
        "milch", "vollmilch", "buttermilch", "karnemelk", "volle melk", "halfvolle melk", "lait", "latte", "mleko",
        // Butter.
        "butter", "butterfat", "buttercream", "ghee", "niter kibbeh", "nitir kibbeh", "smen", "beurre", "mantequilla",
        "smør", "boter", "roomboter", "burro", "masło", "manteiga",
        // Cream.
        "cream", "crema", "nata", "panna cotta", "smetana", "kaymak", "kajmak", "malai", "creme fraiche", "creme anglaise",
        "fløde", "piskefløde", "madlavningsfløde", "kaffefløde", "fløte", "kremfløte", "sahne", "schlagsahne", "sauerrahm",
        "schmand", "slagroom", "kookroom", "zure room", "crème", "panna", "śmietana", "śmietanka",
        "creme patissiere", "creme brulee", "creme caramel", "creme chantilly", "creme double", "ganache",
        // Fermented milk.
        "yogurt", "yoghurt", "yogourt", "yoghourt", "curd", "dahi", "lassi", "raita", "tzatziki", "labneh", "labne",
        "labaneh", "labna", "skyr", "quark", "kefir", "kashk", "ayran", "doogh", "kumis", "shrikhand",
        // Milk cooked down, and sweets and sauces made of milk, cream or butter.
        "khoa", "khoya", "mawa", "rabri", "rabdi", "cajeta", "custard", "gelato", "kulfi", "eggnog", "bechamel",
        "alfredo", "pesto", "white chocolate", "toffee", "fudge", "butterscotch", "ranch dressing",
        // Cheese in the languages of the pages RecipeBook reads; every cheese written without the word is
        // a kind of cheese in the food table (`FoodFacts`: `parmesan`, `feta`, `paneer`, ...).
        "cheese", "cheesecake", "queso", "requeson", "formaggio", "fromage", "paneer", "panir", "chhena", "chenna",
        "ost", "flødeost", "käse", "frischkäse", "kaas", "ser", "serek", "twarożek", "queijo", "reggiano",
    ] + FoodFacts.standard.kinds(of: "cheese")

    /// Plants and nuts whose milk, cream, butter, cheese or yogurt is not dairy.
    static let plantSources: [String] = [
        "almond", "oat", "soy", "soya", "rice", "cashew", "hemp", "hazelnut", "pea", "macadamia", "coconut",
        "nut", "peanut", "flax", "flaxseed", "quinoa", "walnut", "pistachio", "pecan", "sesame", "sunflower",
        "seed", "tigernut", "potato", "plant", "tofu",
    ]

    /// Plant milks and what is made of them (`oat milk`, `cashew cream`, `soy yogurt`), cheeses named
    /// by their kind included (`cashew ricotta`, `Brazil nut parmesan`): a dairy word after one of these
    /// in the same name is made of it too (`almond milk yogurt`, `cashew cream cheese`).
    static let plantMilks: [String] = (["milk", "cream", "yogurt", "yoghurt", "cheese", "kefir"] + FoodFacts.standard.kinds(of: "cheese")).flatMap { food in
        plantSources.map { "\($0) \(food)" }
    }

    /// Other longer names that hold a dairy phrase and are not dairy.
    static let notDairy: [String] = plantSources.map { "\($0) butter" } + [
        "cocoa butter", "cacao butter", "shea butter", "mango butter", "kokum butter", "apple butter", "pear butter",
        "plum butter", "pumpkin butter", "apricot butter", "fig butter", "vegetable butter", "butter bean",
        "butter lettuce", "butter extract", "butter flavor", "butter flavour", "butter flavoring",
        "butter flavouring",
        "cream of tartar", "cream of wheat", "cream of rice", "cream of coconut", "cream soda", "cream cracker",
        "creme de cassis", "creme de menthe", "creme de cacao", "creme de marrons", "latte di cocco", "lait de coco",
        "kokosmelk", "kokosmilch", "kokosmælk", "mleko kokosowe", "panna di soia",
        "cream sherry", "salad cream",
        "head cheese", "tofu cheese", "cheese cloth",
        "bean curd", "soy curd", "soya curd", "tofu curd",
        "water kefir", "vegetable ghee", "plant ghee", "milk thistle",
        "custard apple", "custard powder",
        "balsamic crema", "crema di balsamico", "crema de coco", "nata de coco",
        "leche de tigre", "leche de coco", "leche de soya", "leche de soja", "leche de almendra", "leche de avena",
        "leche de arroz", "mantequilla de mani", "mantequilla de cacahuate", "mantequilla de cacao",
    ]

    /// The food table's false friends of milk, butter, cream, cheese and yogurt (`cream of tartar`, `peanut
    /// butter`, `head cheese`), less those that are dairy themselves (`ice cream`, `lemon curd`).
    static let falseFriends: [String] = ["milk", "butter", "cream", "cheese", "yogurt"].flatMap { word in
        FoodFacts.standard.falseFriends(of: word).filter { !FoodFacts.standard.concepts(of: $0).contains("dairy") }
    }

    /// Words anywhere in a name that say it holds no dairy.
    static let dairyFree: [String] = [
        "vegan", "nondairy", "non dairy", "dairy free", "dairyfree", "lactose free", "milk free", "plant based",
        "parve", "pareve",
    ]

    private static let tables = Tables()

    /// The tables above, folded the way ingredients are and indexed for lookups.
    private struct Tables: Sendable {
        /// Dairy phrases by their first word.
        let dairy: [String: [[String]]]
        /// For a dairy phrase, the longer non-dairy names that hold it, where, and whether they are plant milks.
        let notDairy: [[String]: [(words: [String], offset: Int, isPlantMilk: Bool)]]
        let dairyFree: [[String]]

        init() {
            let dairyPhrases = LactoseRule.dairy.map(IngredientName.foldedWords)
            dairy = Dictionary(grouping: dairyPhrases, by: { $0.first ?? "" })
            var excuses: [[String]: [(words: [String], offset: Int, isPlantMilk: Bool)]] = [:]
            let longerNames = LactoseRule.plantMilks.map { ($0, true) } + (LactoseRule.notDairy + LactoseRule.falseFriends).map { ($0, false) }
            // Each longer name is looked at word by word, against the dairy phrases that start with that
            // word only: linear in the names, not names times phrases.
            for (name, isPlantMilk) in longerNames {
                let longer = IngredientName.foldedWords(name)
                for offset in longer.indices {
                    for phrase in dairy[longer[offset]] ?? [] where longer.contains(phrase: phrase, at: offset) {
                        excuses[phrase, default: []].append((longer, offset, isPlantMilk))
                    }
                }
            }
            notDairy = excuses
            dairyFree = LactoseRule.dairyFree.map(IngredientName.foldedWords)
        }
    }
}

extension [String] {
    /// True when `phrase` appears at `start`, or anywhere when `start` is nil.
    func contains(phrase: [String], at start: Int?) -> Bool {
        guard let start else {
            return indices.contains { contains(phrase: phrase, at: $0) }
        }
        guard start >= 0, start + phrase.count <= count, !phrase.isEmpty else { return false }
        return self[start..<(start + phrase.count)].elementsEqual(phrase)
    }
}
