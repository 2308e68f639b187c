import Testing
@testable import Entity

@Suite struct RecipeIdentity {
    @Test(arguments: [
        ("http://www.bigoven.com/43919-Omelet-recipe.html", "HTTP://WWW.BigOven.com:80/43919-Omelet-recipe.html"),
        ("http://example.com/recipes/pie", "http://example.com/recipes/pie/"),
        ("https://example.com/a", "https://EXAMPLE.com:443/a"),
        ("http://example.com/a?x=1", "http://example.com/a/?x=1"),
        ("http://example.com/a", "http://example.com/a#comments"),
        ("http://example.com", "http://example.com/"),
    ])
    func hrefVariantsShareOneIdentity(first: String, second: String) {
        #expect(RecipeID(href: first) == RecipeID(href: second))
    }

    @Test(arguments: [
        ("http://example.com/a", "http://example.com/A"),
        ("http://example.com/a?x=1", "http://example.com/a?x=2"),
        ("http://example.com:8080/a", "http://example.com/a"),
        ("http://example.com/a", "https://example.com/a"),
    ])
    func differentPagesStayDifferent(first: String, second: String) {
        #expect(RecipeID(href: first) != RecipeID(href: second))
    }

    @Test(arguments: [
        ("http://example.com/pie?cm_re=1-_-1-_-RecipeAlsoEnjoy", "http://example.com/pie"),
        ("http://example.com/pie?id=3&utm_source=feed&UTM_MEDIUM=rss", "http://example.com/pie?id=3"),
        ("http://example.com/pie?fbclid=x&id=3", "http://example.com/pie?id=3"),
        ("http://example.com/pie?id=3", "http://example.com/pie?id=3"),
        ("http://example.com/pie?utm=1&cm_recipe=2", "http://example.com/pie?utm=1&cm_recipe=2"),
    ])
    func aPageIsNamedWithoutItsTrackingParameters(href: String, page: String) {
        #expect(RecipeID(href: href).page == page)
        // The identity keeps the query as sent.
        #expect(RecipeID(href: href).rawValue == href)
    }

    /// Found by fuzzing: cutting a fragment, a default port or trailing slashes left the whitespace
    /// before it, and a repeated default port lost only one copy, so the id changed when normalized again (as the favorites store does when it reads
    /// ids back) and a saved recipe was no longer recognised.
    @Test(arguments: [
        ("http://example.com/pie #comments", "http://example.com/pie"),
        ("http://example.com/pie/ #comments", "http://example.com/pie"),
        ("http://example.com/pie /", "http://example.com/pie"),
        ("http://Example.com :80", "http://example.com"),
        ("http://example.com/pie /?x=1", "http://example.com/pie?x=1"),
        ("http://Example.com /#top", "http://example.com"),
        ("http://example.com /pie", "http://example.com/pie"),
        ("http://example.com:80:80/pie", "http://example.com/pie"),
        ("https://example.com:443 :443", "https://example.com"),
        // U+0600 makes one character of itself and the space after it; the space is cut all the same.
        ("http://example.com\u{0600}  #xamp/a", "http://example.com\u{0600}"),
    ])
    func normalizingAnIDAgainChangesNothing(href: String, normalized: String) {
        let id = RecipeID(href: href)
        #expect(id.rawValue == normalized)
        #expect(RecipeID(href: id.rawValue) == id)
    }

    @Test(arguments: [
        "http://puppy.localhost/recipes/shakshuka", "https://www.example.com/a/b-c_d~e%20f(1):2@3", "http://example.com",
        "http://x.y.z/a.b/c", "https://example.com/pie.html", "http:///pie",
    ])
    func aPlainNormalizedAddressIsTakenAsItIs(href: String) {
        #expect(RecipeID.isNormalizedPlainAddress(href))
        #expect(RecipeID.normalize(href) == RecipeID.normalizeByParts(href))
    }

    /// Every byte value put at each place of plain addresses: the reading from bytes gives what the
    /// reading by parts gives, whichever of the two answers.
    @Test func normalizingFromBytesAgreesWithNormalizingByParts() {
        let bases = ["http://example.com/pie", "https://www.example.com/a/b", "http://example.com", "http://", "https://x"]
        for base in bases {
            let bytes = Array(base.utf8)
            for place in 0...bytes.count {
                for value in UInt8(0)...UInt8(0x7F) {
                    for changed in [bytes[..<place] + [value] + bytes[place...], bytes[..<place] + [value]] {
                        let href = String(decoding: Array(changed), as: UTF8.self)
                        #expect(RecipeID.normalize(href) == RecipeID.normalizeByParts(href), "\(href.debugDescription)")
                    }
                }
            }
        }
    }

    @Test func recipeCleansWhatItIsGiven() {
        let recipe = Recipe(title: " \r\n\tMac &amp; Cheese\n", href: " http://www.Example.com/mac/ ",
                            ingredients: ["macaroni", "milk", "macaroni", "", "cheddar cheese"], thumbnail: "")
        #expect(recipe.title == "Mac & Cheese")
        #expect(recipe.href == "http://www.Example.com/mac/")
        #expect(recipe.id.rawValue == "http://www.example.com/mac")
        #expect(recipe.ingredients == ["macaroni", "milk", "cheddar cheese"])
        #expect(recipe.thumbnail == nil)
        #expect(recipe.site == "example.com")
    }

    @Test(arguments: [
        ("http://www.allrecipes.com/Recipe/x", "allrecipes.com"),
        ("http://user@Host.Example:8080/x?y", "host.example"),
        ("not a url", ""),
    ])
    func siteIsTheBareDomain(href: String, site: String) {
        #expect(RecipeSite.domain(of: href) == site)
    }
}

@Suite struct RecipeCleaning {
    /// `recipes search --json` prints what `Recipe` holds: nothing a terminal would act on may get in.
    @Test func escapeSequencesAndInvisibleCharactersNeverReachARecipe() {
        let escapes = "\u{1B}[2J\u{1B}]52;c;aGk=\u{07}\u{9B}31m\u{1B}P+q\u{1B}\\\u{200B}\u{202E}"
        let recipe = Recipe(title: "Evil\(escapes) Pie &amp;amp; <b>Co</b>", href: "http://example.com/pie\(escapes)",
                            ingredients: ["eggs\(escapes)", escapes, "milk"], thumbnail: "http://example.com/p.png\(escapes)")
        #expect(recipe.title == "Evil Pie & Co")
        #expect(recipe.href == "http://example.com/pie")
        #expect(recipe.ingredients == ["eggs", "milk"])
        #expect(recipe.thumbnail == "http://example.com/p.png")
    }
}
