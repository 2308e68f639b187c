import Testing
@testable import Entity

@Suite struct Lactose {
    /// Ingredient names as the catalog and common recipe sites write them, that hold milk or are made of it.
    static let dairy: [String] = [
        // From the catalog.
        "butter", "heavy cream", "sour cream", "yogurt", "ghee", "mexican crema", "ice cream", "vanilla ice cream",
        "dulce de leche", "buttermilk", "milk", "condensed milk", "evaporated milk", "milk powder", "cream cheese",
        "cottage cheese", "cheese curds", "farmer cheese", "paneer", "queso fresco", "kashk", "niter kibbeh",
        "akkawi cheese", "cotija cheese", "parmesan cheese", "pecorino romano cheese", "gruyere cheese",
        "mascarpone cheese", "mozzarella cheese", "ricotta salata cheese", "swiss cheese", "blue cheese",
        "american cheese", "kefalotyri cheese",
        // From recipe sites, as people write them.
        "unsalted butter", "salted butter", "Butter, softened", "BUTTER", "clarified butter", "brown butter",
        "garlic butter", "Kerrygold Irish butter", "double cream", "single cream", "whipping cream",
        "heavy whipping cream", "clotted cream", "whipped cream", "half-and-half", "half and half", "crème fraîche",
        "Creme Fraiche", "Greek yogurt", "plain yoghurt", "natural yoghurts", "full-fat Greek yogurts",
        "frozen yogurt", "curd", "dahi (curd)", "labneh", "skyr", "quark", "kefir", "whey", "whey protein powder",
        "whole milk", "2% milk", "skim milk", "fat-free milk", "lowfat milk", "sweetened condensed milk",
        "powdered milk", "goat's milk", "milk chocolate", "white chocolate chips", "Gruyère", "comté", "Comte",
        "parmigiano-reggiano", "Parmesan", "freshly grated parmesan", "grated pecorino", "mozzarella",
        "fresh mozzarella balls", "burrata", "feta", "crumbled feta", "halloumi", "mascarpone", "ricotta",
        "cotija", "queso blanco", "goat cheese", "chèvre", "brie", "camembert", "cheddar", "sharp cheddar",
        "extra-sharp Cheddar cheeses", "monterey jack", "pepper jack", "gouda", "smoked gouda", "emmental",
        "manchego", "stilton", "gorgonzola", "cheese", "cheeses", "shredded Mexican cheese blend", "Velveeta",
        "custard", "béchamel sauce", "alfredo sauce", "gelato", "eggnog", "tzatziki", "cucumber raita", "malai",
        "khoya", "lemon curd", "cream of mushroom soup", "buttercream frosting", "cheesecake", "ranch dressing",
        "basil pesto", "tres leches", "sugar-free yogurt", "toffee bits", "butterscotch chips", "coconut ice cream",
    ]

    /// Names that look dairy, or hold a dairy word, and are not.
    static let notDairy: [String] = [
        // From the catalog.
        "coconut milk", "peanut butter", "butter beans", "custard powder", "cocoa powder", "chocolate chips",
        "dark chocolate", "mexican chocolate", "lard", "liver pate", "salep", "ladyfingers", "graham crackers",
        "puff pastry", "biscuits", "tofu", "egg noodles", "mayonnaise",
        // Plant milks and what is made of them.
        "light coconut milk", "almond milk", "unsweetened almond milk", "oat milk", "soy milk", "soya milk",
        "rice milk", "cashew milk", "hemp milk", "coconut milk powder", "coconut cream", "cashew cream",
        "coconut yogurt", "soy yogurt", "cashew cheese", "almond milk yogurt", "coconut milk ice cream",
        "cashew cream cheese", "Brazil nut parmesan", "cashew ricotta", "almond feta", "tofu ricotta",
        // Butters of nuts, seeds and fruit.
        "smooth peanut butter", "almond butter", "cashew butter", "cocoa butter", "cacao butter", "shea butter",
        "apple butter", "sunflower seed butter", "mango butter",
        // Only the word.
        "butternut squash", "butter bean", "butterhead lettuce", "butter lettuce", "butter extract",
        "cream of tartar", "cream of wheat", "cream crackers", "cream soda", "creamed corn", "head cheese",
        "cheesecloth", "milkweed honey", "custard apple", "bean curd", "water kefir", "vegetable ghee",
        "leche de tigre", "crème de menthe", "creme de cassis", "nata de coco", "balsamic crema",
        // Saying they hold none.
        "dairy-free ice cream", "non-dairy whipped topping", "vegan butter", "vegan cheese", "vegan parmesan",
        "plant-based milk", "lactose-free milk", "dairy-free yogurt", "Vegan Cream Cheese", "pareve margarine",
        // Neither.
        "eggs", "margarine", "olive oil", "coconut oil", "coconut", "rice", "nutritional yeast", "gelatin",
        "butterfly shrimp", "", " ,; ",
    ]

    @Test(arguments: dairy)
    func dairyIngredientsCount(ingredient: String) {
        #expect(LactoseRule.containsLactose(ingredient))
    }

    @Test(arguments: notDairy)
    func otherIngredientsDoNot(ingredient: String) {
        #expect(!LactoseRule.containsLactose(ingredient))
    }

    @Test func theTablesAreLongEnoughToMeanSomething() {
        #expect(Self.dairy.count + Self.notDairy.count >= 200)
    }

    @Test func triggersAreRememberedInOrder() {
        let triggers = LactoseRule.triggers(in: ["eggs", "butter", "coconut milk", "parmesan cheese", "butter beans", "Greek yogurt"])
        #expect(triggers == ["butter", "parmesan cheese", "Greek yogurt"])
    }

    /// Each row of the rule's own tables says what it means: a dairy name counts on its own, a longer
    /// non-dairy name does not. A typo that made a row fold to something else would show here.
    @Test func everyRowOfTheTablesMeansWhatItSays() {
        for name in LactoseRule.dairy {
            #expect(LactoseRule.containsLactose(name), "\(name)")
        }
        for name in LactoseRule.notDairy + LactoseRule.plantMilks {
            #expect(!LactoseRule.containsLactose(name), "\(name)")
        }
        for marker in LactoseRule.dairyFree {
            #expect(!LactoseRule.containsLactose(marker + " cheese"), "\(marker)")
            #expect(LactoseRule.containsLactose("cheese"))
        }
    }

    @Test func plantWordsElsewhereInTheNameDoNotExcuseDairy() {
        #expect(LactoseRule.containsLactose("coconut and cream"))
        #expect(LactoseRule.containsLactose("peanut butter cheesecake"))
        #expect(LactoseRule.containsLactose("almond cake with butter"))
        #expect(LactoseRule.containsLactose("cream cheese with coconut"))
    }

    /// Names are read up to `IngredientName.maxLength` bytes, whatever their length.
    @Test func hostileNamesAreHandled() {
        #expect(LactoseRule.containsLactose("milk" + String(repeating: " x", count: 50_000)))
        #expect(!LactoseRule.containsLactose(String(repeating: "coconut ", count: 50_000) + "milk"))
        #expect(!LactoseRule.containsLactose(String(repeating: "x", count: 100_000)))
        #expect(LactoseRule.containsLactose("\u{0}milk\u{1B}[2J"))
    }
}

/// Milk, cream, butter and cheese named in the other languages of the pages RecipeBook reads.
@Suite struct LactoseInOtherLanguages {
    @Test(arguments: ["sødmælk", "1 l piskefløde", "200 g Sahne", "250 g Quark", "50 g boter", "100 g beurre doux", "20 cl crème fraîche",
                      "leche entera", "200 ml nata", "50 g burro", "panna fresca", "200 g śmietana", "masło", "ser żółty", "Käse",
                      "200 ml melk", "1 dl fløde", "Gouda"])
    func dairyInOtherLanguagesCounts(line: String) {
        #expect(LactoseRule.containsLactose(line), "\(line)")
    }

    @Test(arguments: ["kokosmelk", "lait de coco", "latte di cocco", "nata de coco", "crème de cassis", "room temperature water",
                      "mleko kokosowe", "mushrooms", "serrano ham", "ostrich"])
    func namesThatOnlyLookDairyDoNot(line: String) {
        #expect(!LactoseRule.containsLactose(line), "\(line)")
    }
}
