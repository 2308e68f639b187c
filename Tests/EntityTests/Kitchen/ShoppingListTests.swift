import Testing
@testable import Entity

/// The shopping list: the same ingredient merged across recipes, amounts summed where units allow,
/// grouped by aisle, minus the pantry.
@Suite struct ShoppingLists {
    func list(_ recipes: [(String, [String])], pantry: [String] = [], staples: Bool = true) -> ShoppingList {
        ShoppingList(recipes: recipes.map { ShoppingList.Recipe(title: $0.0, lines: $0.1) }, pantry: pantry, staples: staples)
    }

    func item(_ list: ShoppingList, _ key: String) -> ShoppingList.Item? {
        list.items.first { $0.key == IngredientKey(name: key) }
    }

    @Test func theSameIngredientMergesAcrossRecipesWhateverItsPluralOrAdjectives() throws {
        let list = list([("Omelette", ["3 large eggs, beaten", "1 onion, chopped"]), ("Cake", ["2 free-range eggs", "1 egg yolk"])])
        let eggs = try #require(item(list, "egg"))
        #expect(eggs.amountText == "5")
        #expect(eggs.sources.map(\.recipe) == ["Omelette", "Cake"])
        #expect(item(list, "egg yolk") != nil, "a yolk is not an egg on the list")
    }

    /// (lines of one ingredient in two recipes, what the item says)
    static let merges: [([String], [String], String)] = [
        (["1 cup milk"], ["½ cup milk"], "1 ½ cups"),
        (["1 cup milk"], ["250 ml milk"], "490 ml"),
        (["500 g flour"], ["1 kg plain flour"], "1.5 kg"),
        (["2 cups flour"], ["200 g flour"], "440 g"),
        (["1 cup sugar"], ["4 tbsp sugar"], "1 ¼ cups"),
        (["1 lb beef mince"], ["8 oz beef mince"], "1 ½ lb"),
        (["2 cans chopped tomatoes"], ["1 (14 oz) can chopped tomatoes"], "3 cans"),
        (["2 onions"], ["200 g onions"], "2 + 200 g"),
        (["1 cup stock"], ["2 cubes of stock"], "1 cup + 2 cubes"),
        (["1 cup grated parmesan"], ["50 g parmesan"], "1 cup + 50 g"),
        (["1-2 tbsp honey"], ["1 tbsp honey"], "2–3 tbsp"),
        (["2 garlic cloves"], ["3 cloves garlic, crushed"], "5 cloves"),
    ]

    @Test(arguments: merges.indices)
    func amountsAddUpWhereUnitsAllowAndStayApartWhereTheyDoNot(index: Int) throws {
        let (first, second, expected) = Self.merges[index]
        let list = list([("One", first), ("Two", second)], staples: false)
        #expect(list.items.count == 1, "\(list.items.map(\.name))")
        #expect(list.items.first?.amountText == expected)
    }

    @Test func aLineWithNoAmountMarksTheItemWantedAnyway() throws {
        let list = list([("One", ["2 tbsp chopped parsley"]), ("Two", ["parsley, to serve"])])
        let parsley = try #require(item(list, "parsley"))
        #expect(parsley.amountText == "2 tbsp")
        #expect(parsley.alsoUnmeasured)
    }

    @Test func servingsScaleEachRecipesPart() throws {
        let recipes = [ShoppingList.Recipe(title: "Soup", lines: ["1 onion", "500 ml stock"], factor: 2),
                       ShoppingList.Recipe(title: "Stew", lines: ["1 onion"])]
        let list = ShoppingList(recipes: recipes)
        #expect(item(list, "onion")?.amountText == "3")
        #expect(item(list, "stock")?.amountText == "1 l")
    }

    @Test func itemsAreGroupedByAisleInShopOrder() {
        let list = list([("Dinner", [
            "2 cups frozen peas", "1 can chickpeas", "2 tsp ground cumin", "300 g spaghetti", "1 baguette",
            "500 g chicken thighs", "200 ml double cream", "2 red peppers", "Juice of 1 lemon", "1 packet gelatine", "1 tbsp za'atar",
            "1 tin coconut milk", "1 bunch coriander", "2 tbsp something unheard of",
        ])])
        let aisles = list.aisles.map(\.aisle)
        #expect(aisles == [.produce, .dairyAndEggs, .meatAndFish, .bakery, .dryGoods, .spices, .tinsAndJars, .frozen, .other])
        let names = Dictionary(uniqueKeysWithValues: list.aisles.map { ($0.aisle, $0.items.map(\.name)) })
        #expect(names[.produce] == ["coriander", "lemon", "red peppers"])
        #expect(names[.tinsAndJars] == ["chickpeas", "coconut milk"])
        #expect(names[.spices] == ["ground cumin", "za'atar"])
        #expect(names[.frozen] == ["frozen peas"])
    }

    @Test func whatThePantryHoldsIsLeftOffAndWaterIsNeverBought() {
        let list = list([("Bread", ["500 g plain flour", "1 tsp fine sea salt", "7 g fast-action yeast", "300 ml warm water",
                                    "2 tbsp olive oil", "1 tbsp honey"])], pantry: ["Flour", "honey"])
        #expect(list.items.map(\.name) == ["fast-action yeast"])
        #expect(list.inPantry.map(\.name) == ["plain flour", "fine sea salt", "olive oil", "honey"])
        let strict = self.list([("Bread", ["1 tsp fine sea salt", "300 ml warm water", "2 tbsp olive oil"])], staples: false)
        #expect(strict.items.map(\.name) == ["olive oil", "fine sea salt"])
    }
}

/// What counts as the same ingredient, and what a kitchen always holds.
@Suite struct IngredientKeys {
    @Test(arguments: [
        ("2 large eggs, beaten", "eggs"), ("1 free-range egg", "Eggs"), ("200 g plain flour", "flour"),
        ("1 cup all-purpose flour, sifted", "flour"), ("3 tbsp extra-virgin olive oil", "olive oil"), ("1 tsp sea salt", "salt"),
        ("100 g unsalted butter, softened", "butter"), ("2 ripe avocados", "avocado"), ("4 Jalapeños", "jalapeno"),
    ])
    func linesAndTypedNamesMeetOnTheSameKey(line: String, typed: String) {
        #expect(IngredientKey(IngredientLine(parsing: line)) == IngredientKey(name: typed))
    }

    @Test(arguments: [("1 can coconut milk", "milk"), ("2 red peppers", "pepper"), ("1 tsp dried basil", "basil"),
                      ("2 tbsp peanut butter", "butter"), ("1 egg yolk", "egg")])
    func wordsThatMakeAnotherFoodStay(line: String, typed: String) {
        #expect(IngredientKey(IngredientLine(parsing: line)) != IngredientKey(name: typed))
    }

    @Test func staplesAreSaltPepperWaterAndOilOfAnyCommonKind() {
        for name in ["salt", "sea salt", "kosher salt", "black pepper", "ground white pepper", "water", "boiling water",
                     "olive oil", "vegetable oil", "salt and pepper", "pepper"] {
            #expect(Staples.covers(IngredientKey(name: name)), "\(name)")
        }
        for name in ["red pepper", "bell pepper", "sesame oil", "coconut water", "celery salt", "oil-packed tuna", "salted caramel"] {
            #expect(!Staples.covers(IngredientKey(name: name)), "\(name)")
        }
    }

    @Test func anItemIsWrittenInTheUnitsAskedForWhereTheyConvertSoundly() throws {
        let shopping = ShoppingList(recipes: [ShoppingList.Recipe(title: "Pancakes", lines: ["1 cup milk", "2 cups flour", "2 eggs", "1 tbsp sugar"]),
                                              ShoppingList.Recipe(title: "Crêpes", lines: ["½ cup milk", "1 cup flour"])])
        func item(_ key: String) throws -> ShoppingList.Item { try #require(shopping.items.first { $0.key == IngredientKey(name: key) }) }
        #expect(try item("milk").amountText == "1 ½ cups")
        #expect(try item("milk").amountText(in: UnitSystem.metric) == "350 ml")
        #expect(try item("milk").amountText(in: UnitSystem.us) == "1 ½ cups")
        #expect(try item("flour").amountText(in: UnitSystem.metric) == "360 g")
        #expect(try item("egg").amountText(in: UnitSystem.metric) == "2", "counted things stay counted")
        #expect(try item("sugar").amountText(in: UnitSystem.metric) == "1 tbsp", "a spoonful stays a spoonful")
    }

    @Test func aNameAgreesWithItsCount() {
        #expect(IngredientLine.name("eggs", counted: 1) == "egg")
        #expect(IngredientLine.name("large egg", counted: 3) == "large eggs")
        #expect(IngredientLine.name("red peppers", counted: 0.5) == "red pepper")
        #expect(IngredientLine.name("rice", counted: 3) == "rice")
    }
}
