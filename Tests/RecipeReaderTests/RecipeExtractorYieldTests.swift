import Foundation
import Testing
import Entity
@testable import RecipeReader

/// Yields in the forms that pages give them: ranges, counts of pieces, decimals, other languages, and
/// yields that only the page's text states.
@Suite struct YieldForms {
    private func structured(_ value: String) throws -> PageRecipe {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Pie\",\"recipeYield\":\"\(value)\",\"recipeInstructions\":\"Bake.\"}"
        return try #require(extract(pageWithJSONLD(json)))
    }

    private func shown(_ body: String) throws -> PageRecipe {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Tacos\",\"recipeIngredient\":[\"8 tortillas\"],\"recipeInstructions\":\"Fill them.\"}"
        return try #require(extract(pageWithJSONLD(json).replacingOccurrences(of: "<h1>Somewhere</h1>", with: body)))
    }

    @Test(arguments: [
        ("0.75 cups", "0.75 cups"), ("Makes 6.5 gallons", "6.5 gallons"), ("4.0 servings", "4 servings"), ("1.50 loaves", "1.5 loaves"),
    ])
    func aCountKeepsItsDecimals(value: String, yields: String) throws {
        #expect(try structured(value).yields == yields)
    }

    @Test(arguments: [
        ("20 churros", "20 churros"), ("16 donuts", "16 donuts"), ("12 croissants", "12 croissants"), ("24 pierogies", "24 pierogies"),
        ("8 burritos", "8 burritos"), ("3 jars", "3 jars"), ("12 blondies", "12 blondies"), ("1 bowl", "1 bowl"),
        ("12 naan flatbreads", "12 naan"), ("6 Gorditas", "6 gorditas"), ("40 falafel balls", "40 falafel"), ("1 turnover", "1 turnover"),
    ])
    func aPieceARecipeMakesIsCounted(value: String, yields: String) throws {
        #expect(try structured(value).yields == yields)
    }

    @Test(arguments: [("Makes 12", "12 items"), ("Makes 1", "1 item"), ("Makes 4 servings", "4 servings"), ("Makes 2 loaves", "2 loaves")])
    func whatARecipeMakesWithNoWordForItIsItems(value: String, yields: String) throws {
        #expect(try structured(value).yields == yields)
    }

    @Test(arguments: [
        ("4 porce", "4 servings"), ("Rendimento 4 porções", "4 servings"), ("Serve até 4 porções", "4 servings"),
        ("4 főre", "4 servings"), ("2 osoby", "2 servings"), ("6 μερίδες", "6 servings"),
    ])
    func aCountOfPortionsInOtherLanguagesIsServings(value: String, yields: String) throws {
        #expect(try structured(value).yields == yields)
        #expect(try shown("<p>\(value)</p>").yields == yields)
    }

    @Test func aRangeTheTextStatesIsItsFirstCount() throws {
        #expect(try shown("<p>2 - 4 porcje</p>").yields == "2 servings")
        #expect(try shown("<p>6/8 Personnes</p>").yields == "6 servings")
    }

    @Test(arguments: [("750 g di crema pasticcera", "750 grams"), ("1450 ml", "1450 milliliters"), ("2 kg", "2 kilograms"),
                      ("4 large pies", "4 pies"), ("Serves 4 (about 500 g)", "4 servings")])
    func aWeightOrVolumeIsNoCountOfServings(value: String, yields: String) throws {
        #expect(try structured(value).yields == yields)
    }

    /// A count whose label is an icon is read by the class that names it; a count under another class is not.
    @Test func aCountAClassNamesAsServingsIsTheYield() throws {
        #expect(try shown("<div class=\"item portions\"><svg><use href=\"#icon-people\"></use></svg><h2>2</h2></div>").yields == "2 servings")
        #expect(try shown("<div class=\"item rating\"><svg><use href=\"#icon-star\"></use></svg><h2>5</h2></div>").yields == nil)
    }

    /// A count right after an icon whose label names servings (an image's `alt`, a name in an attribute)
    /// is the yield; after an icon that names something else, it is not.
    @Test func aCountAfterAnIconThatNamesServingsIsTheYield() throws {
        #expect(try shown("<div><span><img alt=\"ilość porcji\" src=\"man.svg\"></span><div>8 os.</div></div>").yields == "8 servings")
        #expect(try shown("<div><div class=\"label\" data-icon=\"recipeServings\"> </div><div>4</div></div>").yields == "4 servings")
        #expect(try shown("<div><div class=\"label\" data-icon=\"recipeSkillLevel\"> </div><div>4</div></div>").yields == nil)
    }

    /// Of several values, a range of servings gives its first count and a range of pieces its top.
    @Test func aRangeAmongSeveralValuesCountsPiecesAtTheTop() throws {
        func yields(_ values: String) throws -> String? {
            let json = "{\"@type\":\"Recipe\",\"name\":\"Pie\",\"recipeYield\":[\(values)],\"recipeInstructions\":\"Bake.\"}"
            return try #require(extract(pageWithJSONLD(json))).yields
        }
        #expect(try yields("\"11\",\"11-12 cookies\"") == "12 cookies")
        #expect(try yields("\"4\",\"4-6 servings\"") == "4 servings")
    }

    /// A yield printed after the method's last sentence is the recipe's yield, and no part of the step.
    @Test func aYieldAfterTheLastStepIsTheYield() throws {
        let html = """
            <h1>Green soup</h1><h2>Ingredients</h2><ul><li>1 leek, sliced</li><li>6 cups stock</li><li>2 zucchini</li></ul>
            <h2>Method</h2><ol><li>Cook the leek in a little oil until soft.</li>
            <li>Add the stock and zucchini and simmer for ten minutes. Serves 4</li></ol>
            """
        let recipe = try #require(extract(html))
        #expect(recipe.yields == "4 servings")
        #expect(recipe.steps.last == "Add the stock and zucchini and simmer for ten minutes.")
    }

    /// A table whose row of labels stands over a row of values states each fact in its column.
    @Test func aRowOfLabelsOverARowOfValuesStatesTheFacts() throws {
        let recipe = try shown("""
            <table><tr><th>Prep time</th><th>Cook time</th><th>Yields</th><th>Serving Size</th></tr>
            <tr><td>15 minutes</td><td>0 minutes</td><td>4 servings</td><td>2 skewers</td></tr></table>
            """)
        #expect(recipe.yields == "4 servings")
        #expect(recipe.prepMinutes == 15)
    }

    /// "Serving size" with a count (or a range of counts) is how many it serves; with a measure, it is none.
    @Test func aServingSizeThatCountsIsTheYield() throws {
        #expect(try shown("<p>Serving Size: 4-6</p>").yields == "6 servings")
        #expect(try shown("<p>Serving Size: 1 cup</p>").yields == nil)
    }

    @Test func aLabelAfterAFullWidthColonIsRead() throws {
        #expect(try shown("<p>分量：30 个</p>").yields == "30 servings")
    }

    /// Facts a slash sets apart between labels and values are each read; the list's title that says more
    /// before its count ("What you need for 4 people") states the yield.
    @Test func factsSetApartByASlashAndATitleThatSaysMoreBeforeItsCountAreRead() throws {
        let facts = try shown("<p>PORTIONS: 4 portions / TIME: 25 min</p>")
        #expect(facts.yields == "4 servings")
        #expect(facts.totalMinutes == 25)
        #expect(try shown("<h3>Wat je nodig hebt voor 4 personen</h3>").yields == "4 servings")
        #expect(try shown("<p>Prep-time: 30 MINUTES / Ready In: 1 HOUR</p>").totalMinutes == 60)
        // (A slash inside a value is part of it: what it counts stays with the count.)
        #expect(try shown("<p>Yield: 8 / 10 pancakes</p>").yields == "8 pancakes")
    }
}
