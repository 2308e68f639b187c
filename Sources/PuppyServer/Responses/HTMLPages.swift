/// The HTML the server serves: recipe pages, the index, and error pages.
enum HTMLPages {
    /// A recipe's page: title, cuisine, ingredients as a list, the method, links; plus the kind of
    /// `<style>` and `<script>` a real page carries, which a reader must drop.
    static func recipe(_ recipe: CatalogRecipe) -> [UInt8] {
        let title = HTMLText.escape(recipe.title)
        let cuisine = HTMLText.escape(recipe.cuisine)
        let ingredients = recipe.ingredients.map { "      <li>\(HTMLText.escape($0))</li>" }.joined(separator: "\n")
        let firstIngredient = recipe.ingredients.first.map { escapeQueryValue($0) } ?? ""
        let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <title>\(title) - \(cuisine) recipe - PuppyServer</title>
          <style>
            body { font-family: Georgia, serif; max-width: 40em; margin: 2em auto; color: #222; }
            .cuisine { color: #a0522d; font-variant: small-caps; }
            ul.ingredients li { margin: 0.2em 0; }
          </style>
          <script>
            document.addEventListener("DOMContentLoaded", function () { document.body.className = "ready"; });
          </script>
        </head>
        <body>
          <article class="recipe" id="\(recipe.id)">
            <h1>\(title)</h1>
            <p class="cuisine">\(cuisine) cuisine</p>
            <img src="/thumbnails/\(recipe.id).png" alt="" width="\(ThumbnailRenderer.size)" height="\(ThumbnailRenderer.size)">
            <h2>Ingredients</h2>
            <ul class="ingredients">
        \(ingredients)
            </ul>
            <h2>Method</h2>
            <p class="method">\(HTMLText.escape(recipe.method))</p>
          </article>
          <nav>
            <a href="/api/?i=\(firstIngredient)">More recipes with \(HTMLText.escape(recipe.ingredients.first ?? ""))</a>
            | <a href="/">All recipes</a>
          </nav>
        </body>
        </html>

        """
        return Array(page.utf8)
    }

    /// `GET /`: what this server is and how to ask it.
    static func index(recipeCount: Int, examples: [CatalogRecipe]) -> [UInt8] {
        let links = examples.map {
            "    <li><a href=\"/recipes/\($0.id)\">\(HTMLText.escape($0.title))</a></li>"
        }.joined(separator: "\n")
        let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>PuppyServer</title></head>
        <body>
          <h1>PuppyServer</h1>
          <p>A RecipePuppy-compatible API over \(recipeCount) recipes.
          Ask <a href="/api/?i=garlic,onions&amp;q=&amp;p=1">/api/?i=garlic,onions&amp;q=&amp;p=1</a>:
          <code>i</code> ingredients (all must match), <code>q</code> title words, <code>p</code> page (10 a page).</p>
          <ul>
        \(links)
          </ul>
        </body>
        </html>

        """
        return Array(page.utf8)
    }

    static func notFound() -> [UInt8] {
        errorPage(heading: "404 Not Found", text: "There is no page at this address.")
    }

    /// The real service's answer far past the end of a result list (sent with HTTP 500).
    static let fileNotFound: [UInt8] = errorPage(
        heading: "404 File Not Found",
        text: "Recipe Puppy could not find that page."
    )

    /// The body of a failed API page (the errors quirk).
    static let serverError: [UInt8] = errorPage(
        heading: "500 Internal Server Error",
        text: "The recipe database did not answer in time. Please try again."
    )

    private static func errorPage(heading: String, text: String) -> [UInt8] {
        let page = """
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml">
          <head>
            <title>\(heading)</title>
          </head>
          <body>
            <div class="header"><h1><a href="/">Recipe Puppy</a></h1></div>
            <div class="main">
              <h2>\(heading)</h2>
              <p>\(text)</p>
            </div>
          </body>
        </html>

        """
        return Array(page.utf8)
    }

    private static func escapeQueryValue(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
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
