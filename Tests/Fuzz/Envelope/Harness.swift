// libFuzzer harness for the client's RecipePuppy envelope decoder and the clean-up it applies to
// titles, hrefs and ingredients. .ci/fuzz compiles it with Sources/Services/API/EnvelopeDecoder.swift and
// EnvelopeReader.swift, against an Entity module built from the Entity files it needs and a ServiceSupport
// module built from Sources/ServiceSupport/ServiceError.swift and JSONScanner.swift.
//
// Input: a response body. It is decoded as the client decodes it; every recipe that comes out must be
// clean, and where the byte reader reads the body, what it gives is what JSONDecoder gives. The same
// bytes, read as text, also go straight into a `Recipe` as title, href, ingredients and thumbnail, so
// the clean-up is exercised on text that is not valid JSON too.

import Entity
import TextSafety
import Foundation

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("Envelope invariant: \(message())") }
}

/// No whitespace at either end and never two whitespace scalars in a row, judged on the scalars a
/// terminal prints.
private func checkCollapsed(_ text: String, _ what: String) {
    let scalars = Array(text.unicodeScalars)
    check(scalars.first?.properties.isWhitespace != true, "\(what) starts with whitespace: \(text.debugDescription)")
    check(scalars.last?.properties.isWhitespace != true, "\(what) ends with whitespace: \(text.debugDescription)")
    for index in scalars.indices.dropFirst() where scalars[index].properties.isWhitespace {
        check(!scalars[index - 1].properties.isWhitespace, "\(what) has a run of whitespace: \(text.debugDescription)")
    }
}

private func checkRecipe(_ recipe: Recipe) {
    checkCollapsed(recipe.title, "title")
    checkCollapsed(recipe.href, "href")
    let renormalized = RecipeID(href: recipe.id.rawValue)
    check(renormalized == recipe.id, "RecipeID is not idempotent: \(recipe.id.rawValue.debugDescription) became \(renormalized.rawValue.debugDescription)")
    check(Set(recipe.ingredients).count == recipe.ingredients.count, "repeated ingredient in \(recipe.ingredients)")
    for ingredient in recipe.ingredients {
        check(!ingredient.isEmpty, "empty ingredient")
        checkCollapsed(ingredient, "ingredient")
    }
    if let thumbnail = recipe.thumbnail {
        check(!thumbnail.isEmpty, "empty thumbnail")
        checkCollapsed(thumbnail, "thumbnail")
    }
    _ = recipe.site
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: data, count: count)
    if EnvelopeReader.read(body) != nil {
        let read = try? EnvelopeDecoder.decode(body)
        check(read != nil && read == (try? EnvelopeDecoder.decodeWithJSONDecoder(body)), "the byte reader and JSONDecoder differ")
    }
    do {
        let decoded = try EnvelopeDecoder.decode(body)
        check(decoded.droppedCount >= 0, "negative drop count")
        for recipe in decoded.recipes {
            check(!recipe.title.isEmpty && !recipe.href.isEmpty, "a recipe without a title or an href was kept")
            checkRecipe(recipe)
        }
    } catch {
        check(error == .malformedBody, "decode failed with \(error)")
        check(!error.detail.isEmpty, "a malformed body without a reason")
    }

    let text = String(decoding: body, as: UTF8.self)
    let recipe = Recipe(title: text, href: text, ingredients: TextCleanup.ingredientList(text), thumbnail: text)
    checkRecipe(recipe)
    return 0
}
