/// `/videos/{id}`: the page a recipe's `VideoObject` points to. PuppyServer has no films, so this is an
/// honest stand-in: an HTML5 `<video>` element with the recipe's picture as its poster and nothing to
/// play, and a note saying so.
enum VideoPage {
    static func html(recipe: CatalogRecipe, urls: SiteURLs) -> [UInt8] {
        let facts = RecipeFacts(recipe: recipe)
        let title = HTMLText.escape(recipe.title)
        let jsonLD = PageJSONValue.object(
            [("@context", .string("https://schema.org"))]
                + (RecipeJSONLD.video(recipe: recipe, facts: facts, urls: urls).members ?? [])
        ).scriptSafeText()
        let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <title>How to make \(title) (video) - \(SiteChrome.siteName)</title>
        \(SiteChrome.style)
          <script type="application/ld+json">\(jsonLD)</script>
        </head>
        <body>
        \(SiteChrome.header)
          <main>
            <h1>How to make \(title)</h1>
            <video controls preload="none" width="\(PictureSizes.picture.width)" height="\(PictureSizes.picture.height)" poster="/pictures/\(recipe.id).png">
              <p>Your browser does not play HTML5 video.</p>
            </video>
            <p class="note">This is PuppyServer's stand-in for a recipe video: a demo server has no film to show, so the
            player has nothing to play. The recipe itself, step by step, is on <a href="/recipes/\(recipe.id)">its page</a>.</p>
          </main>
        \(SiteChrome.footer)
        </body>
        </html>

        """
        return Array(page.utf8)
    }

    static func description(recipe: CatalogRecipe) -> String {
        "\(recipe.title) made step by step (a stand-in: the demo server has no video to play)."
    }
}

extension PageJSONValue {
    /// An object's members, nil for anything else.
    var members: [(String, PageJSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
