import Foundation
import Testing
import PuppyServer
@testable import Entity

/// The lactose rule over the catalog PuppyServer ships (compiled into it): every dish made with
/// butter, cream, yogurt, ghee, milk or cheese is flagged, and the catalog's dairy ingredients are exactly
/// the ones listed here.
@Suite struct LactoseOverTheCatalog {
    struct Entry {
        let title: String
        let ingredients: [String]
    }

    static func catalog() throws -> [Entry] {
        try Catalog.bundled().recipes.map { Entry(title: $0.title, ingredients: $0.ingredients) }
    }

    /// Catalog names that hold a dairy word and are not dairy.
    static let lookalikes: Set<String> = ["peanut butter", "butter beans", "coconut milk"]

    @Test func everyDishWithButterCreamYogurtGheeMilkOrCheeseIsFlagged() throws {
        let entries = try Self.catalog()
        #expect(entries.count == 692)
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

    @Test func theCatalogsDairyIngredientsAreExactlyThese() throws {
        let names = Set(try Self.catalog().flatMap(\.ingredients))
        let flagged = names.filter(LactoseRule.containsLactose)
        #expect(flagged == [
            "akkawi cheese", "american cheese", "blue cheese", "butter", "buttermilk", "cheddar cheese", "cheese curds",
            "chihuahua cheese", "coalho cheese", "condensed milk", "cotija cheese", "cottage cheese", "cream cheese",
            "dulce de leche", "edam cheese", "emmental cheese", "evaporated milk", "farmer cheese", "feta cheese", "ghee",
            "gruyere cheese", "heavy cream", "ice cream", "kashk", "kasseri cheese", "kefalotyri cheese",
            "mascarpone cheese", "mexican crema", "milk", "milk powder", "mozzarella cheese", "niter kibbeh",
            "oaxaca cheese", "paneer", "parmesan cheese", "pecorino romano cheese", "provolone cheese", "queso fresco",
            "reblochon cheese", "ricotta cheese", "ricotta salata cheese", "sour cream", "swiss cheese",
            "vanilla ice cream", "yogurt",
        ])
        #expect(Self.lookalikes.isSubset(of: names), "the look-alikes are still in the catalog")
    }
}
