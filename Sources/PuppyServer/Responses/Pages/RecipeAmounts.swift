/// The ingredient lines a recipe's page shows: each catalog name with an amount for the page's servings,
/// as a recipe site writes them (`3 eggs`, `1 ½ cups milk`, `600 g chicken`, `2 cloves garlic`, `salt, to
/// taste`).
///
/// The catalog records names, not amounts, so amounts are estimates, like the page's times and servings:
/// a typical amount per serving for the kind of food the name is (meat, flour, a spice, an oil, a counted
/// vegetable, …), times the servings, rounded as cooks measure. A recipe is written in US measures (cups,
/// spoons, pounds) or in metric ones (grams, millilitres), chosen by its id's hash, as sites differ. The
/// name itself is never changed, so a line read back into its parts gives the catalog's name.
enum RecipeAmounts {
    /// The page's lines for `recipe`, which serves `servings`, in the catalog's order.
    static func lines(for recipe: CatalogRecipe, servings: Int) -> [String] {
        let metric = StableHash(seed: 0).adding("amounts").adding(recipe.id).roll(2) == 0
        return recipe.ingredients.map { line(for: $0, servings: max(1, servings), metric: metric) }
    }

    /// What kind of food a name is, for the amount it takes.
    enum Kind: Hashable {
        case toTaste, water, oil, strongOil, garlic, counted, stalk, head, egg, meat, curedMeat, flour, sugar, rice, liquid, butter,
             cheese, spice, saffron, herb, greenOnion, sauce, can, leaf, nut, pasta, bread, tortilla, single, other
    }

    static func kind(of name: String) -> Kind {
        let words = TitleWords.words(name).map { SearchFolding.term($0).key }
        guard let last = words.last else { return .other }
        if let kind = wholeNames[words.joined(separator: " ")] { return kind }
        if last == key("oil") {
            return ["sesame", "chili", "truffle"].map(key).contains(words[0]) ? .strongOil : .oil
        }
        if words.first == key("canned") { return .can }
        if words.contains(key("queso")) { return .cheese }
        if let kind = lastWords[last] { return kind }
        return .other
    }

    /// A word as names are compared: folded as the search folds it (`wine` is `win`, `leaves` `leaf`).
    private static func key(_ word: String) -> String {
        SearchFolding.term(word).key
    }

    private static func line(for name: String, servings: Int, metric: Bool) -> String {
        let s = Double(servings)
        switch kind(of: name) {
        case .toTaste: return "\(name), to taste"
        case .water: return metric ? "\(millilitres(s * 60)) \(name)" : "\(cups(s / 4)) \(name)"
        case .oil: return "\(spoons(s / 2)) tbsp \(name)"
        case .strongOil: return "\(spoons(s / 4)) tsp \(name)"
        case .garlic: return "\(max(2, servings / 2 + 1)) cloves \(name)"
        case .counted: return "\(max(2, (servings + 1) / 2)) \(name)"
        case .stalk: return "\(max(2, servings / 2)) stalks \(name)"
        case .head: return "\(max(1, servings / 6)) head\(servings >= 12 ? "s" : "") \(name)"
        case .egg: return "\(max(2, (servings * 2 + 2) / 3)) \(name)"
        case .meat: return metric ? "\(grams(s * 150)) \(name)" : "\(pounds(s / 3)) \(name)"
        case .curedMeat: return metric ? "\(grams(s * 35)) \(name)" : "\(ounces(s * 1.25)) \(name)"
        case .flour: return metric ? "\(grams(s * 30)) \(name)" : "\(cups(s / 4)) \(name)"
        case .sugar: return metric ? "\(grams(s * 25)) \(name)" : "\(cups(s / 8)) \(name)"
        case .rice: return metric ? "\(grams(s * 75)) \(name)" : "\(cups(s / 3)) \(name)"
        case .liquid: return metric ? "\(millilitres(s * 60)) \(name)" : "\(cups(s / 4)) \(name)"
        case .butter: return metric ? "\(grams(s * 15)) \(name)" : "\(spoons(s)) tbsp \(name)"
        case .cheese: return metric ? "\(grams(s * 25)) \(name)" : "\(cups(s / 8)) \(name)"
        case .spice: return "\(spoons(s / 4)) tsp \(name)"
        case .saffron: return "1 pinch \(name)"
        case .herb: return "1 bunch \(name)"
        case .greenOnion: return "\(max(2, servings)) \(name)"
        case .sauce: return "\(spoons(s / 2)) tbsp \(name)"
        case .can: return metric ? "\(max(1, servings / 4)) (400 g) can\(servings >= 8 ? "s" : "") \(name)"
            : "\(max(1, servings / 4)) (14 oz) can\(servings >= 8 ? "s" : "") \(name)"
        case .leaf: return "\(max(2, servings / 2)) \(name)"
        case .nut: return metric ? "\(grams(s * 15)) \(name)" : "\(cups(s / 12)) \(name)"
        case .pasta: return metric ? "\(grams(s * 80)) \(name)" : "\(ounces(s * 3)) \(name)"
        case .bread: return "\(max(2, servings)) slices \(name)"
        case .tortilla: return "\(max(2, servings * 2)) \(name)"
        case .single: return "1 \(name)"
        case .other: return metric ? "\(grams(s * 50)) \(name)" : "\(ounces(s * 1.75)) \(name)"
        }
    }

    // MARK: Amounts as written

    /// `1 ½ cups`, `¾ cup`: quarters of a cup, at least a quarter.
    private static func cups(_ value: Double) -> String {
        let quarters = max(1, Int((value * 4).rounded()))
        return fraction(quarters, of: 4) + (quarters > 4 ? " cups" : " cup")
    }

    /// Spoons in halves, at least a half: `1 ½`, `2`.
    private static func spoons(_ value: Double) -> String {
        fraction(max(1, Int((value * 2).rounded())), of: 2)
    }

    /// `1 ½ lb`: quarters of a pound, at least a half.
    private static func pounds(_ value: Double) -> String {
        fraction(max(2, Int((value * 4).rounded())), of: 4) + " lb"
    }

    /// Whole ounces, at least 2.
    private static func ounces(_ value: Double) -> String {
        "\(max(2, Int(value.rounded()))) oz"
    }

    /// Grams to 25 below 500, to 50 below 1000, then kilograms to the tenth; at least 25.
    private static func grams(_ value: Double) -> String {
        if value >= 975 {
            let tenths = Int((value / 100).rounded())
            return tenths % 10 == 0 ? "\(tenths / 10) kg" : "\(tenths / 10).\(tenths % 10) kg"
        }
        let step = value < 500 ? 25.0 : 50.0
        return "\(max(25, Int((value / step).rounded() * step))) g"
    }

    /// Millilitres to 25 below 500, to 50 above; at least 50.
    private static func millilitres(_ value: Double) -> String {
        let step = value < 500 ? 25.0 : 50.0
        return "\(max(50, Int((value / step).rounded() * step))) ml"
    }

    /// `count / parts` as a whole number and a fraction glyph: `1 ½`, `¾`, `2`.
    private static func fraction(_ count: Int, of parts: Int) -> String {
        let whole = count / parts
        let rest = count % parts
        let glyph: String
        switch (rest, parts) {
        case (0, _): return "\(whole)"
        case (1, 2), (2, 4): glyph = "½"
        case (1, 4): glyph = "¼"
        default: glyph = "¾"
        }
        return whole == 0 ? glyph : "\(whole) \(glyph)"
    }

    // MARK: Kinds by name

    /// Whole names (folded) whose kind their last word does not tell.
    private static let wholeNames: [String: Kind] = {
        var table: [String: Kind] = [:]
        func add(_ kind: Kind, _ names: [String]) {
            for name in names { table[TitleWords.words(name).map { SearchFolding.term($0).key }.joined(separator: " ")] = kind }
        }
        add(.toTaste, ["salt", "black pepper", "white pepper", "pepper", "sea salt", "kosher salt", "salt and pepper"])
        add(.water, ["water"])
        add(.garlic, ["garlic"])
        add(.egg, ["eggs", "egg yolks", "egg whites", "quail eggs"])
        add(.greenOnion, ["green onions", "spring onions", "scallions"])
        add(.butter, ["butter", "unsalted butter", "ghee", "lard", "margarine"])
        add(.cheese, ["parmesan", "feta", "ricotta", "mascarpone", "paneer", "halloumi", "mozzarella"])
        add(.liquid, ["heavy cream", "sour cream", "yogurt", "buttermilk", "dashi", "coconut milk", "condensed milk",
                      "evaporated milk", "sake", "beer", "rum", "brandy", "cream"])
        add(.sauce, ["honey", "ketchup", "mayonnaise", "mirin", "molasses", "maple syrup", "tahini", "pesto", "salsa",
                     "lemon juice", "lime juice", "hot sauce", "sriracha"])
        add(.spice, ["cinnamon", "cumin", "paprika", "turmeric", "garam masala", "nutmeg", "allspice", "cardamom",
                     "cloves", "oregano", "cayenne pepper", "red pepper flakes", "smoked paprika", "baking powder",
                     "baking soda", "yeast", "cornstarch", "star anise", "fennel seeds", "mustard seeds", "sumac",
                     "za'atar", "dried thyme", "dried oregano", "cinnamon sticks", "vanilla", "vanilla extract",
                     "five spice powder", "chili powder", "curry powder", "ground ginger", "coriander", "ground coriander",
                     "thyme", "rosemary", "sage", "marjoram", "tarragon", "gelatin"])
        add(.saffron, ["saffron"])
        add(.herb, ["parsley", "cilantro", "mint", "dill", "basil", "chives", "flat leaf parsley", "thai basil",
                    "lemongrass", "watercress", "arugula"])
        add(.rice, ["rice", "basmati rice", "jasmine rice", "arborio rice", "sushi rice", "glutinous rice", "oats",
                    "rolled oats", "couscous", "bulgur", "quinoa", "polenta", "cornmeal", "semolina", "lentils",
                    "red lentils", "split peas", "breadcrumbs", "panko"])
        add(.meat, ["chicken", "beef", "pork", "lamb", "ground beef", "ground pork", "ground lamb", "ground turkey",
                    "shrimp", "prawns", "white fish", "salmon", "tuna", "cod", "turkey", "duck", "pork belly", "veal",
                    "goat", "mutton", "squid", "mussels", "clams", "crab", "lobster", "scallops", "chicken thighs",
                    "chicken breasts", "chicken wings", "beef brisket", "pork shoulder", "lamb shoulder", "oxtail",
                    "sausages", "catfish", "tilapia", "mackerel", "sardines", "octopus", "tofu", "tempeh"])
        add(.curedMeat, ["bacon", "ham", "chorizo", "pancetta", "guanciale", "prosciutto", "salami", "anchovies",
                         "dried shrimp", "smoked sausage"])
        add(.nut, ["peanuts", "walnuts", "almonds", "pistachios", "cashews", "hazelnuts", "pecans", "pine nuts",
                   "raisins", "sultanas", "dates", "shredded coconut", "sesame seeds", "chocolate chips", "dark chocolate",
                   "chocolate", "cocoa powder", "dried apricots", "dried cranberries"])
        add(.single, ["pineapple", "pie crust", "puff pastry", "pizza dough", "phyllo dough", "bouquet garni", "vanilla bean"])
        add(.bread, ["bread", "white bread", "sourdough bread", "stale bread"])
        return table
    }()

    /// Last words (folded) of counted vegetables and fruits and of other kinds.
    private static let lastWords: [String: Kind] = {
        var table: [String: Kind] = [:]
        let counted = ["onion", "shallot", "tomato", "potato", "carrot", "lemon", "lime", "pepper", "cucumber", "avocado",
                       "apple", "eggplant", "zucchini", "leek", "orange", "jalapeno", "chili", "chilie", "banana", "pear",
                       "mango", "plantain", "peach", "plum", "beet", "turnip", "parsnip", "radish", "courgette",
                       "aubergine", "fig", "apricot", "squash", "pumpkin", "artichoke", "quince", "guava", "papaya", "kiwi"]
        for word in counted { table[SearchFolding.term(word).key] = .counted }
        for word in ["celery", "rhubarb"] { table[SearchFolding.term(word).key] = .stalk }
        let kinds: [Kind: [String]] = [
            .leaf: ["leaf"], .cheese: ["cheese"], .liquid: ["stock", "broth", "wine", "milk", "cream", "juice"],
            .sauce: ["sauce", "paste", "vinegar", "syrup", "mustard"], .sugar: ["sugar"], .flour: ["flour"],
            .spice: ["seed", "powder", "flake", "extract"], .pasta: ["noodle", "pasta"], .tortilla: ["tortilla"],
        ]
        for (kind, words) in kinds {
            for word in words { table[SearchFolding.term(word).key] = kind }
        }
        for word in ["cabbage", "cauliflower", "broccoli", "lettuce", "fennel"] { table[SearchFolding.term(word).key] = .head }
        for word in ["mushroom", "bean", "pea", "spinach", "kale", "chard", "sprout", "okra", "chickpea", "berri",
                     "strawberri", "raspberri", "blueberri", "cherri", "grape", "olive", "caper", "pickle"] {
            table[SearchFolding.term(word).key] = .other
        }
        table[SearchFolding.term("ginger").key] = .spice
        table[SearchFolding.term("rice").key] = .rice
        table[SearchFolding.term("spaghetti").key] = .pasta
        table[SearchFolding.term("macaroni").key] = .pasta
        table[SearchFolding.term("penne").key] = .pasta
        table[SearchFolding.term("lasagna").key] = .pasta
        table[SearchFolding.term("fettuccine").key] = .pasta
        table[SearchFolding.term("linguine").key] = .pasta
        return table
    }()
}
