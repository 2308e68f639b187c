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

    @Test func dataWithoutAListAndAMethodIsNoRecipe() {
        let script = "<script type=\"application/json\">{\"product\":{\"name\":\"Soap\",\"ingredients\":[\"water\"],\"steps\":[]}}</script>"
        #expect(extract(page(script)) == nil)
    }
}
