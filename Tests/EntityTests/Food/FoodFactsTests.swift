import Testing
import Entity

@Suite("What the food table knows")
struct FoodFactsTests {
    let facts = FoodFacts.standard

    @Test func everyLineOfTheTableIsRead() {
        #expect(facts.problems.isEmpty, "\(facts.problems)")
        #expect(facts.vocabulary.count > 300)
    }

    @Test(arguments: [
        // Kinds, through families of families.
        ("feta", "cheese"), ("feta cheese", "cheese"), ("parmesan cheese", "cheese"), ("Parmesan Cheese", "parmesan"),
        ("penne", "pasta"), ("cod fillets", "fish"), ("salt cod", "fish"), ("jalapeños", "chili"), ("jalapeno peppers", "jalapeno"),
        ("guajillo chiles", "chili"), ("chipotle chiles in adobo", "chili"), ("gochugaru", "chili"), ("almonds", "nuts"),
        ("shrimp", "shellfish"), ("prawns", "seafood"), ("cheddar cheese", "dairy"),
        // The last words say what a name is.
        ("black beans", "beans"), ("heavy cream", "cream"), ("basmati rice", "rice"), ("rice noodles", "noodles"),
        ("red wine", "wine"), ("green bell peppers", "bell peppers"), ("green bell peppers", "pepper"),
        // Parts.
        ("chicken thighs", "chicken"), ("beef short ribs", "beef"), ("lime juice", "limes"), ("leg of lamb", "lamb"),
        ("juice of a lemon", "lemon"), ("egg yolks", "eggs"), ("crab meat", "shellfish"),
        // Other names, both ways.
        ("scallions", "spring onions"), ("green onions", "scallions"), ("coriander leaves", "cilantro"),
        ("garbanzo beans", "chickpeas"), ("chickpeas", "garbanzo beans"), ("prawns", "shrimp"), ("aubergine", "eggplant"),
        ("courgettes", "zucchini"), ("Crème Fraîche", "cream"),
    ])
    func aNameIsWhatItsFamiliesAndOtherNamesAre(name: String, asked: String) {
        #expect(facts.concepts(of: name).contains(facts.concept(of: asked)), "\(name): \(facts.concepts(of: name))")
    }

    @Test(arguments: [
        // False friends.
        ("cream of tartar", "cream"), ("ice cream", "cream"), ("coconut cream", "cream"), ("peanut butter", "butter"),
        ("butternut squash", "butter"), ("vanilla bean", "beans"), ("jelly beans", "beans"), ("fish sauce", "fish"),
        ("nutmeg", "nuts"), ("Dr Pepper", "pepper"), ("coconut milk", "milk"), ("juniper berries", "berries"),
        ("kaffir lime leaves", "limes"), ("lemongrass", "lemons"), ("red chili peppers", "pepper"),
        ("cheese curds", "yogurt"), ("non-dairy milk", "milk"),
        // A narrow name stays narrow; a first word is not what a name is.
        ("black beans", "green beans"), ("heavy cream", "sour cream"), ("caster sugar", "brown sugar"),
        ("green bell peppers", "black pepper"), ("red wine vinegar", "red wine"), ("rice vinegar", "rice"),
        ("chicken stock", "chicken"), ("egg noodles", "eggs"), ("cream cheese", "cream"), ("garlic cloves", "cloves"),
        ("bean sprouts", "beans"), ("red pepper flakes", "bell peppers"),
    ])
    func aNameIsNotWhatItOnlyLooksLike(name: String, asked: String) {
        #expect(!facts.concepts(of: name).contains(facts.concept(of: asked)), "\(name): \(facts.concepts(of: name))")
    }

    @Test func aTypedNameAsksForTheNameItIsKnownBy() {
        #expect(facts.concept(of: "Scallions") == facts.concept(of: "green onion"))
        #expect(facts.concept(of: "CHEESES") == "cheese")
        #expect(facts.concept(of: "jalapeño") == "jalapeno")
        #expect(facts.concept(of: "—") == "")
    }

    @Test func familiesListTheirKindsAsWritten() {
        #expect(facts.kinds(of: "cheese").contains("gruyère"))
        #expect(facts.kinds(of: "seafood").contains("cod"))
        #expect(facts.falseFriends(of: "cream").contains("cream of tartar"))
    }

    @Test func aSmallTableFollowsTheSameRules() {
        let small = FoodFacts(table: """
            # a comment
            cheese: feta
            = scallion, green onion
            not bean: jelly bean
            part: thigh
            this line has no colon
            """)
        #expect(small.problems.map(\.line) == [6])
        #expect(small.concepts(of: "feta cheese").contains("cheese"))
        #expect(small.concepts(of: "green onions").first == "scallion")
        #expect(!small.concepts(of: "jelly beans").contains("bean"))
        #expect(small.concepts(of: "chicken thighs").contains("chicken"))
        #expect(small.vocabulary == ["cheese", "feta", "scallion", "green onion", "bean"])
    }

    @Test func oddNamesAreReadInBoundedTime() {
        let long = String(repeating: "cheese ", count: 2_000)
        #expect(facts.concepts(of: long).count < 100)
        #expect(facts.concepts(of: "сыр 奶酪 جبن").count <= 3)
        #expect(facts.concepts(of: "").isEmpty)
    }
}

@Suite("The lactose rule reads the food table")
struct LactoseSharesTheFoodTable {
    @Test func everyCheeseOfTheTableIsDairy() {
        let cheeses = FoodFacts.standard.kinds(of: "cheese")
        #expect(cheeses.count > 100)
        #expect(cheeses.filter { !LactoseRule.containsLactose($0) }.isEmpty)
    }

    @Test func theTablesFalseFriendsOfDairyAreNotDairyUnlessTheyAreDairyFoods() {
        for name in ["cream of tartar", "peanut butter", "cocoa butter", "head cheese", "coconut milk", "coconut cream", "bean curd"] {
            #expect(!LactoseRule.containsLactose(name), "\(name)")
        }
        for name in ["ice cream", "lemon curd", "cream cheese"] {
            #expect(LactoseRule.containsLactose(name), "\(name)")
        }
    }
}
