/// The HTML the server serves besides recipe and video pages: the index and error pages.
enum HTMLPages {
    /// `GET /`: what this server is and how to ask it, with the anchors the site's navigation uses.
    static func index(recipeCount: Int, examples: [CatalogRecipe]) -> [UInt8] {
        let links = examples.map {
            "      <li><a href=\"/recipes/\($0.id)\">\(HTMLText.escape($0.title))</a></li>"
        }.joined(separator: "\n")
        let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>PuppyServer</title>
        \(SiteChrome.style)
        </head>
        <body>
        \(SiteChrome.header)
          <main>
            <h1>PuppyServer</h1>
            <p>A RecipePuppy-compatible API over \(recipeCount) recipes.
            Ask <a href="/api/?i=garlic,onions&amp;q=&amp;p=1">/api/?i=garlic,onions&amp;q=&amp;p=1</a>:
            <code>i</code> ingredients (all must match), <code>q</code> title words, <code>p</code> page (10 a page).</p>
            <section id="recipes">
              <h2>Recipes</h2>
              <ul>
        \(links)
              </ul>
            </section>
            <section id="about">
              <h2>About</h2>
              <p>\(SiteChrome.siteName) is the demo site of PuppyServer. Each recipe has a page at its href, a picture drawn
              from its ingredients, and, for some, a video page that stands in for a real video.</p>
            </section>
          </main>
        \(SiteChrome.footer)
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
}
