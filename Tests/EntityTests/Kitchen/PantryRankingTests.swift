import Testing
@testable import Entity

/// "What can I make with what I have": recipes ranked by how few ingredients the pantry lacks.
@Suite struct PantryRankings {
    static let recipes = [
        PantryRanking.Recipe(title: "Pancakes", ingredients: ["2 large eggs, beaten", "1 cup milk", "1 cup plain flour", "1 pinch salt",
                                                             "2 tbsp butter, melted"]),
        PantryRanking.Recipe(title: "Omelette", ingredients: ["3 eggs", "salt and pepper", "1 tbsp olive oil", "50 g gruyère"]),
        PantryRanking.Recipe(title: "Crêpes Suzette", ingredients: ["2 eggs", "milk", "flour", "butter", "sugar", "2 oranges",
                                                                   "3 tbsp Grand Marnier"]),
        PantryRanking.Recipe(title: "Boiled Egg", ingredients: ["1 egg", "water", "a pinch of salt"]),
        PantryRanking.Recipe(title: "Shakshuka", ingredients: ["4 eggs", "1 can chopped tomatoes", "1 onion", "2 red peppers", "1 tsp cumin"]),
    ]

    @Test func recipesComeFewestMissingFirstThenMostOfThePantryUsed() {
        let ranking = PantryRanking(pantry: ["eggs", "milk", "flour", "butter"])
        let entries = ranking.ranked(Self.recipes, maxMissing: 2)
        #expect(entries.map(\.title) == ["Pancakes", "Boiled Egg", "Omelette"])
        #expect(entries.map(\.missing) == [[], [], ["gruyère"]])
        #expect(entries.map(\.usesText) == ["uses 5 of 5", "uses 3 of 3", "uses 3 of 4"])
        #expect(entries[2].missingText == "missing: gruyère")
        #expect(entries[0].missingText == nil)
    }

    @Test func theMissingLimitDecidesWhatIsShown() {
        let ranking = PantryRanking(pantry: ["eggs", "milk", "flour", "butter"])
        #expect(ranking.ranked(Self.recipes, maxMissing: 0).map(\.title) == ["Pancakes", "Boiled Egg"])
        let all = ranking.ranked(Self.recipes, maxMissing: 10)
        #expect(all.map(\.title) == ["Pancakes", "Boiled Egg", "Omelette", "Crêpes Suzette", "Shakshuka"])
        #expect(all[3].missing == ["sugar", "oranges", "Grand Marnier"])
        #expect(all[4].missing == ["chopped tomatoes", "onion", "red peppers", "cumin"])
    }

    @Test func strictCountsSaltPepperWaterAndOilAsIngredientsToHave() {
        let ranking = PantryRanking(pantry: ["eggs"], staples: false)
        let boiled = ranking.entry(for: Self.recipes[3], at: 3)
        #expect(boiled.missing == ["water", "salt"])
        #expect(boiled.usesText == "uses 1 of 3")
        let relaxed = PantryRanking(pantry: ["eggs"]).entry(for: Self.recipes[3], at: 3)
        #expect(relaxed.missing.isEmpty)
        #expect(relaxed.usesText == "uses 3 of 3")
    }

    @Test func namesMatchThroughTheParsedNameAsTheSearchFoldsThem() {
        let ranking = PantryRanking(pantry: ["Egg", "GRUYERE", "olive oil"], staples: false)
        let omelette = ranking.entry(for: Self.recipes[1], at: 1)
        #expect(omelette.missing == ["salt and pepper"])
        #expect(omelette.uses == 3)
    }

    @Test func anIngredientNamedTwiceCountsOnce() {
        let recipe = PantryRanking.Recipe(title: "Egg-fried rice", ingredients: ["2 eggs", "1 egg yolk", "2 eggs, beaten", "rice"])
        let entry = PantryRanking(pantry: ["rice"]).entry(for: recipe, at: 0)
        #expect(entry.of == 3)
        #expect(entry.missing == ["eggs", "egg yolk"])
    }

    @Test func aRecipeThatUsesNothingOfThePantryButStaplesIsLeftOut() {
        let recipes = [
            PantryRanking.Recipe(title: "Salted Water", ingredients: ["1 l water", "1 tbsp salt"]),
            PantryRanking.Recipe(title: "Fried Egg", ingredients: ["1 egg", "1 tbsp olive oil", "salt"]),
        ]
        let entries = PantryRanking(pantry: ["eggs"]).ranked(recipes, maxMissing: 0)
        #expect(entries.map(\.title) == ["Fried Egg"])
        #expect(entries.first?.fromPantry == 1)
        #expect(entries.first?.usesText == "uses 3 of 3")
        // Salt in the pantry itself is something of the pantry.
        #expect(PantryRanking(pantry: ["salt"]).ranked(recipes, maxMissing: 0).map(\.title) == ["Salted Water", "Fried Egg"].filter { $0 == "Salted Water" })
    }

    @Test func thePantrysNamesAreReadAsLines() {
        let entries = PantryRanking(pantry: ["a dozen large eggs", "2 cups milk"]).ranked(Self.recipes, maxMissing: 3)
        #expect(entries.first?.title == "Boiled Egg" || entries.first?.title == "Pancakes")
        #expect(entries.contains { $0.title == "Pancakes" && $0.missing == ["plain flour", "butter"] })
    }
}
