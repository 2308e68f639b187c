import Foundation
import Testing
import Entity
@testable import RecipeReader

@Suite struct IngredientAndStepLists {
    @Test func aCardListItemNamingAGroupBecomesItsName() throws {
        let html = """
        <h1>Bread Lasagna</h1><div class="box-ingredients"><h2>Ingredients</h2><ul>
          <li>Whipped cream, for serving</li><li class="category">For the Fruit Layer</li><li>1 pound peaches</li><li>3/4 cup sugar</li>
          <li>For the topping:</li><li>1/4 cup flour</li><li>For garnish: mint leaves</li></ul></div>
        <div class="box-directions"><h2>Directions</h2><ol><li>Layer the fruit.</li><li>Bake.</li></ol></div>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.method == .recipeCard)
        #expect(recipe.ingredientGroups == [
            .init(name: nil, lines: ["Whipped cream, for serving"]),
            .init(name: "For the Fruit Layer", lines: ["1 pound peaches", "3/4 cup sugar"]),
            .init(name: "For the topping", lines: ["1/4 cup flour", "For garnish: mint leaves"]),
        ])
    }

    @Test func aCardItemBrokenIntoLinesThatEachGiveAnAmountHoldsALineEach() throws {
        let html = """
        <h1>Fruit Skewers</h1><div class="recipe-ingredients"><p>1 C strawberries</p><p>8 wooden skewers</p>
        <h4>For dip:</h4><p>1 C strawberries<br>¼ C fat-free plain yogurt<br>1 Tbsp honey</p></div>
        <div class="recipe-instructions"><p>Thread the fruit onto the skewers.</p><p>Blend the dip and serve it beside them.</p></div>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.method == .recipeCard)
        #expect(recipe.ingredientGroups == [
            .init(name: nil, lines: ["1 C strawberries", "8 wooden skewers"]),
            .init(name: "For dip", lines: ["1 C strawberries", "¼ C fat-free plain yogurt", "1 Tbsp honey"]),
        ])
        // A line that gives no amount keeps the item whole: it may be one ingredient written over two lines.
        let broken = html.replacingOccurrences(of: "<br>1 Tbsp honey", with: "<br>honey, to taste")
        #expect(try #require(extract(broken)).ingredientGroups.last?.lines == ["1 C strawberries ¼ C fat-free plain yogurt honey, to taste"])
    }

    @Test func aListItemNamingAGroupUnderAHeadingBecomesItsName() throws {
        let html = """
        <h1>Cake</h1><h2>Ingredients</h2><ul><li>2 cups flour</li><li>1 cup sugar</li><li>Für den Guss</li><li>100 g Puderzucker</li>
        <li>For 4 people</li><li>1 lemon</li></ul><h2>Method</h2><ol><li>Mix the flour and sugar.</li><li>Bake for an hour.</li></ol>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.method == .heuristic)
        #expect(recipe.ingredientGroups == [
            .init(name: nil, lines: ["2 cups flour", "1 cup sugar"]),
            // "For 4 people" states the yield: a label, not an ingredient.
            .init(name: "Für den Guss", lines: ["100 g Puderzucker", "1 lemon"]),
        ])
    }

    @Test func ingredientsKeptInABoxBesideTheMethodAreRead() throws {
        let html = """
        <h1>Cheese Toastie</h1><main><h2>Method</h2><ol><li>Spread the pesto on the bread.</li><li>Toast until golden.</li></ol></main>
        <aside><div class="box"><h2>Ingredients</h2><ul><li>1 tbsp pesto</li><li>2 slices bread</li></ul></div></aside>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["1 tbsp pesto", "2 slices bread"])
        #expect(recipe.steps == ["Spread the pesto on the bread.", "Toast until golden."])
        // A sidebar is still no recipe's part when the page has its own list.
        let sidebar = html.replacingOccurrences(of: "<h2>Method</h2>", with: "<h2>Ingredients</h2><ul><li>2 slices rye</li></ul><h2>Method</h2>")
        #expect(try #require(extract(sidebar)).ingredients == ["2 slices rye"])
    }

    @Test func aMethodEndsAtTheNextHeadingOfItsRankWhateverFollowsIt() throws {
        let html = """
        <h1>Tofu Bowl</h1><h2>Zutaten</h2><div>200 g Tofu</div><div>1 Möhre</div>
        <h2>Zubereitung</h2><div>Schritt 01</div><div>Den Tofu anbraten.</div><div>Schritt 02</div><div>Alles anrichten.</div>
        <div><hr><span>Fertig</span></div>
        <h2>Gekocht mit</h2><div>314</div><div>Reiskocher</div><div>ab 99,99 €</div><div>349</div><div>Basmati Reis</div>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.ingredients == ["200 g Tofu", "1 Möhre"])
        #expect(recipe.steps == ["Den Tofu anbraten.", "Alles anrichten."])
    }

    @Test func aNoteUnderALabelOfItsOwnAfterTheMethodIsNoStep() throws {
        let html = """
        <h1>Zucchini Slice</h1><h2>Ingredients</h2><ul><li>2 zucchini, grated</li><li>5 eggs</li></ul><h2>Method</h2>
        <p><strong>STEP 1 </strong>| Preheat oven to 170°C. Grease a tin.</p><p><strong>STEP 2 </strong>| Mix everything and pour into the tin.</p>
        <p><strong>NOTE </strong>| the vegetables can be swapped – try corn or carrot, and leave out the bacon for a vegetarian version.</p>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.steps == ["Preheat oven to 170°C. Grease a tin.", "Mix everything and pour into the tin."])
        // A label that names no other part leads a step of the method.
        let labelled = html.replacingOccurrences(of: "NOTE </strong>|", with: "TO SERVE </strong>|")
        #expect(try #require(extract(labelled)).steps.count == 3)
        // So does a tip in the middle of the method.
        let between = html.replacingOccurrences(of: "<p><strong>STEP 2", with: "<p>Tip: grate the zucchini coarsely and squeeze it dry first.</p><p><strong>STEP 2")
        #expect(try #require(extract(between)).steps.count == 3)
    }

    @Test func aHeadingOfLinksInsideTheLastStepIsNotPartOfIt() throws {
        let method = """
        <ol><li>Peel the beets.</li><li>Roast for 40 minutes. Serve warm. <br>
        <h2><a href="/other-recipe">ROAST CHICKEN >>></a><a href="/more">MORE TRAYBAKES >>></a></h2></li></ol>
        """
        let underHeadings = "<h1>Beets</h1><h2>Ingredients</h2><ul><li>4 beets</li><li>1 tbsp oil</li></ul><h2>Method</h2>" + method
        let inACard = "<h1>Beets</h1><h2>Ingredients</h2><ul><li>4 beets</li><li>1 tbsp oil</li></ul><div class=\"instructions\">" + method + "</div>"
        for html in [underHeadings, inACard] {
            let recipe = try #require(extract(html))
            #expect(recipe.steps == ["Peel the beets.", "Roast for 40 minutes. Serve warm."])
        }
        // A heading with words of its own inside a step is still read.
        let worded = underHeadings.replacingOccurrences(of: "<h2><a", with: "<h2>Tip: <a")
        #expect(try #require(extract(worded)).steps.last?.hasPrefix("Roast for 40 minutes. Serve warm. Tip:") == true)
    }

    @Test func ingredientGroupsUnderHeadingsAsHighAsTheTitleStillCount() throws {
        let html = """
        <h1>Nudeln</h1><h2>Zutaten</h2><ul><li>250 g Nudeln</li></ul><h2>Käsesoße</h2><ul><li>200 ml Sahne</li><li>100 g Käse</li></ul>
        <h2>Zubereitung</h2><ol><li>Nudeln kochen.</li><li>Soße rühren.</li></ol>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [.init(name: nil, lines: ["250 g Nudeln"]), .init(name: "Käsesoße", lines: ["200 ml Sahne", "100 g Käse"])])
    }

    @Test func aListGivenAsOneTextIsSplitIntoItsLinesAndKeepsThemAll() throws {
        let text = #"Ingredients\r\n\r\nSkewers\r\n\t1 kg lamb\r\n\t1 lemon\r\n\t<br>\r\nSalsa\r\n\t2 pickles\r\nSalt"#
        let json = "{\"@type\":\"Recipe\",\"name\":\"Skewers\",\"recipeIngredient\":\"\(text)\",\"recipeInstructions\":\"Grill.\"}"
        let recipe = try #require(extract(pageWithJSONLD(json)))
        // The line that only titles the list goes; the names of its parts stay lines, as the data gives them.
        #expect(recipe.ingredientGroups == [.init(name: nil, lines: ["Skewers", "1 kg lamb", "1 lemon", "Salsa", "2 pickles", "Salt"])])
    }

    @Test func aListRepeatingItsLastLinesOnceMoreLosesTheRepeat() throws {
        func ingredients(_ lines: [String]) throws -> [String] {
            let list = lines.map { "\"\($0)\"" }.joined(separator: ",")
            let json = "{\"@type\":\"Recipe\",\"name\":\"Salad\",\"recipeIngredient\":[\(list)],\"recipeInstructions\":\"Mix.\"}"
            return try #require(extract(pageWithJSONLD(json))).ingredients
        }
        let salad = ["1 kg potatoes", "4 spring onions", "4 tbsp mayonnaise", "2 dl sour cream", "1 tbsp soy sauce"]
        #expect(try ingredients(salad + ["4 tbsp mayonnaise", "1 tbsp soy sauce", "2 dl sour cream"]) == salad)
        // Lines that come again elsewhere, or only two of them, are the recipe's own.
        let dressing = salad + ["Salt", "Pepper", "Olive oil", "1 lemon", "Salt", "Pepper", "Olive oil"]
        #expect(try ingredients(dressing) == dressing)
        let twice = salad + ["4 tbsp mayonnaise", "1 tbsp soy sauce"]
        #expect(try ingredients(twice) == twice)
    }

    @Test func aWikiPageLosesItsNamespaceAndEditLinks() throws {
        let html = """
        <html><head><title>Cookbook:Pumpkin Pie - Wikibooks</title></head><body><h1>Cookbook:Pumpkin Pie</h1>
        <div class="mw-heading"><h2>Ingredients</h2><span class="mw-editsection">[<a href="?edit">edit</a> | <a href="?source">edit source</a>]</span></div>
        <ul><li>2 cups milk</li><li>1 pie shell</li></ul>
        <div class="mw-heading"><h2>Procedure</h2><span>[edit]</span></div><ol><li>Blend the filling.</li><li>Bake.</li></ol></body></html>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.title == "Pumpkin Pie")
        #expect(recipe.ingredients == ["2 cups milk", "1 pie shell"])
        #expect(recipe.steps == ["Blend the filling.", "Bake."])
    }

    @Test func aMicrodataMethodRunningOnIntoNotesStopsBeforeThem() throws {
        let html = """
        <div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Mizeria</h1>
        <ul><li itemprop="recipeIngredient">2 cucumbers</li><li itemprop="recipeIngredient">200 g sour cream</li></ul>
        <div itemprop="recipeInstructions"><ol><li>Slice the cucumbers.</li><li>Stir in the cream.</li></ol>
          <div class="remarks"><p>Uwaga:</p><p>*Small cucumbers have fewer seeds.</p></div></div></div>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.method == .microdata)
        #expect(recipe.steps == ["Slice the cucumbers.", "Stir in the cream."])
        let notesFirst = html.replacingOccurrences(of: "<ol>", with: "<p>Notes</p><ol>")
        #expect(try #require(extract(notesFirst)).steps == ["Notes", "Slice the cucumbers.", "Stir in the cream.", "Uwaga:", "*Small cucumbers have fewer seeds."])
    }

    @Test(arguments: [
        ("Cookbook:Pumpkin Pie", "Pumpkin Pie"), ("Rezept:Kartoffelsalat", "Kartoffelsalat"),
        ("Note: Pie", "Note: Pie"), ("Pie:", "Pie:"), ("Pie: the best", "Pie: the best"), ("A:Bc", "A:Bc"), ("5:2 Diet Soup", "5:2 Diet Soup"),
        ("Dinner:easy pasta", "Dinner:easy pasta"), ("Make-ahead:Pie", "Make-ahead:Pie"),
    ])
    func titlesLoseAWikiNamespaceOnly(title: String, shown: String) {
        #expect(PageMetadata.withoutNamespace(title) == shown)
    }

    @Test(arguments: [
        ("For the topping", true), ("For the Fruit Layer:", true), ("Für den Teig", true), ("Voor de saus", true), ("Pour la pâte", true),
        ("For frying", true),
        ("For", false), ("For 4 people", false), ("For garnish: parsley", false), ("For serving, lemon wedges", false),
        ("Salt, for seasoning", false), ("Formula milk", false), ("For the dough you will need the following things here", false),
        ("For the end.", false), ("", false),
    ])
    func whichLinesOpenAGroup(line: String, opens: Bool) {
        #expect(IngredientLines.opensGroup(line) == opens)
    }

    @Test func theListGivenAgainInOtherUnitsIsTheFirstVersionOnly() throws {
        // Each group three times over (grams, ounces, cups), as a switch of units keeps them all on the page.
        let html = """
        <h1>Beef stroganoff</h1><h2>Ingredients</h2><p>Recipe Type: Main</p>
        <h3>For the pickle</h3><ul><li>50 g cucumber</li><li>1 shallot</li><li>1 tsp caster sugar</li>
        <li>1.8 oz cucumber</li><li>1 shallot</li><li>1 tsp caster sugar</li><li>1.8 oz cucumber</li><li>1 shallot</li><li>1 tsp caster sugar</li></ul>
        <h3>For the stroganoff</h3><ul><li>250 g beef fillet</li><li>150 ml sour cream</li><li>8.8 oz beef fillet</li><li>5.3 fl oz sour cream</li>
        <li>8.8 oz beef fillet</li><li>0.6 cup sour cream</li><li>Recipe Type: Main</li></ul>
        <h2>Method</h2><ol><li>Slice the cucumber and pickle it in the sugar and vinegar.</li><li>Fry the beef and stir in the cream.</li></ol>
        """
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [
            .init(name: "For the pickle", lines: ["50 g cucumber", "1 shallot", "1 tsp caster sugar"]),
            .init(name: "For the stroganoff", lines: ["250 g beef fillet", "150 ml sour cream"]),
        ])
        // The whole list again, with some names said otherwise in the second version.
        let whole = ["500 grams cherry tomatoes", "2 teaspoons Maldon salt", "¼ teaspoon white sugar", "1 teaspoon dried thyme", "2 tablespoons olive oil",
                     "1 pound cherry tomatoes", "2 teaspoons sea salt flakes", "¼ teaspoon granulated sugar", "1 teaspoon dried thyme", "2 tablespoons olive oil"]
        #expect(IngredientLines.withoutCopiesInOtherUnits([.init(name: nil, lines: whole)]) == [.init(name: nil, lines: Array(whole.prefix(5)))])
        // Two versions of a dish that share some lines are no copy.
        let versions = ["1.1 l stock", "220 g coarse polenta", "Salt", "1.2 l stock", "250 g fine polenta", "Salt"]
        #expect(IngredientLines.withoutCopies(versions) == versions)
        // Nor is a run of lines that name one thing.
        let flour = ["100 g flour", "200 g flour", "300 g flour", "400 g flour"]
        #expect(IngredientLines.withoutCopies(flour) == flour)
    }
}
