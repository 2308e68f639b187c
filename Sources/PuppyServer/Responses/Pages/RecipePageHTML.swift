/// A recipe's page laid out as on a real recipe site: header and navigation, breadcrumbs, the post's
/// title and a "Jump to Recipe" link, the picture, a short introduction, a newsletter box, then the
/// recipe card (times, servings, ingredients, numbered steps, notes) and a footer; the recipe also as
/// schema.org JSON-LD in the head. Every catalog text is escaped for where it goes.
enum RecipePageHTML {
    static func html(recipe: CatalogRecipe, urls: SiteURLs) -> [UInt8] {
        let facts = RecipeFacts(recipe: recipe)
        let title = HTMLText.escape(recipe.title)
        let cuisine = HTMLText.escape(recipe.cuisine)
        let picture = "/pictures/\(recipe.id).png"
        let size = "width=\"\(PictureSizes.picture.width)\" height=\"\(PictureSizes.picture.height)\""
        let jsonLD = RecipeJSONLD.graph(recipe: recipe, facts: facts, urls: urls).scriptSafeText()
        let ingredients = facts.ingredientLines.map { "          <li>\(HTMLText.escape($0))</li>" }.joined(separator: "\n")
        let steps = facts.steps.enumerated().map { number, step in
            "          <li id=\"step-\(number + 1)\">\(HTMLText.escape(step))</li>"
        }.joined(separator: "\n")
        let firstIngredient = recipe.ingredients.first ?? ""
        let cuisineCrumb = recipe.cuisine.isEmpty ? "" : "\n      <span class=\"cuisine\">\(cuisine)</span> ›"
        let cuisineLine = recipe.cuisine.isEmpty ? "" : "\n          <li>Cuisine: <span class=\"cuisine\">\(cuisine)</span></li>"
        let video = facts.hasVideo
            ? "\n        <p class=\"video-link\"><a href=\"/videos/\(recipe.id)\">Watch how to make \(title)</a></p>" : ""
        let published = "<time datetime=\"\(facts.published)\">\(SiteChrome.readableDate(facts.published))</time>"

        let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1">
          <title>\(title) Recipe - \(SiteChrome.siteName)</title>
          <meta name="description" content="\(HTMLText.escape(summary(recipe: recipe, facts: facts)))">
          <link rel="canonical" href="\(HTMLText.escape(urls.recipe(recipe.id)))">
          <meta property="og:type" content="article">
          <meta property="og:title" content="\(title)">
          <meta property="og:image" content="\(HTMLText.escape(urls.picture(recipe.id)))">
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
              <p class="byline">By \(SiteChrome.siteName) · Published \(published)</p>
              <p><a class="jump-to-recipe" href="#recipe">Jump to Recipe</a></p>
              <img class="hero" src="\(picture)" \(size) alt="\(title)">
              <p class="intro">\(HTMLText.escape(intro(recipe: recipe, facts: facts)))</p>
              <aside class="newsletter" id="newsletter">
                <h2>A new recipe every week</h2>
                <form action="#newsletter" method="get">
                  <label>Email <input type="email" name="email" placeholder="you@example.com"></label>
                  <button type="submit">Subscribe</button>
                </form>
                <p><small>This is a demo server: the form sends nothing and no address is kept.</small></p>
              </aside>
              <section class="recipe-card" id="recipe">
                <h2>\(title)</h2>
                <img src="\(picture)" \(size) alt="\(title)">
                <p class="summary">\(HTMLText.escape(summary(recipe: recipe, facts: facts)))</p>
                <ul class="recipe-meta">
                  <li>Course: <span>\(facts.course)</span></li>\(cuisineLine)
                  <li>Prep time: <time datetime="\(RecipeFacts.isoDuration(minutes: facts.prepMinutes))">\(RecipeFacts.readableDuration(minutes: facts.prepMinutes))</time></li>
                  <li>Cook time: <time datetime="\(RecipeFacts.isoDuration(minutes: facts.cookMinutes))">\(RecipeFacts.readableDuration(minutes: facts.cookMinutes))</time></li>
                  <li>Total time: <time datetime="\(RecipeFacts.isoDuration(minutes: facts.totalMinutes))">\(RecipeFacts.readableDuration(minutes: facts.totalMinutes))</time></li>
                  <li>Servings: <span class="yield">\(facts.servings)</span></li>
                </ul>
                <h3>Ingredients</h3>
                <ul class="ingredients">
        \(ingredients)
                </ul>
                <h3>Instructions</h3>
                <ol class="instructions">
        \(steps)
                </ol>\(video)
                <h3>Notes</h3>
                <p class="notes">Times, servings and amounts are estimates PuppyServer makes from the recipe; its catalog does not record them.</p>
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
    static func summary(recipe: CatalogRecipe, facts: RecipeFacts) -> String {
        let kind = recipe.cuisine.isEmpty ? facts.course.lowercased() : "\(recipe.cuisine) \(facts.course.lowercased())"
        let article = kind.first.map { "AEIOUaeiou".contains($0) } == true ? "an" : "a"
        return "\(recipe.title): \(article) \(kind) of \(list(Array(recipe.ingredients.prefix(3))))."
    }

    /// The few friendly sentences a recipe post opens with, chosen by the recipe's hash.
    static func intro(recipe: CatalogRecipe, facts: RecipeFacts) -> String {
        let total = RecipeFacts.readableDuration(minutes: facts.totalMinutes)
        let main = list(Array(recipe.ingredients.prefix(3)))
        let origin = recipe.cuisine.isEmpty ? "a home kitchen" : "the \(recipe.cuisine) kitchen"
        switch StableHash(seed: 0).adding("intro").adding(recipe.id).roll(3) {
        case 0:
            return "There are dishes you cook once and then keep cooking. \(recipe.title) is one of them: \(main), "
                + "about \(total) of your time, and dinner for \(facts.servings)."
        case 1:
            return "\(recipe.title) comes from \(origin) and asks for nothing unusual: \(main) and a few things "
                + "you probably have. Give it \(total) and it serves \(facts.servings)."
        default:
            return "If you have \(main) at home, you are most of the way to \(recipe.title). "
                + "It takes about \(total) from start to finish and serves \(facts.servings)."
        }
    }

    /// `a, b and c`.
    private static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}

/// The sizes the server draws a recipe's picture at.
enum PictureSizes {
    /// `/pictures/{id}.png`, the recipe page's picture and its JSON-LD `image`.
    static let picture = (width: 480, height: 360)
    /// `/thumbnails/{id}.png`, the API results' `thumbnail`: the same drawing, smaller.
    static let thumbnail = (width: 160, height: 120)
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
