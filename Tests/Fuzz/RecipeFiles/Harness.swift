// libFuzzer harness for the readers of a person's recipe files (Markdown with front matter, Cooklang).
// .ci/fuzz compiles it with every file in Sources/RecipeReader/ (the file readers use its section words
// and durations), against a PageReader module and an Entity module built from PageRecipe and FileRecipe.
//
// Input: byte 0 picks the format (bit 0: Cooklang, else Markdown) and whether the text starts with a
// byte order mark (bit 1); the rest is the file, as UTF-8 with replacement. The file is read; then: a
// recipe is bounded (lines, steps, tags, minutes), every string in it is one clean line (no control
// characters, escape sequences or invisible characters, no whitespace at the ends or twice in a row,
// never empty), and reading the same file again gives the same answer. Beyond that: no crash, no
// pathological time (-timeout).

import Entity
import TextSafety

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("RecipeFiles invariant: \(message())") }
}

private func checkLine(_ text: String, _ what: String, limit: Int) {
    if let problem = cleanLineProblem(text, what, limit: limit) { check(false, problem) }
}

private func checkRecipe(_ recipe: FileRecipe) {
    checkLine(recipe.title, "title", limit: 200)
    check(recipe.lines.count <= FileRecipe.maxLines, "\(recipe.lines.count) lines")
    check(recipe.steps.count <= FileRecipe.maxSteps, "\(recipe.steps.count) steps")
    check(recipe.tags.count <= FileRecipe.maxTags, "\(recipe.tags.count) tags")
    for line in recipe.lines { checkLine(line, "ingredient line", limit: 500) }
    for step in recipe.steps { checkLine(step, "step", limit: 5_000) }
    // Tags are lowercased after they are cleaned, which may lengthen a few scalars.
    for tag in recipe.tags { checkLine(tag, "tag", limit: 180) }
    for (text, what) in [(recipe.servings, "servings"), (recipe.author, "author"), (recipe.cuisine, "cuisine"),
                         (recipe.collection, "collection"), (recipe.licence, "licence"), (recipe.source, "source")] {
        if let text { checkLine(text, what, limit: 2_000) }
    }
    for minutes in [recipe.prepMinutes, recipe.cookMinutes, recipe.totalMinutes] {
        if let minutes { check(minutes > 0 && minutes <= 100_000, "\(minutes) minutes") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count >= 1 else { return 0 }
    let input = UnsafeRawBufferPointer(start: data, count: count)
    let isCooklang = input[0] & 1 != 0
    let format: RecipeFileReader.Format = isCooklang ? .cooklang : .markdown
    let text = (input[0] & 2 != 0 ? "\u{FEFF}" : "") + String(decoding: input[1...], as: UTF8.self)
    let fileName = isCooklang ? "Fuzzed Dish.cook" : "fuzzed-dish.md"

    let result = RecipeFileReader.read(text, format: format, fileName: fileName)
    if case .success(let recipe) = result { checkRecipe(recipe) }
    let again = RecipeFileReader.read(text, format: format, fileName: fileName)
    switch (result, again) {
    case (.success(let first), .success(let second)): check(first == second, "reading the same file twice gave two recipes")
    case (.failure, .failure): break
    default: check(false, "reading the same file twice gave a recipe once")
    }
    return 0
}
