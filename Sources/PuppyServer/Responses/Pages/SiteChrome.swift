/// What every page of the server's site has around its content, as a real recipe site does: a
/// header with a logo and navigation, a footer with links, and the style and script they need.
/// Every link leads somewhere this server answers.
enum SiteChrome {
    static let siteName = "PuppyServer Kitchen"

    static let style = """
      <style>
        body { font-family: Georgia, serif; margin: 0; color: #222; background: #fffdf8; }
        .site-header, .site-footer { display: flex; justify-content: space-between; align-items: center; padding: 0.8em 2em; background: #7a2e1f; color: #fff; }
        .site-header a, .site-footer a { color: #fff; text-decoration: none; margin-left: 1.2em; }
        .logo { display: flex; align-items: center; font-weight: bold; margin-left: 0 !important; }
        .logo svg { margin-right: 0.5em; }
        main { max-width: 46em; margin: 1.5em auto; padding: 0 1em; }
        .breadcrumbs { font-size: 0.85em; color: #777; }
        .jump-to-recipe { display: inline-block; background: #c0522d; color: #fff; padding: 0.4em 0.9em; border-radius: 3px; }
        .newsletter { border: 2px dashed #c0522d; padding: 1em; margin: 1.5em 0; background: #fff4ec; }
        .recipe-card { border: 1px solid #ddd; padding: 1.2em; border-radius: 6px; box-shadow: 0 2px 6px rgba(0,0,0,0.08); }
        .recipe-meta { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 1.2em; }
        .cuisine { color: #a0522d; font-variant: small-caps; }
        ul.ingredients li, ol.instructions li { margin: 0.3em 0; }
        img { max-width: 100%; height: auto; }
      </style>
    """

    static let script = """
      <script>
        document.addEventListener("DOMContentLoaded", function () { document.body.className = "ready"; });
      </script>
    """

    static let header = """
      <header class="site-header">
        <a class="logo" href="/"><svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true"><circle cx="14" cy="14" r="12" fill="#fff"/><circle cx="14" cy="14" r="7" fill="#e9a23b"/></svg><span>\(siteName)</span></a>
        <nav class="site-nav" aria-label="Main">
          <a href="/">Home</a>
          <a href="/#recipes">Recipes</a>
          <a href="/#about">About</a>
        </nav>
      </header>
    """

    static let footer = """
      <footer class="site-footer">
        <p>\(siteName) is the demo site of PuppyServer, a RecipePuppy-compatible server; its recipes come from the server's catalog.</p>
        <nav aria-label="Footer">
          <a href="/">Home</a>
          <a href="/#about">About</a>
          <a href="/api/?q=&amp;p=1">API</a>
        </nav>
      </footer>
    """

    /// `March 3, 2019` for `2019-03-03`.
    static func readableDate(_ isoDate: String) -> String {
        let parts = isoDate.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]) else { return isoDate }
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"]
        return "\(months[parts[1] - 1]) \(parts[2]), \(parts[0])"
    }
}
