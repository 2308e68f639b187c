import Foundation
import Testing
import Entity
@testable import RecipeReader

/// The structured data's text is kept as it gives it.
@Suite struct StructuredTextAsGiven {
    private func titled(_ name: String, head: String = "", url: String = "https://www.example.com/pie/") throws -> String {
        let json = "{\"@type\":\"Recipe\",\"name\":\"\(name)\",\"recipeIngredient\":[\"1 crust\"],\"recipeInstructions\":\"Bake.\"}"
        return try #require(extract(pageWithJSONLD(json).replacingOccurrences(of: "<title>", with: head + "<title>"), url: url)).title
    }

    @Test func aTitleLosesOnlyATailThatNamesTheSite() throws {
        #expect(try titled("Apple Pie Recipe - Pie Kitchen", head: "<meta property=\"og:site_name\" content=\"Pie Kitchen\">") == "Apple Pie Recipe")
        #expect(try titled("Apple Pie | PieSite.com - Recipes", url: "https://www.piesite.com/apple") == "Apple Pie")
        // Any other tail is part of the name.
        #expect(try titled("Apple Pie - Easy and Quick", head: "<meta property=\"og:site_name\" content=\"Pie Kitchen\">") == "Apple Pie - Easy and Quick")
        #expect(try titled("Chokladbollar – grundrecept", url: "https://www.recept.se/chokladbollar") == "Chokladbollar – grundrecept")
        #expect(try titled("Apple Pie | Dessert") == "Apple Pie | Dessert")
    }

    @Test func aTitleLosesTheWordRecipeBeforeADashOrColon() throws {
        #expect(try titled("RECETTE - Sauce cacahuète, tomates et piments") == "Sauce cacahuète, tomates et piments")
        #expect(try titled("Recipe: Apple Pie") == "Apple Pie")
        // A word that only starts so stays.
        #expect(try titled("Recipes from home: Apple Pie") == "Recipes from home: Apple Pie")
    }

    @Test func aTitleNamingTheSiteIsCutAtThePagesHeadingWhenItStartsWithIt() throws {
        let html = pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"Apple Pie Recipe with pictures - PieSite.hu\",\"recipeInstructions\":\"Bake.\"}")
            .replacingOccurrences(of: "<h1>Somewhere</h1>", with: "<h1>Apple Pie</h1>")
        #expect(try #require(extract(html, url: "https://piesite.hu/apple")).title == "Apple Pie")
        // A heading set as words in boxes with nothing between them takes its spaces from the Open Graph title.
        let boxed = html.replacingOccurrences(of: "<h1>Apple Pie</h1>", with: "<h1><span>Apple</span><span>Pie</span></h1>")
            .replacingOccurrences(of: "<title>", with: "<meta property=\"og:title\" content=\"Apple Pie\"><title>")
        #expect(try #require(extract(boxed, url: "https://piesite.hu/apple")).title == "Apple Pie")
    }

    /// A step's text broken at a width as for print is one text: a line that ends with no stop goes on
    /// into a next that starts in lower case. Lines that each end a sentence stay lines.
    @Test func aStepBrokenAtAWidthIsOneText() throws {
        let json = #"{"@type":"Recipe","name":"Cake","recipeInstructions":[{"@type":"HowToStep","text":"Preheat the oven to 160°C\r\nand grease the tins. Put the flour,\r\nsugar and cocoa into a bowl."},"#
            + #"{"@type":"HowToStep","text":"Whisk the milk.\nBeat in the eggs."}]}"#
        let recipe = try #require(extract(pageWithJSONLD(json)))
        #expect(recipe.steps == ["Preheat the oven to 160°C and grease the tins. Put the flour, sugar and cocoa into a bowl.", "Whisk the milk.", "Beat in the eggs."])
    }

    @Test func aStepThatIsOnlyALabelStaysAndNumberingBeforeTextGoes() throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Tarte\",\"recipeInstructions\":[\"Étape 1\",\"Préchauffer le four.\",\"2. Cuire 20 minutes.\"]}"
        #expect(try #require(extract(pageWithJSONLD(json))).steps == ["Étape 1", "Préchauffer le four.", "Cuire 20 minutes."])
    }

    @Test func labelsAndGroupTitlesInAMethodGivenAsOneTextAreNoSteps() throws {
        let method = "Dough\\n\\nStep 1:\\nMix the flour and water.\\n\\nStep 2:\\nKnead for ten minutes.\\n\\nTopping\\n\\n"
            + "Spread the sauce over the dough.\\n\\nFor the oven:\\n\\nStap 3\\nBake for 12 minutes.\\nServe at once"
        let json = "{\"@type\":\"Recipe\",\"name\":\"Pizza\",\"recipeInstructions\":\"\(method)\"}"
        #expect(try #require(extract(pageWithJSONLD(json))).steps == [
            "Mix the flour and water.", "Knead for ten minutes.", "Spread the sauce over the dough.", "For the oven:",
            "Bake for 12 minutes.", "Serve at once",
        ])
        // With no numbered label in the text, a short line is a step as written.
        let plain = "{\"@type\":\"Recipe\",\"name\":\"Soup\",\"recipeInstructions\":\"Chop the leeks.\\nServe warm\\nEat.\"}"
        #expect(try #require(extract(pageWithJSONLD(plain))).steps == ["Chop the leeks.", "Serve warm", "Eat."])
    }

    @Test func aStepNameGluedToItsNumberIsOnlyALabel() throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Pie\",\"recipeInstructions\":[{\"@type\":\"HowToStep\",\"name\":\"step1\",\"text\":\"Mix.\"}]}"
        #expect(try #require(extract(pageWithJSONLD(json))).steps == ["Mix."])
    }
}

/// A field the structured data lacks is filled from the best other source, that field alone.
@Suite struct FillingMissingFields {
    private let shown = """
        <h2>Ingredients</h2><ul><li>1 chicken</li><li>2 carrots</li><li>1 l water</li></ul>
        <h2>Method</h2><ol><li>Put everything in a pot.</li><li>Simmer for an hour.</li></ol>
        """

    private func page(_ json: String) -> String {
        pageWithJSONLD(json).replacingOccurrences(of: "<h1>Somewhere</h1>", with: "<h1>Soup</h1>" + shown)
    }

    @Test func aSingleKeywordForTheIngredientsIsReplacedByThePagesListAndNothingElse() throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Chicken Soup\",\"recipeIngredient\":[\"Chicken\"],\"recipeInstructions\":[\"Boil it all.\"]}"
        let recipe = try #require(extract(page(json)))
        #expect(recipe.ingredients == ["1 chicken", "2 carrots", "1 l water"])
        #expect(recipe.title == "Chicken Soup")
        #expect(recipe.steps == ["Boil it all."])
        #expect(recipe.method == .heuristic)
        // So is a line of a few keywords (the page's tags given as its ingredients).
        let tags = "{\"@type\":\"Recipe\",\"name\":\"Chicken Soup\",\"recipeIngredient\":\"Chicken, Soups & Stews\",\"recipeInstructions\":[\"Boil it all.\"]}"
        #expect(try #require(extract(page(tags))).ingredients == ["1 chicken", "2 carrots", "1 l water"])
    }

    @Test func aControlDrawnAsALinkIsNoIngredient() throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Chicken Soup\",\"recipeIngredient\":[],\"recipeInstructions\":[\"Boil it all.\"]}"
        let controls = "<h2>Ingredients</h2><a onclick=\"swap()\" class=\"btn\">MAKE IT GLUTEN FREE</a><a href=\"#\" role=\"button\">Metric</a><ul>"
        let recipe = try #require(extract(page(json).replacingOccurrences(of: "<h2>Ingredients</h2><ul>", with: controls)))
        #expect(recipe.ingredients == ["1 chicken", "2 carrots", "1 l water"])
        // A link to a page stays the page's text.
        let linked = "<h2>Ingredients</h2><a href=\"/stock\">Homemade stock</a><ul>"
        #expect(try #require(extract(page(json).replacingOccurrences(of: "<h2>Ingredients</h2><ul>", with: linked))).ingredients.first == "Homemade stock")
    }

    @Test func anEmptyMethodIsFilledFromThePageAndTheIngredientsStay() throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Chicken Soup\",\"recipeIngredient\":[\"1 whole chicken\",\"3 carrots\"],\"recipeInstructions\":[]}"
        let recipe = try #require(extract(page(json)))
        #expect(recipe.ingredients == ["1 whole chicken", "3 carrots"])
        #expect(recipe.steps == ["Put everything in a pot.", "Simmer for an hour."])
        #expect(recipe.method == .jsonLD)
    }

    @Test func aStructuredListCutShortIsCompletedByThePage() throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Stew\",\"recipeIngredient\":[\"1 kg beef\",\"2 onions\"],\"recipeInstructions\":\"Stew it.\"}"
        let card = "<div class='recipe-ingredients'><ul><li>1 kg beef</li><li>2 onions</li><li>3 carrots</li><li>1 l stock</li><li>Salt</li></ul></div>"
        let recipe = try #require(extract(pageWithJSONLD(json) + card))
        #expect(recipe.ingredients == ["1 kg beef", "2 onions", "3 carrots", "1 l stock", "Salt"])
        // One or two lines more are the card's own extras: the structured list stays.
        let extra = "<div class='recipe-ingredients'><ul><li>1 kg beef</li><li>2 onions</li><li>Equipment: a pot</li></ul></div>"
        #expect(try #require(extract(pageWithJSONLD(json) + extra)).ingredients == ["1 kg beef", "2 onions"])
    }
}
