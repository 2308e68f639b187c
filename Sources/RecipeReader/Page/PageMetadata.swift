import Foundation
import Entity
import PageReader
import TextSafety

/// What a page says about itself outside any recipe markup: `<title>`, the first `<h1>`, Open Graph
/// and other `<meta>` tags, `<link rel=canonical>`, `<html lang>`, the first YouTube or Vimeo player
/// embedded in an `<iframe>`.
struct PageMetadata {
    var title: String?
    /// The page's first `<h1>` headings (a page may have a few: a search box's, then the recipe's).
    var headings: [String] = []
    var heading: String? { headings.first }
    var openGraph: [String: String] = [:]
    /// The page's Open Graph pictures (`og:image`, `og:image:url`, `og:image:secure_url`, with the
    /// `og:image:width` and `og:image:height` after each), else its Twitter picture.
    var pictures = Pictures()
    var metaNames: [String: String] = [:]
    var canonical: String?
    var language: String?
    /// The address of the first YouTube or Vimeo player the page embeds.
    var embeddedVideo: String?

    init(tree: PageTree) {
        var lastPicture: String?
        for index in tree.nodes.indices {
            let node = tree.nodes[index]
            switch (node.kind, node.name) {
            case (.raw, "title"):
                if title == nil { title = tree.string(node.range) }
            case (.element, "meta"):
                guard let content = tree.attribute("content", of: index) else { continue }
                if let property = tree.attribute("property", of: index)?.lowercased() {
                    if openGraph[property] == nil { openGraph[property] = content }
                    switch property {
                    case "og:image", "og:image:url", "og:image:secure_url":
                        pictures.add(content)
                        lastPicture = content.trimmingCharacters(in: .whitespacesAndNewlines)
                    case "og:image:width":
                        if let lastPicture { pictures.add(lastPicture, width: Pictures.dimension(content)) }
                    case "og:image:height":
                        if let lastPicture { pictures.add(lastPicture, height: Pictures.dimension(content)) }
                    default:
                        break
                    }
                }
                if let name = tree.attribute("name", of: index)?.lowercased(), metaNames[name] == nil {
                    metaNames[name] = content
                }
                if let equiv = tree.attribute("http-equiv", of: index)?.lowercased(), equiv == "content-language", language == nil {
                    language = content
                }
            case (.element, "link"):
                if canonical == nil, let rel = tree.attribute("rel", of: index)?.lowercased(),
                   rel.split(separator: " ").contains("canonical") {
                    canonical = tree.attribute("href", of: index)
                }
            case (.element, "html"):
                if let lang = tree.attribute("lang", of: index) ?? tree.attribute("xml:lang", of: index), !lang.isEmpty {
                    language = lang
                }
            case (.element, "iframe"):
                if embeddedVideo == nil { embeddedVideo = PageMetadata.videoPlayer(in: tree, at: index) }
            case (.element, "h1"):
                if headings.count < 8, !PageMetadata.linksHome(index, in: tree) {
                    let text = tree.text(of: index)
                    if !CleanText.line(text).isEmpty { headings.append(text) }
                }
            default:
                continue
            }
        }
        if pictures.candidates.isEmpty, let twitter = metaNames["twitter:image"] ?? metaNames["og:image"] { pictures.add(twitter) }
    }

    /// The page's title without the site's name: the `<h1>` when the Open Graph or document title
    /// holds it, else that title with a trailing ` | Site`, ` - Site` or ` — Site` cut. An Open Graph
    /// title that is the site's name (`og:site_name`) is passed over for the document's.
    var bestTitle: String? {
        // An Open Graph title that is only the site's name names the site, not the page.
        let namesSite = openGraphTitle.map { ogTitle in siteName.map { Folding.fold($0) == Folding.fold(ogTitle) } ?? false } ?? false
        let documentTitle = (namesSite ? nil : openGraphTitle) ?? title
        // (A heading that opens with a joining word, "with hand-cut chips", only ends another.)
        if let documentTitle, let heading = headings.first(where: { Folding.fold(documentTitle).contains(Folding.fold($0)) && !PageMetadata.continuesATitle($0) }) {
            return withSpaces(heading)
        }
        // A page's only `h1` names the page when the title says something else (a title written for
        // search engines, another recipe's): unless it names the site (a banner, a byline).
        if headings.count == 1, let heading = headings.first, case let folded = Folding.fold(heading), folded.count >= 3,
           CleanText.line(heading).count <= 120, !siteWords.contains(where: { folded.contains($0) }) {
            return heading
        }
        guard let documentTitle else { return heading }
        return PageMetadata.withoutSiteName(documentTitle, siteName: siteName)
    }

    /// Words that join a title's second part to its first ("… with hand-cut chips", "… mit Salat").
    private static let joiningWords: Set<String> = ["with", "and", "&", "mit", "und", "avec", "et", "con", "y", "e", "met", "en", "med", "og", "och"]

    /// Whether a heading opens with a joining word in lower case: the end of a title, not a title.
    static func continuesATitle(_ heading: String) -> Bool {
        let clean = CleanText.line(heading, maxLength: 40)
        guard let first = clean.split(separator: " ").first, first.first?.isLowercase == true || first == "&" else { return false }
        return joiningWords.contains(String(first))
    }

    /// A heading set as words in boxes with no space between them (`<span>Vanília</span><span>puding</span>`)
    /// with its spaces taken from the Open Graph or document title that says the same; else as it is.
    func withSpaces(_ heading: String) -> String {
        let spaces = { (text: String) in CleanText.line(text).lazy.filter(\.isWhitespace).count }
        guard let spaced = [openGraphTitle, title].lazy.compactMap({ $0 }).first(where: { Folding.fold($0) == Folding.fold(heading) }),
              spaces(spaced) > spaces(heading) else { return heading }
        return spaced
    }

    /// Whether the heading at `index` is a link to the site's home page (`<h1><a href="/">Ann's
    /// Kitchen</a></h1>`): the site's name over every page, not the page's own.
    static func linksHome(_ index: Int, in tree: PageTree) -> Bool {
        guard RecipeCardReader.linksAway(index, in: tree) else { return false }
        var link = tree.nodes[index].parent
        for _ in 0..<3 where link >= 0 && tree.nodes[link].name != "a" { link = tree.nodes[link].parent }
        if link >= 0, tree.nodes[link].name != "a" { link = -1 }
        guard let found = link >= 0 ? link : tree.first("a", in: index..<tree.nodes[index].end),
              let href = tree.attribute("href", of: found), let address = URL(string: href.trimmingCharacters(in: .whitespaces)) else { return false }
        return address.path.isEmpty || address.path == "/"
    }

    /// Whether the page's document or Open Graph title, or one of its `<h1>` headings, says `name`.
    func mentions(_ name: String) -> Bool {
        let folded = Folding.fold(name)
        guard !folded.isEmpty else { return false }
        return [title, openGraphTitle].contains { $0.map { Folding.fold($0).contains(folded) } ?? false }
            || headings.contains { Folding.fold($0) == folded }
    }

    /// Words for "recipe" that a title may end with after a dash (`Arretjescake – Recept`), or open before one.
    private static let recipeWords: Set<String> = [
        "recipe", "recept", "rezept", "recette", "receta", "ricetta", "receita", "opskrift", "oppskrift", "przepis", "resepti", "tarif",
    ]

    /// `Pie – Recept` and `Recipe: Pie` → `Pie`; anything else as it is.
    static func withoutRecipeWord(_ title: String) -> String {
        let clean = CleanText.line(title)
        for separator in [" – ", " — ", " - ", " | ", ": "] {
            guard let range = clean.range(of: separator, options: .backwards) else { continue }
            let tail = clean[range.upperBound...].lowercased()
            if recipeWords.contains(tail), range.lowerBound > clean.startIndex { return String(clean[..<range.lowerBound]) }
            // The word first: "RECETTE - Sauce cacahuète", "Recipe: Pumpkin Pie".
            if let first = clean.range(of: separator), recipeWords.contains(clean[..<first.lowerBound].lowercased()),
               first.upperBound < clean.endIndex {
                return String(clean[first.upperBound...])
            }
        }
        return clean
    }

    /// `Cookbook:Pumpkin Pie` → `Pumpkin Pie`: a wiki's namespace (one word and a colon with no space
    /// after it) is not part of the title; `Note: Pie` and `Pie:` stay as they are.
    static func withoutNamespace(_ title: String) -> String {
        guard let colon = title.firstIndex(of: ":"), colon > title.startIndex else { return title }
        let prefix = title[..<colon]
        let rest = title[title.index(after: colon)...]
        guard prefix.count >= 3, prefix.count <= 24, prefix.allSatisfy(\.isLetter),
              let first = rest.first, first.isUppercase, rest.count >= 3 else { return title }
        return String(rest)
    }

    /// `Pumpkin Pie | Recipes | Site` → `Pumpkin Pie`: the first part, when the rest is short.
    static func withoutSiteName(_ title: String, siteName: String?) -> String {
        let clean = CleanText.line(title)
        for separator in [" | ", " – ", " — ", " - ", " · ", " :: ", " » "] {
            guard let range = clean.range(of: separator) else { continue }
            let head = clean[..<range.lowerBound]
            let tail = clean[range.upperBound...]
            if !head.isEmpty, tail.count <= 60 || siteName.map({ tail.localizedCaseInsensitiveContains($0) }) == true {
                return String(head)
            }
        }
        return clean
    }

    /// The site's name (`og:site_name`, `application-name`), folded, and its first word when that is
    /// long enough to stand for it ("30Seconds Food" → `30secondsfood`, `30seconds`).
    private var siteWords: [String] {
        guard let siteName else { return [] }
        var words = [Folding.fold(siteName)]
        if let first = siteName.split(whereSeparator: { $0.isWhitespace }).first, case let folded = Folding.fold(String(first)), folded.count >= 5 {
            words.append(folded)
        }
        return words.filter { $0.count >= 3 }
    }

    var siteName: String? { openGraph["og:site_name"] ?? metaNames["application-name"] ?? metaNames["og:site_name"] }

    /// A title as the recipe's data gives it, less a tail that names the site (`Pie Recipe - Site.com -
    /// Recipes`): cut before the first part after a separator that starts with the site's name
    /// (`og:site_name`) or holds a label of the page's host as a word (`site` of `www.site.com`); at the
    /// page's `<h1>` when the title starts with it. Any other title stays as it is.
    func withoutSiteSuffix(_ title: String, host: String?) -> String {
        let clean = CleanText.line(title)
        let name = siteName.map { Folding.fold($0) }.flatMap { $0.count >= 3 ? $0 : nil }
        let labels = Set(host?.lowercased().split(separator: ".").map(String.init).filter { $0.count >= 4 && $0 != "www" } ?? [])
        guard name != nil || !labels.isEmpty else { return clean }
        func namesSite(_ part: Substring) -> Bool {
            if let name, Folding.fold(String(part)).hasPrefix(name) { return true }
            return part.lowercased().split { !$0.isLetter && !$0.isNumber }.contains { labels.contains(String($0)) }
        }
        var cut: String.Index?
        for separator in [" | ", " – ", " — ", " - ", " · ", " :: ", " » ", " ~ "] {
            var searchStart = clean.startIndex
            while let range = clean.range(of: separator, range: searchStart..<clean.endIndex) {
                let next = clean.range(of: separator, range: range.upperBound..<clean.endIndex)?.lowerBound ?? clean.endIndex
                if range.lowerBound > clean.startIndex, namesSite(clean[range.upperBound..<next]) {
                    if cut.map({ range.lowerBound < $0 }) ?? true { cut = range.lowerBound }
                    break
                }
                searchStart = range.upperBound
            }
        }
        guard let cut else { return clean }
        let head = String(clean[..<cut])
        let foldedTitle = Folding.fold(clean)
        if let heading = headings.map({ CleanText.line($0) }).first(where: { heading in
            let folded = Folding.fold(heading)
            return folded.count >= 3 && foldedTitle.hasPrefix(folded) && folded.count < Folding.fold(head).count
        }) {
            return withSpaces(heading)
        }
        return head
    }
    /// Where an `<iframe>`'s player lives when it is YouTube's or Vimeo's: its `src`, or the address a
    /// lazy-loading script puts there later (`data-src`, `data-lazy-src`).
    static func videoPlayer(in tree: PageTree, at index: Int) -> String? {
        for name in ["src", "data-src", "data-lazy-src"] {
            guard let address = tree.attribute(name, of: index), isVideoPlayer(address) else { continue }
            return address
        }
        return nil
    }

    /// Whether `address` is a YouTube or Vimeo player (`https://www.youtube.com/embed/ID`,
    /// `//www.youtube-nocookie.com/embed/ID`, `https://player.vimeo.com/video/ID`).
    static func isVideoPlayer(_ address: String) -> Bool {
        guard address.utf8.count <= 2048,
              let components = URLComponents(string: address.trimmingCharacters(in: .whitespacesAndNewlines)),
              let host = components.host?.lowercased() else { return false }
        if let scheme = components.scheme?.lowercased(), scheme != "http", scheme != "https" { return false }
        let path = components.path
        switch host {
        case "youtube.com", "www.youtube.com", "m.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com":
            return path.hasPrefix("/embed/") && path.count > "/embed/".count
        case "player.vimeo.com":
            return path.hasPrefix("/video/") && path.count > "/video/".count
        default:
            return false
        }
    }

    var openGraphTitle: String? { openGraph["og:title"] ?? metaNames["og:title"] ?? metaNames["twitter:title"] }
    var description: String? { openGraph["og:description"] ?? metaNames["description"] }
    var url: String? { canonical ?? openGraph["og:url"] }
    var author: String? { metaNames["author"] }
}
