import Testing
import Entity
@testable import Presenter

/// What a recipe card says of where the recipe comes from, and of an outline asked to scale.
@Suite struct RecipeCardCredit {
    private static func recipe(lines: [String], basedOn: String? = nil, author: String? = nil, license: String? = nil) -> PageRecipe {
        PageRecipe(title: "Swedish Pancakes", yields: "4", ingredientGroups: [.init(name: nil, lines: lines)],
                   instructions: [.step("Cook.")], author: author, basedOnURL: basedOn, license: license, method: .jsonLD)
    }

    @Test func aCardNamesTheOriginalItsAuthorAndLicence() {
        let card = RecipeCardFormatter.blocks(Self.recipe(lines: ["3 eggs"], basedOn: "https://example.org/pancakes.md",
                                                          author: "Matt", license: "Unlicense (public domain)"), address: nil)
        #expect(card.contains(.field(label: "Original", value: "https://example.org/pancakes.md")))
        #expect(card.contains(.field(label: "Credit", value: "By Matt · licence: Unlicense (public domain)")))
        let plain = RecipeCardFormatter.blocks(Self.recipe(lines: ["3 eggs"]), address: nil)
        #expect(!plain.contains { if case .field(let label, _) = $0 { label == "Original" || label == "Credit" } else { false } })
    }

    @Test func anOutlineAskedToScaleSaysItCannotBe() {
        let outline = Self.recipe(lines: ["eggs", "flour", "milk"])
        let note = RecipeCardFormatter.amountsNote(outline, amounts: CardAmounts(scale: .serving(8)))
        #expect(note == "It gives no amounts, only what goes in, so it cannot be scaled.")
        let real = RecipeCardFormatter.amountsNote(Self.recipe(lines: ["3 eggs", "flour"]), amounts: CardAmounts(scale: .serving(8)))
        #expect(real?.hasPrefix("Scaled ×2 to serve 8") == true)
    }
}
