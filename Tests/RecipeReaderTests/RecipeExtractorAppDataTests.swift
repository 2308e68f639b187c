import Foundation
import Testing
import Entity
@testable import RecipeReader

/// A recipe in the JSON a page embeds for its own scripts.
@Suite struct AppDataRecipes {
    private func page(_ script: String) -> String {
        "<html><head><title>Pad Thai | Noodle Site</title></head><body><div id=\"app\"></div>\(script)</body></html>"
    }

    @Test func aRecipeObjectInNextDataIsReadWithItsIngredientsAsLines() throws {
        let json = """
        {"props":{"pageProps":{"recipe":{"title":"Pad Thai","servings":2,
          "ingredients":[{"quantity":"200","unit":{"name":"g"},"name":"rice noodles"},{"quantity":2,"name":"eggs"},
            {"title":"Sauce","items":[{"text":"3 tbsp fish sauce"},{"text":"1 tbsp sugar"}]}],
          "steps":[{"text":"Soak the noodles."},{"text":"Fry everything."}]}}}}
        """
        let recipe = try #require(extract(page("<script id=\"__NEXT_DATA__\" type=\"application/json\">\(json)</script>")))
        #expect(recipe.title == "Pad Thai")
        #expect(recipe.ingredients == ["200 g rice noodles", "2 eggs", "Sauce:", "3 tbsp fish sauce", "1 tbsp sugar"])
        #expect(recipe.steps == ["Soak the noodles.", "Fry everything."])
        #expect(recipe.yields == "2 servings")
        #expect(recipe.method == .jsonLD)
    }

    @Test func aSchemaRecipeKeptAsTextInsideAppDataIsRead() throws {
        let inner = #"{\"@type\":\"Recipe\",\"name\":\"Pad Thai\",\"recipeIngredient\":[\"200 g rice noodles\"],\"recipeInstructions\":[\"Fry.\"]}"#
        let json = "{\"page\":{\"seo\":{\"structuredData\":\"\(inner)\"}}}"
        let recipe = try #require(extract(page("<script type=\"application/json\">\(json)</script>")))
        #expect(recipe.ingredients == ["200 g rice noodles"])
        #expect(recipe.steps == ["Fry."])
    }

    @Test func aRecipeAssignedToAWindowVariableIsRead() throws {
        let script = "<script>window.__INITIAL_STATE__ = {\"recipe\":{\"name\":\"Pad Thai\",\"ingredientLines\":[\"200 g rice noodles\",\"2 eggs\"],\"instructions\":\"Fry.\"}};</script>"
        let recipe = try #require(extract(page(script)))
        #expect(recipe.ingredients == ["200 g rice noodles", "2 eggs"])
        #expect(recipe.steps == ["Fry."])
    }

    @Test func aRecipeInAPieceOfDataHandedToTheAppsScriptIsRead() throws {
        // The data comes in pieces, each a text of lines that hold JSON, handed to a function.
        let recipe = #"{\"recipe\":{\"name\":\"Pad Thai\",\"ingredients\":[{\"name\":\"rice noodles\",\"displayQuantity\":200,"#
            + #"\"unitOfMeasurement\":\"g\"},{\"name\":\"lime\",\"displayQuantity\":\"1/2\"},{\"name\":\"salt\",\"displayQuantity\":null}],"#
            + #"\"preparationInstructions\":[{\"header\":\"Step 1\",\"body\":\"Soak the noodles.\"},{\"header\":\"Step 2\",\"body\":\"Fry.\"}]}}"#
        let piece = #"3:I[\"chunk\"]\n7:[\"$\",\"div\",null,"# + recipe + #"]\n"#
        let script = "<script>self.__app_data.push([0])</script><script>self.__app_data.push([1,\"\(piece)\"])</script>"
        let read = try #require(extract(page(script)))
        #expect(read.ingredients == ["200 g rice noodles", "1/2 lime", "salt"])
        #expect(read.steps == ["Soak the noodles.", "Fry."])
        #expect(read.method == .jsonLD)
        // The page's recipe card, made from those pieces, shows the ingredients as the page means them.
        let card = """
            <div class="wprm-recipe-container"><ul class="wprm-recipe-ingredients"><li class="wprm-recipe-ingredient">200 g rice noodles</li>
            <li class="wprm-recipe-ingredient">½ lime</li><li class="wprm-recipe-ingredient">salt</li></ul></div>
            """
        #expect(try #require(extract(page(card + script))).ingredients == ["200 g rice noodles", "½ lime", "salt"])
    }

    @Test func dataWithoutAListAndAMethodIsNoRecipe() {
        let script = "<script type=\"application/json\">{\"product\":{\"name\":\"Soap\",\"ingredients\":[\"water\"],\"steps\":[]}}</script>"
        #expect(extract(page(script)) == nil)
    }
}
