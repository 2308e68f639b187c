import Testing
import Entity
@testable import RecipeReader

private func markdown(_ text: String, name: String = "soup.md") throws -> FileRecipe {
    try RecipeFileReader.read(text, format: .markdown, fileName: name).get()
}

private func cooklang(_ text: String, name: String = "pancakes.cook") throws -> FileRecipe {
    try RecipeFileReader.read(text, format: .cooklang, fileName: name).get()
}

@Suite("Markdown recipe files")
struct MarkdownRecipeFileTests {
    @Test func frontMatterGivesTheTitleAndFactsAndTheSectionsGiveLinesAndSteps() throws {
        let recipe = try markdown("""
        ---
        title: "Hashed Brown Potatoes"
        collection_name: "The Filipino Kitchen"
        author: ""
        source_url: "https://archive.org/details/cu31924059639215"
        servings: 4
        prep_time: 10 min
        cook_time: 1 hr 5 min
        license: "public-domain"
        tags: ["philippines", "filipino-kitchen"]
        cuisine: Filipino
        ---

        ## Ingredients

        - 3/4 pint boiled potatoes
        - salt and pepper
        - 3 tablespoons **cream**

        ## Directions

        1. Chop cold boiled potatoes rather fine;
           add the cream.
        2. Cook slowly until a [golden](https://example.org/x) brown.

        ## Provenance

        - Collection: The Filipino Kitchen
        """)
        #expect(recipe.title == "Hashed Brown Potatoes")
        #expect(recipe.lines == ["3/4 pint boiled potatoes", "salt and pepper", "3 tablespoons cream"])
        #expect(recipe.steps == ["Chop cold boiled potatoes rather fine; add the cream.", "Cook slowly until a golden brown."])
        #expect(recipe.servings == "4" && recipe.prepMinutes == 10 && recipe.cookMinutes == 65 && recipe.totalMinutes == nil)
        #expect(recipe.tags == ["philippines", "filipino-kitchen"] && recipe.cuisine == "Filipino")
        #expect(recipe.source == "https://archive.org/details/cu31924059639215" && recipe.author == nil)
        #expect(recipe.collection == "The Filipino Kitchen" && recipe.licence == "public-domain")
    }

    @Test func aFirstHeadingTitlesAFileWithoutFrontMatterAndSectionsMayBeInAnyLanguageTheReaderKnows() throws {
        let recipe = try markdown("""
        # Kartoffelsuppe

        Ein Rezept von Oma.

        ### Zutaten
        * 1 kg Kartoffeln
        * 2 Zwiebeln

        ### Zubereitung
        Kartoffeln schälen und würfeln.
        Mit den Zwiebeln kochen.

        Pürieren.
        """)
        #expect(recipe.title == "Kartoffelsuppe")
        #expect(recipe.lines == ["1 kg Kartoffeln", "2 Zwiebeln"])
        #expect(recipe.steps == ["Kartoffeln schälen und würfeln. Mit den Zwiebeln kochen.", "Pürieren."])
    }

    @Test func labelsSetextHeadingsPlainLinesAndGroupsAreSectionsToo() throws {
        let recipe = try markdown("""
        Lemonade
        ========

        **Ingredients:**
        4 lemons
        1 cup sugar

        #### For the syrup
        - 1 cup water

        Method
        ------
        - Squeeze the lemons.
        - Stir in the syrup.
        """, name: "drinks/lemonade.md")
        #expect(recipe.title == "Lemonade")
        #expect(recipe.lines == ["4 lemons", "1 cup sugar", "1 cup water"])
        #expect(recipe.steps == ["Squeeze the lemons.", "Stir in the syrup."])
    }

    @Test func aFileWithNoTitleIsNamedAfterItself() throws {
        let recipe = try markdown("## Ingredients\n- 1 egg\n## Steps\n1. Boil it.\n", name: "/x/soft-boiled_egg.md")
        #expect(recipe.title == "Soft boiled egg")
    }

    @Test func anEmptyHeadingOrATitleOfControlCharactersIsNoTitle() throws {
        #expect(try markdown("# \n## Ingredients\n- 1 egg\n## Method\n1. Boil.\n", name: "boiled-egg.md").title == "Boiled egg")
        #expect(try markdown("#\n# Eggs\n## Ingredients\n- 1 egg\n## Method\n1. Boil.\n").title == "Eggs")
        #expect(try markdown("---\ntitle: \u{07}\nname: Soft eggs\n---\n## Ingredients\n- 1 egg\n## Method\n1. Boil.\n").title
            == "Soft eggs")
        #expect(try cooklang("---\ntitle: \u{1B}[0m\n---\nBoil @eggs{2}.\n", name: "eggs.cook").title == "Eggs")
    }

    @Test func filesWithoutARecipeSayWhatTheyLack() {
        #expect(RecipeFileReader.read("", format: .markdown, fileName: "a.md") == .failure(.empty))
        #expect(RecipeFileReader.read(" \n\t\n", format: .markdown, fileName: "a.md") == .failure(.empty))
        #expect(RecipeFileReader.read("# Notes\nJust words.", format: .markdown, fileName: "a.md") == .failure(.noIngredients))
        #expect(RecipeFileReader.read("## Ingredients\n- 1 egg\n", format: .markdown, fileName: "a.md") == .failure(.noSteps))
        #expect(RecipeFileReader.read("---\ntitle: x\n## Ingredients\n- 1 egg\n## Steps\n1. Boil.\n", format: .markdown, fileName: "a.md")
            == .failure(.frontMatterNeverCloses))
    }

    @Test func tenThousandIngredientsKeepTheFirstThousandAndSaySo() throws {
        let items = (1...10_000).map { "- \($0) g flour" }.joined(separator: "\n")
        let recipe = try markdown("# Big\n## Ingredients\n\(items)\n## Method\nMix.\n")
        #expect(recipe.lines.count == FileRecipe.maxLines && recipe.linesLeftOut == 9_000)
        #expect(recipe.lines.first == "1 g flour")
    }

    @Test func aListNestedAHundredThousandDeepIsReadInOnePass() throws {
        let deep = (0..<100_000).map { String(repeating: " ", count: min($0, 40)) + "- step \($0)" }.joined(separator: "\n")
        let markers = String(repeating: "- ", count: 100_000) + "1 egg"
        let recipe = try markdown("# Deep\n## Ingredients\n\(markers)\n## Steps\n\(deep)\n")
        #expect(recipe.lines == ["1 egg"])
        #expect(recipe.steps.count == FileRecipe.maxSteps && recipe.stepsLeftOut == 99_000)
    }

    @Test func namesWithTerminalEscapesArePrintableLines() throws {
        let recipe = try markdown("---\ntitle: \"Soup\u{1B}]52;c;ZXZpbA==\u{07} \u{1B}[31mRed\"\n---\n## Ingredients\n- 1 \u{1B}[2Jonion\n## Steps\n1. Cook\u{9B}0m.\n")
        #expect(recipe.title == "Soup Red")
        #expect(recipe.lines == ["1 onion"] && recipe.steps == ["Cook."])
    }
}

@Suite("Cooklang recipe files")
struct CooklangRecipeFileTests {
    @Test func marksBecomeIngredientLinesAndEachParagraphAStep() throws {
        let recipe = try cooklang("""
        >> title: Pancakes
        >> servings: 2
        >> time: 25 minutes
        >> tags: breakfast, sweet
        >> source: https://cooklang.org/docs/spec/

        Crack the @eggs{3} into a #blender{}, add @plain flour{125%g}, @milk{250%ml}
        and a pinch of @sea salt{} -- then blitz
        until smooth.

        Pour into a #bowl and leave for ~{15%minutes}.

        [- a block
        comment -]
        = Cooking
        > A note nobody cooks.
        Melt @butter{1%tbsp}(cold) in a #large non-stick frying pan{} and fry for ~flip{2%minutes}.
        """)
        #expect(recipe.title == "Pancakes")
        #expect(recipe.lines == ["3 eggs", "125 g plain flour", "250 ml milk", "sea salt", "1 tbsp butter, cold"])
        #expect(recipe.steps == [
            "Crack the eggs into a blender, add plain flour, milk and a pinch of sea salt until smooth.",
            "Pour into a bowl and leave for 15 minutes.",
            "Melt butter in a large non-stick frying pan and fry for flip (2 minutes).",
        ])
        #expect(recipe.servings == "2" && recipe.totalMinutes == 25 && recipe.tags == ["breakfast", "sweet"])
        #expect(recipe.source == "https://cooklang.org/docs/spec/")
    }

    @Test func frontMatterAndTheFileNameGiveTheTitle() throws {
        let withMatter = try cooklang("---\ntitle: Toast\ncuisine: British\nprep time: 5 min\n---\nToast @bread{2%slices}.\n")
        #expect(withMatter.title == "Toast" && withMatter.cuisine == "British" && withMatter.prepMinutes == 5)
        let named = try cooklang("Toast @bread.\n", name: "/a/b/buttered_toast.cook")
        #expect(named.title == "Buttered toast" && named.lines == ["bread"] && named.steps == ["Toast bread."])
    }

    @Test func unclosedBracesAndLoneMarksAreText() throws {
        let recipe = try cooklang("Use @flour{ and # of @eggs, ~ 5 min " + String(repeating: "@a{", count: 20_000) + "\n")
        #expect(recipe.lines.first == "flour" && recipe.lines.contains("eggs"))
        #expect(recipe.steps.count == 1)
    }

    @Test func aFileWithoutIngredientsSaysSo() {
        #expect(RecipeFileReader.read("Just boil water.\n", format: .cooklang, fileName: "a.cook") == .failure(.noIngredients))
        #expect(RecipeFileReader.read("-- only a comment\n", format: .cooklang, fileName: "a.cook") == .failure(.noIngredients))
    }
}
