import Foundation
import Testing
import Entity
@testable import RecipeReader

/// General rules for reading a recipe out of a page's own markup, when it has no structured data.
@Suite struct PageMarkupRules {
    /// A line set in a label that labels nothing (no field inside, none named) is text; a field's label is not.
    @Test func aLabelThatLabelsNothingIsText() throws {
        let html = page("""
            <h3>Ingredients</h3><div><label class="box">2 tablespoons oil</label></div><div><label class="box">Salt to taste</label></div>
            <div><label class="box">1 red onion, sliced</label></div><div><label for="servings">Servings</label><input id="servings" value="4"></div>
            <h3>Method</h3><ol><li>Brush the oil over the duck and season it with salt.</li><li>Fry the onion until soft and serve.</li></ol>
            """)
        #expect(try #require(extract(html)).ingredients == ["2 tablespoons oil", "Salt to taste", "1 red onion, sliced"])
    }

    /// The sum under a table of weights ("Total Weight: 15.250") is no ingredient.
    @Test func theTotalOfATableOfWeightsIsNoIngredient() throws {
        let html = page("""
            <h3>Ingredients</h3><ul><li>Wheat flour 10.000</li><li>Yeast 0.250</li><li>Water 5.000</li><li>Total Weight: 15.250</li></ul>
            <h3>Method</h3><ol><li>Place all of the ingredients into a mixing bowl.</li><li>Mix for two minutes on slow speed.</li></ol>
            """)
        #expect(try #require(extract(html)).ingredients == ["Wheat flour 10.000", "Yeast 0.250", "Water 5.000"])
    }

    /// A step's label set apart by a bar ("STEP 1 | Preheat…") goes with its bar.
    @Test func aStepsLabelSetApartByABarGoesWithIt() throws {
        let html = page("""
            <h3>Ingredients</h3><ul><li>3 zucchini, grated</li><li>1 onion, chopped</li><li>1 cup flour</li></ul>
            <h3>Method</h3><p><strong>STEP 1 </strong>| Preheat oven to 170°C.</p><p><strong>STEP 2 </strong>| Combine everything and bake for 40 minutes.</p>
            """)
        #expect(try #require(extract(html)).steps == ["Preheat oven to 170°C.", "Combine everything and bake for 40 minutes."])
    }

    /// A heading that opens with a joining word ("with hand-cut chips") ends the title and is none itself.
    @Test func aHeadingThatOnlyEndsTheTitleIsNoTitle() throws {
        let html = """
            <html><head><title>Smoky Eggplant Dip With Hand Cut Chips | Ann's Kitchen</title></head><body>
            <h1>baba ghanoush</h1><h1>with hand-cut chips</h1>
            <h2>Ingredients</h2><ul><li>2 eggplants</li><li>3 tablespoons tahini</li><li>1 lemon, juiced</li></ul>
            <h2>Method</h2><ol><li>Char the eggplants over a flame until soft.</li><li>Blend the flesh with the tahini and lemon.</li></ol></body></html>
            """
        #expect(try #require(extract(html)).title == "Smoky Eggplant Dip With Hand Cut Chips")
        #expect(!PageMetadata.continuesATitle("With love from Rome") && PageMetadata.continuesATitle("mit Kartoffelsalat"))
    }

    /// A heading set as words in boxes with nothing between them takes its spaces from the page's title.
    @Test func aHeadingOfWordsInBoxesTakesTheTitlesSpaces() throws {
        let html = """
            <html><head><title>Rice pudding the easy way | Pudding Street</title><meta property="og:title" content="Vanilla rice pudding">
            </head><body><h1><span class="word">Vanilla</span><span class="word">rice</span><span class="word">pudding</span></h1>
            <h2>Ingredients</h2><ul><li>1 l milk</li><li>200 g rice</li><li>1 vanilla pod</li></ul>
            <h2>Method</h2><ol><li>Simmer the rice in the milk for thirty minutes.</li><li>Stir in the vanilla and serve warm.</li></ol></body></html>
            """
        #expect(try #require(extract(html)).title == "Vanilla rice pudding")
    }

    private func page(_ body: String) -> String {
        "<html><head><title>Soup</title></head><body><h1>Soup</h1>\(body)</body></html>"
    }

    private let method = "<h2>Method</h2><ol><li>Chop the vegetables finely.</li><li>Simmer everything for an hour.</li></ol>"

    @Test func linesThatAreThePagesControlsOrLabelsAreNotRecipeText() throws {
        let html = page("""
            <h2>Ingredients</h2><ul><li>Serves 4</li><li>For 2 loaves</li><li>8</li><li>Portionen</li><li>KG</li><li>1 onion</li><li>2 carrots</li>
            <li>Brand names in this list can be swapped for any other brand you like, as long as it is the same thing.</li>
            <li>Add to shopping list</li><li>Per E-Mail versenden</li>
            <li>Prep time: 10 min</li><li>Print</li></ul>
            <h2>Method</h2><ol><li>Chop the vegetables finely.</li><li>Jump to recipe</li><li>Simmer everything for an hour.</li>
            <li>Zubereitungszeit: 25 Min.</li></ol>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["1 onion", "2 carrots"])
        #expect(recipe.steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aCallToBeginOverTheMethodTitlesItAndIsNoStep() throws {
        let html = page("""
            <div class="recipe-ingredients"><h2>Ingredients</h2><ul><li>1 onion</li><li>2 carrots</li></ul></div>
            <div class="recipe-steps"><h2><span>Get started</span></h2><ol><li>Chop the vegetables finely.</li><li>Simmer everything for an hour.</li></ol></div>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["1 onion", "2 carrots"])
        #expect(recipe.steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func theCardListThatReadsMostLikeItsPartIsTaken() throws {
        let html = page("""
            <ul class="recipe-tags ingredients-list"><li>vegetarian</li><li>quick</li><li>lactose free</li></ul>
            <ul class="recipe-preparation"><li><div>Prep time:</div><div>25 min</div></li><li><div>Level:</div><div>easy</div></li></ul>
            <ul class="recipe-ingredients"><li>1 onion</li><li>2 carrots</li><li>1 l stock</li></ul>
            <div class="recipe-preparation"><p>Chop the vegetables finely.</p><p>Simmer everything for an hour.</p></div>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.method == .recipeCard)
        #expect(recipe.ingredients == ["1 onion", "2 carrots", "1 l stock"])
        #expect(recipe.steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func anIngredientSetOutAsPiecesSideBySideIsOneLineTheAmountFirst() throws {
        let html = page("""
            <h2>Ingredients</h2><div class="list"><div class="row"><span>Apples</span><span>3</span></div>
            <div class="row"><div>Water</div><div>½ dl</div></div><div class="row"><span>1</span> <span>cup</span> <span>sugar</span></div></div>
            \(method)
            """)
        #expect(try #require(extract(html)).ingredients == ["3 Apples", "½ dl Water", "1 cup sugar"])
        // A number glued to a word is no amount, and a part's title beside a count no ingredient.
        #expect(!RowText.isAmountAlone("2Blend") && RowText.isAmountAlone("75g") && RowText.isAmountAlone("½ dl"))
        let titled = page("<div class=\"row\"><span>Zutaten für</span><span>2 Personen</span></div><ul><li>1 onion</li><li>2 leeks</li></ul>\(method)")
        #expect(try #require(extract(titled)).ingredients == ["1 onion", "2 leeks"])
        // Values side by side that are facts ("45 min", "4 servings") are no ingredient.
        let facts = page("<div class=\"facts\"><div>45 min</div><div>4 servings</div><div>easy</div></div><h2>Ingredients</h2><ul><li>1 onion</li></ul>\(method)")
        let recipe = try #require(extract(facts))
        #expect(recipe.ingredients == ["1 onion"])
        #expect(recipe.yields == "4 servings")
    }

    /// An item that sets several such rows side by side holds each as a line; an element of the same kind
    /// and style right after a row is one more line, though it gives no amount.
    @Test func rowsSideBySideInOneItemAreALineEachAndARowWithNoAmountStillOne() throws {
        let html = page("""
            <h2>Ingredients</h2><ul><li><span class="row"><span><span>0,25</span> </span><span>watermelon</span></span>
            <span class="row"><span><span>150</span> <span>g</span></span><span>feta</span></span>
            <span class="row"><span> </span><span>salt</span></span><span class="row"><span> </span><span>pepper</span></span></li></ul>
            \(method)
            """)
        #expect(try #require(extract(html)).ingredients == ["0,25 watermelon", "150 g feta", "salt", "pepper"])
        // (Not where the element is styled otherwise than the rows.)
        let other = page("""
            <h2>Ingredients</h2><div class="row"><span>2</span><span>onions</span></div><div class="row"><span>3</span><span>leeks</span></div>
            <div class="note"><span></span><span>Keep the green tops.</span></div>
            \(method)
            """)
        #expect(try #require(extract(other)).ingredients == ["2 onions", "3 leeks"])
    }

    /// A smaller heading that says ingredients inside the list ("Other ingredients" after its groups)
    /// names the next group; it does not end the list.
    @Test func aSmallerIngredientsHeadingInsideTheListNamesItsNextGroup() throws {
        let html = page("""
            <h3>Ingredients</h3><p><strong>For the cake:</strong></p><ul><li>4 eggs</li><li>1 cup flour</li></ul>
            <p><strong>Other ingredients</strong></p><ul><li>1/4 cup pistachios, chopped</li></ul>
            \(method)
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [.init(name: "For the cake:", lines: ["4 eggs", "1 cup flour"]), .init(name: "Other ingredients", lines: ["1/4 cup pistachios, chopped"])])
    }

    /// In a list, a bold line that only links to a page of its own, between lines, is an ingredient the
    /// page has a recipe for; a bold line that links nowhere still names the group under it.
    @Test func aBoldLinkBetweenTheLinesOfAListIsOneOfThem() throws {
        let html = page("""
            <p><strong>INGREDIENTS:</strong></p><p>2 shallots<br>1 tsp salt</p><p><strong>To serve:</strong></p>
            <p>0,5 cup walnuts</p><p><strong><a href="/brazil-nut-parmesan">Brazil nut parmesan</a></strong></p><p>Fresh thyme</p>
            <p><strong>METHOD:</strong></p><p>Chop the shallots and fry them in the pan.</p><p>Serve with the walnuts and the parmesan.</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [
            .init(name: nil, lines: ["2 shallots", "1 tsp salt"]), .init(name: "To serve:", lines: ["0,5 cup walnuts", "Brazil nut parmesan", "Fresh thyme"]),
        ])
    }

    @Test func aTableRowIsOneLineAndARowOfHeaderCellsIsNone() throws {
        let html = page("""
            <h2>Ingredients</h2><table><tr><th>Ingredient</th><th>Amount</th></tr><tr><td>Flour</td><td>200 g</td></tr>
            <tr><td>Milk</td><td>1 l</td></tr></table>
            \(method)
            """)
        #expect(try #require(extract(html)).ingredients == ["200 g Flour", "1 l Milk"])
        // A header cell before a time labels it.
        let facts = page("<table><tr><th>Time</th><td>60 minutes + cooling</td></tr></table><h2>Ingredients</h2><ul><li>1 onion</li></ul>\(method)")
        #expect(try #require(extract(facts)).totalMinutes == 60)
    }

    @Test func aNumberTheMarkupSetsBeforeAStepIsNotPartOfIt() throws {
        let html = page("""
            <h2>Ingredients</h2><ul><li>1 onion</li><li>1 l stock</li></ul>
            <h2>Method</h2><ol><li><span class="number">1</span><p>Chop the onion finely.</p></li>
            <li><span>2</span> <span>Simmer in the stock.</span></li><li>1 cup of stock goes in last.</li><li>4鍋に水を入れる。</li>
            <li><span>Step 5</span>Serve hot.</li></ol>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the onion finely.", "Simmer in the stock.", "1 cup of stock goes in last.", "鍋に水を入れる。",
                                                      "Serve hot."])
    }

    @Test func anIngredientNamedInsideAStepIsPartOfItAndTheStepsOwnListIsNot() throws {
        let html = page("""
            <div class="recipe-ingredients"><ul><li>½ cup butter</li><li>1 cup flour</li></ul></div>
            <div class="recipe-instructions"><ol><li>Melt <span class="recipe-ingredient">½ cup butter</span> in a pan.
            <ul class="step-ingredients"><li>butter</li></ul></li><li>Stir in the flour slowly.</li></ol></div>
            """)
        #expect(try #require(extract(html)).steps == ["Melt ½ cup butter in a pan.", "Stir in the flour slowly."])
    }

    @Test func quantitiesThePageShowsBesideTheStructuredLinesFillWhatTheDataDropped() throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Soup\",\"recipeIngredient\":[\"onion\",\"Marinade:\",\"carrots\",\"stock\",\"salt\"],\"recipeInstructions\":\"Simmer.\"}"
        let shown = "<h2>Ingredients</h2><ul><li>1 onion</li><li>2 carrots</li><li>1 l stock</li></ul>"
        let recipe = try #require(extract(pageWithJSONLD(json).replacingOccurrences(of: "<h1>Somewhere</h1>", with: shown)))
        // A line the page does not show, and the data's own group line, stay as the data gives them.
        #expect(recipe.ingredients == ["1 onion", "Marinade:", "2 carrots", "1 l stock", "salt"])
    }

    /// Names without quantities in another order than the page's list, which holds them with amounts:
    /// the page's list. Names in the list's own order, with the amounts after them there, stay names.
    @Test func structuredNamesInAnotherOrderThanThePagesListGiveWayToIt() throws {
        func ingredients(_ names: String, shown: String) throws -> [String] {
            let json = "{\"@type\":\"Recipe\",\"name\":\"Salmon\",\"recipeIngredient\":[\(names)],\"recipeInstructions\":\"Roast.\"}"
            return try #require(extract(pageWithJSONLD(json).replacingOccurrences(of: "<h1>Somewhere</h1>", with: shown))).ingredients
        }
        let list = "<h2>Ingredients</h2><ul><li>800 g salmon, in pieces</li><li>4 tbsp olive oil</li><li>4 tsp sumac</li><li>1 cucumber, diced</li></ul>"
        #expect(try ingredients("\"salmon\",\"cucumber\",\"olive oil\",\"sumac\"", shown: list)
            == ["800 g salmon, in pieces", "4 tbsp olive oil", "4 tsp sumac", "1 cucumber, diced"])
        let after = "<h2>Ingredients</h2><ul><li>Zucchini 4, large</li><li>Basil 20 g</li><li>Pine nuts 70 g</li><li>Salt 1 pinch</li></ul>"
        #expect(try ingredients("\"Zucchini\",\"Basil\",\"Pine nuts\",\"Salt\"", shown: after) == ["Zucchini", "Basil", "Pine nuts", "Salt"])
    }

    /// Structured lines that only name the groups of the page's list give way to that list.
    @Test func structuredLinesThatOnlyNameThePagesGroupsGiveWayToItsList() throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Tart\",\"recipeIngredient\":[\"Pastry\",\"Filling\"],\"recipeInstructions\":\"Bake.\"}"
        let shown = "<h2>Ingredients</h2><h3>Pastry</h3><ul><li>200 g flour</li><li>1 egg</li></ul><h3>Filling</h3><ul><li>2 apples</li><li>50 g sugar</li></ul>"
        let recipe = try #require(extract(pageWithJSONLD(json).replacingOccurrences(of: "<h1>Somewhere</h1>", with: shown)))
        #expect(recipe.ingredientGroups == [.init(name: "Pastry", lines: ["200 g flour", "1 egg"]), .init(name: "Filling", lines: ["2 apples", "50 g sugar"])])
    }

    @Test func aStructuredNameThePageShowsAfterAnAmountAndBeforeItsNoteTakesTheWholeLine() throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Cookies\",\"recipeIngredient\":[\"flour\",\"butter\",\"butter\",\"gin\"],\"recipeInstructions\":\"Bake.\"}"
        let shown = "<h2>Ingredients</h2><ul><li>1 ½ cups flour</li><li>1 stick butter, room temp.</li><li>½ stick butter flavored shortening</li>"
            + "<li>Gin 4 cl, any brand</li></ul>"
        let recipe = try #require(extract(pageWithJSONLD(json).replacingOccurrences(of: "<h1>Somewhere</h1>", with: shown)))
        // Each name in turn, where the page gives an amount first; a line that names it first stays as the data gives it.
        #expect(recipe.ingredients == ["1 ½ cups flour", "1 stick butter, room temp.", "½ stick butter flavored shortening", "gin"])
    }

    @Test func withNoTitleTheListOfLinesGivingAmountsIsTheIngredientsAndTheSentencesAfterItTheMethod() throws {
        let html = page("""
            <p>A warming bowl for cold nights.</p><p>Prep 10 min</p><p>Cook 40 min</p><p>Serves 4</p>
            <p>225g smoked tofu, drained</p><p>4 tbsp cornflour</p><p>Rapeseed oil</p><p><b>For the sauce</b></p><p>2 tsp rice vinegar</p>
            <p>3 tbsp soy sauce</p><p>Press the tofu with kitchen paper, then cut it into cubes.</p><p>Fry the tofu until golden, then add the sauce.</p>
            <p>Explore more on these topics</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [.init(name: nil, lines: ["225g smoked tofu, drained", "4 tbsp cornflour", "Rapeseed oil"]),
                                            .init(name: "For the sauce", lines: ["2 tsp rice vinegar", "3 tbsp soy sauce"])])
        #expect(recipe.steps == ["Press the tofu with kitchen paper, then cut it into cubes.", "Fry the tofu until golden, then add the sauce."])
        // Headings that only number the steps are passed over.
        let numbered = page("""
            <ul><li>150 ml oat milk</li><li>100 g flour</li><li>1 tbsp sugar</li></ul>
            <h4>Schritt 1</h4><p>Mix the milk, flour and sugar.</p><h4>Schritt 2</h4><p>Fry the batter in a hot pan.</p>
            """)
        #expect(try #require(extract(numbered)).steps == ["Mix the milk, flour and sugar.", "Fry the batter in a hot pan."])
    }

    @Test func aFormAroundTheWholePageIsThePageAndASectionsSmallHeaderIsItsHeading() throws {
        let filler = String(repeating: "<div><span>menu</span></div>", count: 200)
        let html = page("""
            <form action="/recipe">\(filler)<section><header>Ingredients</header><ul><li>1 onion</li><li>2 carrots</li></ul></section>
            <section><header>Method</header><ol><li>Chop the vegetables finely.</li><li>Simmer everything for an hour.</li></ol></section></form>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["1 onion", "2 carrots"])
        #expect(recipe.steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aSmallerHeadingOfTheMethodStraightUnderItsTitleNamesItsFirstSection() throws {
        let html = page("""
            <h3>Ingredients</h3><p>400g chicken thighs</p><p>280g jasmine rice</p><p>340ml chicken stock</p>
            <h3>Method</h3><h4>Preparation</h4><p>Trim the chicken and slice it thinly.</p><p>Rinse the rice and drain it well.</p>
            <h4>Cooking</h4><p>Fry the rice in the oil for a minute.</p><p>Add the stock and chicken, then cover and simmer.</p>
            <h3>Explore our cookware range today</h3><p>Steel wok, £12.00</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.instructions == [.section("Preparation"), .step("Trim the chicken and slice it thinly."), .step("Rinse the rice and drain it well."),
                                        .section("Cooking"), .step("Fry the rice in the oil for a minute."), .step("Add the stock and chicken, then cover and simmer.")])
    }

    @Test func aGroupsNameAsHighAsTheMethodsTitleStraightUnderItOpensTheMethod() throws {
        let html = page("""
            <h6>Ingredients</h6><ul><li>4 strawberries</li><li>3 tbsp olive oil</li><li>1 cup mixed greens</li></ul>
            <h6>Directions</h6><h6>To prepare the dressing:</h6><ul><li>Blend the strawberries with the oil until smooth.</li></ul>
            <h6>To prepare the salad:</h6><ul><li>Toss the greens with the dressing and serve.</li></ul>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.instructions == [.section("To prepare the dressing:"), .step("Blend the strawberries with the oil until smooth."),
                                        .section("To prepare the salad:"), .step("Toss the greens with the dressing and serve.")])
        // One group alone, its name set bold as the method's title is.
        let one = page("""
            <p><strong>Ingredients</strong></p><ul><li>4 strawberries</li><li>3 tbsp olive oil</li><li>1 cup mixed greens</li></ul>
            <p><strong>Directions</strong></p><p><strong>To prepare the salad:</strong></p>
            <ol><li>Blend the strawberries with the oil until smooth.</li><li>Toss the greens with the dressing and serve.</li></ol>
            """)
        #expect(try #require(extract(one)).instructions == [.section("To prepare the salad:"), .step("Blend the strawberries with the oil until smooth."),
                                                            .step("Toss the greens with the dressing and serve.")])
    }

    @Test func anItemOfParagraphsUnderAGroupsNameIsThatGroupAndALineThatGivesItsAmountBeforeItsNoteIsAnIngredient() throws {
        let html = page("""
            <h3>Ingredients</h3><ul><li><p>Jasmine rice, 225g</p></li>
            <li><p>Shaoxing wine, ~1/2 tbsp<span>. To be swirled in when frying the cabbage, just before it is done.</span></p></li>
            <li><p>Aromatics:</p><p>Garlic, 1 large clove, minced.</p><p>Ginger, ~1/2 cm, minced.</p></li></ul>
            <h3>Process</h3><ol><li>Boil the rice for three minutes, then drain it.</li><li>Fry the aromatics and toss in the rice.</li></ol>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [
            .init(name: nil, lines: ["Jasmine rice, 225g", "Shaoxing wine, ~1/2 tbsp. To be swirled in when frying the cabbage, just before it is done."]),
            .init(name: "Aromatics:", lines: ["Garlic, 1 large clove, minced.", "Ginger, ~1/2 cm, minced."]),
        ])
        // A long sentence about an ingredient, with no amount, is still a note.
        #expect(!IngredientLines.isNote("Shaoxing wine, ~1/2 tbsp. To be swirled in when frying the cabbage, just before it is done."))
        #expect(IngredientLines.isNote("Shaoxing wine: any good one will do, and a splash more never hurt anybody at the table."))
    }

    @Test func aMethodInPlainLinesAfterTheListGoesOnPastALineLeadingIntoAPhotoAndKeepsItsBoldAmountsInPlace() throws {
        let html = page("""
            <p>For a dish of about 18 x 20 cm:</p><p>4 bananas</p><p>50g flour</p><p>50g salted butter</p><p>150g dark chocolate</p>
            <div><span>Heat the cream and the water in a small pan with the pepper.</span></div>
            <div><span>Bring to the boil:</span></div><div><img src="boil.jpg"></div>
            <div><span>Then, off the heat, add <b>150g de chocolat</b> (chopped small so that it melts faster).</span></div>
            <div><span>Rub the flour and butter together with your fingers until crumbly.</span></div>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.steps == ["Heat the cream and the water in a small pan with the pepper.", "Bring to the boil:",
                                 "Then, off the heat, add 150g de chocolat (chopped small so that it melts faster).",
                                 "Rub the flour and butter together with your fingers until crumbly."])
    }

    @Test func aBoxToTickAfterEveryStepIsNoPartOfThem() throws {
        let html = page("""
            \(twoIngredients)<h2>Method</h2><ol><li><p>Chop the vegetables finely.</p><span>Mark as complete</span></li>
            <li><p>Simmer everything for an hour.</p><span>Mark as complete</span></li></ol>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aNutritionTablesAmountsAreNoIngredients() throws {
        let html = page("<h2>Ingredients</h2><ul><li>36g sugar</li><li>1 onion</li><li>36 g Eiweiß</li><li>Protein: 12 g</li><li>611 kcal</li></ul>\(method)")
        #expect(try #require(extract(html)).ingredients == ["36g sugar", "1 onion"])
    }

    // Where the recipe stops, and what around it is not part of it.

    private let twoIngredients = "<h2>Ingredients</h2><ul><li>1 onion</li><li>2 carrots</li></ul>"
    /// A list with no title and a method of two steps, for the pages whose ingredients have no title.
    private let rhubarbList = "<ul><li>200 g rhubarb</li><li>90 g sugar</li><li>4 egg yolks</li></ul>"
    private let rhubarbMethod = "<ol><li>Roast the rhubarb with the sugar until soft.</li><li>Whisk the yolks and cook them gently.</li></ol>"

    private func expectRhubarbRecipe(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let recipe = try #require(extract(html), sourceLocation: sourceLocation)
        #expect(recipe.ingredients == ["200 g rhubarb", "90 g sugar", "4 egg yolks"], sourceLocation: sourceLocation)
        #expect(recipe.steps == ["Roast the rhubarb with the sugar until soft.", "Whisk the yolks and cook them gently."],
                sourceLocation: sourceLocation)
    }

    @Test func anOpenGraphTitleThatIsTheSitesNameGivesWayToTheDocumentsTitle() throws {
        let html = """
            <html><head><meta property="og:title" content="Greenpot"><meta property="og:site_name" content="Greenpot">
            <title>Greenpot — black sesame brittle</title></head><body><h1>Search</h1><h1>black sesame brittle</h1>
            \(twoIngredients)<h2>Method</h2><ol><li>Chop the vegetables finely.</li><li>Simmer everything for an hour.</li></ol></body></html>
            """
        #expect(try #require(extract(html)).title == "black sesame brittle")
    }

    @Test func aPagesOnlyHeadingNamesItWhenTheTitleSaysSomethingElse() throws {
        let body = "\(twoIngredients)<h2>Method</h2><ol><li>Chop the vegetables finely.</li><li>Simmer everything for an hour.</li></ol>"
        let html = """
            <html><head><meta property="og:site_name" content="Greenpot Kitchen"><title>Marble cake - Greenpot Kitchen</title></head>
            <body><h1>Savanna cake</h1>\(body)</body></html>
            """
        #expect(try #require(extract(html)).title == "Savanna cake")
        // A heading that names the site is its banner or a byline: the title stands.
        let byline = html.replacingOccurrences(of: "<h1>Savanna cake</h1>", with: "<h1>Savanna cake by Greenpot Kitchen</h1>")
        #expect(try #require(extract(byline)).title == "Marble cake")
    }

    @Test func aCardSplitIntoSiblingListsStartsAtItsFirstListNotAtTheCoursesAndServingsBeforeIt() throws {
        let html = page("""
            <div class="sidebar"><div class="info"><h2>Crispy wings</h2><ul><li class="meal-type">Main course</li><li>4</li></ul></div>
            <h4>Ingredients</h4><div class="ingredients-wrap"><ul><li>20 chicken wings</li><li>½ tsp salt</li></ul></div>
            <div class="ingredients-wrap"><h5>Sauce</h5><ul><li>1 tbsp soy sauce</li><li>1½ tbsp sugar</li></ul></div></div>
            <div class="recipe-steps"><ol><li>Toss the wings with the salt.</li><li>Fry them, then glaze them with the sauce.</li></ol></div>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.method == .recipeCard)
        #expect(recipe.ingredientGroups == [.init(name: nil, lines: ["20 chicken wings", "½ tsp salt"]),
                                            .init(name: "Sauce", lines: ["1 tbsp soy sauce", "1½ tbsp sugar"])])
    }

    @Test func aLinkToDownloadTheRecipeAsAFileIsNoStep() throws {
        let html = page("""
            \(twoIngredients)<h2>Method</h2><ul><li>Chop the vegetables finely.</li><li>Simmer everything for an hour.</li></ul>
            <ul class="links"><li class="download"><a><span>Recipe: Vegetable soup with carrots and onions [PDF, 498,8 KB]</span> | <strong>download</strong></a></li></ul>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aRowOfSharingButtonsAfterTheMethodIsNoStep() throws {
        let html = page("""
            \(twoIngredients)<h2>Method</h2><p>Chop the vegetables finely.</p><p>Simmer everything for an hour.</p>
            <div class="social"><a><span>Love</span> <span>517</span></a> <a><span>Share</span></a> <a><span>Tweet</span></a> <a><span>Pin</span></a></div>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aHeadingThatIsOneOfThePagesControlsEndsTheMethod() throws {
        let html = page("""
            \(twoIngredients)<h2>Method</h2><p>Chop the vegetables finely.</p><p>Simmer everything for an hour.</p>
            <div class="save"><h4>Subscribe or log in to save recipes</h4><p>Members keep every recipe they like in one place for later.</p></div>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aYieldPrintedAfterTheLastSentenceOfAStepIsNoPartOfIt() throws {
        let html = page("""
            \(twoIngredients)<h2>Method</h2><ol><li>Chop the vegetables finely.</li><li>Simmer everything for an hour.&nbsp; <b>Serves 4</b></li></ol>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
        // A yield written as a sentence of the step is its text.
        let sentence = page("\(twoIngredients)<h2>Method</h2><ol><li>Chop the vegetables finely.</li><li>Simmer for an hour. Makes 6 servings.</li></ol>")
        #expect(try #require(extract(sentence)).steps == ["Chop the vegetables finely.", "Simmer for an hour. Makes 6 servings."])
    }

    @Test func aBoldLineOverLinesGivingAmountsNamesTheirGroup() throws {
        let html = page("""
            <h2>Ingredients</h2><p><strong>Meatballs</strong><br>400 g lamb mince<br>1 large egg<br><strong>Sauce</strong><br>2 tbsp olive oil<br>½ cup water</p>
            <h2>Method</h2><p>Roll the mince and egg into balls.</p><p>Simmer the balls in the sauce.</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [.init(name: "Meatballs", lines: ["400 g lamb mince", "1 large egg"]),
                                            .init(name: "Sauce", lines: ["2 tbsp olive oil", "½ cup water"])])
    }

    @Test func aNumberedSentenceEndsAListThatHasNoTitle() throws {
        let html = page("""
            <ul><li>250 g pasta</li><li>100 g bacon</li><li>1 egg</li></ul>
            <p>1- Beat the egg in a bowl with a fork.</p><p>2- Fry the bacon until it is golden.</p><p>3- Toss the pasta with both.</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["250 g pasta", "100 g bacon", "1 egg"])
        #expect(recipe.steps == ["Beat the egg in a bowl with a fork.", "Fry the bacon until it is golden.", "Toss the pasta with both."])
    }

    @Test func aPlainLineAfterTheItemsEndsAListThatHasNoTitle() throws {
        let html = page("""
            \(rhubarbList)<p>Serves eight</p><p>Add to favourites</p>
            <p>Roast the rhubarb with the sugar until soft.</p><p>Whisk the yolks and cook them gently.</p>
            """)
        try expectRhubarbRecipe(html)
    }

    @Test func aMethodTitledAfterANoteFollowsAListThatHasNoTitle() throws {
        let html = page("""
            \(rhubarbList)
            <p>Use forced rhubarb when it is in season: its colour is the brightest of all.</p><p>Method</p>
            \(rhubarbMethod)
            """)
        try expectRhubarbRecipe(html)
    }

    @Test func aNoteInBracketsDoesNotMakeAnIngredientASentenceOfTheMethod() throws {
        let html = page("""
            <ul><li>The thick end of 3 large carrots</li><li>Orange juice (freshly squeezed is best, but one from a carton is fine)</li>
            <li>1/4 tsp salt</li><li>1 tbsp soy sauce</li><li>1 red chilli</li></ul>
            <p>Cut the carrots into sticks and put them in a pan.</p><p>Cover them with the juice and simmer until tender.</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["The thick end of 3 large carrots", "Orange juice (freshly squeezed is best, but one from a carton is fine)",
                                       "1/4 tsp salt", "1 tbsp soy sauce", "1 red chilli"])
    }

    @Test func aPartOfNotesBetweenAListThatHasNoTitleAndTheMethodIsPassedOver() throws {
        let html = page("""
            \(rhubarbList)
            <h3>Notes</h3><p>Use forced rhubarb when it is in season: its colour is the brightest of all.</p><p>Method</p>
            \(rhubarbMethod)
            """)
        try expectRhubarbRecipe(html)
    }

    @Test func aSubheadingThatNumbersAStepIsNoSectionOfTheMethod() throws {
        let html = page("""
            \(twoIngredients)<h2>Method</h2><h3>Step 1: Prep the vegetables</h3><p>Chop the vegetables finely.</p>
            <h3>Step 2: Simmer</h3><p>Simmer everything for an hour.</p>
            """)
        #expect(try #require(extract(html)).instructions == [.step("Chop the vegetables finely."), .step("Simmer everything for an hour.")])
    }

    @Test func aHeadingThatNumbersAStepTitlesItHoweverItEnds() throws {
        let html = page("""
            \(twoIngredients)<h2>Method</h2><h3>Step 1: Prep the vegetables</h3><p>Chop the vegetables finely.</p>
            <h3>Step 2: Simmer it down!</h3><p>Simmer everything for an hour.</p>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aMethodTitledRightAfterAListThatHasNoTitleIsTakenOverALineBeforeItsTitle() throws {
        let html = page("""
            \(rhubarbList)<p>Keep the screen on while you cook with our kitchen app.</p><p>Per serving: 300 kcal</p>
            <h2>Method</h2>\(rhubarbMethod)
            """)
        try expectRhubarbRecipe(html)
    }

    @Test func sentencesAboutTheIngredientsUnderTheirTitleAreNoListOfThem() throws {
        let html = page("""
            <h2>Ingredients</h2><p>Onion: any kind will do, though a sweet one is best here.</p><p>Carrots: the fresher they are, the sweeter the soup.</p>
            <p>Stock: a cube is fine, but homemade stock makes it richer.</p>
            <h2>Method</h2><p>It all starts with chopping the vegetables finely.</p><p>Then the soup simmers for an hour, and that is all.</p>
            <h3>Ingredients</h3><ul><li>1 onion</li><li>2 carrots</li></ul>
            \(method)
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["1 onion", "2 carrots"])
        #expect(recipe.steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aCopyrightLineEndsTheMethod() throws {
        let html = page("""
            \(twoIngredients)<h2>Method</h2><p>Chop the vegetables finely.</p><p>Simmer everything for an hour.</p>
            <p>Copyright 2014, Soups for Every Day by Ann Smith, All Rights Reserved</p><p>Ann Smith has written six books on soups and stocks.</p>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
        #expect(PageLabels.isCopyright("© 2020 Ann Smith") && !PageLabels.isCopyright("Copyright your own version of the soup."))
    }

    @Test func aHeadingOrLineThatOpensAPartAfterTheRecipeEndsTheMethod() throws {
        let html = page("""
            \(twoIngredients)<h2>Method</h2><p>Chop the vegetables finely.</p><p>Simmer everything for an hour.</p>
            <h3>Tips from our test kitchen</h3><p>Use a heavy pan so that the soup does not catch.</p>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
        let tip = page("""
            \(twoIngredients)<h2>Method</h2><p>Chop the vegetables finely.</p><p>Simmer everything for an hour.</p>
            <p>Tip</p><p>Use a heavy pan so that the soup does not catch.</p>
            """)
        #expect(try #require(extract(tip)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func anAdvertisementsLabelFavouritesAShoppingListToPrintAndTagsAreNotRecipeText() throws {
        let html = page("""
            <h2>Ingredients</h2><ul><li>Add to Favourites</li><li>1 onion</li><li>2 carrots</li><li>Print Shopping List</li></ul>
            <h2>Method</h2><ol><li>Chop the vegetables finely.</li><li>Advertisement</li><li>Simmer everything for an hour.</li>
            <li>Tags: soup, winter, vegetables</li></ol>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["1 onion", "2 carrots"])
        #expect(recipe.steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func thePagesFactsUnderATitleOfTheMethodAreNoMethodAndTheNextTitleIsLookedAt() throws {
        let html = page("\(twoIngredients)<h2>Preparation</h2><p>Baking</p><p>Resting</p>\(method)")
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aSentenceLeadingIntoTheIngredientsAndATitleOfThemThatSaysMoreAreNoneOfThem() throws {
        let html = page("""
            <h2>Ingredients</h2><p>Gather the following ingredients to make a big pot of this soup for the week:</p>
            <ul><li>1 onion</li><li>2 carrots</li></ul>\(method)
            """)
        #expect(try #require(extract(html)).ingredients == ["1 onion", "2 carrots"])
        let titled = page("<h2>Ingredients</h2><ul><li>Ingredients for 6 bowls</li><li>1 onion</li><li>2 carrots</li></ul>\(method)")
        #expect(try #require(extract(titled)).ingredients == ["1 onion", "2 carrots"])
    }

    @Test func anItemEndingInAColonBeforeMoreItemsNamesTheirGroup() throws {
        let html = page("<h2>Ingredients</h2><ul><li>1 onion</li><li>2 carrots</li><li>Topping:</li><li>2 tbsp cream</li></ul>\(method)")
        #expect(try #require(extract(html)).ingredientGroups == [.init(name: nil, lines: ["1 onion", "2 carrots"]),
                                                                 .init(name: "Topping:", lines: ["2 tbsp cream"])])
    }

    @Test func aMethodTitledStepByStepInAnotherLanguageIsFound() throws {
        let html = page("""
            <h2>Ingredientes</h2><ul><li>1 cebolla</li><li>2 zanahorias</li></ul><h2>Notas</h2><p>Mejor con verduras de temporada.</p>
            <h2>Paso a paso</h2><p>Pica las verduras muy finas.</p><p>Cuece todo durante una hora.</p>
            """)
        #expect(try #require(extract(html)).steps == ["Pica las verduras muy finas.", "Cuece todo durante una hora."])
    }

    @Test func aTimeWrittenBeforeItsLabelIsNoStep() throws {
        let html = page("\(twoIngredients)<h2>Method</h2><p>40 min Baking</p><p>Chop the vegetables finely.</p><p>Simmer everything for an hour.</p>")
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aTitleThatSaysHowTheDishIsMadeInAnotherLanguageTitlesTheMethod() throws {
        for title in ["Cómo hacer la sopa", "Hoe de soep te bereiden"] {
            let html = page("""
                <h2>Ingredientes</h2><ul><li>1 cebolla</li><li>2 zanahorias</li></ul><h2>Notas</h2><p>Mejor con verduras de temporada.</p>
                <h2>\(title)</h2><p>Pica las verduras muy finas.</p><p>Cuece todo durante una hora.</p>
                """)
            #expect(try #require(extract(html)).steps == ["Pica las verduras muy finas.", "Cuece todo durante una hora."])
        }
    }

    @Test func aLabelThatGivesAnAmountIsAnIngredientWithABoxToTick() throws {
        let html = page("""
            <h2>Ingredients</h2><div><input type="checkbox"><label>1 onion</label></div><div><input type="checkbox"><label>2 carrots</label></div>
            <label>Remember me</label>\(method)
            """)
        #expect(try #require(extract(html)).ingredients == ["1 onion", "2 carrots"])
    }

    @Test func aLabelThatHoldsItsBoxToTickIsALineOfTheListWithOrWithoutAnAmount() throws {
        let html = page("""
            <h2>Ingredients</h2><div><label for="i1"><input type="checkbox" id="i1"><span>1 pound linguine</span></label></div>
            <div><label><input type="checkbox"><input type="number" value="2"> Double the amounts</label></div>
            <div><label for="i2"><input type="checkbox" id="i2"><span>Table salt</span></label></div>
            <div><label for="i3"><input type="checkbox" id="i3"><span><button type="button">Ground black pepper</button></span></label></div>\(method)
            """)
        #expect(try #require(extract(html)).ingredients == ["1 pound linguine", "Table salt", "Ground black pepper"])
    }

    @Test func aCountOfServingsSetOutAsALabelIsNoIngredient() throws {
        let html = page("<h2>Ingredients</h2><ul><li>6 Portion/en</li><li>4 dosi per persone</li><li>1 onion</li><li>2 carrots</li></ul>\(method)")
        #expect(try #require(extract(html)).ingredients == ["1 onion", "2 carrots"])
    }

    @Test func aLineThatNamesTheRecipesSourceEndsTheMethod() throws {
        let html = page("""
            \(twoIngredients)<h2>Method</h2><p>Chop the vegetables finely.</p><p>Simmer everything for an hour.</p>
            <p>Kilde: Ann Smith i bogen «Supper hele året»</p><p>Ann Smith has written six books on soups and stocks.</p>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aLongListOfTheWordsThePageIsFoundByIsNoStep() throws {
        let html = page("""
            \(twoIngredients)<h2>Method</h2><p>Chop the vegetables finely.</p><p>Simmer everything for an hour.</p>
            <p>Keywords: vegetable soup, easy vegetable soup, carrot soup, onion soup, winter soup, soup for a crowd, healthy soup</p>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aControlToRateTheRecipeInAnotherLanguageIsNoStep() throws {
        let html = page("\(twoIngredients)<h2>Method</h2><p>Chop the vegetables finely.</p><p>Simmer everything for an hour.</p><p>Rezept bewerten</p>")
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aPartOfTheToolsYouNeedInGermanEndsTheMethod() throws {
        let html = page("""
            <h2>Zutaten</h2><ul><li>1 Zwiebel</li><li>2 Karotten</li></ul><h2>Zubereitung</h2><p>Das Gemüse fein hacken.</p><p>Alles eine Stunde köcheln.</p>
            <h3>Hilfsmittel, die du benötigst</h3><p>Ein großer Topf mit Deckel ist alles, was du brauchst.</p>
            """)
        #expect(try #require(extract(html)).steps == ["Das Gemüse fein hacken.", "Alles eine Stunde köcheln."])
    }

    @Test func aCaptionThatCreditsThePhotoOverTheMethodIsNoStep() throws {
        let html = page("""
            \(twoIngredients)<h2>Method</h2><p>Vegetable soup in a blue bowl – Photo: Ann Smith</p>
            <p>Chop the vegetables finely.</p><p>Simmer everything for an hour.</p>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func theTitlesOfTheNextStepsGoOnWithAMethodThatTheFirstStepsTitleOpens() throws {
        let html = page("""
            \(twoIngredients)<h3>Step 1</h3><p>Chop the vegetables finely.</p><h3>Step 2</h3><p>Simmer everything for an hour.</p>
            """)
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func aControlToShowOrHideThePicturesIsNoStep() throws {
        let html = page("\(twoIngredients)<h2>Method</h2><p>Show images</p><p>Chop the vegetables finely.</p><p>Simmer everything for an hour.</p>")
        #expect(try #require(extract(html)).steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func anIngredientWhoseWordStartsLikeAnHourIsNoTime() throws {
        let html = page("""
            <h2>Ingredients</h2><ul><li>1 onion</li><li>3 habaneros</li><li>2 hvitløkfedd</li></ul>
            <h2>Method</h2><ol><li>1 h 20 min</li><li>Chop the vegetables finely.</li><li>Simmer everything for an hour.</li></ol>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["1 onion", "3 habaneros", "2 hvitløkfedd"])
        #expect(recipe.steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
    }

    @Test func preparacaoTitlesTheMethodInPortuguese() throws {
        let html = page("""
            <h2>Ingredientes</h2><ul><li>1 cebola</li><li>2 cenouras</li></ul><h2>Notas</h2><p>Melhor com legumes da época.</p>
            <h2>Preparação</h2><p>Pique os legumes finamente.</p><p>Coza tudo durante uma hora.</p>
            """)
        #expect(try #require(extract(html)).steps == ["Pique os legumes finamente.", "Coza tudo durante uma hora."])
    }

    @Test func aBoxToTickTypedBeforeAnIngredientIsNoPartOfIt() throws {
        let html = page("<h2>Ingredients</h2><ul><li>▢ 1 onion</li><li>☐ 2 carrots</li></ul>\(method)")
        #expect(try #require(extract(html)).ingredients == ["1 onion", "2 carrots"])
    }

    @Test func aFormWithNothingToFillInOrPressIsTheTextItHolds() throws {
        let comment = """
            <form action="#" class="comment"><input type="hidden" name="id" value="7"><div class="body">
            <p><strong>Ingredients</strong></p><ul><li>1 onion</li><li>2 carrots</li></ul>\(method)</div></form>
            """
        let recipe = try #require(extract(page(comment)))
        #expect(recipe.ingredients == ["1 onion", "2 carrots"])
        #expect(recipe.steps == ["Chop the vegetables finely.", "Simmer everything for an hour."])
        // A form a reader fills in is a control, whatever it says.
        #expect(extract(page(comment.replacingOccurrences(of: "type=\"hidden\"", with: "type=\"text\""))) == nil)
    }

    @Test func aListSetAsHeadingsWithAmountsIsAList() throws {
        let html = page("""
            <h2>Potato salad</h2><p>Portions: 4 / Time: 25 min</p>
            <h6>8 medium potatoes</h6><h6>1 cup cooked chickpeas</h6><h6>1 red onion, finely chopped</h6><h6>Olive oil, salt and pepper</h6>
            <p>Boil the potatoes until cooked through, then cut them into cubes.</p><p>Mix everything in a bowl and season to taste.</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["8 medium potatoes", "1 cup cooked chickpeas", "1 red onion, finely chopped", "Olive oil, salt and pepper"])
        #expect(recipe.steps == ["Boil the potatoes until cooked through, then cut them into cubes.", "Mix everything in a bowl and season to taste."])
    }

    @Test func aBulletTypedAgainstItsIngredientIsNoPartOfIt() throws {
        let html = page("""
            <p>Apr 21</p><p>Written by Ann</p><p><em>Makes 4 portions</em></p>
            <p>▪1 lb ground beef <br>▪200g or 1 onion, diced <br>▪2 cloves garlic <br>▪Coarse salt <br>▪28 oz crushed tomatoes </p>
            <p>Brown the beef in a large pot over medium high heat.</p><p>Stir in the onion and garlic and cook for five minutes.</p>
            <figure><img src="pot.jpg"><figcaption><p>Stirring at 5 minutes</p></figcaption></figure>
            <p>Add the tomatoes and simmer for twenty minutes.</p>
            <p><a href="/recipes/tags/pasta">pasta weeknight tomato beef quick dinner</a></p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["1 lb ground beef", "200g or 1 onion, diced", "2 cloves garlic", "Coarse salt", "28 oz crushed tomatoes"])
        #expect(recipe.steps == ["Brown the beef in a large pot over medium high heat.", "Stir in the onion and garlic and cook for five minutes.",
                                 "Add the tomatoes and simmer for twenty minutes."])
        // A dash or a star against its text is part of it.
        #expect(StepLines.withoutBullet("-5 °C") == "-5 °C")
        #expect(StepLines.withoutBullet("*optional") == "*optional")
        #expect(StepLines.withoutBullet("▪ 1 onion") == "1 onion")
    }

    @Test func whatYouNeedAndWhatYouDoTitleTheParts() throws {
        let html = page("""
            <h3>Wat je nodig hebt voor 4 personen</h3><ul><li>900 gr aardappelen</li><li>melk</li><li>zwarte peper</li></ul>
            <h3>Wat je gaat doen</h3><p><strong>Bereidingstijd: 30 minuten</strong></p>
            <ol><li>Kook de aardappelen in 14 minuten gaar.</li><li>Stamp ze fijn met de melk en breng op smaak.</li></ol>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["900 gr aardappelen", "melk", "zwarte peper"])
        #expect(recipe.steps == ["Kook de aardappelen in 14 minuten gaar.", "Stamp ze fijn met de melk en breng op smaak."])
    }

    @Test func partsUnderHeadingsThatNameNoPartAfterTheIngredientsAreTheMethod() throws {
        let html = page("""
            <h4>Ingredients you'll need:</h4><ul><li>6 tbsp butter</li><li>2 lbs chicken thighs</li></ul>
            <h4>Kitchen stuff you'll need:</h4><p>Stock pot, cutting board, large knife, tongs and a large skillet</p>
            <h3>Prep.</h3><p>Toss the chicken in the flour with half the salt and set it aside.</p>
            <h3>Create.</h3><p>Melt the butter in the skillet and brown the chicken on both sides.</p>
            <h3>Finish.</h3><p>Serve on a large plate with fresh parsley.</p>
            <h3>Notes</h3><p>Any white wine does instead of marsala.</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["6 tbsp butter", "2 lbs chicken thighs"])
        #expect(recipe.steps == ["Prep.", "Toss the chicken in the flour with half the salt and set it aside.",
                                 "Create.", "Melt the butter in the skillet and brown the chicken on both sides.",
                                 "Finish.", "Serve on a large plate with fresh parsley."])
    }

    @Test func aHeadingBrokenIntoLinesIsTextSetLarge() throws {
        let html = page("""
            <h4>Ingredients</h4><h5>• 2 tablespoons olive oil<br /> • 50g butter<br /> • 1 onion, chopped<br /> • 2 carrots</h5>
            <h4>Method</h4><p>1. Fry the onion in the oil and butter until soft.</p><p>2. Add the carrots and simmer for twenty minutes.</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["2 tablespoons olive oil", "50g butter", "1 onion, chopped", "2 carrots"])
        #expect(recipe.steps == ["Fry the onion in the oil and butter until soft.", "Add the carrots and simmer for twenty minutes."])
    }

    @Test func theChoicesOfASwitchOfUnitsAreNoIngredientsAndTheListIsGivenOnce() throws {
        let html = page("""
            <h3>Method</h3><ol><li>Melt the butter with the sugar in a small pot.</li><li>Whisk in the flour and cook the pancakes.</li></ol>
            <h3>Ingredients</h3><ul><li>US</li><li>METRIC</li></ul>
            <p>2 tbsp butter</p><p>8.8 oz plain flour</p><p>3 tbsp brown sugar</p>
            <p>2 tbsp butter</p><p>250 g plain flour</p><p>3 tbsp brown sugar</p>
            <h3>You'll Need</h3><p>Small pot</p><p>Large mixing bowl</p><p>Large frying pan</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["2 tbsp butter", "8.8 oz plain flour", "3 tbsp brown sugar"])
        #expect(PageLabels.isNotRecipeText("Metric"))
        #expect(!PageLabels.isNotRecipeText("Imperial stout"))
    }

    /// A link printed after every line of the list that adds it to a shopping list is no part of the lines.
    @Test func aControlAfterEveryLineIsNoPartOfIt() throws {
        let link = "<a href=\"#\" class=\"to-list\">shopping list</a>"
        let html = page("""
            <h3>Ingredients</h3><ul><li>3 chicken breasts, diced \(link)</li><li>salt, to taste \(link)</li><li>2 cups broccoli florets \(link)</li></ul>
            <h3>Directions</h3><ol><li>Brown the chicken in a large pan.</li><li>Add the broccoli and cook until tender.</li></ol>
            """)
        #expect(try #require(extract(html)).ingredients == ["3 chicken breasts, diced", "salt, to taste", "2 cups broccoli florets"])
        // The same last words on every line that name no control stay.
        #expect(IngredientLines.withoutTrailingControl(["1 tsp chili powder", "1 tsp cumin powder"]) == ["1 tsp chili powder", "1 tsp cumin powder"])
    }

    /// A servings counter whose number is a field to fill in leaves its word alone ("personer"): no ingredient.
    @Test func aWordForServingsAloneIsNoIngredient() throws {
        let html = page("""
            <h3>Ingredienser</h3><p><input type="number" value="4"> personer</p><p>2 gulerødder</p><p>1 porre</p>
            <h3>Sådan gør du</h3><p>Skræl gulerødderne, og skær dem i tern.</p><p>Rens porren, og hak den fint.</p>
            """)
        #expect(try #require(extract(html)).ingredients == ["2 gulerødder", "1 porre"])
        #expect(PageLabels.isNotRecipeText("Servings") && !PageLabels.isNotRecipeText("Servings of rice"))
    }

    @Test func aDishsNameBeforeTheWordTitlesThePartAndNumberedStepsEndAtTheFirstLineWithoutANumber() throws {
        let html = page("""
            <h2>What You'll Need To Make Banana Wine</h2><ul><li>Large stock pot</li><li>Demijohn</li><li>Syphon</li></ul>
            <h3>Banana Wine Ingredients</h3><ul><li>4.5 litres water</li><li>1.4 kg bananas</li><li>900 g sugar</li></ul>
            <h3>Banana Wine Recipe Method</h3>
            <p>1. Bring half of the water to a boil and simmer the bananas for 30 minutes.</p>
            <p>2. Stir in the sugar, leave to cool and add the yeast.</p>
            <p>Neil has brewed at home for twenty years and answers questions below.</p>
            <ul><li>Matt says: This is my first attempt at banana wine.</li></ul>
            <h3>Leave a Reply</h3>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["4.5 litres water", "1.4 kg bananas", "900 g sugar"])
        #expect(recipe.steps == ["Bring half of the water to a boil and simmer the bananas for 30 minutes.", "Stir in the sugar, leave to cool and add the yeast."])
        // A step's title that ends with the word titles no part.
        #expect(SectionWords.kind(of: "Step 1: Prep your ingredients") == nil)
    }

    @Test func aBylineAfterTheMethodEndsIt() throws {
        let html = page("""
            <h2>Watermelon Wine Ingredients</h2><ul><li>2 kg watermelon</li><li>4 litres water</li><li>950 g sugar</li></ul>
            <p>Heat half the water along with the sugar in a heavy based pan.</p><p>Pour it over the crushed watermelon and stir well.</p>
            <p>by Neil</p><p>https://example.com/uploads/watermelon-wine.jpg 480 640 Neil https://example.com/author/neil</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.steps == ["Heat half the water along with the sugar in a heavy based pan.", "Pour it over the crushed watermelon and stir well."])
        #expect(PageLabels.isCredit("Von Anna Maier"))
        #expect(!PageLabels.isCredit("By hand, knead the dough for ten minutes."))
    }

    @Test func partsRightAfterOneAnotherUnderTitlesOfOneKindAreOneListAndOneMethod() throws {
        let html = page("""
            <h3>Ingredients for Filling</h3><ul><li>2 cups onions</li><li>1 pound ground beef</li></ul>
            <h3>Ingredients for Topping</h3><ul><li>1 cup chana lentils</li><li>2 tsp tomato paste</li></ul>
            <h3>Method for Filling</h3><p>Brown the beef with the onions over a medium heat.</p>
            <h3>Method for Topping</h3><p>Simmer the lentils with the tomato paste until soft.</p>
            <h3>Related recipes</h3><p>Bolani with potato filling, a favourite of ours.</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [
            .init(name: "Ingredients for Filling", lines: ["2 cups onions", "1 pound ground beef"]),
            .init(name: "Ingredients for Topping", lines: ["1 cup chana lentils", "2 tsp tomato paste"]),
        ])
        #expect(recipe.steps == ["Method for Filling", "Brown the beef with the onions over a medium heat.",
                                 "Method for Topping", "Simmer the lentils with the tomato paste until soft."])
    }

    /// A part under a heading as high that names no part ("Making the Mantu"), between two parts of the
    /// method, is one more of them; after the method's last part, such a heading is the page going on.
    @Test func aPartUnderAnotherHeadingBetweenTwoPartsOfTheMethodIsOneOfThem() throws {
        let html = page("""
            <h3>Ingredients</h3><ul><li>2 cups onions</li><li>1 pound ground beef</li><li>24 wonton wrappers</li></ul>
            <h3>Method for Filling</h3><p>Brown the beef with the onions over a medium heat.</p>
            <h3>Making the Mantu</h3><p>Spoon the filling onto the wrappers and fold them shut.</p>
            <h3>Method for Cooking</h3><p>Steam the dumplings for forty minutes.</p>
            <h3>About the author</h3><p>She has written about food from Kabul for twenty years.</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.steps == ["Method for Filling", "Brown the beef with the onions over a medium heat.",
                                 "Making the Mantu", "Spoon the filling onto the wrappers and fold them shut.",
                                 "Method for Cooking", "Steam the dumplings for forty minutes."])
    }

    @Test func anUntitledListLosesTheTitleOverItAndKeepsALongLineThatGivesAnAmount() throws {
        let html = page("""
            <p>We ate this slaw all summer long.</p>
            <p>POUR UN PLAT D'ENVIRON 18X20CM :</p><p>1/4 cup chopped red onion</p><p>Salt and pepper</p><p>1 tablespoon Dijon mustard</p><p>2 cups mayonnaise</p>
            <p>5 cups julienned Savoy or green cabbage (or 3 cups red cabbage, julienned, and 2 cups green cabbage for a more colorful presentation)</p>
            <p>Mix everything but the cabbage in a small bowl. In a larger one, toss the cabbage with as much dressing as you like.</p>
            <p>Chill it for an hour before serving.</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["1/4 cup chopped red onion", "Salt and pepper", "1 tablespoon Dijon mustard", "2 cups mayonnaise",
                                       "5 cups julienned Savoy or green cabbage (or 3 cups red cabbage, julienned, and 2 cups green cabbage for a more colorful presentation)"])
        #expect(recipe.steps.count == 2)
    }
}
