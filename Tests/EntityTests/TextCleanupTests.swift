import Testing
@testable import Entity
import TextSafety

@Suite struct TitleCleanup {
    @Test(arguments: [
        (" \r\n\t\t\nRoasted Pepper and Bacon Omelet", "Roasted Pepper and Bacon Omelet"),
        ("\nBroccoli Oven Omelet Recipe\n\n", "Broccoli Oven Omelet Recipe"),
        ("Magic  Prime Rib Recipe", "Magic Prime Rib Recipe"),
        ("Mac &amp; Cheese", "Mac & Cheese"),
        ("Caf&#233; Au Lait", "Café Au Lait"),
        ("Caf&#xE9; Au Lait", "Café Au Lait"),
        ("Final&Eacute; Soup", "FinalÉ Soup"),
        ("Frapp&eacute; Mocha", "Frappé Mocha"),
        ("Grandma&#39;s Pie", "Grandma's Pie"),
        ("Salt &AMP; Pepper", "Salt & Pepper"),
        ("Fish & Chips", "Fish & Chips"),
        ("Fish &chips", "Fish &chips"),
        ("A &amp B", "A &amp B"),
        ("Double &amp;amp; Encoded", "Double &amp; Encoded"),
        ("&unknownentity; stays", "&unknownentity; stays"),
        ("Non&nbsp;breaking", "Non breaking"),
        ("Kidney Beans&#174;", "Kidney Beans®"),
        ("", ""),
        ("   ", ""),
    ])
    func titlesComeOutClean(raw: String, clean: String) {
        #expect(TextCleanup.title(raw) == clean)
    }

    /// A prepended mark joins the space after it into its character, which the clean-up took for
    /// a word: a title kept a doubled or trailing space. Found checking the fuzzing harness's title rule.
    @Test(arguments: [
        ("a\u{600}  b", "a\u{600} b"),
        ("Pie \u{600} ", "Pie \u{600}"),
        ("\u{2028} \u{600}  b", "\u{600} b"),
    ])
    func aSpaceInsideAPrependedCharacterStillCollapses(raw: String, clean: String) {
        let title = TextCleanup.title(raw)
        #expect(Array(title.unicodeScalars) == Array(clean.unicodeScalars))
    }

    @Test(arguments: ["&#0;", "&#xD800;", "&#1114112;", "&#;", "&#x;", "&#99999999;", "&#xFFFFFFF;"])
    func invalidNumericReferencesAreLeftAlone(reference: String) {
        #expect(HTMLEntities.decode("a\(reference)b") == "a\(reference)b")
    }

    @Test func everyAmpersandPositionIsSafe() {
        let text = "&&;&#&#x&a&am&amp&amp;"
        #expect(HTMLEntities.decode(text) == "&&;&#&#x&a&am&amp&")
    }
}

@Suite struct IngredientLists {
    @Test func splitsTrimsLowercasesAndDropsRepeats() {
        let list = TextCleanup.ingredientList("chicken, Chicken ,black  pepper,, garlic, black pepper, ")
        #expect(list == ["chicken", "black pepper", "garlic"])
    }

    @Test func queryTextBecomesNormalizedIngredients() {
        let query = SearchQuery(ingredientText: " Onions,  GARLIC ,, hot   sauce, onions ")
        #expect(query.ingredients == ["onions", "garlic", "hot sauce"])
        #expect(query.title == "")
        #expect(query.summary == "onions, garlic, hot sauce")
    }

    @Test func emptyQueryIsEmpty() {
        #expect(SearchQuery(ingredientText: " , ,, ").isEmpty)
        #expect(!SearchQuery(ingredientText: "", title: "omelet").isEmpty)
        #expect(SearchQuery(ingredientText: "eggs", title: " cheese   omelet ").summary == "eggs \"cheese omelet\"")
    }
}

@Suite struct IngredientListReading {
    /// Every byte value (and a few scalars past ASCII) put at each place of a list: the names taken as
    /// they are when clean give what decoding, collapsing and lower-casing every name gives.
    @Test func cleanNamesTakenAsTheyAreGiveWhatCleaningGives() {
        let bases = ["eggs, milk,flour", " black pepper , soy sauce ", "a b", ""]
        let values = (0...0x7F).map { String(UnicodeScalar(UInt8($0))) } + ["é", "\u{00A0}", "\u{2003}", "&amp;", "&#39;", "É", "\u{301}", "\r\n", ", ", " ,"]
        for base in bases {
            let scalars = Array(base.unicodeScalars)
            for place in 0...scalars.count {
                for value in values {
                    let raw = String(String.UnicodeScalarView(scalars[..<place])) + value + String(String.UnicodeScalarView(scalars[place...]))
                    let cleaned = TextCleanup.uniqueNames(raw.split(separator: ",", omittingEmptySubsequences: false).map {
                        TextCleanup.collapseWhitespace(HTMLEntities.decode(String($0))).lowercased()
                    })
                    #expect(TextCleanup.ingredientList(raw) == cleaned, "\(raw.debugDescription)")
                }
            }
        }
    }
}

@Suite struct UniqueNames {
    /// Lists short and long (each side of the length where the set takes over), from a few names and
    /// the empty one, beside a plain reference: the first of each name, in order, no empty names.
    @Test func namesAreKeptOnceInTheOrderFirstGivenWithoutEmptyOnes() {
        let pool = ["", "eggs", "milk", "flour", "Eggs", "egg", "butter", " "]
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            let names = (0..<next(48)).map { _ in pool[next(pool.count)] }
            var seen = Set<String>()
            var expected: [String] = []
            for name in names where !name.isEmpty && !seen.contains(name) {
                seen.insert(name)
                expected.append(name)
            }
            #expect(TextCleanup.uniqueNames(names) == expected, "seed 0x5EED, \(names)")
        }
    }
}
