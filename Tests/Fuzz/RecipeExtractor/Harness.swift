// libFuzzer harness for the recipe extractor. .ci/fuzz compiles it with the extractor's files in
// Sources/RecipeReader/, against a PageReader module (all of Sources/PageReader/ but the whole-page
// reader in Document/) and an Entity module built from PageRecipe and the text and entity helpers.
//
// Input: byte 0 picks how the rest becomes text (bit 0: through PageText's charset rules, else as
// UTF-8 with replacement) and whether the page has an address (bit 1). The page is extracted; then:
// the answer is bounded (lines, line lengths, groups), every string in it is one clean line (no control
// characters, escape sequences or invisible characters, no whitespace at the ends or twice in a row,
// never empty), and extracting the same page again gives the same recipe. The lenient JSON reader also
// reads the raw text on its own, bounded. Beyond that: no crash, no pathological time (-timeout).

import Entity
import TextSafety
import PageReader
import Foundation

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("RecipeExtractor invariant: \(message())") }
}

private let address = URL(string: "https://www.example.com/recipes/dish-1/")

private func checkLine(_ text: String, _ what: String, limit: Int) {
    if let problem = cleanLineProblem(text, what, limit: limit) { check(false, problem) }
}

private func checkRecipe(_ recipe: PageRecipe) {
    if !recipe.title.isEmpty { checkLine(recipe.title, "title", limit: PageRecipe.Limits.titleLength) }
    for (text, what) in [(recipe.description, "description"), (recipe.yields, "yields"), (recipe.cuisine, "cuisine"),
                         (recipe.category, "category"), (recipe.author, "author"), (recipe.siteName, "site name"),
                         (recipe.language, "language")] {
        if let text { checkLine(text, what, limit: PageRecipe.Limits.descriptionLength) }
    }
    for (text, what) in [(recipe.imageURL, "image"), (recipe.videoURL, "video"), (recipe.canonicalURL, "canonical URL")] {
        if let text { checkLine(text, what, limit: PageRecipe.Limits.addressLength) }
    }
    check(recipe.ingredients.count <= PageRecipe.Limits.ingredientLines, "\(recipe.ingredients.count) ingredient lines")
    check(recipe.ingredientGroups.count <= PageRecipe.Limits.ingredientGroups, "\(recipe.ingredientGroups.count) groups")
    check(recipe.instructions.count <= PageRecipe.Limits.instructions, "\(recipe.instructions.count) instructions")
    check(!recipe.ingredients.isEmpty || recipe.instructions.contains { $0.kind == .step }, "a recipe with neither ingredients nor steps")
    for group in recipe.ingredientGroups {
        check(!group.lines.isEmpty, "an empty group")
        if let name = group.name { checkLine(name, "group name", limit: PageRecipe.Limits.shortText) }
        for line in group.lines { checkLine(line, "ingredient", limit: PageRecipe.Limits.ingredientLength) }
    }
    for instruction in recipe.instructions {
        checkLine(instruction.text, "\(instruction.kind)", limit: PageRecipe.Limits.stepLength)
    }
    for minutes in [recipe.totalMinutes, recipe.prepMinutes, recipe.cookMinutes] {
        if let minutes { check(minutes >= 0 && minutes <= PageRecipe.Limits.minutes, "\(minutes) minutes") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count >= 1 else { return 0 }
    let input = UnsafeRawBufferPointer(start: data, count: count)
    let body = Data(input[1...])
    let html = input[0] & 1 != 0 ? PageText.decode(body, headerCharset: nil) : String(decoding: body, as: UTF8.self)
    let url = input[0] & 2 != 0 ? address : nil

    let recipe = RecipeExtractor.extract(html: html, url: url)
    if let recipe {
        checkRecipe(recipe)
        do {
            let decoded = try JSONDecoder().decode(PageRecipe.self, from: JSONEncoder().encode(recipe))
            check(decoded == recipe, "a recipe changed through JSON")
        } catch {
            check(false, "a recipe did not survive JSON: \(error)")
        }
    }
    check(RecipeExtractor.extract(html: html, url: url) == recipe, "extracting the same page twice gave two recipes")

    let values = LenientJSON.values(in: html)
    check(values.count <= LenientJSON.Limits.topLevelValues, "\(values.count) top-level JSON values")
    return 0
}
