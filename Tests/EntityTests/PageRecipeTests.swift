import Foundation
import Testing
@testable import Entity

@Suite struct PageRecipes {
    private func recipe(title: String = "Pie", ingredients: [PageRecipe.IngredientGroup] = [], instructions: [PageRecipe.Instruction] = []) -> PageRecipe {
        PageRecipe(title: title, ingredientGroups: ingredients, instructions: instructions, method: .jsonLD)
    }

    @Test func everyFieldIsCleanedWhenTheRecipeIsMade() {
        let hostile = "\u{1B}]52;c;aGk=\u{07}A&amp;amp;B\u{200B} <b>x</b>\u{9B}2J"
        let page = PageRecipe(
            title: hostile, description: hostile, yields: hostile, totalMinutes: 30,
            ingredientGroups: [.init(name: hostile, lines: [hostile, " ", ""])], instructions: [.section(hostile), .step(hostile), .step("  ")],
            cuisine: hostile, category: hostile, imageURL: " http://x/y.jpg\u{1B}[0m ", videoURL: hostile, author: hostile,
            siteName: hostile, canonicalURL: hostile, language: hostile, method: .microdata
        )
        let texts = [page.title, page.description, page.yields, page.cuisine, page.category, page.author, page.siteName,
                     page.language, page.ingredientGroups.first?.name].compactMap { $0 } + page.ingredients + page.steps
        #expect(texts.count == 12)
        for text in texts { #expect(text == "A&B x") }
        #expect(page.imageURL == "http://x/y.jpg")
        #expect(page.videoURL?.contains("\u{1B}") == false)
        #expect(page.instructions.map(\.kind) == [.section, .step])
    }

    @Test func flatListsKeepPageOrderWithGroupNamesLeftOutAndHeadingsIn() {
        let page = recipe(
            ingredients: [.init(name: "Dough", lines: ["flour", "water"]), .init(name: nil, lines: ["salt"]), .init(name: "Empty", lines: [])],
            instructions: [.step("Mix."), .section("For the glaze"), .step("Stir.")]
        )
        #expect(page.ingredients == ["flour", "water", "salt"])
        #expect(page.ingredientGroups.count == 2)
        #expect(page.steps == ["Mix.", "For the glaze", "Stir."])
    }

    @Test func listsLinesAndTimesAreBounded() {
        let many = (0..<5_000).map { "ingredient \($0)" }
        let page = PageRecipe(
            title: String(repeating: "t", count: 100_000), totalMinutes: -5, prepMinutes: Int.max, cookMinutes: 45,
            ingredientGroups: [.init(name: nil, lines: many), .init(name: nil, lines: many)],
            instructions: (0..<400).map { .step(String(repeating: "s", count: 20_000) + "\($0)") }, method: .heuristic
        )
        #expect(page.ingredients.count == PageRecipe.Limits.ingredientLines)
        #expect(page.instructions.count == PageRecipe.Limits.instructions)
        #expect(page.title.count == PageRecipe.Limits.titleLength)
        #expect(page.steps.allSatisfy { $0.count <= PageRecipe.Limits.stepLength })
        #expect(page.totalMinutes == nil && page.prepMinutes == nil && page.cookMinutes == 45)
    }

    @Test func aDecodedRecipeIsMadeSafeButItsTextIsTakenAsText() throws {
        let json = """
        {"title":"\\u001b[2JPie &amp; Co","ingredientGroups":[{"name":null,"lines":["\\u001b]52;c;eA==\\u0007eggs",""]}],
         "instructions":[{"kind":"step","text":"<p>Bake\\u200b.</p>"}],"method":"json-ld","imageURL":"\\u009b31mhttp://x"}
        """
        let page = try JSONDecoder().decode(PageRecipe.self, from: Data(json.utf8))
        #expect(page.title == "Pie &amp; Co")
        #expect(page.ingredients == ["eggs"])
        #expect(page.steps == ["<p>Bake.</p>"])
        #expect(page.imageURL == "http://x")
    }

    /// Found by fuzzing: cleaning page text again on decoding changed text that had been clean (tags
    /// formed where other tags had been removed, references escaped three times).
    @Test(arguments: [
        "<Glaze: 1 cup <strong>sugar</strong> iv>", "<<b>b>", "&amp;amp;amp;lt;", "Fish &amp;amp;amp; chips", "a <b c", "<\u{200B}b>x",
    ])
    func aRecipeReadsBackFromStorageUnchanged(text: String) throws {
        let page = PageRecipe(title: text, ingredientGroups: [.init(name: text, lines: [text, "1 egg"])],
                              instructions: [.section(text), .step(text), .step("Bake.")], method: .recipeCard)
        let again = try JSONDecoder().decode(PageRecipe.self, from: JSONEncoder().encode(page))
        #expect(again == page)
    }

    @Test func aPageKeepsItsRecipeAndOldCallersStillCompile() {
        let document = ReadableDocument(title: "Pie", blocks: [], links: [])
        #expect(RecipePage(html: "<p>x</p>", document: document).recipe == nil)
        let page = RecipePage(html: "", document: document, recipe: recipe(instructions: [.step("Bake.")]))
        #expect(page.recipe?.steps == ["Bake."])
    }
}

@Suite struct PlainTextOfDocuments {
    @Test func deepListsAreIndentedNoDeeperThanTheCap() {
        let document = ReadableDocument(title: "", blocks: [.listItem(marker: "•", text: "x", depth: 100_000)], links: [])
        #expect(document.plainText == String(repeating: "  ", count: ReadableDocument.maxIndentDepth) + "• x")
    }
}
