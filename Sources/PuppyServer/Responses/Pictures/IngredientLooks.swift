/// An 8-bit RGB colour.
struct RGB: Hashable, Sendable {
    var red: Double
    var green: Double
    var blue: Double

    init(_ red: Double, _ green: Double, _ blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    func scaled(_ factor: Double) -> RGB {
        RGB(red * factor, green * factor, blue * factor)
    }

    /// `self` moved toward `other` by `amount` (0 keeps `self`, 1 gives `other`).
    func mixed(with other: RGB, _ amount: Double) -> RGB {
        RGB(red + (other.red - red) * amount, green + (other.green - green) * amount, blue + (other.blue - blue) * amount)
    }

    var lightness: Double { 0.299 * red + 0.587 * green + 0.114 * blue }

    func distance(to other: RGB) -> Double {
        abs(red - other.red) + abs(green - other.green) + abs(blue - other.blue)
    }

    static let white = RGB(255, 255, 255)
    static let black = RGB(0, 0, 0)
}

/// How one ingredient shows in a picture of the dish: its colour, how strongly it colours the dish
/// as a whole (`body`: 3 for sauces and purées, 2 for main ingredients, 1 for weak ones, 0 when it is
/// only ever a garnish), and the shape its garnish pieces take.
struct IngredientLook: Sendable {
    enum Piece: Sendable {
        case leaf, speck, chunk, ring, slice, strip, shred, round, smallRound, egg, wedge
    }

    var colour: RGB
    var body: Int
    var piece: Piece
}

/// What the cooking shows of each ingredient, looked up by folded name (`SearchFolding`): the whole
/// name first, then without its first words (`heavy cream` → `cream`), then each word from the last.
/// Ingredients that show nothing (salt, oil, water, sugar, baking powder) are not listed.
enum IngredientLooks {
    static func look(for name: String) -> IngredientLook? {
        let words = SearchFolding.ingredientKey(name).split(separator: " ")
        guard !words.isEmpty else { return nil }
        for start in words.indices {
            if let look = table[words[start...].joined(separator: " ")] { return look }
        }
        for word in words.reversed() {
            if let look = table[String(word)] { return look }
        }
        return nil
    }

    private static func entry(_ name: String, _ red: Double, _ green: Double, _ blue: Double, body: Int, _ piece: IngredientLook.Piece)
        -> (String, IngredientLook) {
        (SearchFolding.ingredientKey(name), IngredientLook(colour: RGB(red, green, blue), body: body, piece: piece))
    }

    private static let table: [String: IngredientLook] = Dictionary([
        // Reds.
        entry("tomato", 206, 52, 36, body: 3, .slice),
        entry("cherry tomato", 214, 48, 40, body: 1, .round),
        entry("sun dried tomato", 150, 40, 35, body: 1, .strip),
        entry("red bell pepper", 205, 40, 38, body: 1, .strip),
        entry("roasted red pepper", 190, 50, 40, body: 2, .strip),
        entry("red chili", 190, 30, 30, body: 0, .ring),
        entry("chili", 192, 34, 30, body: 0, .ring),
        entry("chili powder", 170, 50, 30, body: 0, .speck),
        entry("chili flake", 175, 40, 30, body: 0, .speck),
        entry("paprika", 185, 65, 40, body: 0, .speck),
        entry("gochujang", 180, 40, 32, body: 3, .speck),
        entry("harissa", 175, 45, 35, body: 3, .speck),
        entry("kidney bean", 125, 38, 40, body: 2, .smallRound),
        entry("red wine", 112, 44, 42, body: 3, .chunk),
        entry("strawberry", 212, 40, 52, body: 1, .slice),
        entry("raspberry", 200, 40, 80, body: 1, .round),
        entry("cherry", 160, 20, 40, body: 1, .round),
        entry("cranberry", 180, 30, 50, body: 1, .smallRound),
        entry("pomegranate", 190, 30, 60, body: 0, .smallRound),
        entry("beet", 140, 30, 62, body: 3, .chunk),
        entry("red cabbage", 125, 45, 105, body: 1, .shred),
        entry("red onion", 150, 62, 112, body: 0, .ring),
        entry("radish", 215, 70, 90, body: 0, .slice),
        entry("salami", 170, 50, 55, body: 1, .slice),
        entry("chorizo", 175, 60, 40, body: 1, .slice),
        // Greens.
        entry("spinach", 52, 110, 46, body: 3, .leaf),
        entry("pesto", 90, 140, 52, body: 3, .speck),
        entry("basil", 58, 138, 52, body: 0, .leaf),
        entry("parsley", 62, 150, 62, body: 0, .leaf),
        entry("cilantro", 70, 155, 70, body: 0, .leaf),
        entry("coriander", 70, 150, 70, body: 0, .leaf),
        entry("mint", 80, 168, 92, body: 0, .leaf),
        entry("dill", 90, 150, 80, body: 0, .leaf),
        entry("chive", 80, 150, 62, body: 0, .shred),
        entry("green onion", 110, 172, 82, body: 0, .ring),
        entry("scallion", 110, 172, 82, body: 0, .ring),
        entry("leek", 150, 190, 110, body: 1, .ring),
        entry("kale", 40, 96, 50, body: 2, .leaf),
        entry("lettuce", 140, 192, 92, body: 2, .leaf),
        entry("arugula", 80, 140, 60, body: 2, .leaf),
        entry("cabbage", 175, 205, 140, body: 2, .shred),
        entry("pea", 112, 172, 62, body: 1, .smallRound),
        entry("green bean", 82, 150, 62, body: 1, .strip),
        entry("broccoli", 62, 130, 52, body: 1, .chunk),
        entry("zucchini", 96, 145, 66, body: 1, .slice),
        entry("cucumber", 150, 195, 112, body: 1, .slice),
        entry("green bell pepper", 70, 140, 55, body: 1, .strip),
        entry("jalapeno", 80, 150, 60, body: 0, .ring),
        entry("green chili", 90, 150, 60, body: 0, .ring),
        entry("avocado", 160, 188, 82, body: 2, .chunk),
        entry("lime", 150, 200, 80, body: 0, .wedge),
        entry("okra", 100, 150, 70, body: 1, .ring),
        entry("edamame", 120, 180, 80, body: 1, .smallRound),
        entry("asparagus", 110, 160, 80, body: 1, .strip),
        entry("celery", 160, 200, 120, body: 0, .chunk),
        entry("green olive", 130, 140, 60, body: 0, .round),
        entry("thyme", 90, 120, 70, body: 0, .speck),
        entry("rosemary", 80, 110, 70, body: 0, .shred),
        entry("oregano", 100, 120, 60, body: 0, .speck),
        entry("matcha", 110, 160, 60, body: 3, .speck),
        // Whites and creams.
        entry("rice", 246, 241, 229, body: 2, .smallRound),
        entry("cream", 246, 238, 220, body: 3, .speck),
        entry("sour cream", 248, 245, 238, body: 1, .round),
        entry("milk", 248, 245, 236, body: 2, .speck),
        entry("yogurt", 246, 243, 235, body: 2, .round),
        entry("coconut milk", 244, 240, 228, body: 3, .speck),
        entry("coconut", 244, 240, 230, body: 1, .shred),
        entry("cauliflower", 240, 235, 215, body: 2, .chunk),
        entry("tofu", 242, 234, 208, body: 2, .chunk),
        entry("paneer", 245, 238, 215, body: 1, .chunk),
        entry("feta cheese", 250, 250, 244, body: 1, .chunk),
        entry("mozzarella cheese", 252, 249, 240, body: 1, .slice),
        entry("ricotta", 250, 247, 238, body: 2, .round),
        entry("garlic", 238, 232, 205, body: 0, .smallRound),
        entry("onion", 236, 222, 186, body: 0, .ring),
        entry("white onion", 240, 230, 200, body: 0, .ring),
        entry("mushroom", 152, 122, 92, body: 1, .slice),
        entry("white bean", 236, 226, 200, body: 2, .smallRound),
        entry("chickpea", 222, 190, 130, body: 2, .round),
        entry("hummus", 220, 190, 140, body: 3, .speck),
        entry("tahini", 212, 182, 132, body: 2, .speck),
        entry("sesame", 232, 212, 162, body: 0, .speck),
        entry("white wine", 235, 220, 170, body: 1, .speck),
        entry("fish", 236, 226, 206, body: 2, .chunk),
        entry("cod", 240, 232, 214, body: 2, .chunk),
        entry("squid", 240, 228, 210, body: 1, .ring),
        entry("potato", 234, 214, 158, body: 2, .chunk),
        entry("parsnip", 230, 215, 170, body: 1, .chunk),
        entry("turnip", 236, 226, 200, body: 1, .chunk),
        entry("noodle", 240, 222, 160, body: 2, .shred),
        entry("rice noodle", 242, 238, 226, body: 2, .shred),
        entry("pasta", 238, 206, 132, body: 2, .shred),
        entry("spaghetti", 238, 206, 132, body: 2, .shred),
        entry("macaroni", 240, 204, 120, body: 2, .round),
        entry("couscous", 232, 206, 148, body: 2, .speck),
        entry("quinoa", 226, 206, 160, body: 2, .speck),
        entry("oat", 216, 190, 140, body: 2, .speck),
        entry("bread", 214, 168, 98, body: 1, .chunk),
        entry("breadcrumb", 214, 170, 100, body: 0, .speck),
        entry("flour", 232, 196, 130, body: 1, .speck),
        entry("dough", 226, 184, 110, body: 2, .speck),
        entry("pie crust", 222, 172, 96, body: 2, .speck),
        entry("puff pastry", 226, 176, 96, body: 2, .speck),
        entry("tortilla", 230, 200, 140, body: 1, .wedge),
        entry("pita", 226, 190, 130, body: 1, .wedge),
        // Browns.
        entry("chocolate", 92, 52, 32, body: 3, .shred),
        entry("cocoa", 102, 62, 42, body: 3, .speck),
        entry("coffee", 112, 72, 42, body: 3, .speck),
        entry("beef", 124, 62, 42, body: 2, .chunk),
        entry("ground beef", 128, 70, 48, body: 2, .speck),
        entry("lamb", 140, 80, 60, body: 2, .chunk),
        entry("ground lamb", 140, 84, 62, body: 2, .speck),
        entry("pork", 200, 142, 112, body: 2, .chunk),
        entry("ground pork", 190, 130, 100, body: 2, .speck),
        entry("bacon", 178, 80, 62, body: 1, .strip),
        entry("pancetta", 190, 100, 80, body: 1, .chunk),
        entry("guanciale", 200, 120, 90, body: 1, .chunk),
        entry("ham", 222, 140, 130, body: 1, .strip),
        entry("sausage", 150, 72, 50, body: 1, .slice),
        entry("duck", 150, 80, 55, body: 2, .slice),
        entry("chicken", 228, 188, 128, body: 2, .chunk),
        entry("turkey", 220, 180, 130, body: 2, .chunk),
        entry("soy sauce", 98, 58, 30, body: 2, .speck),
        entry("fish sauce", 150, 100, 50, body: 1, .speck),
        entry("oyster sauce", 90, 55, 35, body: 2, .speck),
        entry("hoisin sauce", 100, 45, 35, body: 2, .speck),
        entry("miso", 190, 140, 72, body: 2, .speck),
        entry("black bean", 52, 36, 40, body: 2, .smallRound),
        entry("lentil", 172, 112, 62, body: 2, .smallRound),
        entry("red lentil", 210, 120, 60, body: 3, .smallRound),
        entry("eggplant", 92, 52, 92, body: 2, .slice),
        entry("walnut", 150, 100, 60, body: 0, .chunk),
        entry("peanut", 202, 150, 92, body: 0, .smallRound),
        entry("almond", 210, 172, 122, body: 0, .smallRound),
        entry("pine nut", 232, 212, 162, body: 0, .smallRound),
        entry("cashew", 226, 196, 142, body: 0, .round),
        entry("pecan", 140, 80, 45, body: 0, .chunk),
        entry("raisin", 80, 45, 40, body: 0, .smallRound),
        entry("date", 110, 60, 35, body: 1, .chunk),
        entry("maple syrup", 180, 100, 30, body: 1, .speck),
        entry("honey", 230, 172, 52, body: 1, .speck),
        entry("caramel", 196, 120, 50, body: 3, .speck),
        entry("brown sugar", 170, 110, 60, body: 0, .speck),
        entry("cinnamon", 150, 90, 50, body: 0, .speck),
        entry("nutmeg", 150, 100, 60, body: 0, .speck),
        entry("cumin", 150, 110, 60, body: 0, .speck),
        entry("garam masala", 150, 96, 60, body: 0, .speck),
        entry("black pepper", 44, 38, 34, body: 0, .speck),
        entry("black olive", 60, 52, 44, body: 0, .round),
        entry("kalamata olive", 84, 50, 62, body: 0, .round),
        entry("olive", 70, 62, 44, body: 0, .round),
        entry("vanilla", 60, 40, 30, body: 0, .speck),
        entry("clove", 80, 50, 35, body: 0, .speck),
        entry("star anise", 110, 60, 40, body: 0, .chunk),
        entry("tamarind", 120, 70, 40, body: 1, .speck),
        entry("stock", 214, 170, 96, body: 1, .speck),
        entry("broth", 214, 170, 96, body: 1, .speck),
        entry("chicken stock", 222, 182, 100, body: 1, .speck),
        entry("beef stock", 150, 90, 50, body: 1, .speck),
        entry("dashi", 222, 190, 120, body: 1, .speck),
        entry("wakame", 50, 80, 40, body: 0, .leaf),
        entry("seaweed", 40, 60, 40, body: 0, .strip),
        entry("nori", 36, 50, 36, body: 0, .strip),
        // Yellows and oranges.
        entry("curry", 218, 148, 42, body: 3, .speck),
        entry("curry paste", 200, 110, 40, body: 3, .speck),
        entry("green curry paste", 118, 160, 62, body: 3, .speck),
        entry("red curry paste", 200, 66, 42, body: 3, .speck),
        entry("yellow curry paste", 226, 168, 48, body: 3, .speck),
        entry("massaman curry paste", 170, 92, 46, body: 3, .speck),
        entry("panang curry paste", 190, 80, 46, body: 3, .speck),
        entry("curry powder", 210, 140, 40, body: 3, .speck),
        entry("turmeric", 228, 160, 30, body: 3, .speck),
        entry("saffron", 234, 168, 40, body: 3, .shred),
        entry("egg", 246, 210, 90, body: 2, .egg),
        entry("egg yolk", 246, 190, 60, body: 2, .round),
        entry("cheese", 246, 204, 100, body: 1, .shred),
        entry("cheddar cheese", 240, 168, 58, body: 2, .shred),
        entry("parmesan cheese", 242, 226, 172, body: 0, .shred),
        entry("pecorino romano cheese", 240, 228, 180, body: 0, .shred),
        entry("pecorino", 240, 228, 180, body: 0, .shred),
        entry("gruyere cheese", 238, 210, 130, body: 1, .shred),
        entry("goat cheese", 250, 250, 244, body: 1, .round),
        entry("blue cheese", 230, 230, 210, body: 1, .chunk),
        entry("butter", 248, 224, 138, body: 1, .speck),
        entry("ghee", 240, 200, 100, body: 1, .speck),
        entry("mustard", 220, 180, 40, body: 0, .speck),
        entry("corn", 246, 206, 60, body: 1, .smallRound),
        entry("polenta", 240, 200, 80, body: 3, .speck),
        entry("lemon", 250, 222, 70, body: 0, .wedge),
        entry("banana", 246, 226, 112, body: 1, .slice),
        entry("mango", 246, 172, 50, body: 2, .chunk),
        entry("pineapple", 246, 212, 92, body: 1, .chunk),
        entry("peach", 246, 180, 110, body: 1, .slice),
        entry("apricot", 240, 160, 70, body: 1, .slice),
        entry("apple", 226, 190, 110, body: 1, .slice),
        entry("pear", 220, 210, 130, body: 1, .slice),
        entry("carrot", 236, 126, 40, body: 1, .slice),
        entry("pumpkin", 232, 132, 40, body: 3, .chunk),
        entry("butternut squash", 236, 150, 50, body: 3, .chunk),
        entry("squash", 232, 152, 52, body: 2, .chunk),
        entry("sweet potato", 222, 122, 52, body: 2, .chunk),
        entry("orange", 246, 150, 40, body: 0, .wedge),
        entry("yellow bell pepper", 246, 200, 50, body: 1, .strip),
        entry("bell pepper", 200, 60, 40, body: 1, .strip),
        entry("salmon", 242, 142, 102, body: 2, .chunk),
        entry("shrimp", 246, 150, 122, body: 2, .chunk),
        entry("prawn", 246, 150, 122, body: 2, .chunk),
        entry("crab", 240, 160, 130, body: 2, .shred),
        entry("lobster", 230, 90, 60, body: 2, .chunk),
        entry("tuna", 200, 120, 110, body: 2, .chunk),
        entry("ginger", 222, 192, 122, body: 0, .shred),
        entry("lemongrass", 200, 210, 150, body: 0, .ring),
        // Purples and blues.
        entry("blueberry", 72, 62, 142, body: 1, .smallRound),
        entry("blackberry", 60, 30, 60, body: 1, .round),
        entry("berry", 150, 40, 82, body: 1, .round),
        entry("plum", 110, 40, 80, body: 1, .slice),
        entry("fig", 110, 50, 80, body: 1, .slice),
        entry("grape", 110, 60, 100, body: 1, .round),
        entry("purple cabbage", 125, 45, 105, body: 1, .shred),
    ], uniquingKeysWith: { first, _ in first })
}
