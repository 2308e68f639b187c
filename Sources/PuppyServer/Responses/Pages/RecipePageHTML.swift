import PuppyCatalog
/// A recipe's page laid out as on a real recipe site: header and navigation, breadcrumbs, the post's
/// title and a "Jump to Recipe" link, the picture, a short introduction, a newsletter box, then the
/// recipe card (times, servings, ingredients, numbered steps, notes) and a footer; the recipe also as
/// schema.org JSON-LD in the head. Every catalog text is escaped for where it goes.
enum RecipePageHTML {
    /// The page of `recipe`, whose picture (if it has one) is at `picture`.
    static func html(recipe: CatalogRecipe, picture: String?, urls: SiteURLs) -> [UInt8] {
        let facts = RecipeFacts(recipe: recipe)
        let title = HTMLText.escape(recipe.title)
        let cuisine = HTMLText.escape(recipe.cuisine)
        let jsonLD = RecipeJSONLD.graph(recipe: recipe, facts: facts, picture: picture, urls: urls).scriptSafeText()
        let ingredients = facts.ingredientLines.map { "          <li>\(HTMLText.escape($0))</li>" }.joined(separator: "\n")
        let steps = facts.steps.enumerated().map { number, step in
            "          <li id=\"step-\(number + 1)\">\(HTMLText.escape(step))</li>"
        }.joined(separator: "\n")
        let firstIngredient = recipe.ingredients.first ?? ""
        let cuisineCrumb = recipe.cuisine.isEmpty ? "" : "\n      <span class=\"cuisine\">\(cuisine)</span> ›"
        var meta: [String] = []
        if !recipe.cuisine.isEmpty { meta.append("<li>Cuisine: <span class=\"cuisine\">\(cuisine)</span></li>") }
        for (label, minutes) in [("Prep time", facts.prepMinutes), ("Cook time", facts.cookMinutes), ("Total time", facts.totalMinutes)] {
            guard let minutes else { continue }
            meta.append("<li>\(label): <time datetime=\"\(RecipeFacts.isoDuration(minutes: minutes))\">"
                + "\(RecipeFacts.readableDuration(minutes: minutes))</time></li>")
        }
        if let servings = facts.servings { meta.append("<li>Servings: <span class=\"yield\">\(HTMLText.escape(servings))</span></li>") }
        let metaList = meta.isEmpty ? "" : "\n        <ul class=\"recipe-meta\">\n" + meta.map { "          " + $0 }.joined(separator: "\n")
            + "\n        </ul>"
        let image = picture.map { "\n        <img class=\"hero\" src=\"\(HTMLText.escape($0))\" alt=\"\(title)\">" } ?? ""
        let ogImage = picture.map { "\n  <meta property=\"og:image\" content=\"\(HTMLText.escape($0))\">" } ?? ""
        let published = facts.published.map { " · Published <time datetime=\"\($0)\">\(SiteChrome.readableDate($0))</time>" } ?? ""

        let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1">
          <title>\(title) Recipe - \(SiteChrome.siteName)</title>
          <meta name="description" content="\(HTMLText.escape(summary(recipe: recipe)))">
          <link rel="canonical" href="\(HTMLText.escape(urls.recipe(recipe.id)))">
          <meta property="og:type" content="article">
          <meta property="og:title" content="\(title)">\(ogImage)
        \(SiteChrome.style)
        \(SiteChrome.script)
          <script type="application/ld+json">\(jsonLD)</script>
        </head>
        <body>
        \(SiteChrome.header)
          <main>
            <nav class="breadcrumbs" aria-label="Breadcrumb">
              <a href="/">Home</a> › <a href="/#recipes">Recipes</a> ›\(cuisineCrumb)
              <span aria-current="page">\(title)</span>
            </nav>
            <article class="post" id="\(recipe.id)">
              <h1>\(title)</h1>
              <p class="byline">\(byline(recipe))\(published)</p>
              <p><a class="jump-to-recipe" href="#recipe">Jump to Recipe</a></p>
              <aside class="newsletter" id="newsletter">
                <h2>A new recipe every week</h2>
                <form action="#newsletter" method="get">
                  <label>Email <input type="email" name="email" placeholder="you@example.com"></label>
                  <button type="submit">Subscribe</button>
                </form>
                <p><small>This is a demo server: the form sends nothing and no address is kept.</small></p>
              </aside>
              <section class="recipe-card" id="recipe">
                <h2>\(title)</h2>\(image)
                <p class="summary">\(HTMLText.escape(summary(recipe: recipe)))</p>\(metaList)
                <h3>Ingredients</h3>
                <ul class="ingredients">
        \(ingredients)
                </ul>
                <h3>Instructions</h3>
                <ol class="instructions">
        \(steps)
                </ol>
                <h3>Notes</h3>
                <p class="notes">\(notes(recipe))</p>
                <p class="more"><a href="/api/?i=\(QueryText.encode(firstIngredient))">More recipes with \(HTMLText.escape(firstIngredient))</a></p>
              </section>
            </article>
          </main>
        \(SiteChrome.footer)
        </body>
        </html>

        """
        return Array(page.utf8)
    }

    /// One sentence: what the dish is and what is in it.
    static func summary(recipe: CatalogRecipe) -> String {
        let kind = recipe.cuisine.isEmpty ? "dish" : "\(recipe.cuisine) dish"
        let article = kind.first.map { "AEIOUaeiou".contains($0) } == true ? "an" : "a"
        return "\(recipe.title): \(article) \(kind) of \(list(Array(recipe.ingredients.prefix(3))))."
    }

    /// Who the recipe is by and where it was taken from, escaped.
    static func byline(_ recipe: CatalogRecipe) -> String {
        var parts: [String] = []
        if let author = recipe.author { parts.append("By <span class=\"author\">\(HTMLText.escape(author))</span>") }
        if let collection = recipe.collection { parts.append("from \(HTMLText.escape(collection))") }
        if parts.isEmpty { return "From the \(SiteChrome.siteName) catalog" }
        return parts.joined(separator: " ")
    }

    /// Where the recipe comes from and under which licence; for an outline, that it is one.
    static func notes(_ recipe: CatalogRecipe) -> String {
        guard recipe.isFromSource else {
            return "An outline: the catalog holds this dish's ingredients and method, without amounts, servings or times."
        }
        var text = "Amounts, servings and times as the original gives them; the method in our own words."
        if let source = recipe.source {
            let name = HTMLText.escape(recipe.collection ?? "the original")
            text += " Original: <a class=\"source\" href=\"\(HTMLText.escape(source))\">\(name)</a>"
            if let author = recipe.author { text += " by \(HTMLText.escape(author))" }
            text += "."
        }
        if let licence = recipe.licence { text += " Licence: <span class=\"licence\">\(HTMLText.escape(licence))</span>." }
        return text
    }

    /// `a, b and c`.
    private static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}

/// Query values in links: unreserved bytes as they are, spaces as `+`, the rest percent-encoded.
enum QueryText {
    static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                result.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: " "):
                result += "+"
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
