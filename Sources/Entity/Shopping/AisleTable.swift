/// Which aisle foods are found in, by name. A name goes where the longest entry found in it says:
/// `ginger` is produce, `ground ginger` a spice; `pepper` (as in salt and pepper) a spice, `bell pepper`
/// produce; `tomato` produce, `tomato paste` tins and jars.
enum AisleTable {
    static let entries: [Aisle: [String]] = [
        .produce: [
            "onion", "shallot", "spring onion", "scallion", "leek", "garlic", "ginger", "fresh ginger", "chilli", "chili",
            "jalapeno", "bell pepper", "red pepper", "green pepper", "yellow pepper", "orange pepper", "sweet pepper",
            "tomato", "cherry tomato", "potato", "sweet potato", "carrot", "parsnip", "celery", "celeriac", "fennel",
            "cucumber", "courgette", "zucchini", "aubergine", "eggplant", "squash", "pumpkin", "butternut squash",
            "mushroom", "cabbage", "red cabbage", "cauliflower", "broccoli", "kale", "chard", "spinach", "lettuce",
            "rocket", "arugula", "watercress", "salad", "salad leaf", "pea shoot", "green bean", "runner bean",
            "asparagus", "artichoke", "beetroot", "beet", "radish", "turnip", "swede", "corn", "sweetcorn", "corn on the cob",
            "avocado", "lemon", "lime", "orange", "grapefruit", "apple", "pear", "banana", "mango", "pineapple", "peach",
            "nectarine", "plum", "apricot", "cherry", "grape", "strawberry", "raspberry", "blueberry", "blackberry",
            "melon", "watermelon", "kiwi", "pomegranate", "fig", "rhubarb", "basil", "parsley", "flat leaf parsley",
            "coriander", "cilantro", "mint", "dill", "chive", "tarragon", "rosemary", "thyme", "sage", "oregano",
            "lemongrass", "lemon grass", "bean sprout", "pak choi", "bok choy", "okra", "plantain", "herb", "garlic clove",
            "sugar snap pea", "snap pea", "snow pea", "mangetout",
        ],
        .dairyAndEggs: [
            "egg", "egg yolk", "egg white", "milk", "butter", "cream", "double cream", "single cream", "sour cream",
            "creme fraiche", "yogurt", "yoghurt", "cheese", "cream cheese", "parmesan", "cheddar", "mozzarella", "feta",
            "ricotta", "mascarpone", "buttermilk", "ghee", "halloumi", "gruyere", "goat cheese", "margarine",
        ],
        .meatAndFish: [
            "chicken", "chicken breast", "chicken thigh", "beef", "steak", "mince", "minced beef", "ground beef", "pork",
            "pork chop", "lamb", "veal", "bacon", "pancetta", "ham", "prosciutto", "chorizo", "sausage", "salami",
            "turkey", "duck", "goose", "venison", "rabbit", "liver", "fish", "salmon", "cod", "haddock", "tuna steak",
            "trout", "mackerel", "sea bass", "prawn", "shrimp", "scallop", "mussel", "clam", "squid", "crab", "lobster",
            "oyster", "monkfish", "halibut", "sardine", "meat", "ground pork", "ground turkey", "lamb shoulder",
        ],
        .bakery: [
            "bread", "loaf", "baguette", "roll", "bun", "bread roll", "burger bun", "tortilla", "flour tortilla",
            "corn tortilla", "pitta", "pita", "naan", "flatbread", "croissant", "brioche", "bagel", "ciabatta",
            "focaccia", "sourdough", "wrap", "muffin", "crumpet",
        ],
        .dryGoods: [
            "flour", "self raising flour", "bread flour", "cornflour", "cornstarch", "sugar", "brown sugar", "icing sugar",
            "rice", "pasta", "spaghetti", "penne", "macaroni", "fusilli", "linguine", "lasagne", "noodle", "rice noodle",
            "egg noodle", "couscous", "quinoa", "bulgur", "oat", "porridge oat", "lentil", "red lentil", "split pea",
            "breadcrumb", "panko", "baking powder", "baking soda", "bicarbonate of soda", "yeast", "cocoa", "cocoa powder",
            "chocolate", "dark chocolate", "chocolate chip", "oil", "olive oil", "vegetable oil", "sunflower oil",
            "sesame oil", "coconut oil", "rapeseed oil", "vinegar", "balsamic vinegar", "red wine vinegar", "honey",
            "maple syrup", "golden syrup", "treacle", "molasses", "almond", "walnut", "pecan", "cashew", "peanut",
            "hazelnut", "pistachio", "pine nut", "nut", "raisin", "sultana", "date", "dried apricot", "dried fruit",
            "sesame seed", "sunflower seed", "pumpkin seed", "chia seed", "stock cube", "bouillon", "gelatine", "gelatin",
            "cornmeal", "polenta", "semolina", "wine", "red wine", "white wine", "beer", "cracker", "biscuit", "cereal",
            "desiccated coconut", "cornflake", "almond milk", "oat milk", "soy milk", "rice milk", "tofu",
        ],
        .spices: [
            "salt", "sea salt", "pepper", "black pepper", "white pepper", "peppercorn", "cumin", "ground cumin", "paprika",
            "smoked paprika", "cinnamon", "nutmeg", "turmeric", "chilli powder", "chili powder", "chilli flake",
            "chili flake", "red pepper flake", "cayenne", "cayenne pepper", "ground ginger", "ground coriander",
            "coriander seed", "cumin seed", "fennel seed", "mustard seed", "cardamom", "clove", "ground clove",
            "allspice", "star anise", "bay leaf", "curry powder", "garam masala", "five spice", "saffron", "vanilla",
            "vanilla extract", "vanilla pod", "dried oregano", "dried thyme", "dried basil", "dried parsley",
            "dried rosemary", "mixed herb", "italian seasoning", "za'atar", "sumac", "ras el hanout", "seasoning",
            "garlic powder", "onion powder", "stock powder", "dried chilli",
        ],
        .tinsAndJars: [
            "chopped tomato", "tomato paste", "tomato puree", "passata", "tomato sauce", "coconut milk", "coconut cream",
            "bean", "kidney bean", "black bean", "cannellini bean", "butter bean", "baked bean", "chickpea", "tuna",
            "anchovy", "sardine in oil", "olive", "caper", "gherkin", "pickle", "jam", "marmalade", "mustard",
            "dijon mustard", "mayonnaise", "ketchup", "peanut butter", "tahini", "stock", "broth", "chicken stock",
            "vegetable stock", "beef stock", "soy sauce", "fish sauce", "worcestershire sauce", "hot sauce",
            "sriracha", "oyster sauce", "hoisin sauce", "curry paste", "pesto", "salsa", "sweetcorn in water",
            "evaporated milk", "condensed milk", "sweetened condensed milk", "roasted pepper", "sun dried tomato",
        ],
        .frozen: ["ice cream", "frozen pea", "pea", "petit pois", "puff pastry", "shortcrust pastry", "filo pastry", "phyllo"],
    ]

    /// The aisle of the longest entry found among `words` (folded), if any.
    static func aisle(of words: [String]) -> Aisle? {
        var best: (length: Int, aisle: Aisle)?
        for start in words.indices {
            for length in 1...min(4, words.count - start) {
                let phrase = words[start..<(start + length)].joined(separator: " ")
                guard let aisle = table[phrase] else { continue }
                // Longer wins; at the same length, the later (the head of the name) wins.
                if best.map({ length >= $0.length }) ?? true { best = (length, aisle) }
            }
        }
        return best?.aisle
    }

    private static let table: [String: Aisle] = {
        var table: [String: Aisle] = [:]
        for (aisle, names) in entries {
            for name in names { table[IngredientName.folded(name)] = aisle }
        }
        return table
    }()
}
