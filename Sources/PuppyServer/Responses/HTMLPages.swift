import PuppyCatalog
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
            <code>i</code> ingredients (all must match, fewest others first), <code>q</code> words (title first, then ingredients and method), <code>p</code> page (10 a page); also <code>callback</code> (JSONP), <code>format=xml</code> and <code>oi=1</code> (only results with a picture).</p>
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
        let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>404 Not Found</title></head>
        <body>
          <h1>404 Not Found</h1>
          <p>There is no page at this address.</p>
        </body>
        </html>

        """
        return Array(page.utf8)
    }

    /// The real service's answer far past the end of a result list, sent with HTTP 500: the site's
    /// XHTML page titled "404 File Not Found", that heading alone in its main part, between the logo
    /// header, an empty navigation bar and the footer's columns of links.
    static let fileNotFound: [UInt8] = servicePage

    /// The body of a failed API page (the errors quirk): the only 500 body of the real service on
    /// record is the one above, so it is the same page.
    static let serverError: [UInt8] = servicePage

    private static let servicePage: [UInt8] = {
        let heading = "404 File Not Found"
        let links = [("/about/us", "About Us"), ("/about/contact", "Contact Us"), ("/top/search", "Top Searches"), ("/privacy", "Privacy Policy")]
            .map { "        <a href=\"\($0.0)\">\($0.1)</a><br>" }.joined(separator: "\n")
        let page = """
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml">
          <head>
            <title>\(heading)</title>
            <link href="/cssjs/style.css" type="text/css" media="screen" rel="stylesheet">
          </head>
          <body>
            <div class="header">
              <h1><a href="/"><img src="/img/logo.png" title="Search Recipes by Ingredients and Keywords" alt="Recipe Puppy" /></a></h1>
            </div>
            <div class="nav">
            </div>
            <div class="main">
              <h2>\(heading)</h2>
            </div>
            <div style="clear:both"></div>
            <div class="foot">
              <div class="column">
                <h4>About</h4>
        \(links)
              </div>
              <div class="column">
                &copy;Recipe Puppy
              </div>
            </div>
          </body>
        </html>

        """
        return Array(page.utf8)
    }()
}
