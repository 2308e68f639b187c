import Foundation
import Testing
import Entity
@testable import RecipeReader

@Suite struct MicrodataRecipes {
    @Test func itempropsOnElementsAndAttributesAreRead() throws {
        let html = """
        <html><body><div itemscope itemtype="http://schema.org/Recipe">
          <h1 itemprop="name">Lemon <b>Tart</b></h1>
          <meta itemprop="totalTime" content="PT1H10M"><time itemprop="prepTime" datetime="PT20M">20 min</time>
          <img itemprop="image" src="/img/tart.jpg" alt="">
          <span itemprop="recipeYield">8</span>
          <div itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Ann</span></div>
          <ul><li itemprop="recipeIngredient">1 <span>crust</span></li><li itemprop="recipeIngredient">3 lemons</li>
              <li itemprop="recipeIngredient"><strong>Topping</strong></li><li itemprop="recipeIngredient">1 cup cream</li></ul>
          <div itemprop="recipeInstructions"><ol><li>Zest the lemons.</li><li>Bake the crust.<br>Fill it.</li></ol></div>
        </div></body></html>
        """
        let recipe = try #require(extract(html, url: "https://example.com/tart"))
        #expect(recipe.method == .microdata)
        #expect(recipe.title == "Lemon Tart")
        #expect(recipe.totalMinutes == 70 && recipe.prepMinutes == 20)
        #expect(recipe.imageURL == "https://example.com/img/tart.jpg")
        #expect(recipe.yields == "8 servings")
        #expect(recipe.author == "Ann")
        #expect(recipe.ingredientGroups == [.init(name: nil, lines: ["1 crust", "3 lemons"]), .init(name: "Topping", lines: ["1 cup cream"])])
        #expect(recipe.steps == ["Zest the lemons.", "Bake the crust.", "Fill it."])
    }

    /// An entry whose text alone sits whole in a styled element of its own, among entries whose text is
    /// their own, names the group after it; an entry that only links its name, or sets it in an element
    /// with no style, does not.
    @Test func anEntrySetApartInAStyledElementNamesAGroup() throws {
        let html = microdata("""
            <p><span itemprop="recipeIngredient">2 veal steaks</span><br><span itemprop="recipeIngredient">1 lemon, in wedges</span><br>
            <span itemprop="recipeIngredient"> <span class="uline big2"><br>Seasoning</span></span><br>
            <span itemprop="recipeIngredient"><span class="tip" title="About oregano"><a href="#oregano">oregano</a></span></span><br>
            <span itemprop="recipeIngredient"><span>salt</span></span><br>
            <span itemprop="recipeIngredient">2 tablespoons olive oil</span></p>
            <div itemprop="recipeInstructions"><p>Brush the steaks with the seasoning.</p></div>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [
            .init(name: nil, lines: ["2 veal steaks", "1 lemon, in wedges"]), .init(name: "Seasoning", lines: ["oregano", "salt", "2 tablespoons olive oil"]),
        ])
    }

    @Test func nestedStepAndSectionScopesAreRead() throws {
        let html = """
        <div itemscope itemtype="https://schema.org/Recipe"><span itemprop="name">Buns</span>
         <span itemprop="recipeIngredient">flour</span>
         <div itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToSection"><h3 itemprop="name">Dough</h3>
           <div itemprop="itemListElement" itemscope itemtype="https://schema.org/HowToStep"><p itemprop="text">Knead.</p></div>
           <div itemprop="itemListElement" itemscope itemtype="https://schema.org/HowToStep"><p itemprop="text">Rise.</p></div>
         </div>
         <div itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep"><span itemprop="text">Bake.</span></div>
        </div>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.instructions == [.section("Dough"), .step("Knead."), .step("Rise."), .step("Bake.")])
        #expect(recipe.ingredients == ["flour"])
    }

    /// The method's element runs on into the page's servings, nutrition or credit: the method ends there.
    @Test(arguments: ["Serves 4 to 6.", "Nutrition Facts per Serving: Calories 367", "Recipe by Chef Ann Smith.",
                      "This recipe was reprinted with permission and first appeared in Soups.", "Number of Servings: 12"])
    func aMethodEndsAtWhatFollowsIt(line: String) throws {
        let html = microdata("""
            <span itemprop="recipeIngredient">2 eggs</span>
            <div itemprop="recipeInstructions"><p>Whisk the eggs.</p><p>2</p><p>Fry them.</p><p>\(line)</p><p>A note on pans.</p></div>
            """)
        // (A step's number on a line of its own is no yield, and no step.)
        #expect(try #require(extract(html)).steps == ["Whisk the eggs.", "Fry them."])
    }

    /// A page that gives its method twice (a carousel of the steps, then a list of them) gives one method.
    @Test func aMethodGivenTwiceIsReadOnce() throws {
        let steps = "<li itemprop=\"recipeInstructions\">Heat oven to 350°F.</li><li itemprop=\"recipeInstructions\">Bake 12 minutes.</li>"
        let html = microdata("<span itemprop=\"recipeIngredient\">2 eggs</span><ul class=\"carousel\">\(steps)</ul><ul>\(steps)</ul>")
        #expect(try #require(extract(html)).steps == ["Heat oven to 350°F.", "Bake 12 minutes."])
        // A step said twice in a row in a longer method stays.
        let repeated = microdata("<span itemprop=\"recipeIngredient\">2 eggs</span><ul>\(steps)<li itemprop=\"recipeInstructions\">Bake 12 minutes.</li></ul>")
        #expect(try #require(extract(repeated)).steps == ["Heat oven to 350°F.", "Bake 12 minutes.", "Bake 12 minutes."])
    }

    /// Each step's number set in an element of its own over its text is no step of its own; a number
    /// that starts a step's text stays part of it.
    @Test func aStepNumberInItsOwnElementIsNoStep() throws {
        let html = microdata("""
            <span itemprop="recipeIngredient">2 eggs</span>
            <ul><li itemprop="recipeInstructions"><div class="heading">1</div><div>Heat oven to 350°F.</div></li>
            <li itemprop="recipeInstructions"><div class="heading">2</div><div>Bake 12 minutes.</div></li>
            <li itemprop="recipeInstructions"><div class="heading">3</div><div>2 eggs go in last.</div></li></ul>
            """)
        #expect(try #require(extract(html)).steps == ["Heat oven to 350°F.", "Bake 12 minutes.", "2 eggs go in last."])
    }

    /// A method property set on the list of ingredients marks no method: the page's own shows instead.
    @Test func aMethodThatOnlyRepeatsTheIngredientsIsNone() throws {
        let html = microdata("""
            <h2>Ingredients</h2><div itemprop="recipeInstructions"><ul><li itemprop="ingredients">2 eggs</li>
            <li itemprop="ingredients">1 cup milk</li></ul></div>
            <h2>Directions</h2><ol><li>Whisk the eggs and milk.</li><li>Fry in a hot pan.</li></ol>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["2 eggs", "1 cup milk"])
        #expect(recipe.steps == ["Whisk the eggs and milk.", "Fry in a hot pan."])
    }

    @Test func anIngredientsAmountOnALineOfItsOwnIsPartOfIt() throws {
        let html = microdata("""
            <ul><li itemprop="recipeIngredient"><div>1</div><div>15.5-ounce can chickpeas</div></li><li itemprop="recipeIngredient">2 eggs</li></ul>
            <p itemprop="recipeInstructions">Mix.</p>
            """)
        #expect(try #require(extract(html)).ingredients == ["1 15.5-ounce can chickpeas", "2 eggs"])
    }

    /// A step's text set out in paragraphs is a step each; a name that only previews the text, cut
    /// short, is no step of its own.
    @Test func aStepsParagraphsAreStepsAndItsPreviewIsNone() throws {
        let html = microdata("""
            <span itemprop="recipeIngredient">2 eggs</span>
            <div itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToSection">
             <div itemprop="itemListElement" itemscope itemtype="https://schema.org/HowToStep"><meta itemprop="name" content="Batter1. Wh...">
              <span itemprop="text"><p><strong>Batter</strong></p><p>1. Whisk the eggs.</p><p>2. Rest it.</p></span></div>
             <div itemprop="itemListElement" itemscope itemtype="https://schema.org/HowToStep"><meta itemprop="name" content="Fry them">
              <span itemprop="text">Heat the pan.</span></div>
            </div>
            """)
        #expect(try #require(extract(html)).steps == ["Batter", "Whisk the eggs.", "Rest it.", "Fry them", "Heat the pan."])
    }

    private func microdata(_ body: String) -> String {
        "<html><body><div itemscope itemtype=\"https://schema.org/Recipe\"><h1 itemprop=\"name\">Pancakes</h1>\(body)</div></body></html>"
    }

    /// An entry that holds only a heading names the group after it, and one of punctuation alone is no
    /// line; a method property around the list (the page's slip) repeats it, names and all, and is no method.
    @Test func anEntryThatIsAHeadingNamesAGroupAndAMethodRepeatingTheListIsNone() throws {
        let html = microdata("""
            <h2>Ingredients</h2><div itemprop="recipeInstructions"><ul>
            <li itemprop="ingredients"><h3>Filling </h3></li><li itemprop="ingredients">1 pound ground beef</li><li itemprop="ingredients">1 onion, chopped</li>
            <li itemprop="ingredients"><h3>Dough</h3></li><li itemprop="ingredients">3 cups flour</li><li itemprop="ingredients">. </li></ul></div>
            <h2>Directions</h2><ol><li>Brown the beef with the onion.</li><li>Roll out the dough, fill it and fold it over.</li></ol>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [.init(name: "Filling", lines: ["1 pound ground beef", "1 onion, chopped"]), .init(name: "Dough", lines: ["3 cups flour"])])
        #expect(recipe.steps == ["Brown the beef with the onion.", "Roll out the dough, fill it and fold it over."])
    }

    /// A property set on the label of its value (`<span itemprop="recipeYield">Yield:</span> 24 pies`)
    /// gives the value after the label.
    @Test func aPropertyOnTheLabelOfItsValueGivesTheValue() throws {
        let html = microdata("""
            <ul><li><span class="meta-title" itemprop="recipeYield">Yield:</span> 24 pies </li></ul>
            <span itemprop="recipeIngredient">2 eggs</span><p itemprop="recipeInstructions">Whisk.</p>
            """)
        #expect(try #require(extract(html)).yields == "24 pies")
    }

    @Test func aPropertysValueIsTheTextOfAllItsDescendants() throws {
        let html = microdata("""
            <ul><li itemprop="recipeIngredient"><span class="amount">1</span><div class="unit">cup</div><p class="name">flour</p></li>
            <li itemprop="recipeIngredient"><span>2</span> <span>eggs</span></li></ul><p itemprop="recipeInstructions">Whisk.</p>
            """)
        #expect(try #require(extract(html)).ingredients == ["1 cup flour", "2 eggs"])
    }

    @Test func aListGivingThePropertyOfTheEntriesInsideItIsReadOnce() throws {
        let html = microdata("""
            <ul itemprop="recipeIngredient"><li itemprop="recipeIngredient">1 cup flour</li><li itemprop="recipeIngredient">2 eggs</li></ul>
            <ol itemprop="recipeInstructions"><li itemprop="recipeInstructions">Whisk.</li>
            <li itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep"><span itemprop="text">Fry.</span></li></ol>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["1 cup flour", "2 eggs"])
        #expect(recipe.steps == ["Whisk.", "Fry."])
        // A method the page repeats in two places of its own is what the page says.
        let twice = microdata("""
            <li itemprop="recipeIngredient">flour</li><p itemprop="recipeInstructions">Whisk.</p><p itemprop="recipeInstructions">Whisk.</p>
            """)
        #expect(try #require(extract(twice)).steps == ["Whisk.", "Whisk."])
    }

    @Test func aStepGivenAsAListEntryKeepsItsTextInItsDescription() throws {
        let html = microdata("""
            <li itemprop="recipeIngredient">1 cup flour</li><ol itemprop="recipeInstructions" itemscope itemtype="http://schema.org/ItemList">
            <li itemprop="itemListElement" itemscope itemtype="http://schema.org/ListItem"><h4 itemprop="name">Cook the pasta</h4><span itemprop="description"><p>Boil the water.</p></span></li>
            <li itemprop="itemListElement" itemscope itemtype="http://schema.org/ListItem"><h4 itemprop="name">Make the sauce</h4><span itemprop="description">Whisk the eggs.</span></li></ol>
            """)
        #expect(try #require(extract(html)).steps == ["Cook the pasta", "Boil the water.", "Make the sauce", "Whisk the eggs."])
    }

    @Test func propertiesInsideANestedItemBelongToThatItem() throws {
        let html = microdata("""
            <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ann</span>
              <span itemprop="description">Baker</span></div>
            <ul><li itemprop="ingredient" itemscope itemtype="http://data-vocabulary.org/RecipeIngredient">
              <span itemprop="amount">1 cup</span> <span itemprop="name">flour</span></li>
            <li itemprop="ingredient" itemscope><span itemprop="amount">2</span> <span itemprop="name">eggs</span></li></ul>
            <p itemprop="recipeInstructions">Whisk.</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.title == "Pancakes")
        #expect(recipe.author == "Ann")
        #expect(recipe.description == nil || recipe.description != "Baker")
        #expect(recipe.ingredients == ["1 cup flour", "2 eggs"])
    }

    @Test func valuesComeFromTheAttributesTheirElementsCarry() throws {
        let html = microdata("""
            <link itemprop="image" href="/img/pancakes.jpg"><time itemprop="cookTime" datetime="PT10M">ten minutes</time>
            <data itemprop="recipeYield" value="4">four people</data><meta itemprop="recipeCategory" content="Breakfast">
            <span itemprop="recipeIngredient">1 cup flour</span><p itemprop="recipeInstructions">Whisk.</p>
            """)
        let recipe = try #require(extract(html, url: "https://example.com/pancakes"))
        #expect(recipe.imageURL == "https://example.com/img/pancakes.jpg")
        #expect(recipe.cookMinutes == 10)
        #expect(recipe.yields == "4 servings")
        #expect(recipe.category == "Breakfast")
    }

    @Test func jsonWrittenIntoTheMethodsAttributeIsReadAsJSONLD() throws {
        let html = microdata("""
            <meta itemprop="recipeIngredient" content="1 cup flour"><meta itemprop="recipeIngredient" content="2 eggs">
            <meta itemprop="recipeInstructions" content='[{"@type":"HowToStep","text":"Whisk the flour and eggs."},{"@type":"HowToStep","text":"Fry in a hot pan."}]'>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.method == .microdata)
        #expect(recipe.steps == ["Whisk the flour and eggs.", "Fry in a hot pan."])
    }

    @Test func aHeadingInsideTheWholeListsPropertyNamesAGroupAndIsNoIngredient() throws {
        let html = microdata("""
            <div itemprop="recipeIngredient"><div class="ingredient">250g tuna</div><div class="ingredient">2 cloves garlic</div>
            <div class="group-head">Side</div><div class="ingredient">30g <span class="subtitle">watercress</span></div><div class="ingredient">1 onion</div></div>
            <p itemprop="recipeInstructions">Sear the tuna.</p>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [.init(name: nil, lines: ["250g tuna", "2 cloves garlic"]), .init(name: "Side", lines: ["30g watercress", "1 onion"])])
    }

    @Test func aWholeListInOneIngredientPropertyIsSplitIntoItsLines() throws {
        let broken = microdata("<p itemprop=\"recipeIngredient\">1 cup flour<br>2 eggs<br>1 cup milk</p><p itemprop=\"recipeInstructions\">Whisk.</p>")
        #expect(try #require(extract(broken)).ingredients == ["1 cup flour", "2 eggs", "1 cup milk"])
        let commas = microdata("<p itemprop=\"recipeIngredient\">1 cup flour, 2 eggs, 1 cup milk, a pinch of salt</p><p itemprop=\"recipeInstructions\">Whisk.</p>")
        #expect(try #require(extract(commas)).ingredients == ["1 cup flour", "2 eggs", "1 cup milk", "a pinch of salt"])
        // One ingredient with commas in it stays one line.
        let one = microdata("<p itemprop=\"recipeIngredient\">Salt, pepper, to taste</p><p itemprop=\"recipeInstructions\">Season.</p>")
        #expect(try #require(extract(one)).ingredients == ["Salt, pepper, to taste"])
    }

    @Test func theListsTitleAndYieldAndTheMethodsTitleAreLabelsNotRecipeText() throws {
        let html = microdata("""
            <ul><li itemprop="recipeIngredient">Składniki</li><li itemprop="recipeIngredient">2 - 4 porcje</li>
            <li itemprop="recipeIngredient">1 cup flour</li></ul>
            <div itemprop="recipeInstructions"><h3>Modo de preparo</h3><p>Whisk.</p><p>Fry.</p></div>
            """)
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["1 cup flour"])
        #expect(recipe.steps == ["Whisk.", "Fry."])
    }

    @Test func propertiesAnItemReferencesElsewhereAreItsOwn() throws {
        let html = """
            <div itemscope itemtype="https://schema.org/Recipe" itemref="method"><h1 itemprop="name">Pancakes</h1>
            <span itemprop="recipeIngredient">1 cup flour</span></div><aside>Ads</aside>
            <div id="method"><p itemprop="recipeInstructions">Whisk and fry.</p></div>
            """
        #expect(try #require(extract(html)).steps == ["Whisk and fry."])
    }

    @Test func theFullestRecipeItemIsTheRecipe() throws {
        let html = """
            <div itemscope itemtype="https://schema.org/Recipe"><span itemprop="name">Teaser</span><span itemprop="recipeIngredient">flour</span></div>
            <div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Pancakes</h1>
            <span itemprop="recipeIngredient">1 cup flour</span><span itemprop="recipeIngredient">2 eggs</span><p itemprop="recipeInstructions">Whisk.</p></div>
            """
        #expect(try #require(extract(html)).title == "Pancakes")
    }

    @Test func jsonLDIsTrustedBeforeMicrodata() throws {
        let html = pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"From JSON\",\"recipeIngredient\":[\"a\"],\"recipeInstructions\":\"b\"}")
            + "<div itemscope itemtype='http://schema.org/Recipe'><span itemprop=name>From microdata</span><span itemprop=recipeIngredient>c</span></div>"
        let recipe = try #require(extract(html))
        #expect(recipe.title == "From JSON")
        #expect(recipe.method == .jsonLD)
    }
}

@Suite struct RecipeCards {
    /// An item with no amount over a list of its own names that list's group; an item with an amount
    /// over a list of notes stays an item.
    @Test func anItemOverItsOwnListNamesItsGroup() throws {
        let html = """
            <h1>Chili</h1><div class='recipe-ingredients'><ul><li>1 lb beef</li>
            <li><strong>Seasonings</strong><ul><li>1 tbsp chili powder</li><li>2 tsp cumin</li></ul></li>
            <li>150 g onion, diced<ul><li>roughly 1 large onion</li></ul></li></ul></div>
            <div class='recipe-instructions'><ol><li>Brown the beef.</li><li>Simmer.</li></ol></div>
            """
        let recipe = try #require(extract(html))
        #expect(recipe.method == .recipeCard)
        #expect(recipe.ingredientGroups.map(\.name) == [nil, "Seasonings"])
        #expect(recipe.ingredients == ["1 lb beef", "1 tbsp chili powder", "2 tsp cumin", "150 g onion, diced roughly 1 large onion"])
    }

    @Test func aCreditAmongTheCardsStepsEndsTheMethod() throws {
        let html = "<h1>Lemon rice</h1><div class='recipe-ingredients'><ul><li>100 g rice</li><li>1 lemon</li></ul></div><div class='recipe-instructions'><ol><li>Cook the rice.</li><li>Stir in the lemon juice.</li><li>Lemon rice (Photo: Ann Smith)</li></ol></div>"
        let recipe = try #require(extract(html))
        #expect(recipe.method == .recipeCard)
        #expect(recipe.steps == ["Cook the rice.", "Stir in the lemon juice."])
    }

    @Test func aCardsMethodRunsOnIntoNoLinkToAnotherRecipe() throws {
        let html = "<h1>Lemon rice</h1><div class='recipe-ingredients'><ul><li>100 g rice</li><li>1 lemon</li></ul></div><div class='recipe-instructions'><p>Cook the rice.</p><p>Stir in the lemon juice.</p><h4>More rice on our site:</h4><p><a href='/recipes/risotto'>Risotto with peas</a></p><p><a href='/recipes/pilaf'>Pilaf</a></p></div>"
        let recipe = try #require(extract(html))
        #expect(recipe.steps == ["Cook the rice.", "Stir in the lemon juice."])
    }

    @Test func wpRecipeMakerCardsGiveGroupNamesTheStructuredDataLacks() throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Cake\",\"recipeIngredient\":[\"2 cups flour\",\"1 cup sugar\",\"1 cup cream\"],\"recipeInstructions\":[\"Mix.\",\"Bake.\"]}"
        let card = """
        <div class="wprm-recipe-container"><div class="wprm-recipe-ingredients-container">
          <h3 class="wprm-recipe-header wprm-recipe-ingredients-header">Ingredients</h3>
          <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name wprm-recipe-ingredient-group-name">Cake</h4>
            <ul class="wprm-recipe-ingredients"><li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-amount">2</span>
            <span class="wprm-recipe-ingredient-unit">cups</span> <span class="wprm-recipe-ingredient-name">flour</span></li>
            <li class="wprm-recipe-ingredient"><span class="wprm-checkbox-container"><input type="checkbox"></span>1 cup sugar</li></ul></div>
          <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Frosting</h4>
            <ul class="wprm-recipe-ingredients"><li class="wprm-recipe-ingredient">1 cup cream</li></ul></div></div>
          <div class="wprm-recipe-instructions-container"><h3 class="wprm-recipe-header">Instructions</h3>
            <div class="wprm-recipe-instruction-group"><ul class="wprm-recipe-instructions">
            <li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Mix.</div></li>
            <li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Bake.</div></li></ul></div></div></div>
        """
        let recipe = try #require(extract(pageWithJSONLD(json) + card))
        #expect(recipe.ingredientGroups == [.init(name: "Cake", lines: ["2 cups flour", "1 cup sugar"]), .init(name: "Frosting", lines: ["1 cup cream"])])
        #expect(recipe.steps == ["Mix.", "Bake."])
        #expect(recipe.method == .jsonLD)
    }

    @Test func tastyRecipesCardsAreReadOnTheirOwn() throws {
        let html = """
        <html><head><meta property="og:title" content="Scones | Tasty Site"></head><body><h1>Scones</h1>
        <div class="tasty-recipes"><div class="tasty-recipes-ingredients"><div class="tasty-recipes-ingredients-header"><h3>Ingredients</h3>
          <div class="tasty-recipes-buttons"><button>1x</button><button>2x</button></div></div>
          <div class="tasty-recipes-ingredients-body"><h4>Dough</h4><ul><li data-tr-ingredient-checkbox>2 cups flour</li>
          <li>1/2 cup butter</li></ul><p><strong>Glaze:</strong></p><ul><li>1 cup sugar</li></ul></div></div>
        <div class="tasty-recipes-instructions"><div class="tasty-recipes-instructions-header"><h3>Instructions</h3></div>
          <div class="tasty-recipes-instructions-body"><ol><li id="instruction-step-1">Rub the butter into the flour.</li>
          <li id="instruction-step-2">Bake at 200°C.</li></ol></div></div></div></body></html>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.method == .recipeCard)
        #expect(recipe.title == "Scones")
        #expect(recipe.ingredientGroups == [.init(name: "Dough", lines: ["2 cups flour", "1/2 cup butter"]), .init(name: "Glaze", lines: ["1 cup sugar"])])
        #expect(recipe.steps == ["Rub the butter into the flour.", "Bake at 200°C."])
    }

    @Test func mediavineCreateCardsAreReadWithSectionHeadings() throws {
        let html = """
        <title>Chili</title><div class="mv-create-card"><h2 class="mv-create-title">Chili</h2>
        <div class="mv-create-ingredients"><h3 class="mv-create-ingredients-title mv-create-title-secondary">Ingredients</h3>
          <ul><li>1 lb beef</li><li>1 can beans</li></ul></div>
        <div class="mv-create-instructions mv-create-instructions-slot-v2"><h3 class="mv-create-instructions-title">Instructions</h3>
          <h4>Brown</h4><ol><li>Brown the beef.</li></ol><h4>Simmer</h4><ol><li>Add the beans and simmer.</li></ol></div>
        <div class="mv-create-social"><ul><li>Share</li></ul></div></div>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["1 lb beef", "1 can beans"])
        #expect(recipe.instructions == [.section("Brown"), .step("Brown the beef."), .section("Simmer"), .step("Add the beans and simmer.")])
    }

    @Test func genericClassNamesAreEnoughAndTagsOnAPostAreNot() throws {
        let html = """
        <article class="post ingredients-tequila ingredients-lime"><h1>Margarita</h1>
        <section class="recipe-ingredients"><ul><li>4 cl tequila</li><li class="hide">40 ml tequila</li><li>2 cl lime juice</li></ul></section>
        <section class="recipe-directions"><p>Shake with ice.</p><p>Strain into a glass.</p>
          <div class="share-buttons"><ul><li>Facebook</li><li>Pinterest</li></ul></div></section></article>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["4 cl tequila", "2 cl lime juice"])
        #expect(recipe.steps == ["Shake with ice.", "Strain into a glass."])
    }

    @Test func aHeadingInsideAStepThatOnlyNamesThePartIsNoPartOfTheStep() throws {
        let html = """
        <h1>Shrimp Pasta</h1><div class="recipe-ingredients"><ul><li>1 pound shrimp</li><li>1 pound linguine</li></ul></div>
        <div class="recipe-instructions"><div class="recipe-instruction"><div>1</div><h2>INSTRUCTIONS</h2><p>Bring the water to a boil for the pasta.</p></div>
        <div class="recipe-instruction"><div>2</div><p>Cook the pasta, then toss it with the shrimp.</p></div></div>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.steps == ["Bring the water to a boil for the pasta.", "Cook the pasta, then toss it with the shrimp."])
    }

    @Test func aCardFillsInQuantitiesTheStructuredDataDropped() throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Margarita\",\"recipeIngredient\":[\"Tequila\",\"Lime juice\",\"Triple sec\"],\"recipeInstructions\":\"Shake.\"}"
        let card = "<div class='recipe-ingredients'><ul><li>4 cl Tequila</li><li>2 cl Lime juice</li><li>2 cl Triple sec</li></ul></div>"
        let recipe = try #require(extract(pageWithJSONLD(json) + card))
        #expect(recipe.ingredients == ["4 cl Tequila", "2 cl Lime juice", "2 cl Triple sec"])
    }
}

@Suite struct HeadingHeuristics {
    @Test func aGermanPageWithHeadingsAndLists() throws {
        let html = """
        <html lang="de"><head><meta property="og:title" content="Kartoffelsalat – Omas Rezepte"></head><body>
        <nav><ul><li>Zutaten</li><li>Startseite</li></ul></nav><h1>Kartoffelsalat</h1><p>Ein Klassiker.</p>
        <h2>Zutaten für 4 Personen</h2><ul><li>1 kg Kartoffeln</li><li>1 Zwiebel</li></ul>
        <h3>Für das Dressing</h3><ul><li>3 EL Essig</li><li>5 EL Öl</li></ul>
        <h2>Zubereitung</h2><ol><li>Kartoffeln kochen und pellen.</li><li>Mit dem Dressing mischen.</li></ol>
        <h2>Das könnte Ihnen auch gefallen</h2><ul><li>Nudelsalat</li></ul></body></html>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.method == .heuristic)
        #expect(recipe.title == "Kartoffelsalat")
        #expect(recipe.ingredientGroups == [.init(name: nil, lines: ["1 kg Kartoffeln", "1 Zwiebel"]),
                                            .init(name: "Für das Dressing", lines: ["3 EL Essig", "5 EL Öl"])])
        #expect(recipe.steps == ["Kartoffeln kochen und pellen.", "Mit dem Dressing mischen."])
        #expect(recipe.language == "de")
    }

    @Test func aFrenchPageWithBoldLinesActingAsHeadings() throws {
        let html = """
        <html><head><title>Crêpes - Mon Blog</title></head><body><div class="post">
        <p><strong>Ingrédients :</strong></p><p>250 g de farine<br>3 œufs<br>50 cl de lait</p>
        <p><strong>Préparation</strong></p><p>Mélanger la farine et les œufs.</p><p>Ajouter le lait petit à petit.</p>
        <p><strong>Bon appétit !</strong></p><p>Partagez cette recette.</p></div></body></html>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.title == "Crêpes")
        #expect(recipe.ingredients == ["250 g de farine", "3 œufs", "50 cl de lait"])
        #expect(recipe.steps == ["Mélanger la farine et les œufs.", "Ajouter le lait petit à petit."])
    }

    @Test(arguments: [
        ("Ingrediënten", "Bereiding"), ("Ingredienser", "Fremgangsmåde"), ("Hozzávalók", "Elkészítés"), ("Składniki", "Przygotowanie"),
        ("Ingredientes", "Preparación"), ("Ingredienti", "Procedimento"), ("材料", "作り方"), ("Ingredients", "Method"),
        ("INGREDIENTS", "Directions:"), ("What you'll need", "Instructions"),
    ])
    func headingsInTheLanguagesOfTheCorpus(ingredientsTitle: String, methodTitle: String) throws {
        let html = "<h1>Dish</h1><h2>\(ingredientsTitle)</h2><ul><li>100 g rice</li><li>1 l water</li></ul><h2>\(methodTitle)</h2><ol><li>Boil the water.</li><li>Cook the rice.</li></ol>"
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["100 g rice", "1 l water"])
        #expect(recipe.steps == ["Boil the water.", "Cook the rice."])
    }

    @Test func theDutchVerbForPreparingTitlesTheMethodAndIsNoIngredient() throws {
        let html = "<h1>Zalm</h1><p>Ingrediënten</p><p>4 zalmfilets</p><p>2 eetlepels olie</p><p>800 gram sperziebonen</p><p>Bereiden</p>"
            + "<ol><li>Verwarm de oven voor op 200 ºC en bak de zalm.</li><li>Kook de sperziebonen in 8 minuten gaar.</li></ol>"
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["4 zalmfilets", "2 eetlepels olie", "800 gram sperziebonen"])
        #expect(recipe.steps == ["Verwarm de oven voor op 200 ºC en bak de zalm.", "Kook de sperziebonen in 8 minuten gaar."])
    }

    @Test func aMethodUnderATitleOfItsOwnAfterTheIngredientsIsTaken() throws {
        let html = "<h1>Fudge</h1><h4>Ingredients</h4><ul><li>1 bag marshmallows</li><li>3 cups sugar</li></ul><h4>Let's get started!</h4><ul><li>Melt the marshmallows in a bowl.</li><li>Stir in the sugar until smooth.</li></ul><h4>More recipes</h4><ul><li>Fudge</li></ul>"
        let recipe = try #require(extract(html))
        #expect(recipe.steps == ["Melt the marshmallows in a bowl.", "Stir in the sugar until smooth."])
    }

    @Test func aRowOfSharingButtonsWithTheirCountsRunOnIsNotAStep() throws {
        let html = "<h1>Rice</h1><h2>Ingredients</h2><ul><li>100 g rice</li><li>1 l water</li></ul><h2>Method</h2><p>Boil the water.</p><p>Cook the rice in it.</p><p>Love517 Share12 Tweet Pin</p>"
        let recipe = try #require(extract(html))
        #expect(recipe.steps == ["Boil the water.", "Cook the rice in it."])
    }

    @Test(arguments: ["Lemon rice (Photo: Ann Smith)", "Photography: Ann Smith", "Recipe: Ann Smith"])
    func aCreditUnderTheMethodEndsIt(credit: String) throws {
        let html = "<h1>Lemon rice</h1><h2>Ingredients</h2><ul><li>100 g rice</li><li>1 lemon</li></ul><h2>Method</h2><p>Cook the rice.</p><p>Stir in the lemon's juice.</p><p>\(credit)</p><p>Resting time: 1 hour</p>"
        let recipe = try #require(extract(html))
        #expect(recipe.steps == ["Cook the rice.", "Stir in the lemon's juice."])
    }

    @Test func theValueOfAServingsStepperIsNotAnIngredient() throws {
        let html = """
        <h1>Rice</h1><div><h2>Ingredients</h2><div><button type="button"><svg><path d="M1 1H9"></path></svg></button>
        <div class="count">two servings</div> <button type="button"><svg><path d="M5 1V9"></path></svg></button></div></div>
        <ul><li>100 g rice</li><li>1 l water</li></ul><h2>Method</h2><ol><li>Boil the water.</li><li>Cook the rice.</li></ol>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["100 g rice", "1 l water"])
    }

    @Test(arguments: [
        "<h4>More rice on our site:</h4><p><a href=\"/recipes/fried-rice\">Fried rice with egg</a></p><p><a href=\"/recipes/risotto\">Risotto</a></p>",
        "<h3><a href=\"/recipes/lemon-cake\">Lemon cake</a></h3><p>A cake for every day of the week, with a glaze.</p>",
        "<a href=\"/recipes/lemon-cake\"><h3>Lemon cake</h3></a><p>A cake for every day of the week, with a glaze.</p>",
        "<div><a href=\"/recipes/lemon-cake\">Lemon cake, for every day of the week.</a></div><p>A cake with a glaze, baked in an hour.</p>",
    ])
    func theMethodRunsOnIntoNoLinkToAnotherRecipe(more: String) throws {
        let html = """
        <h1>Rice</h1><h2>Ingredients</h2><ul><li><a href="/ingredients/rice">100 g rice</a></li><li>1 l water</li></ul>
        <h2>Method</h2><p>Boil the water.</p><p>Cook the rice in it.</p>\(more)
        """
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["100 g rice", "1 l water"])
        #expect(recipe.steps == ["Boil the water.", "Cook the rice in it."])
    }

    @Test func aMethodWhoseLinesBreakInsideSentencesIsReadWhole() throws {
        let html = """
        <h1>Rice</h1><h2>Ingredients</h2><ul><li>100 g rice</li><li>1 l water</li></ul>
        <p>Bring the water to the<br>boil and add the rice.<br>Cook it for twenty<br>minutes, then drain it.</p>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["100 g rice", "1 l water"])
        #expect(recipe.steps == ["Bring the water to the boil and add the rice.", "Cook it for twenty minutes, then drain it."])
        // A list's lines end in no stop: they stay as they are.
        let list = "<h1>Rice</h1><h2>Ingredients</h2><p>100 g rice<br>Salt and black pepper<br>olive oil for frying</p><h2>Method</h2><p>Cook the rice.</p><p>Season it.</p>"
        #expect(try #require(extract(list)).ingredients == ["100 g rice", "Salt and black pepper", "olive oil for frying"])
    }

    @Test func aShortLineOverTheFirstItemsOfTheIngredientsNamesTheirGroup() throws {
        let html = """
        <h1>Tacos</h1><h2>Ingredients</h2><p>Main course</p><ul><li>2 cups flour</li><li>1 tsp salt</li></ul><p>Rice</p><ul><li>1 cup rice</li></ul>
        <h2>Method</h2><ol><li>Mix the flour and salt.</li><li>Cook the rice.</li></ol>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [.init(name: "Main course", lines: ["2 cups flour", "1 tsp salt"]), .init(name: "Rice", lines: ["1 cup rice"])])
    }

    @Test func aHeadingThatLinksToTheHomePageNamesTheSiteNotThePage() throws {
        let body = "<h2>Ingredients</h2><ul><li>1 crust</li><li>3 lemons</li></ul><h2>Method</h2><ol><li>Zest the lemons.</li><li>Bake the crust and fill it.</li></ol>"
        let html = "<html><head><title>Ann's Kitchen</title></head><body><h1 class=\"logo\"><a href=\"/\">Ann's Kitchen</a></h1><h1>Lemon tart</h1>\(body)</body></html>"
        #expect(try #require(extract(html)).title == "Lemon tart")
        // A heading that links to the recipe's own page is its title.
        let own = "<html><head><title>Ann's Kitchen</title></head><body><h1><a href=\"/lemon-tart/\">Lemon tart</a></h1>\(body)</body></html>"
        #expect(try #require(extract(own)).title == "Lemon tart")
    }

    @Test(arguments: [
        "<p>250 g pasta<br>100 g bacon<br>1 egg</p><p>1. Beat the egg in a bowl with a fork.</p><p>2. Fry the bacon until it is golden.</p>",
        "<ul><li>250 g pasta</li><li>100 g bacon</li><li>1 egg</li></ul><ol><li>1. Beat the egg in a bowl with a fork.</li><li>2. Fry the bacon until it is golden.</li></ol>",
    ])
    func aNumberedSentenceEndsTheIngredientsAndStartsAMethodThatHasNoTitle(body: String) throws {
        let recipe = try #require(extract("<h1>Carbonara</h1><h2>Ingredients</h2>\(body)"))
        #expect(recipe.ingredients == ["250 g pasta", "100 g bacon", "1 egg"])
        #expect(recipe.steps == ["Beat the egg in a bowl with a fork.", "Fry the bacon until it is golden."])
    }

    @Test func anotherRecipesCardMarkedAsARecipeDoesNotTitleThePage() throws {
        let body = """
        <h2>Ingredients</h2><ul><li>1 crust</li><li>3 lemons</li></ul><h2>Method</h2><ol><li>Zest the lemons.</li><li>Bake the crust and fill it.</li></ol>
        <div itemscope itemtype="https://schema.org/Recipe"><a itemprop="url" href="/chocolate-cake"><span itemprop="name">Chocolate cake</span></a></div>
        """
        let html = "<html><head><title>Ann's Kitchen</title></head><body><h1>Lemon tart</h1>\(body)</body></html>"
        #expect(try #require(extract(html)).title == "Lemon tart")
        // A recipe item the page names as its own still titles it.
        let own = "<html><head><title>Ann's Kitchen</title></head><body><div itemscope itemtype=\"https://schema.org/Recipe\"><h1 itemprop=\"name\">Lemon tart</h1></div>\(body)</body></html>"
        #expect(try #require(extract(own)).title == "Lemon tart")
    }

    @Test func aSectionHeadingThatLinksWithinThePageIsKept() throws {
        let html = """
        <h1>Rice</h1><h2>Ingredients</h2><ul><li>100 g rice</li><li>1 l water</li></ul>
        <h2>Method</h2><h3><a href="#cook">Cooking</a></h3><p>Boil the water.</p><p>Cook the rice in it.</p>
        """
        #expect(try #require(extract(html)).instructions == [.section("Cooking"), .step("Boil the water."), .step("Cook the rice in it.")])
    }

    @Test func textWithoutRecipeHeadingsIsNoRecipe() {
        #expect(extract("<h1>My holiday</h1><p>We went to the sea.</p><ul><li>Sun</li><li>Sand</li></ul>") == nil)
    }
}
