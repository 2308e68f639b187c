/// The words the ingredient-line parser knows, in lower case. Word lists only: what a cook writes
/// around an ingredient's name, not any recipe's lines.
enum IngredientWords {
    /// Numbers written as words, and their values.
    /// Words that multiply the number before them past any kitchen (`2 million eggs`).
    static let magnitudes: Set<String> = ["thousand", "thousands", "million", "millions", "billion", "billions",
                                          "trillion", "trillions", "lakh", "crore"]

    static let numbers: [String: Double] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
        "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "dozen": 12,
        "half": 0.5, "quarter": 0.25, "third": 1.0 / 3, "one-half": 0.5, "one-quarter": 0.25, "one-third": 1.0 / 3,
        "two-thirds": 2.0 / 3, "three-quarters": 0.75, "three-quarter": 0.75,
    ]

    /// Sizes of the ingredient itself (`2 large eggs`), or of an informal unit (`a small handful`).
    static let sizes: Set<String> = [
        "large", "small", "medium", "big", "little", "extra-large", "extra large", "jumbo", "giant", "huge", "mini",
        "miniature", "medium-large", "medium-small", "medium-size", "medium-sized", "large-size", "large-sized",
        "small-size", "small-sized", "small-to-medium", "medium-to-large", "bite-size", "bite-sized", "baby-size",
        "x-large", "xl", "tiny", "smallish", "largish", "biggish", "good-sized", "good-size", "regular", "sm", "md", "med",
        "lg", "lge",
    ]

    /// Words that may stand before an informal unit or a spoon and belong to it (`heaped tablespoon`,
    /// `large handful`, `thin slice`, `plump clove`).
    static let unitModifiers: Set<String> = [
        "heaped", "heaping", "level", "rounded", "scant", "generous", "good", "large", "small", "medium", "big", "sm", "md",
        "med", "lg", "lge",
        "thin", "thick", "fat", "plump", "extra-large", "medium-sized", "medium-size", "little", "tiny", "decent",
        "thumb-sized", "thumb-size", "finger-length", "finger-sized", "wafer-thin", "paper-thin", "healthy", "full",
        "wine", "dessert", "sturdy", "miniature", "wafer",
    ]

    /// Words before an amount that say it is about that much: `about 5 tbsp`, `approx. 1 kg`.
    static let approximations: Set<String> = ["about", "approximately", "approx", "around", "roughly", "circa", "ca", "nearly", "almost", "some"]

    /// Modifiers that belong to a measuring spoon or cup (`heaped tablespoon`, `scant cup`), not to a size.
    static let spoonModifiers: Set<String> = ["heaped", "heaping", "level", "rounded", "scant", "generous", "good", "full"]

    /// Adverbs of preparation: `finely`, `thinly`, `freshly`, `roughly`. Any word in `-ly` before a
    /// preparation counts too.
    static let adverbs: Set<String> = [
        "finely", "thinly", "thickly", "freshly", "roughly", "coarsely", "lightly", "very", "well", "fairly", "just",
        "newly", "firmly", "loosely", "gently", "partially", "partly", "evenly", "carefully", "nicely", "completely",
        "slightly", "barely", "diagonally", "crosswise", "lengthwise", "lengthways", "widthways", "neatly",
    ]

    /// Words that belong to a preparation written right after them: `hot cooked rice`, `thick sliced bacon`.
    static let preparationLeaders: Set<String> = ["hot", "warm", "cold", "thick", "thin", "fine", "coarse", "medium"]

    /// Parts of an ingredient a line may start with before the amount: `Juice of 1 lemon`.
    static let partsTaken: Set<String> = ["juice", "zest", "rind", "peel", "leaves", "seeds", "flesh", "pulp", "grated", "squeezed"]

    /// Labels before a colon that are not names: `Optional:`, `For the garnish:`.
    static let labels: Set<String> = [
        "optional", "garnish", "garnishes", "for", "the", "to", "serve", "serving", "topping", "toppings", "decoration",
        "decorations", "note", "notes", "filling", "sauce", "dressing", "glaze", "frosting", "equipment", "special",
        "you", "will", "need", "also", "and", "optionally", "plus", "accompaniment", "accompaniments", "garnishing",
    ]

    /// What was done to an ingredient before it is used, when written before its name: removed from the
    /// name (`chopped onions` is onions, chopped). Participles that make a different food (`ground
    /// cinnamon`, `dried apricots`, `smoked salmon`, `frozen peas`) are not here and stay in the name.
    static let preparations: Set<String> = [
        "chopped", "diced", "minced", "sliced", "grated", "shredded", "melted", "softened", "beaten", "cubed",
        "crushed", "peeled", "halved", "quartered", "crumbled", "toasted", "cooked", "drained", "rinsed", "sifted",
        "trimmed", "seeded", "deseeded", "de-seeded", "cored", "pitted", "stoned", "hulled", "shelled", "deveined",
        "de-veined", "boned", "deboned", "skinned", "snipped", "slivered", "shaved", "torn", "cracked", "zested",
        "juiced", "squeezed", "mashed", "pureed", "puréed", "julienned", "julienne", "chilled", "thawed",
        "defrosted", "uncooked", "warmed", "heated", "scrubbed", "washed", "picked", "stemmed", "destemmed",
        "blanched", "steamed", "boiled", "poached", "roughly-chopped", "finely-chopped", "thinly-sliced",
        "fine-chopped", "fresh-squeezed", "freshly-squeezed", "fresh-ground", "freshly-grated", "hard-cooked",
        "hard-boiled", "soft-boiled", "reserved", "divided", "separated", "sieved", "strained", "spiralized",
        "spiralised", "scored", "butterflied", "flattened", "pounded", "tenderized", "patted", "dried-off",
        "cut", "chunked", "segmented", "ground", "popped", "preshredded", "pre-shredded", "presliced", "pre-sliced",
        "buttered", "oiled", "greased", "tossed", "cleaned", "prepared", "dissolved", "scalded", "whisked",
        "crumbed", "broken", "snapped", "bruised", "smashed", "lightly-beaten", "wilted", "shucked", "cubed",
        "roasted", "packed", "loosely-packed", "freshly-ground", "firmly-packed", "lightly-packed", "tightly-packed", "chiffonade", "unsifted", "deribbed", "unpeeled",
        "slice", "dice", "mince", "chop", "grate", "crush",
    ]

    /// Preparations that, written before a name, are most often part of what is bought (`cooked ham`,
    /// `toasted sesame oil`, `ground beef`, `roasted peppers`, `crushed tomatoes`): removed only when an
    /// adverb goes with them (`freshly ground`) or they follow another preparation.
    static let preparationsKeptAlone: Set<String> = [
        "ground", "roasted", "prepared", "reserved", "boiled", "poached", "steamed", "blanched",
        "pitted", "mashed", "pureed", "puréed", "buttered", "whisked", "broken", "scalded",
        "warmed", "heated", "oiled", "greased", "smashed", "dissolved", "cleaned", "tossed", "wilted", "cut",
        "slice", "dice", "mince", "chop", "grate", "crush", "segmented", "chunked", "separated", "strained",
        "sieved", "stemmed", "picked", "washed", "scrubbed", "divided",
    ]

    /// Words that, in the name's part of a line, start a comment that runs to its end: `plus extra`,
    /// `to taste`, `for serving`.
    static let commentOpeners: Set<String> = ["plus", "optional", "optionally", "preferably", "ideally", "such", "e.g", "eg", "about", "approximately", "approx", "roughly", "weighing", "see", "divided", "if", "at", "from", "per", "each", "including", "without"]

    /// What a line may say an ingredient is for, after its name: `to serve`, `for garnish`.
    static let purposeWords: Set<String> = [
        "serve", "serving", "garnish", "garnishing", "decorate", "decoration", "decorating", "dusting", "dust",
        "greasing", "grease", "frying", "deep-frying", "shallow-frying", "brushing", "brush", "drizzling",
        "drizzle", "sprinkling", "sprinkle", "topping", "taste", "coating", "coat", "rolling", "glazing", "glaze",
        "finishing", "finish", "cooking", "the", "dipping", "basting", "marinade", "marinating", "pan", "tin",
        "tray", "dish", "seasoning", "season", "rubbing", "filling", "dressing", "sauce", "assembly", "assembling",
    ]
}

extension IngredientWords {
    /// Adjectives that describe an ingredient without naming one (`skinless`, `soft`, `ripe`): a part
    /// made only of these continues into the next (`soft, unsalted butter`).
    static let adjectives: Set<String> = [
        "soft", "hard", "thick", "thin", "cold", "hot", "warm", "lukewarm", "fresh", "ripe", "crisp", "crispy", "fruity",
        "good-quality", "good", "best", "lean", "raw", "whole", "firm", "organic", "plain", "sweet", "leftover", "dry",
        "low-fat", "low-sodium", "reduced-fat", "fat-free", "full-fat", "low-salt", "unsalted", "salted", "free-range",
        "large", "small", "medium", "extra-large", "big", "little", "young", "mature", "light", "dark", "heavy", "fine",
        "coarse", "mild", "strong", "spicy", "fragrant", "juicy", "tender", "bone-in", "skin-on", "red", "green",
        "yellow", "white", "black", "brown", "golden", "pink", "purple", "ready-to-eat", "ready-made",
        "homemade", "store-bought", "shop-bought", "day-old", "stale", "chunky", "smooth", "creamy", "crunchy", "waxy", "floury", "long", "short",
        "italian", "french", "greek", "mexican", "spanish", "english", "seasoned", "unsweetened", "sweetened",
        "curly", "flat-leaf", "flat", "wild", "baby", "mixed", "assorted", "canned", "tinned", "frozen", "dried",
        "cooked", "uncooked", "good-sized", "store", "bought", "refrigerated", "jarred", "bottled",
    ]

    /// Parts of an ingredient that a line names after it (`lemon, juice and zest`): never a name of its own
    /// in an enumeration.
    static let partsOfIngredients: Set<String> = [
        "juice", "zest", "rind", "peel", "seeds", "seed", "leaves", "leaf", "stems", "stalks", "parts", "part", "skin",
        "skins", "flesh", "pulp", "pith", "tops", "bones", "meat", "whites", "white", "yolks", "yolk", "liquid",
        "fat", "only", "halves", "wedges", "segments", "quarters", "ends", "core", "cores", "pips",
    ]

    /// Words that keep a parenthesised group out of the name: it is a note, not a name.
    static let notInNames: Set<String> = [
        "or", "optional", "recipe", "follows", "below", "above", "note", "notes", "only", "weight", "see", "page",
        "tip", "about", "approximately", "approx", "each", "total", "room", "temperature", "plus", "more", "less",
        "divided", "packed", "loosely", "firmly", "heaped", "level", "not", "do", "don't", "use", "if", "available",
        "any", "type", "kind", "brand", "regular", "such", "like", "eg", "e", "g", "i", "ie", "also", "called",
        "known", "aka", "from", "for", "to", "with", "without", "in", "on", "at", "the", "my", "your", "we", "you",
        "part", "parts", "reserved", "juice", "zest", "ounce", "ounces", "oz", "gram", "grams", "g", "ml", "cup",
        "cups", "tablespoon", "tablespoons", "teaspoon", "teaspoons", "tbsp", "tsp", "pound", "pounds", "lb", "lbs",
        "inch", "inches", "cm", "bunch", "stick", "sticks", "can", "cans", "package", "link", "half", "quarter",
        "whole", "frozen", "fresh", "canned", "dried",
    ]

    /// Prepositions that, after a participle, make a preparation of the rest (`mixed with`, `cut into`).
    static let clausePrepositions: Set<String> = [
        "in", "into", "with", "on", "for", "until", "to", "at", "from", "by", "under", "through", "over", "according",
    ]

    /// Words in `-ly` that are not adverbs.
    static let notAdverbs: Set<String> = [
        "jelly", "belly", "chilly", "curly", "holy", "lily", "early", "italy", "family", "daily", "bubbly", "melly",
        "smelly", "oily", "woolly", "wholly", "homely", "friendly", "lovely", "lively", "only", "ugly", "silly", "poly",
        "filly", "gnarly", "burly", "surly", "jolly", "rally", "sally", "molly", "dolly", "bully", "gully", "tally",
        "sully", "kelly", "nelly", "shelly", "wally", "hilly", "billy", "willy", "philly", "chili", "deli", "nearly",
        "costly", "leafly", "goodly", "comely", "kindly", "manly", "stately", "elderly", "orderly", "weekly", "monthly",
    ]
}

extension IngredientWords {
    /// The plural of an English noun, for showing: `egg` → `eggs`, `tomato` → `tomatoes`, `berry` →
    /// `berries`, `leaf` → `leaves`, `peach` → `peaches`. Words already plural, or that do not count,
    /// stay (`eggs`, `rice`).
    /// Counted things a cook does not cut below one (`⅔ egg` is one egg, of which ⅔ is used).
    static let takenWhole: Set<String> = ["egg", "yolk", "white"]

    /// Words (folded) that say a line is not in English, so its name takes no English plural: articles
    /// and prepositions of other languages, and the counted units they write (`pincée`, `Bund`, `Zehe`).
    static let notEnglish: Set<String> = [
        "de", "du", "des", "di", "del", "della", "der", "die", "das", "und", "et", "mit", "von", "pincee", "prise", "bund",
        "stuck", "zehe", "zehen", "gousse", "pizzico", "pizca", "el", "tl", "essl", "essloffel", "teeloffel", "cuillere", "cucharada",
        "cucharadita", "cucchiaio", "cucchiaino", "eetlepel", "theelepel", "snufje", "teentje", "fraiche", "da",
    ]

    static func plural(_ word: String) -> String {
        let lower = word.lowercased()
        if uncounted.contains(lower) || lower.hasSuffix("s") && !lower.hasSuffix("ss") { return word }
        if let irregular = irregularPlurals[lower] { return irregular }
        if lower.hasSuffix("ss") || lower.hasSuffix("x") || lower.hasSuffix("ch") || lower.hasSuffix("sh")
            || lower.hasSuffix("o") && ["tomato", "potato", "mango"].contains(lower) {
            return word + "es"
        }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return word.dropLast() + "ies"
        }
        return word + "s"
    }

    /// The singular of an English noun, for showing: `eggs` → `egg`, `tomatoes` → `tomato`, `berries`
    /// → `berry`, `leaves` → `leaf`; words that do not count, or are not plural, stay (`rice`, `egg`).
    /// Capitals are kept (`Eggs` → `Egg`); a word with letters beyond ASCII stays as it is.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        guard !uncounted.contains(lower), lower.hasSuffix("s"), !lower.hasSuffix("ss") else { return word }
        let singular = EnglishPlural.singular(lower)
        guard singular != lower else { return word }
        return word.first?.isUppercase == true ? singular.prefix(1).uppercased() + singular.dropFirst() : singular
    }

    private static let irregularPlurals: [String: String] = [
        "leaf": "leaves", "loaf": "loaves", "half": "halves", "knife": "knives", "calf": "calves", "shelf": "shelves",
    ]

    /// Nouns that are not counted: `rice`, `salt`, `garlic`.
    private static let uncounted: Set<String> = [
        "rice", "salt", "garlic", "flour", "sugar", "water", "milk", "butter", "oil", "cheese", "bread", "fish",
        "meat", "celery", "parsley", "spinach", "broccoli", "fruit",
    ]
}
