import Foundation
import Testing
import Entity
import TestSupport
@testable import RecipeReader
import PageReader
import TextSafety

/// The extractor on pages built to hurt: every answer is bounded. (Its speed on such pages is measured
/// in recipes-bench; the time limit here only stops a test that would never end.)
@Suite(.timeLimit(.minutes(2))) struct HostileRecipePages {
    private func expectBounded(_ recipe: PageRecipe?, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let recipe else {
            Issue.record("no recipe was read", sourceLocation: sourceLocation)
            return
        }
        #expect(recipe.ingredients.count <= PageRecipe.Limits.ingredientLines)
        #expect(recipe.instructions.count <= PageRecipe.Limits.instructions)
        #expect(recipe.title.count <= PageRecipe.Limits.titleLength)
        #expect(recipe.steps.allSatisfy { $0.count <= PageRecipe.Limits.stepLength })
        #expect(recipe.ingredients.allSatisfy { $0.count <= PageRecipe.Limits.ingredientLength })
    }

    @Test func aTwentyMegabytePageIsReadQuicklyAndBounded() {
        let filler = String(repeating: "<div class=\"post\"><p>Lorem ipsum dolor sit amet, <a href=\"/x\">link</a>.</p></div>\n", count: 20_000_000 / 80)
        let page = pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"Big\",\"recipeIngredient\":[\"1 egg\"],\"recipeInstructions\":\"Boil.\"}") + filler
        #expect(page.utf8.count >= 20_000_000)
        let recipe = extract(page)
        #expect(recipe?.title == "Big")
        expectBounded(recipe)
    }

    @Test(arguments: ["<div>", "<ul><li>", "<span itemscope itemtype=http://schema.org/Recipe>", "<li><h3>", "<b>", "<div class=recipe-ingredients>"])
    func aHundredThousandNestedTagsAreBounded(unit: String) {
        let page = "<h2>Ingredients</h2><ul><li>1 egg</li></ul>" + String(repeating: unit, count: 100_000) + "<h2>Method</h2><p>Boil it for ten minutes.</p>"
        let recipe = extract(page)
        expectBounded(recipe)
        #expect(recipe?.ingredients.first == "1 egg")
    }

    @Test func hugeArraysAndManyIngredientsAreCapped() throws {
        let ingredients = (0..<5_000).map { "\"\($0) g flour\"" }.joined(separator: ",")
        let steps = Array(repeating: "{\"@type\":\"HowToStep\",\"text\":\"Stir.\"}", count: 100_000).joined(separator: ",")
        let json = "{\"@type\":\"Recipe\",\"name\":\"Many\",\"recipeIngredient\":[\(ingredients)],\"recipeInstructions\":[\(steps)]}"
        let recipe = try #require(extract(pageWithJSONLD(json)))
        #expect(recipe.ingredients.count == PageRecipe.Limits.ingredientLines)
        #expect(recipe.instructions.count == PageRecipe.Limits.instructions)
    }

    @Test func deepNestingInJSONLDIsSkipped() {
        let deep = String(repeating: "{\"@type\":\"HowToSection\",\"itemListElement\":[", count: 50_000)
        let json = "{\"@type\":\"Recipe\",\"name\":\"Deep\",\"recipeIngredient\":[\"1 egg\"],\"recipeInstructions\":[\(deep)\"x\"]}"
        let recipe = extract(pageWithJSONLD(json))
        #expect(recipe?.title == "Deep")
        expectBounded(recipe)
    }

    @Test func aLongLineIsCutToItsCap() throws {
        let long = String(repeating: "stir ", count: 100_000)
        let recipe = try #require(extract(pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"\(long)\",\"recipeIngredient\":[\"\(long)\"],\"recipeInstructions\":\"\(long)\"}")))
        expectBounded(recipe)
        #expect(recipe.steps.count == 1)
    }

    @Test func invalidUTF8ReadsAsWindows1252AndNeverFails() throws {
        var bytes = Array(pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"Caf\u{E9}\",\"recipeIngredient\":[\"x\"],\"recipeInstructions\":\"y\"}").utf8)
        bytes += [0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82, 0x80]
        let text = PageText.decode(Data(bytes), headerCharset: nil)
        #expect(text.contains("CafÃ©"))
        // UTF-8 read as Windows-1252 in structured data is repaired.
        let recipe = try #require(extract(text))
        #expect(recipe.title == "Café")
        let latin1 = Data("<h1>Caf\u{E9}</h1><h2>Ingredients</h2><ul><li>1 \u{9C}uf</li></ul>".unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        #expect(extract(PageText.decode(latin1, headerCharset: nil))?.ingredients == ["1 œuf"])
    }

    /// Every string a page gives the recipe, whichever way it is found, comes out without control
    /// characters, escape sequences or invisible characters.
    @Test func escapeSequencesInEveryFieldNeverReachTheRecipe() throws {
        let evil = "\\u001b[2J\\u001b]52;c;aGk=\\u0007\\u009b31m\\u200b\\u202e\\u0000"
        let json = """
        {"@type":"Recipe","name":"Pie\(evil)","description":"D\(evil)","recipeYield":"4\(evil)","totalTime":"PT1H\(evil)",
         "recipeIngredient":["1 egg\(evil)"],"recipeInstructions":[{"@type":"HowToSection","name":"S\(evil)","itemListElement":["Bake\(evil)"]}],
         "recipeCuisine":"C\(evil)","recipeCategory":"K\(evil)","image":"https://x/\(evil)i.jpg","video":{"contentUrl":"https://x/\(evil)v"},
         "author":"A\(evil)","publisher":{"name":"P\(evil)"},"inLanguage":"en\(evil)"}
        """
        let raw = "\u{1B}[31m\u{1B}]0;t\u{07}\u{9B}2J\u{200B}"
        let markup = "<html lang='en\(raw)'><head><meta property='og:site_name' content='Site\(raw)'><link rel=canonical href='https://x/\(raw)'></head><body>"
            + "<div itemscope itemtype='http://schema.org/Recipe'><span itemprop=name>M\(raw)</span><span itemprop=recipeIngredient>1\(raw)</span>"
            + "<p itemprop=recipeInstructions>Go\(raw)</p></div>"
        let heuristic = "<h1>H\(raw)</h1><h2>Ingredients</h2><ul><li>1 cup\(raw)</li></ul><h2>Method</h2><ol><li>Stir\(raw)</li></ol>"
        let card = "<h1>T</h1><div class=recipe-ingredients><h4>G\(raw)</h4><ul><li>2\(raw)</li></ul></div><div class=recipe-instructions><ol><li>Mix\(raw)</li></ol></div>"
        for page in [pageWithJSONLD(json), markup, heuristic, card] {
            let recipe = try #require(extract(page))
            let strings = [recipe.title, recipe.description, recipe.yields, recipe.cuisine, recipe.category, recipe.imageURL, recipe.videoURL,
                           recipe.author, recipe.siteName, recipe.canonicalURL, recipe.language].compactMap { $0 }
                + recipe.ingredients + recipe.steps + recipe.ingredientGroups.compactMap(\.name)
            #expect(!strings.isEmpty)
            for text in strings {
                #expect(!text.unicodeScalars.contains { CleanText.isControl($0) || CleanText.isInvisible($0) }, "\(text.debugDescription)")
                #expect(!text.contains("52;c;") && !text.contains("[2J") && !text.contains("[31m"), "\(text.debugDescription)")
            }
        }
    }

    /// Found by the real pages: a sentence that ends in an amount, on a page with no titles, once
    /// stopped the search for an untitled list from moving on.
    @Test func aSentenceEndingInAnAmountDoesNotStallTheSearchForAList() {
        #expect(extract("<p>Bake it for 20 min.</p><p>1 egg</p><p>2 cups flour</p><p>1 cup milk</p><p>Mix it all and bake it well.</p>") != nil)
    }

    @Test(arguments: ["<", "<script type=application/ld+json>", "{\"@type\":\"Recipe\",", "<div itemscope itemtype=Recipe>", "<h2>Ingredients</h2>", "<li>"])
    func hostileRepetitionHoldsNoRecipe(unit: String) {
        #expect(extract(String(repeating: unit, count: 200_000)) == nil)
    }
}
