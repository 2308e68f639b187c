@testable import PuppyCatalog
import Testing

/// Which keys count as salt, pepper, water or oil (held unless `strict`).
@Suite struct PantryStapleTests {
    @Test(arguments: [
        ("salt", true), ("sea salt", true), ("black pepper", true), ("olive oil", true), ("cold water", true),
        ("extra virgin olive oil", true), ("red pepper", false), ("bell pepper", false), ("peanut butter", false),
        ("salted butter", false), ("oil paint", false), ("", false),
    ])
    func aStapleIsSaltPepperWaterOrOilOrAKindOfOne(name: String, isStaple: Bool) {
        #expect(PantryMatch.isStaple(PantryMatch.key(name)) == isStaple)
    }

    /// Keys of up to two words (staples, their kinds, other foods) with spaces before, between and after:
    /// the same answer as the key with its words parted by single spaces.
    @Test func spacesAroundTheWordsOfAKeyChangeNothing() {
        let words = ["salt", "pepper", "peppercorn", "water", "oil", "sea", "black", "olive", "cold", "red", "butter", "s"].map { PantryMatch.key($0) }
        let spaces = ["", " ", "  "]
        var staples = 0
        for first in words + [""] {
            for second in words {
                let plain = first.isEmpty ? second : first + " " + second
                for before in spaces {
                    for between in spaces.dropFirst() {
                        for after in spaces {
                            let key = before + (first.isEmpty ? "" : first + between) + second + after
                            #expect(PantryMatch.isStaple(key) == PantryMatch.isStaple(plain), "\(key.debugDescription)")
                        }
                    }
                }
                if PantryMatch.isStaple(plain) { staples += 1 }
            }
        }
        #expect(staples > 5)
    }
}
