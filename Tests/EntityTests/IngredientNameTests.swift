import Testing
@testable import Entity

@Suite struct IngredientNameFolding {
    static let folds: [(String, String)] = [
        // Case, accents, widths, letters that are not accented base letters.
        ("Jalapeños", "jalapeno"), ("jalapeño", "jalapeno"), ("GRUYÈRE", "gruyere"), ("Comté", "comte"),
        ("Crème Fraîche", "creme fraiche"), ("e\u{301}clairs", "eclair"), ("ＦＥＴＡ", "feta"), ("bœuf", "boeuf"),
        ("Straße", "strasse"), ("smørrebrød", "smorrebrod"), ("Łódź", "lodz"), ("crudités", "crudite"),
        ("豆腐", "豆腐"),
        // Whitespace and punctuation.
        ("  Green   Onions ", "green onion"), ("green\tonions\n", "green onion"), ("black-eyed peas", "black eyed pea"),
        ("five-spice powder", "five spice powder"), ("za'atar", "zaatar"), ("za’atar", "zaatar"),
        ("baker's chocolate", "baker chocolate"), ("7-up", "7 up"), ("", ""), ("  ,;  ", ""),
        // Plurals.
        ("onions", "onion"), ("eggs", "egg"), ("peas", "pea"), ("tortillas", "tortilla"), ("jalapenos", "jalapeno"),
        ("kiwis", "kiwi"), ("tomatoes", "tomato"), ("potatoes", "potato"), ("mangoes", "mango"), ("mangos", "mango"),
        ("sloes", "sloe"), ("berries", "berry"), ("cherries", "cherry"), ("anchovies", "anchovy"), ("fries", "fry"),
        ("cookies", "cookie"), ("brownies", "brownie"), ("chilies", "chili"), ("chillies", "chilli"), ("pies", "pie"),
        ("leaves", "leaf"), ("bay leaves", "bay leaf"), ("halves", "half"), ("loaves", "loaf"), ("knives", "knife"),
        ("olives", "olive"), ("chives", "chive"), ("cloves", "clove"), ("cheeses", "cheese"), ("peaches", "peach"),
        ("radishes", "radish"), ("glasses", "glass"), ("boxes", "box"), ("quiches", "quiche"), ("brioches", "brioche"),
        ("mousses", "mousse"), ("citruses", "citrus"), ("geese", "goose"), ("brussels sprouts", "brussel sprout"),
        ("yoghurts", "yoghurt"), ("curries", "curry"),
        // Singulars ending in s stay.
        ("molasses", "molasses"), ("asparagus", "asparagus"), ("hummus", "hummus"), ("couscous", "couscous"),
        ("swiss chard", "swiss chard"), ("haggis", "haggis"), ("cassis", "cassis"), ("gas", "gas"),
    ]

    @Test(arguments: folds)
    func namesFoldForComparing(name: String, folded: String) {
        #expect(IngredientName.folded(name) == folded)
    }

    @Test(arguments: folds)
    func foldingTwiceChangesNothing(name: String, folded: String) {
        #expect(IngredientName.folded(folded) == folded)
    }

    @Test func singularAndPluralFoldTheSame() {
        let pairs = [("onion", "onions"), ("tomato", "tomatoes"), ("berry", "berries"), ("leaf", "leaves"),
                     ("cheese", "cheeses"), ("peach", "peaches"), ("cookie", "cookies"), ("chili", "chilies"),
                     ("quiche", "quiches"), ("olive", "olives"), ("pie", "pies"), ("glass", "glasses"),
                     ("mousse", "mousses"), ("jalapeño", "Jalapeños"), ("Bay Leaf", "bay leaves")]
        for (singular, plural) in pairs {
            #expect(IngredientName.folded(singular) == IngredientName.folded(plural), "\(singular) / \(plural)")
        }
    }

    @Test func everyByteValueAndOversizeNamesFoldWithoutTrouble() {
        for value in 0...255 {
            let text = String(decoding: [UInt8(value), 0x73, UInt8(value)], as: UTF8.self)
            _ = IngredientName.folded(text)
        }
        let long = String(repeating: "tomatoes ", count: 100_000)
        #expect(IngredientName.foldedWords(long).count <= IngredientName.maxLength / 2)
        #expect(IngredientName.folded(String(repeating: "é", count: 100_000)).unicodeScalars.count <= IngredientName.maxLength)
    }
}

@Suite struct IngredientSuggestions {
    static let known = ["onions", "garlic", "green onions", "red onions", "tomatoes", "mozzarella cheese", "parmesan cheese",
                        "black beans", "kidney beans", "jalapenos", "eggs", "broccoli", "cheddar cheese", "ham", "jam", "milk",
                        "butter", "peanut butter", "olive oil", "olives"]

    @Test(arguments: [
        // The same name, folded.
        ("onion", ["onions", "red onions", "green onions"]),
        ("Jalapeño", ["jalapenos"]),
        ("EGG", ["eggs"]),
        ("butter", ["butter", "peanut butter"]),
        // A close spelling.
        ("onins", ["onions"]),
        ("garlci", ["garlic"]),
        ("brocolli", ["broccoli"]),
        ("tomatos", ["tomatoes"]),
        ("mozarella cheese", ["mozzarella cheese"]),
        ("hamm", ["ham"]),
        // A prefix, then a later word.
        ("mozz", ["mozzarella cheese"]),
        ("parmesan", ["parmesan cheese"]),
        ("beans", ["black beans", "kidney beans"]),
        ("ol", ["olives", "olive oil"]),
        // Nothing close.
        ("xyzzy", []),
        ("", []),
        ("  ", []),
    ])
    func suggestionsComeBestFirst(typed: String, expected: [String]) {
        #expect(IngredientName.closest(to: typed, among: Self.known) == expected)
    }

    @Test func shortNamesGetNoSpellingSuggestions() {
        #expect(IngredientName.closest(to: "ham", among: Self.known) == ["ham"])
        #expect(IngredientName.closest(to: "yam", among: Self.known).isEmpty)
    }

    @Test func theLimitIsKept() {
        #expect(IngredientName.closest(to: "o", among: Self.known, limit: 2) == ["onions", "olives"])
        #expect(IngredientName.closest(to: "onion", among: Self.known, limit: 0).isEmpty)
    }

    @Test func namesThatFoldTheSameComeOnce() {
        #expect(IngredientName.closest(to: "onion", among: ["Onion", "onions", "ONIONS", "onion rings"]) == ["Onion", "onion rings"])
    }

    @Test func nearerSpellingsComeFirst() {
        #expect(IngredientName.closest(to: "chedar chese", among: ["cheddar cheeses", "cheddar cheese", "chedar cheese"]) ==
            ["chedar cheese", "cheddar cheeses"])
    }

    @Test func hugeInputsStayLinear() {
        let many = (0..<20_000).map { "ingredient \($0)" } + [String(repeating: "onion", count: 20_000)]
        #expect(IngredientName.closest(to: "ingredient 1234", among: many).first == "ingredient 1234")
        #expect(IngredientName.closest(to: String(repeating: "onion", count: 20_000), among: Self.known).isEmpty)
    }
}

@Suite struct EditDistances {
    @Test(arguments: [
        ("", "", 0), ("a", "", 1), ("", "ab", 2), ("abc", "abc", 0), ("abc", "acb", 1), ("onion", "onoin", 1),
        ("kitten", "sitting", 3), ("ca", "abc", 3), ("broccoli", "brocolli", 2), ("garlic", "garlci", 1),
    ])
    func distancesWithinTheLimitAreExact(a: String, b: String, distance: Int) {
        let left = Array(a.unicodeScalars), right = Array(b.unicodeScalars)
        #expect(EditDistance.bounded(left, right, limit: 3) == distance)
        #expect(EditDistance.bounded(left, right, limit: distance) == distance)
        if distance > 0 { #expect(EditDistance.bounded(left, right, limit: distance - 1) == nil) }
    }

    /// The banded computation agrees with the full table on every pair of short strings over a small alphabet.
    @Test func theBandAgreesWithTheFullTable() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        func word() -> [Unicode.Scalar] { (0..<(next() % 9)).map { _ in ["a", "b", "c"][next() % 3] } }
        for _ in 0..<3_000 {
            let a = word(), b = word()
            let full = fullDistance(a, b)
            for limit in 0...3 {
                #expect(EditDistance.bounded(a, b, limit: limit) == (full <= limit ? full : nil), "\(a) \(b) \(limit)")
            }
        }
    }

    /// Optimal string alignment over the whole table.
    func fullDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
