import Foundation
import Testing
import PuppyServer
import PuppyCatalog
@testable import Entity

/// The lactose rule over the catalog PuppyServer ships (compiled into it): every dish made with
/// butter, cream, yogurt, ghee, milk or cheese is flagged, and the look-alikes (peanut butter, cream of
/// tartar) are not.
@Suite struct LactoseOverTheCatalog {
    struct Entry {
        let title: String
        let ingredients: [String]
    }

    static func catalog() throws -> [Entry] {
        try Catalog.bundled().recipes.map { Entry(title: $0.title, ingredients: $0.ingredients) }
    }

    /// Catalog names that hold a dairy word and are not dairy.
    static let lookalikes: Set<String> = ["peanut butter", "butter beans", "coconut milk", "butternut squash", "cream of tartar"]

    @Test func everyDishWithButterCreamYogurtGheeMilkOrCheeseIsFlagged() throws {
        let entries = try Self.catalog()
        #expect(entries.count > 1_000)
        var flaggedCount = 0
        for entry in entries {
            let triggers = LactoseRule.triggers(in: entry.ingredients)
            if !triggers.isEmpty { flaggedCount += 1 }
            let dairy = entry.ingredients.filter { name in
                !Self.lookalikes.contains(name) && ["butter", "cream", "yogurt", "ghee", "milk", "cheese"].contains { name.contains($0) }
            }
            #expect(dairy.allSatisfy(triggers.contains), "\(entry.title): \(dairy) but only \(triggers)")
        }
        // Measured, not asserted: how many dishes the LACTOSE badge marks, and what checking costs.
        let names = entries.flatMap(\.ingredients)
        let elapsed = ContinuousClock().measure {
            for _ in 0..<10 { _ = LactoseRule.triggers(in: names) }
        }
        let perName = elapsed / (10 * names.count)
        print("lactose: \(flaggedCount) of \(entries.count) catalog recipes flagged; \(perName) per ingredient name")
    }

    @Test func theCatalogsDairyIngredientsAreFlaggedAndTheirLookAlikesAreNot() throws {
        let names = Set(try Self.catalog().flatMap(\.ingredients))
        let flagged = names.filter(LactoseRule.containsLactose)
        // Cheeses, creams and milks of every kind are flagged; what only looks like one is not.
        for name in ["cheese", "cream", "double cream", "greek yogurt", "whole milk powder", "milk chocolate", "whipped butter",
                     "sharp cheddar cheese", "paneer", "kashk", "ghee"] where names.contains(name) {
            #expect(flagged.contains(name), "\(name)")
        }
        #expect(flagged.isDisjoint(with: Self.lookalikes))
        #expect(flagged.count >= 60)
        #expect(Self.lookalikes.isSubset(of: names), "the look-alikes are still in the catalog")
    }
}
